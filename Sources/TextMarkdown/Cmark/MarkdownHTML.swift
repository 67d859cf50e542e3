import Foundation

/// cmark-gfm's own HTML for Markdown, with the extensions the parser uses (table,
/// strikethrough, autolink, tasklist): what a Markdown round trip is judged by.
public enum MarkdownHTML {
    /// The HTML cmark-gfm renders for `markdown`; raw HTML is kept. The limits of `options`
    /// are checked first, as an import checks them.
    ///
    /// - Throws: `MarkdownError.limitExceeded` for a document past a limit, or whose HTML
    ///   could pass the 1 GiB buffer cmark-gfm's renderer aborts the process beyond.
    public static func render(
        _ markdown: String, options: AttributedString.MarkdownParsingOptions = .init()
    ) throws(MarkdownError) -> String {
        try options.checkLimits(of: markdown)
        return try CmarkDocument(markdown, extensions: CmarkDocument.blockExtensions).html()
    }
}
