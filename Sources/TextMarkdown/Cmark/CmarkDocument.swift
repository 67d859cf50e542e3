import CCmarkGFM
import Foundation
import Synchronization

/// A Markdown document parsed by cmark-gfm with GitHub's extensions, freed when released.
/// Sendable: it is never changed after parsing, and only read; it may be freed on another thread.
final class CmarkDocument: @unchecked Sendable {
    /// The extensions `.full` parsing attaches.
    static let blockExtensions = ["table", "strikethrough", "autolink", "tasklist"]
    /// The extensions inline-only parsing attaches (tables and task items are blocks).
    static let inlineExtensions = ["strikethrough", "autolink"]

    let root: OpaquePointer
    private let parser: OpaquePointer

    /// cmark-gfm keeps the characters its extensions make special in one table for the whole
    /// process, filled and emptied around each document's inline parsing: two parses at once on
    /// two threads would each see the other's changes (a strikethrough read as text). Parsing,
    /// rendering and freeing take turns through this lock.
    static let access = Mutex<Void>(())

    /// Parses `markdown` as `options` ask: the whole syntax with every extension, or inline
    /// syntax alone (the source prepared so that no block is read).
    convenience init(_ markdown: String, options: AttributedString.MarkdownParsingOptions) throws(MarkdownError) {
        let syntax = options.interpretedSyntax
        if syntax == .full {
            try self.init(markdown, extensions: Self.blockExtensions)
        } else {
            let source = InlineOnlySource.prepare(
                markdown, preservingWhitespace: syntax == .inlineOnlyPreservingWhitespace)
            try self.init(source, extensions: Self.inlineExtensions)
        }
    }

    /// Parses `markdown` with the named extensions.
    convenience init(_ markdown: String, extensions: [String]) throws(MarkdownError) {
        var text = markdown
        let parsed = text.withUTF8 { bytes in
            Result { () throws(MarkdownError) in try Self.parseTakingTurns(bytes, extensions: extensions) }
        }
        let (parser, root) = try parsed.get()
        self.init(parser: parser, root: root)
    }

    /// Parses the UTF-8 `bytes` with the named extensions.
    convenience init(utf8 bytes: UnsafeBufferPointer<UInt8>, extensions: [String]) throws(MarkdownError) {
        let (parser, root) = try Self.parseTakingTurns(bytes, extensions: extensions)
        self.init(parser: parser, root: root)
    }

    private init(parser: OpaquePointer, root: OpaquePointer) {
        self.parser = parser
        self.root = root
    }

    private static func parseTakingTurns(
        _ bytes: UnsafeBufferPointer<UInt8>, extensions: [String]
    ) throws(MarkdownError) -> (OpaquePointer, OpaquePointer) {
        // The bytes are only read, while the caller holds them.
        struct Source: @unchecked Sendable { let bytes: UnsafeBufferPointer<UInt8> }
        let source = Source(bytes: bytes)
        return try access.withLock { _ throws(MarkdownError) -> (OpaquePointer, OpaquePointer) in
            try parse(source.bytes, extensions: extensions)
        }
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, extensions: [String]
    ) throws(MarkdownError) -> (OpaquePointer, OpaquePointer) {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else {
            throw .parserUnavailable("cmark_parser_new failed")
        }
        for name in extensions {
            guard let extensionPointer = cmark_find_syntax_extension(name) else {
                cmark_parser_free(parser)
                throw .parserUnavailable("the cmark-gfm extension \"\(name)\" is not registered")
            }
            cmark_parser_attach_syntax_extension(parser, extensionPointer)
        }
        bytes.withMemoryRebound(to: CChar.self) { chars in
            cmark_parser_feed(parser, chars.baseAddress, chars.count)
        }
        guard let root = cmark_parser_finish(parser) else {
            cmark_parser_free(parser)
            throw .parserUnavailable("cmark_parser_finish returned no document")
        }
        return (parser, root)
    }

    /// Frees `documents` on a background queue, not the caller's: freeing a large tree is no
    /// part of an import (cmark's own parse-to-HTML is timed without it).
    static func freeInBackground(_ documents: [CmarkDocument]) {
        let retained = documents.map { Unmanaged.passRetained($0) }
        DispatchQueue.global(qos: .utility).async { for document in retained { document.release() } }
    }

    deinit {
        let (root, parser) = (root, parser)
        Self.access.withLock { _ in
            cmark_node_free(root)
            cmark_parser_free(parser)
        }
    }

    /// At least as many bytes as `html()` renders: every character as HTML escapes it, and a
    /// node's tags and attributes (-1 when the tree cannot be walked).
    var htmlSizeBound: Int {
        let root = root
        return Int(Self.access.withLock { _ in otk_cmark_html_size_bound(root) })
    }

    /// The document as HTML, rendered with the parser's extensions (raw HTML left in).
    ///
    /// - Throws: `MarkdownError.limitExceeded(.htmlBytes, ...)` when the HTML could pass the
    ///   buffer cmark-gfm's renderer aborts the process beyond (checked before rendering).
    func html() throws(MarkdownError) -> String {
        let bound = htmlSizeBound
        guard bound >= 0, bound <= otk_cmark_html_buffer_limit else {
            throw .limitExceeded(.htmlBytes, limit: Int(otk_cmark_html_buffer_limit), found: bound, line: 0)
        }
        let pointer = Self.access.withLock { _ in
            cmark_render_html(root, CMARK_OPT_UNSAFE, cmark_parser_get_syntax_extensions(parser))
        }
        guard let pointer else { return "" }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
