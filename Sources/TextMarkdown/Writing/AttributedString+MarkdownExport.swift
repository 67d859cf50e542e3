import Foundation
import TextContent

extension AttributedString {
    /// The text as Markdown (CommonMark with GitHub's tables, strikethrough and task lists),
    /// from its presentation intents and inline presentation intents.
    ///
    /// Markdown read by `init(markdown:options:baseURL:)` and written again renders to the same
    /// cmark-gfm HTML, except where the model does not record what the source said (listed
    /// below). Text without an intent is written as paragraphs, one per line. Characters
    /// Markdown would read as syntax are escaped, and so is what GitHub's autolink extension
    /// would take for a link (`http://`, `www.`), except an e-mail address: cmark-gfm joins the
    /// text, escapes and character references included, before it looks for addresses, so
    /// Markdown cannot write `a@b.com` as text; it comes back as a `mailto:` link. A line feed
    /// or carriage return inside a block's text is written as a character reference, and so is
    /// a U+2028 LINE SEPARATOR or U+2029 PARAGRAPH SEPARATOR that is text (`&#8232;`,
    /// `&#8233;`): only a U+2028 marked `.lineBreak`, as the import marks a hard line break, is
    /// written as one (a backslash at the end of the line; a space where the block cannot hold
    /// one, as in a table cell). Link and
    /// image destinations are written as their URL's `relativeString`; a `%` that began no
    /// escape in the source was made `%25` by `URL` on import.
    ///
    /// ## CommonMark 0.29 examples that do not round trip
    ///
    /// Of the spec's 649 examples, these render differently after import and export (the test
    /// `CommonMarkSpecTests` holds the list to exactly these), because the model does not hold:
    /// - emphasis nested in emphasis of the same kind (`*a *b**`, `****a****`, emphasis in a
    ///   link in emphasis): a run is emphasised or not, so the inner one merges into the outer
    ///   (examples 368, 372, 388, 406, 407, 408, 416, 417, 418, 424, 425, 426, 431, 460, 462,
    ///   463, 464, 465, 467);
    /// - an image with empty alt text (`![](/url)`): the image is an attribute of its alt
    ///   text's characters, and it has none (example 577).
    ///
    /// Outside the spec's examples, the model does not hold how spans covering the same
    /// characters nested: they are written link outermost, then strikethrough, emphasis,
    /// strong, so `*[a](/u)*` comes back as `[*a*](/u)`.
    ///
    /// Link and image titles are kept in `MarkdownLinkTitleAttribute` and
    /// `MarkdownImageTitleAttribute`, loose lists in `MarkdownLooseListsAttribute`, and written
    /// back; a list not named loose is written tight where its blocks allow it. Reference-style
    /// links are written inline, headings in ATX form unless a heading of level 1 or 2 has line
    /// breaks (then in setext form), and a table column aligned `.left` unaligned: cmark reads
    /// these back alike.
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
