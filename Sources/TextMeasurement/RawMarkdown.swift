import CCmarkGFM
import Foundation

/// cmark-gfm on its own, what the Markdown import is compared with: parsing with the GitHub
/// extensions (table, strikethrough, autolink, task list) and rendering HTML, in C.
public enum RawMarkdown {
    /// The HTML of `markdown`, and the seconds parsing and rendering took.
    public static func html(_ markdown: String) -> (html: String, seconds: Double) {
        cmark_gfm_core_extensions_ensure_registered()
        let clock = ContinuousClock()
        let start = clock.now
        let options = CMARK_OPT_DEFAULT
        guard let parser = cmark_parser_new(options) else { return ("", 0) }
        defer { cmark_parser_free(parser) }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let extensionPointer = cmark_find_syntax_extension(name) { cmark_parser_attach_syntax_extension(parser, extensionPointer) }
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { cmark_parser_feed(parser, $0.baseAddress, $0.count) }
        }
        guard let document = cmark_parser_finish(parser) else { return ("", 0) }
        defer { cmark_node_free(document) }
        guard let rendered = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else { return ("", 0) }
        defer { free(rendered) }
        let html = String(cString: rendered)
        return (html, (clock.now - start).seconds)
    }
}

extension Duration {
    fileprivate var seconds: Double { Double(components.seconds) + Double(components.attoseconds) * 1e-18 }
}
