import Foundation
import TextContent

extension TextContentStorage {
    /// A document parsed from Markdown, drawn with `presentation` for text `width` points wide
    /// (nil: intents only): the same content as `AttributedString(markdown:options:baseURL:)`
    /// with `MarkdownPresentation.apply(to:width:)`, made straight from the parser's runs, so that
    /// no `AttributedString` of the whole document is built (most paragraphs become text with
    /// one set of attributes). The way to open a large Markdown file.
    ///
    /// ```swift
    /// let storage = try TextContentStorage(markdown: readme, width: 600)
    /// ```
    public convenience init(
        markdown: String, options: AttributedString.MarkdownParsingOptions = .init(interpretedSyntax: .full), baseURL: URL? = nil,
        presentation: MarkdownPresentation? = MarkdownPresentation(), width: Double = 600
    ) throws(MarkdownError) {
        let syntax = options.interpretedSyntax
        let source = syntax == .full ? markdown : InlineOnlySource.prepare(markdown, preservingWhitespace: syntax == .inlineOnlyPreservingWhitespace)
        let document = try CmarkDocument(source, extensions: syntax == .full ? CmarkDocument.blockExtensions : CmarkDocument.inlineExtensions)
        var reader = MarkdownReader(options: options, baseURL: baseURL)
        var (text, runs) = try reader.readRuns(document)
        presentation?.apply(text: text, runs: &runs, width: width)
        self.init(text: text, utf8Runs: runs)
    }

    /// A document parsed from Markdown given as UTF-8 bytes; invalid UTF-8 is an error
    /// (`MarkdownError.invalidUTF8`) unless the failure policy reads it as U+FFFD.
    public convenience init(
        markdown: Data, options: AttributedString.MarkdownParsingOptions = .init(interpretedSyntax: .full), baseURL: URL? = nil,
        presentation: MarkdownPresentation? = MarkdownPresentation(), width: Double = 600
    ) throws(MarkdownError) {
        if let offset = AttributedString.firstInvalidUTF8Offset(in: markdown), options.failurePolicy == .throwError {
            throw .invalidUTF8(byteOffset: offset)
        }
        try self.init(markdown: String(decoding: markdown, as: UTF8.self), options: options, baseURL: baseURL,
                      presentation: presentation, width: width)
    }
}
