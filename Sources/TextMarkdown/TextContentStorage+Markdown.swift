import Foundation
import TextContent

extension TextContentStorage {
    /// A document parsed from Markdown, drawn with `presentation` for text `width` points wide
    /// (nil: intents only): the same content as `AttributedString(markdown:options:baseURL:)`
    /// with `MarkdownPresentation.apply(to:width:)`, made straight from the parser's runs, so that
    /// no `AttributedString` of the whole document is built (most paragraphs become text with
    /// one set of attributes). The way to open a large Markdown file: one of a megabyte or more
    /// is parsed, read and drawn in sections, on every core, to the same result.
    ///
    /// ```swift
    /// let storage = try TextContentStorage(markdown: readme, width: 600)
    /// ```
    public convenience init(
        markdown: String, options: AttributedString.MarkdownParsingOptions = .init(interpretedSyntax: .full), baseURL: URL? = nil,
        presentation: MarkdownPresentation? = MarkdownPresentation(), width: Double = 600
    ) throws(MarkdownError) {
        try self.init(markdown: markdown, options: options, baseURL: baseURL, presentation: presentation, width: width,
                      sectionBytes: defaultMarkdownSectionBytes)
    }

    /// The same, a large document imported in sections of about `sectionBytes` where it can
    /// be cut (see `SectionedMarkdownImport`).
    convenience init(
        markdown: String, options: AttributedString.MarkdownParsingOptions, baseURL: URL?,
        presentation: MarkdownPresentation?, width: Double, sectionBytes: Int
    ) throws(MarkdownError) {
        let parts = try SectionedMarkdownImport.parts(of: markdown, options: options, baseURL: baseURL, presentation: presentation,
                                                      sectionBytes: sectionBytes) { runs, context in
            guard let presentation else {
                return TextContentStorage.paragraphs(text: runs.text, utf8Runs: runs.combined(), unifyingBlockAttributes: true)
            }
            // The presentation sets paragraph styles, never the block attributes folded into them.
            return TextContentStorage.paragraphs(text: runs.text, utf8Runs: presentation.apply(runs, width: width, after: context),
                                                 unifyingBlockAttributes: false)
        }
        if let parts {
            self.init(paragraphs: parts)
            return
        }
        let document = try Self.read(markdown, options: options, baseURL: baseURL)
        if let presentation {
            // The presentation sets paragraph styles, never the block attributes folded into them.
            self.init(text: document.text, utf8Runs: presentation.apply(document, width: width), unifyingBlockAttributes: false)
        } else {
            self.init(text: document.text, utf8Runs: document.combined())
        }
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

    /// The reader's runs of `markdown`.
    private static func read(_ markdown: String, options: AttributedString.MarkdownParsingOptions, baseURL: URL?) throws(MarkdownError) -> MarkdownRuns {
        let parsed = try CmarkDocument(markdown, options: options)
        var reader = MarkdownReader(options: options, baseURL: baseURL)
        let document = try reader.readRuns(parsed)
        // Freeing cmark's tree is no part of the import (cmark's own parse-to-HTML is timed
        // without it): it goes on beside what follows.
        let tree = Unmanaged.passRetained(parsed)
        DispatchQueue.global(qos: .utility).async { tree.release() }
        return document
    }
}
