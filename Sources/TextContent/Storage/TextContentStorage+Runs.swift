import Foundation

extension TextContentStorage {
    /// A document from text and its runs of attributes (UTF-8 lengths, in order, covering the
    /// text), without making one `AttributedString` of it all: each paragraph whose characters
    /// share one set of attributes is kept as text with that set, and a paragraph of several
    /// runs as its runs (no `AttributedString` until one is asked for). What an importer that builds
    /// its output run by run (Markdown) hands over: opening 10 MB of it costs what scanning the
    /// paragraphs does.
    ///
    /// ```swift
    /// var heading = AttributeContainer()
    /// heading.font = FontDescriptor(family: "DejaVu Sans", size: 26)
    /// let storage = TextContentStorage(text: "Title\nBody", utf8Runs: [(6, heading), (4, AttributeContainer())])
    /// ```
    public convenience init(text: String, utf8Runs runs: [(length: Int, attributes: AttributeContainer)]) {
        self.init(text: text, utf8Runs: runs, unifyingBlockAttributes: true)
    }

    /// The same; an importer whose runs have no block attributes (`alignment`, `lineHeight`,
    /// `writingDirection`) to fold into their paragraph style says so, and no run is asked.
    public convenience init(
        text: String, utf8Runs runs: [(length: Int, attributes: AttributeContainer)], unifyingBlockAttributes: Bool
    ) {
        self.init(importedParagraphs: [
            ImportedParagraphs(text: text, utf8Runs: runs, unifyingBlockAttributes: unifyingBlockAttributes)
        ])
    }

    /// A document of paragraphs imported in parts (each the paragraphs of a text that ends
    /// where a paragraph does), in order: the parts of a large document can be made on several
    /// threads, then joined here in O(paragraphs).
    public convenience init(importedParagraphs parts: [ImportedParagraphs]) {
        // Each part's tree was built where the part was made: joining them is O(log n) a part.
        self.init(index: parts.reduce(ParagraphIndex([])) { $0.appending($1.paragraphs) })
    }

    /// The UTF-8 offsets at which a storage ends the paragraphs of `text`, separators included
    /// (`\n`, `\r\n`, `\r`, U+2029): where an importer cuts its runs to hand them over paragraph
    /// by paragraph.
    public static func paragraphUTF8Ends(of text: String) -> [Int] {
        var text = text
        var ends: [Int] = []
        text.withUTF8 { bytes in _ = ParagraphScanner.scan(bytes) { _, end, _, _ in ends.append(end) } }
        return ends
    }
}

/// Paragraphs of attributed text made in bulk, as a storage keeps them, ready to be joined into
/// one (`TextContentStorage(importedParagraphs:)`): what an importer (Markdown, RTF, HTML) builds
/// a document from without an edit per paragraph and without one `AttributedString` of it all.
/// Each paragraph whose characters share one set of attributes is kept as text with that set,
/// and a paragraph of several runs as its runs: an `AttributedString` is made of a paragraph
/// only when asked for. Sendable: the parts of a large
/// document can be made on several threads.
///
/// ```swift
/// let parts = sections.map { ImportedParagraphs(text: $0.text, utf8Runs: $0.runs) }   // any thread
/// let storage = TextContentStorage(importedParagraphs: parts)
/// ```
public struct ImportedParagraphs: Sendable {
    /// The paragraphs, as a tree of their own (made on the part's thread).
    let paragraphs: ParagraphIndex

    /// How many paragraphs.
    public var count: Int { paragraphs.paragraphCount }

    /// The paragraphs of `text` with its runs of attributes (UTF-8 lengths, in order, covering
    /// the text); with `unifyingBlockAttributes`, each paragraph's block attributes (`alignment`,
    /// `lineHeight`, `writingDirection`) are folded into its paragraph style.
    public init(
        text: String, utf8Runs runs: [(length: Int, attributes: AttributeContainer)],
        unifyingBlockAttributes: Bool = true
    ) {
        self.init(
            text: text, runCount: runs.count, length: { runs[$0].length }, attributes: { .made(runs[$0].attributes) },
            unifyingBlockAttributes: unifyingBlockAttributes)
    }

