import Foundation
import TextContent

extension AttributedString {
    /// The text as Markdown (CommonMark with GitHub's tables, strikethrough and task lists),
    /// from its presentation intents and inline presentation intents.
    ///
    /// Markdown read by `init(markdown:options:baseURL:)` and written again renders to the same
    /// cmark-gfm HTML, with these exceptions, which the model does not record: loose lists are
    /// written tight where their blocks allow it; a table column aligned `.left` is written
    /// unaligned; link and image titles, reference-style links and setext headings are written
    /// in their inline and ATX forms. Text without an intent is written as paragraphs, one per
    /// line. Characters Markdown would read as syntax are escaped.
    ///
    /// - Throws: `MarkdownError.unsupportedStructure` for intents Markdown cannot express (a
    ///   table cell outside a table, a list holding something other than items) or nested
    ///   deeper than `maximumNestingDepth`.
    public func markdown(maximumNestingDepth: Int = 64) throws(MarkdownError) -> String {
        let tree = try MarkdownBlockTree(self, maximumNestingDepth: maximumNestingDepth)
        let lines = try MarkdownBlockWriter().lines(of: tree.root)
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
