import Foundation

/// One edit: UTF-16 range `range` of the document as it was just before the edit was replaced
/// by `replacementLength` units. An attribute-only edit has `replacementLength == range.count`
/// and `kind == .attributes`.
public struct TextContentEdit: Sendable, Equatable {
    /// What an edit changed.
    public enum Kind: Sendable, Equatable {
        /// Text was replaced.
        case characters
        /// Only attributes changed; no text moved.
        case attributes
    }

    /// The replaced UTF-16 range, in the document as it was just before the edit.
    public let range: Range<Int>
    /// The UTF-16 length of what replaced it (never negative).
    public let replacementLength: Int
    public let kind: Kind
    /// Whether the edit stayed inside one paragraph's text and brought no paragraph separator:
    /// no paragraph began or ended, only that one changed length. A layout manager can then
    /// update that paragraph alone, without reading the content again (what makes a
    /// replace-all's 100,000 edits cheap). False when the content cannot say.
    public let isInsideParagraph: Bool

    /// An edit; a negative replacement length counts as 0.
    public init(range: Range<Int>, replacementLength: Int, kind: Kind = .characters, isInsideParagraph: Bool = false) {
        self.range = range
        self.replacementLength = max(0, replacementLength)
        self.kind = kind
        self.isInsideParagraph = isInsideParagraph
    }

    /// How much the edit changed the document's length.
    public var changeInLength: Int { Self.adding(replacementLength, -range.count) }

    /// Where `offset` is after the edit.
    ///
    /// Offsets before the edit stay, offsets after it shift. An offset inside the replaced text
    /// goes to the start of the replacement (`upstream`) or its end (`downstream`); so does an
    /// offset exactly at an insertion point.
    public func transform(_ offset: Int, affinity: TextLocationAffinity = .downstream) -> Int {
        // Attribute edits move no text, so they move no location.
        guard kind == .characters else { return offset }
        let start = range.lowerBound
        if offset < start { return offset }
        if range.isEmpty {
            if offset > start { return Self.adding(offset, replacementLength) }
            return affinity == .upstream ? start : start + replacementLength
        }
        if offset == start { return start }
        if offset >= range.upperBound { return Self.adding(offset, changeInLength) }
        return affinity == .upstream ? start : start + replacementLength
    }

    /// `a + b`, clamped to Int's range instead of trapping.
    private static func adding(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }

    /// Where `range` is after the edit. Its edges keep out text inserted at them: a non-empty
    /// range does not grow when text is typed just before or just after it.
    public func transform(_ range: Range<Int>, affinity: TextLocationAffinity = .downstream) -> Range<Int> {
        guard kind == .characters else { return range }
        if range.isEmpty {
            let offset = transform(range.lowerBound, affinity: affinity)
            return offset ..< offset
        }
        let start = transform(range.lowerBound, affinity: .downstream)
        let end = max(start, transform(range.upperBound, affinity: .upstream))
        return start ..< end
    }
}