    /// The same with attributes made only when they are read (see `DeferredAttributes`): no
    /// `AttributeContainer` is made here, whatever each paragraph has of its own.
    public init(
        text: String, deferredUTF8Runs runs: [(length: Int, attributes: DeferredAttributes)],
        unifyingBlockAttributes: Bool = true
    ) {
        self.init(
            text: text, runCount: runs.count, length: { runs[$0].length },
            attributes: { .deferred(runs[$0].attributes) }, unifyingBlockAttributes: unifyingBlockAttributes)
    }

    private init(
        text: String, runCount: Int, length: (Int) -> Int, attributes: (Int) -> ParagraphRunsText.Attributes,
        unifyingBlockAttributes: Bool
    ) {
        var text = text
        var entries = ParagraphIndex.Builder()
        text.withUTF8 { bytes in
            var runIndex = 0
            var runStart = 0
            ParagraphScanner.scan(bytes) { start, end, utf16, separator in
                // The runs that touch this paragraph's bytes.
                while runIndex < runCount, runStart + length(runIndex) <= start, length(runIndex) >= 0 {
                    runStart += length(runIndex)
                    runIndex += 1
                }
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< end]), as: UTF8.self)
                // Most paragraphs lie inside one run: text with one set of attributes.
                if runIndex < runCount, runStart <= start, runStart + length(runIndex) >= end {
                    let run = attributes(runIndex)
                    entries.append(
                        ParagraphEntry(
                            content: Self.content(string, run, unifyingBlockAttributes: unifyingBlockAttributes),
                            utf16Length: utf16, separatorLength: separator, hasAttributes: !run.isEmpty))
                    return
                }
                var pieces: [(length: Int, attributes: ParagraphRunsText.Attributes)] = []
                var cursor = start, index = runIndex, pieceStart = runStart
                while cursor < end, index < runCount {
                    let runEnd = pieceStart + max(0, length(index))
                    let upper = min(end, runEnd)
                    if upper > cursor { pieces.append((upper - cursor, attributes(index))) }
                    cursor = max(cursor, upper)
                    if runEnd <= end {
                        pieceStart = runEnd
                        index += 1
                    } else {
                        break
                    }
                }
                if cursor < end { pieces.append((end - cursor, .made(AttributeContainer()))) }
                let hasAttributes = pieces.contains { !$0.attributes.isEmpty }
                entries.append(
                    ParagraphEntry(
                        content: Self.content(string, pieces, unifyingBlockAttributes: unifyingBlockAttributes),
                        utf16Length: utf16, separatorLength: separator, hasAttributes: hasAttributes))
            }
        }
        paragraphs = entries.finish()
    }

    /// A paragraph's content from its pieces: text with one set of attributes made (or none),
    /// or its runs, whose attributes are made when read.
    private static func content(
        _ string: String, _ pieces: [(length: Int, attributes: ParagraphRunsText.Attributes)],
        unifyingBlockAttributes: Bool
    ) -> StoredParagraphText {
        let first = pieces.first?.attributes ?? .made(AttributeContainer())
        guard pieces.allSatisfy({ $0.attributes.isSame(as: first) }) else {
            return .runs(ParagraphRunsText(text: string, runs: pieces, unifiesBlockAttributes: unifyingBlockAttributes))
        }
        return content(string, first, unifyingBlockAttributes: unifyingBlockAttributes)
    }

    /// The content of a paragraph whose characters all have `attributes`.
    private static func content(
        _ string: String, _ attributes: ParagraphRunsText.Attributes, unifyingBlockAttributes: Bool
    ) -> StoredParagraphText {
        guard case .made(var made) = attributes else {
            return .runs(
                ParagraphRunsText(
                    text: string, runs: [(string.utf8.count, attributes)],
                    unifiesBlockAttributes: unifyingBlockAttributes))
        }
        if unifyingBlockAttributes { made.unifyParagraphStyle() }
        return made == AttributeContainer() ? .string(string) : .uniform(string, made)
    }
}
