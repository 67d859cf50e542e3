import Foundation

/// cmark-gfm's own HTML for Markdown, with the extensions the parser uses (table,
/// strikethrough, autolink, tasklist): what a Markdown round trip is judged by.
public enum MarkdownHTML {
    /// The HTML cmark-gfm renders for `markdown`; raw HTML is kept.
    public static func render(_ markdown: String) throws(MarkdownError) -> String {
        try CmarkDocument(markdown, extensions: CmarkDocument.blockExtensions).html()
    }
}
