import Foundation

/// One paragraph of a document: its content and its separator (`\n`, `\r\n`, `\r` or U+2029;
/// the last paragraph of a document may have none).
public struct TextParagraph: TextElement {
    /// Text without attributes stays a String until its attributed string is asked for:
    /// building an AttributedString costs about 50 ns a byte on Linux, and layout of plain
    /// text never needs one.
    private enum Content: Sendable {
        case attributed(AttributedString)
        case plain(String)
        /// Bytes of the file the document was opened from (valid UTF-8): no String is made
        /// until one is asked for, and layout reads the bytes themselves.
        case source(SourceText, start: Int, count: Int)
        /// A long paragraph (past the storage's threshold) in a B-tree: its length and any
        /// stretch of its UTF-16 are read in O(log n); the whole text is made only when asked.
        case long(LongParagraphText)
    }

    private let content: Content

    /// The paragraph's text with its attributes, separator included. For a paragraph of plain
    /// text this is made on each access; read `plainText` when attributes do not matter.
    public var attributedString: AttributedString {
        switch content {
        case .attributed(let text): return text
        case .plain(let text): return AttributedString(text)
        case .source(let source, let start, let count): return AttributedString(source.string(start, count))
        case .long(let text): return AttributedString(text.string)
        }
    }

    /// The paragraph's text when it has no attributes at all (nil otherwise): what layout reads
    /// to skip attribute handling. For a long paragraph this makes its String: O(n), once per
    /// version of the paragraph; read `plainUTF16(in:)` for a stretch of it.
    public var plainText: String? {
        switch content {
        case .attributed: return nil
        case .plain(let text): return text
        case .source(let source, let start, let count): return source.string(start, count)
        case .long(let text): return text.string
        }
    }

