import CCmarkGFM
import Foundation

/// A Markdown document parsed by cmark-gfm with GitHub's extensions, freed when released.
/// Sendable: it is never changed after parsing, and only read; it may be freed on another thread.
final class CmarkDocument: @unchecked Sendable {
    /// The extensions `.full` parsing attaches.
    static let blockExtensions = ["table", "strikethrough", "autolink", "tasklist"]
    /// The extensions inline-only parsing attaches (tables and task items are blocks).
    static let inlineExtensions = ["strikethrough", "autolink"]

    let root: OpaquePointer
    private let parser: OpaquePointer

    /// Parses `markdown` with the named extensions.
    init(_ markdown: String, extensions: [String]) throws(MarkdownError) {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { throw .parserUnavailable("cmark_parser_new failed") }
        for name in extensions {
            guard let extensionPointer = cmark_find_syntax_extension(name) else {
                cmark_parser_free(parser)
                throw .parserUnavailable("the cmark-gfm extension \"\(name)\" is not registered")
            }
            cmark_parser_attach_syntax_extension(parser, extensionPointer)
        }
        var text = markdown
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        guard let root = cmark_parser_finish(parser) else {
            cmark_parser_free(parser)
            throw .parserUnavailable("cmark_parser_finish returned no document")
        }
        self.parser = parser
        self.root = root
    }

    deinit {
        cmark_node_free(root)
        cmark_parser_free(parser)
    }

    /// The document as HTML, rendered with the parser's extensions (raw HTML left in).
    func html() -> String {
        guard let pointer = cmark_render_html(root, CMARK_OPT_UNSAFE, cmark_parser_get_syntax_extensions(parser)) else { return "" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

/// cmark-gfm's own HTML for Markdown, with the extensions the parser uses (table,
/// strikethrough, autolink, tasklist): what a Markdown round trip is judged by.
public enum MarkdownHTML {
    /// The HTML cmark-gfm renders for `markdown`; raw HTML is kept.
    public static func render(_ markdown: String) throws(MarkdownError) -> String {
        try CmarkDocument(markdown, extensions: CmarkDocument.blockExtensions).html()
    }
}

/// Reading one cmark node.
struct CmarkNode {
    let pointer: OpaquePointer

    var type: cmark_node_type { cmark_node_get_type(pointer) }
    /// cmark's name of the type; extension nodes ("table", "tasklist" ...) are told apart by it.
    var typeName: String { cmark_node_get_type_string(pointer).map { String(cString: $0) } ?? "" }
    var literal: String { cmark_node_get_literal(pointer).map { String(cString: $0) } ?? "" }
    var url: String { cmark_node_get_url(pointer).map { String(cString: $0) } ?? "" }
    var fenceInfo: String { cmark_node_get_fence_info(pointer).map { String(cString: $0) } ?? "" }
    var headingLevel: Int { Int(cmark_node_get_heading_level(pointer)) }
    var isOrderedList: Bool { cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST }
    var listStart: Int { Int(cmark_node_get_list_start(pointer)) }
    var isTaskChecked: Bool { cmark_gfm_extensions_get_tasklist_item_checked(pointer) }
    var parent: CmarkNode? { cmark_node_parent(pointer).map(CmarkNode.init) }
    var startLine: Int { Int(cmark_node_get_start_line(pointer)) }

    /// The node's source position, or nil when cmark recorded none.
    var position: (startLine: Int, startColumn: Int, endLine: Int, endColumn: Int)? {
        let startLine = Int(cmark_node_get_start_line(pointer))
        guard startLine > 0 else { return nil }
        return (startLine, Int(cmark_node_get_start_column(pointer)), Int(cmark_node_get_end_line(pointer)), Int(cmark_node_get_end_column(pointer)))
    }

    /// A table's column alignments.
    var tableAlignments: [UInt8] {
        let count = Int(cmark_gfm_extensions_get_table_columns(pointer))
        guard count > 0, let alignments = cmark_gfm_extensions_get_table_alignments(pointer) else { return [] }
        return (0..<count).map { alignments[$0] }
    }
}
