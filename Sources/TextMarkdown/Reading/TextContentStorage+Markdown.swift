import Foundation
import TextContent

extension TextContentStorage {
    /// A document parsed from Markdown, drawn with `presentation` for text `width` points wide
    /// (nil: intents only): the same content as `AttributedString(markdown:options:baseURL:)`
    /// with `MarkdownPresentation.apply(to:width:)`, made straight from the parser's runs, so that
    /// no `AttributedString` of the whole document is built (most paragraphs become text with
    /// one set of attributes). The way to open a large Markdown file: one of half a megabyte or more
    /// may be imported in sections, its parts on every core, to the same result (see
    /// `MarkdownSections` for when a document is cut).
    ///
    /// ```swift
    /// let storage = try TextContentStorage(markdown: readme, width: 600)
    /// ```
    ///
    /// - Throws: `MarkdownError.limitExceeded` for a document past one of `options`' limits
    ///   (reference expansion, table cells, re-reading), checked before cmark-gfm parses it;
    ///   `MarkdownError.nestingTooDeep` for blocks nested past `options.maximumNestingDepth`.
    public convenience init(
        markdown: String, options: AttributedString.MarkdownParsingOptions = .init(interpretedSyntax: .full),
        baseURL: URL? = nil,
        presentation: MarkdownPresentation? = MarkdownPresentation(), width: Double = 600
    ) throws(MarkdownError) {
        try self.init(
            markdown: markdown, options: options, baseURL: baseURL, presentation: presentation, width: width,
            sectionBytes: MarkdownSections.defaultTargetBytes)
    }

    /// The same, a large document that can be cut imported in sections of about
    /// `sectionBytes` (see `SectionedMarkdownImport`).
    convenience init(
        markdown: String, options: AttributedString.MarkdownParsingOptions, baseURL: URL?,
        presentation: MarkdownPresentation?, width: Double, sectionBytes: Int
    ) throws(MarkdownError) {
        try options.checkLimits(of: markdown)
        // A document's (or a section's) runs as the storage keeps them, drawn after `context`.
        let paragraphs: SectionedMarkdownImport<ImportedParagraphs>.MakePart = { runs, context in
            guard let presentation else {
                return ImportedParagraphs(text: runs.text, utf8Runs: runs.combined(), unifyingBlockAttributes: true)
            }
            // The presentation sets paragraph styles, never the block attributes folded into them.
            return ImportedParagraphs(
                text: runs.text, deferredUTF8Runs: presentation.apply(runs, width: width, after: context),
                unifyingBlockAttributes: false)
        }
        let parts = try SectionedMarkdownImport.parts(
            of: markdown, options: options, baseURL: baseURL, presentation: presentation,
            sectionBytes: sectionBytes, make: paragraphs)
        guard let parts else {
            let document = try MarkdownReader.runs(of: markdown, options: options, baseURL: baseURL)
            self.init(importedParagraphs: [paragraphs(document, MarkdownPresentation.LookContext())])
            return
        }
        self.init(importedParagraphs: parts)
    }

    /// A document parsed from Markdown given as UTF-8 bytes; invalid UTF-8 is an error
    /// (`MarkdownError.invalidUTF8`) unless the failure policy reads it as U+FFFD.
    public convenience init(
        markdown: Data, options: AttributedString.MarkdownParsingOptions = .init(interpretedSyntax: .full),
        baseURL: URL? = nil,
        presentation: MarkdownPresentation? = MarkdownPresentation(), width: Double = 600
    ) throws(MarkdownError) {
        if let offset = AttributedString.firstInvalidUTF8Offset(in: markdown), options.failurePolicy == .throwError {
            throw .invalidUTF8(byteOffset: offset)
        }
        try self.init(
            markdown: String(decoding: markdown, as: UTF8.self), options: options, baseURL: baseURL,
            presentation: presentation, width: width)
    }
}
