import CCmarkGFM
import Foundation

/// cmark-gfm on its own, what the Markdown import is compared with: parsing with the GitHub
/// extensions (table, strikethrough, autolink, task list) and rendering HTML, in C.
public enum RawMarkdown {
    /// Why cmark-gfm could not render HTML.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The HTML of `markdown`, and the seconds parsing and rendering took.
    ///
    /// - Throws: `Failure` when cmark-gfm cannot be set up, or when the HTML could pass the
    ///   1 GiB buffer its renderer aborts the process beyond (the tree's bound is checked
    ///   before rendering). Check the text against the import's limits first
    ///   (`MarkdownParsingOptions.checkLimits(of:)`): parsing is what they bound.
    public static func html(_ markdown: String) throws(Failure) -> (html: String, seconds: Double) {
        cmark_gfm_core_extensions_ensure_registered()
        let clock = ContinuousClock()
        let start = clock.now
        let options = CMARK_OPT_DEFAULT
        guard let parser = cmark_parser_new(options) else { throw Failure(description: "cmark_parser_new failed") }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let extensionPointer = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, extensionPointer)
            }
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let document = cmark_parser_finish(parser) else {
            throw Failure(description: "cmark_parser_finish returned no document")
        }
        defer { cmark_node_free(document) }
        // The bound is our guard, not cmark-gfm's work: it is left out of the time.
        let parsed = clock.now
        let bound = otk_cmark_html_size_bound(document)
        guard bound >= 0, bound <= otk_cmark_html_buffer_limit else {
            throw Failure(
                description:
                    "cmark-gfm's HTML of this Markdown could reach \(bound) bytes, more than the "
                    + "\(otk_cmark_html_buffer_limit) bytes its renderer can hold"
            )
        }
        let rendering = clock.now
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
            throw Failure(description: "cmark_render_html returned nothing")
        }
        defer { free(rendered) }
        let html = String(cString: rendered)
        return (html, (parsed - start).seconds + (clock.now - rendering).seconds)
    }
}

extension Duration {
    fileprivate var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
