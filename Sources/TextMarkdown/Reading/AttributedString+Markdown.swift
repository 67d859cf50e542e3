import Foundation
import TextContent

extension AttributedString {
    /// Parses Markdown (CommonMark with GitHub's tables, strikethrough, autolinks and task
    /// lists, by cmark-gfm) into attributed text with Foundation's presentation intents.
    ///
    /// Unlike Foundation, which puts no characters between blocks, the result has a "\n" between
    /// blocks, because the engine lays text out paragraph by paragraph: one engine paragraph per
    /// leaf block. The separator carries the intent of the block it ends. Each line of a code
    /// block is a paragraph, all sharing the code block's intent; each table row is a paragraph
    /// whose cells are separated by tabs (U+0009), each tab carrying the cell it ends; a thematic
    /// break is an empty paragraph. A hard line break is U+2028 (`.lineBreak`), which breaks the
    /// line without starting a paragraph; a soft break is a space (`.softBreak`). GitHub task
    /// items carry `taskListItem` on each of their paragraphs. Images are their alt text with
    /// `imageURL`. Raw HTML is kept as text, marked `.inlineHTML` or `.blockHTML`.
    ///
    /// With `options.allowsExtendedAttributes`, Apple's extended syntax `^[text](name: value)`
    /// sets the engine's attributes that have a Markdown name (`foregroundColor`,
    /// `underlineStyle`, `kern` ...: see `OpenTextKitAttributes+ExtendedMarkdown.swift`); use
    /// `init(markdown:including:options:baseURL:)` for an app's own attributes.
    ///
    /// - Throws: `MarkdownError.nestingTooDeep` for blocks nested deeper than
    ///   `options.maximumNestingDepth` (unless the failure policy asks for a partial result);
    ///   `MarkdownError.limitExceeded` for a document past one of the options' limits on the
    ///   work it makes (reference expansion, table cells, re-reading), checked before parsing;
    ///   `MarkdownError.invalidExtendedAttributes` for extended attributes that cannot be read.
    public init(markdown: String, options: MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws(MarkdownError)
    {
        try self.init(
            markdown: markdown, options: options, baseURL: baseURL, sectionBytes: MarkdownSections.defaultTargetBytes)
    }

    /// Parses Markdown as `init(markdown:options:baseURL:)` does, Apple's extended attribute
    /// syntax `^[text](name: value, ...)` (with `options.allowsExtendedAttributes`) setting the
    /// attributes of `scope`, as Foundation's initializer of that name: each name is the
    /// `markdownName` of one of the scope's keys that is a `MarkdownAttributeKey`, whose value is
    /// read from JSON5 (`^[Amira](mention: "amira", rank: 2)`); a name the scope does not have
    /// is ignored. The Markdown's own structure comes as the engine's attributes (presentation
    /// intents, links) whatever the scope.
    ///
    /// ```swift
    /// var options = AttributedString.MarkdownParsingOptions(allowsExtendedAttributes: true)
    /// let text = try AttributedString(
    ///     markdown: "Hi ^[Amira](mention: \"amira\")!", including: \.notes, options: options)
    /// ```
    ///
    /// - Throws: what `init(markdown:options:baseURL:)` throws; attributes that are not JSON5
    ///   object members, or a value its key cannot decode (a number too large, deeper than 512
    ///   levels), throw `MarkdownError.invalidExtendedAttributes`, unless the failure policy is
    ///   `.returnPartiallyParsedIfPossible`, which keeps the text without them.
    public init<Scope: AttributeScope>(
        markdown: String, including scope: Scope.Type, options: MarkdownParsingOptions = .init(), baseURL: URL? = nil
    ) throws(MarkdownError) {
        try self.init(
            markdown: markdown, options: options, baseURL: baseURL, scope: scope,
            sectionBytes: MarkdownSections.defaultTargetBytes)
    }

    /// The same, the scope named by its key path (`\.openTextKit`, or an app's).
    public init<Scope: AttributeScope>(
        markdown: String, including scope: KeyPath<AttributeScopes, Scope.Type>,
        options: MarkdownParsingOptions = .init(),
        baseURL: URL? = nil
    ) throws(MarkdownError) {
        try self.init(markdown: markdown, including: Scope.self, options: options, baseURL: baseURL)
    }

    /// Parses Markdown given as UTF-8 bytes with extended attributes in `scope`; see
    /// `init(markdown:including:options:baseURL:)` and `init(markdown:options:baseURL:)` (Data).
    public init<Scope: AttributeScope>(
        markdown: Data, including scope: Scope.Type, options: MarkdownParsingOptions = .init(), baseURL: URL? = nil
    ) throws(MarkdownError) {
        if let offset = Self.firstInvalidUTF8Offset(in: markdown), options.failurePolicy == .throwError {
            throw .invalidUTF8(byteOffset: offset)
        }
        try self.init(
            markdown: String(decoding: markdown, as: UTF8.self), including: scope, options: options, baseURL: baseURL)
    }

    /// The same, the scope named by its key path.
    public init<Scope: AttributeScope>(
        markdown: Data, including scope: KeyPath<AttributeScopes, Scope.Type>,
        options: MarkdownParsingOptions = .init(),
        baseURL: URL? = nil
    ) throws(MarkdownError) {
        try self.init(markdown: markdown, including: Scope.self, options: options, baseURL: baseURL)
    }

    /// The same; a large document that can be cut is imported in sections of about
    /// `sectionBytes` (see `SectionedMarkdownImport`), each made into an attributed string on
    /// any core, and those joined.
    init(
        markdown: String, options: MarkdownParsingOptions, baseURL: URL?,
        scope: any AttributeScope.Type = AttributeScopes.OpenTextKitAttributes.self, sectionBytes: Int
    ) throws(MarkdownError) {
        try options.checkLimits(of: markdown)
        let parts = try SectionedMarkdownImport.parts(
            of: markdown, options: options, baseURL: baseURL, scope: scope, presentation: nil,
            sectionBytes: sectionBytes
        ) { runs, _ in runs.attributedString() }
        guard let parts else {
            self = try MarkdownReader.runs(of: markdown, options: options, baseURL: baseURL, scope: scope)
                .attributedString()
            return
        }
        var joined = AttributedString()
        for part in parts { joined.append(part) }
        self = joined
    }

    /// Parses Markdown given as UTF-8 bytes; see `init(markdown:options:baseURL:)`.
    ///
    /// - Throws: `MarkdownError.invalidUTF8` for bytes that are not UTF-8, unless the failure
    ///   policy is `.returnPartiallyParsedIfPossible`, which reads them as U+FFFD.
    public init(markdown: Data, options: MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws(MarkdownError) {
        if let offset = Self.firstInvalidUTF8Offset(in: markdown), options.failurePolicy == .throwError {
            throw .invalidUTF8(byteOffset: offset)
        }
        try self.init(markdown: String(decoding: markdown, as: UTF8.self), options: options, baseURL: baseURL)
    }

    /// Parses the Markdown file at `url`, as Foundation's initializer of that name does: links
    /// are resolved against `baseURL`, or the file's own URL when it is nil. A file larger than
    /// `maximumBytes` is refused before it is read.
    ///
    /// ```swift
    /// let readme = try AttributedString(contentsOf: URL(fileURLWithPath: "README.md"))
    /// ```
    ///
    /// - Throws: `MarkdownError.unreadable` for a missing, unreadable or too large file, and
    ///   what `init(markdown:options:baseURL:)` throws.
    public init(
        contentsOf url: URL, options: MarkdownParsingOptions = .init(), baseURL: URL? = nil, maximumBytes: Int = 1 << 31
    ) throws(MarkdownError) {
        try self.init(
            markdown: Self.markdownFile(url, maximumBytes: maximumBytes), options: options, baseURL: baseURL ?? url)
    }

    /// Parses the Markdown file at `url` as `init(contentsOf:options:baseURL:maximumBytes:)`
    /// does, extended attributes set in `scope` (see `init(markdown:including:options:baseURL:)`).
    public init<Scope: AttributeScope>(
        contentsOf url: URL, including scope: Scope.Type, options: MarkdownParsingOptions = .init(),
        baseURL: URL? = nil,
        maximumBytes: Int = 1 << 31
    ) throws(MarkdownError) {
        try self.init(
            markdown: Self.markdownFile(url, maximumBytes: maximumBytes), including: scope, options: options,
            baseURL: baseURL ?? url)
    }

    /// The same, the scope named by its key path.
    public init<Scope: AttributeScope>(
        contentsOf url: URL, including scope: KeyPath<AttributeScopes, Scope.Type>,
        options: MarkdownParsingOptions = .init(),
        baseURL: URL? = nil, maximumBytes: Int = 1 << 31
    ) throws(MarkdownError) {
        try self.init(
            contentsOf: url, including: Scope.self, options: options, baseURL: baseURL, maximumBytes: maximumBytes)
    }

    /// The bytes of the file at `url`, refused when larger than `maximumBytes`.
    private static func markdownFile(_ url: URL, maximumBytes: Int) throws(MarkdownError) -> Data {
        do {
            let size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
            guard size <= maximumBytes else {
                throw MarkdownError.unreadable(
                    path: url.path, reason: "it is \(size) bytes, over the limit of \(maximumBytes)")
            }
            return try Data(contentsOf: url)
        } catch let error as MarkdownError {
            throw error
        } catch {
            throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    /// The offset of the first byte that is not part of a valid UTF-8 sequence, or nil.
    static func firstInvalidUTF8Offset(in data: Data) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = data.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
