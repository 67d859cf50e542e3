import Foundation

/// What layout reads of a content manager by UTF-16 offsets: the document's length and the
/// paragraphs it shows from an offset on. The one seam between layout and content:
/// `TextContentStorage` answers from its paragraph tree without making a location, and any
/// other `TextContentManager` (an app's own subclass) through `LocationParagraphReader`, from
/// its locations and elements. An app's own content manager that can answer by offsets
/// conforms to it, and layout reads it without making locations.
///
/// ```swift
/// let reader = content.paragraphReader
/// reader.enumerateTextParagraphs(fromOffset: 0) { paragraph, start in print(start); return true }
/// ```
public protocol ParagraphOffsetReading {
    /// The document's length in UTF-16 units.
    var utf16Length: Int { get }
    /// Calls `block` with each paragraph the content shows, from the one holding `offset`
    /// forward, with its UTF-16 start, until it returns false.
    func enumerateTextParagraphs(fromOffset offset: Int, using block: (TextParagraph, Int) -> Bool)
    /// Calls `block` with the UTF-16 range of each paragraph shown, from the one holding
    /// `offset` forward, until it returns false.
    func enumerateParagraphRanges(fromOffset offset: Int, using block: (Range<Int>) -> Bool)
    /// Calls `block` as `enumerateTextParagraphs` does, with each paragraph's UTF-16 start and
    /// extent (nil when the reader cannot tell it without the element) and a function making
    /// its element, which a walk over kept layouts seldom needs: one allocation less a
    /// paragraph a viewport layout.
    func enumerateParagraphsLazily(
        fromOffset offset: Int, using block: (Int, ParagraphExtent?, () -> TextParagraph) -> Bool)
}

/// Where a paragraph lies, in UTF-16 offsets: its text, then its separator from `contentEnd`.
public struct ParagraphExtent: Equatable, Sendable {
    public var start: Int
    public var contentEnd: Int
    public var end: Int

    public init(start: Int, contentEnd: Int, end: Int) {
        (self.start, self.contentEnd, self.end) = (start, contentEnd, end)
    }
}

extension ParagraphOffsetReading {
    public func enumerateParagraphsLazily(
        fromOffset offset: Int, using block: (Int, ParagraphExtent?, () -> TextParagraph) -> Bool
    ) {
        enumerateTextParagraphs(fromOffset: offset) { paragraph, start in
            block(start, nil, { paragraph })
        }
    }
}

extension TextContentManager {
    /// How layout reads this content by offsets: the content itself when it knows how (a
    /// `TextContentStorage`), else its locations and elements.
    public var paragraphReader: any ParagraphOffsetReading {
        // A class check first: far cheaper than looking a conformance up, and asked for on
        // every caret move and layout walk.
        if let storage = self as? TextContentStorage { return storage }
        return (self as? any ParagraphOffsetReading) ?? LocationParagraphReader(content: self)
    }
}

/// Reads any `TextContentManager` by offsets through its public element API: a location for
/// the offset, then its elements, each paragraph placed by `offset(from:to:)`. Elements that
/// are not paragraphs, or not placed, are skipped.
struct LocationParagraphReader: ParagraphOffsetReading {
    let content: TextContentManager

    var utf16Length: Int {
        let length = content.offset(from: content.documentRange.location, to: content.documentRange.endLocation)
        return length == NSNotFound ? 0 : max(0, length)
    }

    func enumerateTextParagraphs(fromOffset offset: Int, using block: (TextParagraph, Int) -> Bool) {
        let documentStart = content.documentRange.location
        guard offset >= 0, let location = content.location(documentStart, offsetBy: offset) else { return }
        content.enumerateTextElements(from: location) { element in
            guard let paragraph = element as? TextParagraph, let range = paragraph.elementRange else { return true }
            let start = content.offset(from: documentStart, to: range.location)
            guard start != NSNotFound else { return false }
            return block(paragraph, start)
        }
    }

    func enumerateParagraphRanges(fromOffset offset: Int, using block: (Range<Int>) -> Bool) {
        let documentStart = content.documentRange.location
        guard offset >= 0, let location = content.location(documentStart, offsetBy: offset) else { return }
        content.enumerateTextElements(from: location) { element in
            guard let range = element.elementRange else { return true }
            let lower = content.offset(from: documentStart, to: range.location)
            let upper = content.offset(from: documentStart, to: range.endLocation)
            guard lower != NSNotFound, upper != NSNotFound, lower <= upper else { return false }
            return block(lower ..< upper)
        }
    }
}