    /// Calls `body` with the UTF-8 of a paragraph without attributes (nil for one with them):
    /// layout's way to read plain text without making a String. A long paragraph's String is
    /// made for it: O(n) (once per version of the paragraph), so what runs on every keystroke
    /// reads `plainUTF16(in:)` and `utf16Count` instead.
    @_spi(Layout) public func withPlainUTF8<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        switch content {
        case .attributed: return nil
        case .plain(var text): return try text.withUTF8(body)
        case .source(let source, let start, let count): return try body(source.slice(start, count))
        case .long(let text):
            var string = text.string
            return try string.withUTF8(body)
        }
    }
    /// The paragraph's length in UTF-16 code units, separator included: from its place in the
    /// document when it has one, else counted.
    public var utf16Count: Int {
        if let offsets = elementOffsets { return offsets.end - offsets.start }
        switch content {
        case .attributed(let text): return text.utf16.count
        case .plain(let text): return text.utf16.count
        case .source(let source, let start, let count): return source.string(start, count).utf16.count
        case .long(let text): return text.utf16Count
        }
    }

    /// The UTF-16 code units of `range` (paragraph offsets, clamped to the paragraph) of a
    /// paragraph without attributes; nil for one with attributes. What layout reads of a long
    /// paragraph: a stretch of it, never the whole. O(range) for text read from a file as ASCII,
    /// O(log n + range) for a long paragraph that has been edited.
    ///
    /// ```swift
    /// let units = paragraph.plainUTF16(in: 0 ..< 64)  // the first 64 units, or fewer
    /// ```
    public func plainUTF16(in range: Range<Int>) -> [UInt16]? {
        if range.isEmpty, case .attributed = content { return nil }
        if range.isEmpty { return [] }
        switch content {
        case .attributed:
            return nil
        case .plain(let text):
            return Self.units(of: text, in: range)
        case .source(let source, let start, let count):
            // UTF-8 as long as UTF-16 is ASCII: the offsets are the bytes'.
            if let offsets = elementOffsets, offsets.end - offsets.start == count {
                let lower = max(0, min(range.lowerBound, count)), upper = max(lower, min(range.upperBound, count))
                return source.slice(start + lower, upper - lower).map { UInt16($0) }
            }
            return source.utf16Units(ofParagraphAt: start, count: count, utf16Count: utf16Count, in: range)
        case .long(let text):
            return text.units(in: range)
        }
    }

    private static func units(of text: String, in range: Range<Int>) -> [UInt16] {
        let utf16 = text.utf16
        let count = utf16.count
        let lower = max(0, min(range.lowerBound, count)), upper = max(lower, min(range.upperBound, count))
        let first = utf16.index(utf16.startIndex, offsetBy: lower)
        return Array(utf16[first ..< utf16.index(first, offsetBy: upper - lower)])
    }

    /// Where the paragraph is in its document, separator included; nil for one not placed in a document.
    public var elementRange: TextRange? {
        switch placement {
        case .unplaced: return nil
        case .offsets(let document, let start, _, let end): return Self.range(document, start, end)
        case .ranges(let ranges): return ranges.element
        }
    }
    /// The element range without the separator.
    public var paragraphContentRange: TextRange? {
        switch placement {
        case .unplaced: return nil
        case .offsets(let document, let start, let contentEnd, _): return Self.range(document, start, contentEnd)
        case .ranges(let ranges): return ranges.content
        }
    }
    /// The separator's range (empty when the paragraph has none).
    public var paragraphSeparatorRange: TextRange? {
        switch placement {
        case .unplaced: return nil
        case .offsets(let document, _, let contentEnd, let end): return Self.range(document, contentEnd, end)
        case .ranges(let ranges):
            return TextRange(location: ranges.content.endLocation, end: ranges.element.endLocation)
                ?? TextRange(location: ranges.element.endLocation)
        }
    }

    /// Where a paragraph is, as offsets in a content storage's document: a few integers to copy,
    /// where three ranges of locations would be six existentials.
    private enum Placement: Sendable {
        case unplaced
        case offsets(document: UInt64, start: Int, contentEnd: Int, end: Int)
        /// In a content manager of another kind, by its own locations.
        case ranges(LocationRanges)
    }

    /// A paragraph's ranges in a content manager of another kind. A class: as two inline
    /// ranges of existentials beside `offsets`, the enum was misread by Swift 6.3.1 on Linux
    /// (a `.ranges` value read back as `.offsets`).
    private final class LocationRanges: Sendable {
        let element: TextRange
        let content: TextRange
        init(element: TextRange, content: TextRange) {
            self.element = element
            self.content = content
        }
    }

    private let placement: Placement

    /// The content manager whose document holds the paragraph (TextKit's `textContentManager`);
    /// nil for a paragraph not placed in one (`init(attributedString:)`), placed by locations
    /// of another kind, or once the manager is gone.
    public var textContentManager: TextContentManager? {
        switch placement {
        case .unplaced: return nil
        case .offsets(let document, _, _, _): return ContentManagerRegistry.manager(for: document)
        case .ranges(let ranges):
            guard let location = ranges.element.location as? TextContentLocation else { return nil }
            return ContentManagerRegistry.manager(for: location.documentIdentifier)
        }
    }

    /// The UTF-16 offsets of the paragraph in its document (separator included, and without
    /// it), or nil for one not placed: layout's way to place it without location arithmetic.
    @_spi(Layout) public var elementOffsets: (start: Int, contentEnd: Int, end: Int)? {
        guard case .offsets(_, let start, let contentEnd, let end) = placement else { return nil }
        return (start, contentEnd, end)
    }

    private static func range(_ document: UInt64, _ start: Int, _ end: Int) -> TextRange {
        TextRange(
            orderedLocation: TextContentLocation(offset: start, documentIdentifier: document),
            end: TextContentLocation(offset: end, documentIdentifier: document))
    }

    /// A paragraph not (yet) placed in a document, e.g. one a delegate substitutes for display.
    public init(attributedString: AttributedString) {
        self.content = .attributed(attributedString)
        self.placement = .unplaced
    }

    /// A paragraph placed in a content manager of your own (a `TextContentManager` subclass),
    /// at `elementRange` of its locations, separator included; `paragraphContentRange` leaves
    /// the separator out (the whole range when nil).
    ///
    /// ```swift
    /// TextParagraph(attributedString: AttributedString("Hello\n"), elementRange: range,
    ///               paragraphContentRange: TextRange(location: range.location, end: separatorStart))
    /// ```
    public init(attributedString: AttributedString, elementRange: TextRange, paragraphContentRange: TextRange? = nil) {
        self.init(
            content: .attributed(attributedString),
            placement: .ranges(LocationRanges(element: elementRange, content: paragraphContentRange ?? elementRange)))
    }

    /// A paragraph of `document` at UTF-16 offsets `start ..< end`, its separator from `contentEnd`.
    init(attributedString: AttributedString, document: UInt64, start: Int, contentEnd: Int, end: Int) {
        self.init(
            content: .attributed(attributedString),
            placement: .offsets(document: document, start: start, contentEnd: contentEnd, end: end))
    }

    init(plainText: String, document: UInt64, start: Int, contentEnd: Int, end: Int) {
        self.init(
            content: .plain(plainText),
            placement: .offsets(document: document, start: start, contentEnd: contentEnd, end: end))
    }

    /// A long paragraph of plain text, kept as the storage keeps it (no copy).
    init(longText: LongParagraphText, document: UInt64, start: Int, contentEnd: Int, end: Int) {
        self.init(
            content: .long(longText),
            placement: .offsets(document: document, start: start, contentEnd: contentEnd, end: end))
    }

    /// A paragraph of plain text read from `source`'s bytes `byteStart ..< byteStart + byteCount`.
    init(source: SourceText, byteStart: Int, byteCount: Int, document: UInt64, start: Int, contentEnd: Int, end: Int) {
        self.init(
            content: .source(source, start: byteStart, count: byteCount),
            placement: .offsets(document: document, start: start, contentEnd: contentEnd, end: end))
    }

    private init(content: Content, placement: Placement) {
        self.content = content
        self.placement = placement
    }

    /// A copy placed at `start ..< end` of `document` (used when a delegate substitutes a display paragraph).
    func placed(document: UInt64, start: Int, contentEnd: Int, end: Int) -> TextParagraph {
        TextParagraph(
            content: content, placement: .offsets(document: document, start: start, contentEnd: contentEnd, end: end))
    }
}
