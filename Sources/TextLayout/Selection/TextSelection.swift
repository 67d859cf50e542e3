import Foundation
@_spi(Layout) import TextContent

/// A selection: one or more ranges of text, or an insertion point, with what moving it needs to
/// remember. TextKit's `NSTextSelection`, as a value.
///
/// The ranges are kept sorted and never overlap (several carets or ranges: multiple cursors);
/// ranges that overlap or touch are merged, as TextKit merges them.
///
/// ```swift
/// let caret = TextSelection(storage.documentRange.location)
/// let words = TextSelection([first, second], granularity: .word)
/// ```
public struct TextSelection: Sendable, CustomStringConvertible {
    /// Which side of a line break or direction boundary an insertion point belongs to; for a
    /// range, which edge is not anchored (TextKit's `NSTextSelection.Affinity`).
    public typealias Affinity = TextLocationAffinity

    /// The unit a selection was made in, and extends by (TextKit's `NSTextSelection.Granularity`).
    public enum Granularity: Sendable, Equatable, CaseIterable {
        case character, word, sentence, paragraph, line
    }

    /// The ranges, sorted and disjoint; never empty (an insertion point is one empty range).
    public let textRanges: [TextRange]
    public let granularity: Granularity
    public let affinity: Affinity
    /// Whether the selection is being made (a drag): views draw it but do not act on it yet.
    public var isTransient = false
    /// The x, in container coordinates, that moving up and down keeps (the column a caret
    /// returns to after crossing a shorter line); nil until a vertical move sets it.
    public var anchorPositionOffset: CGFloat?
    /// The second caret position at a direction boundary, where one logical location shows in
    /// two places; setting it makes the selection not logical.
    public var secondarySelectionLocation: (any TextLocation)? {
        didSet { isLogical = secondarySelectionLocation == nil }
    }
    /// Whether the selection is defined by its logical ranges alone (no secondary location).
    public private(set) var isLogical = true
    /// What text typed at this selection takes.
    public var typingAttributes = AttributeContainer()

    /// A selection of `textRanges` (sorted and merged here); nil ranges are not allowed, so an
    /// empty array gives nil.
    public init?(_ textRanges: [TextRange], affinity: Affinity = .downstream, granularity: Granularity = .character) {
        guard !textRanges.isEmpty else { return nil }
        self.textRanges = Self.sortedAndMerged(textRanges)
        self.affinity = affinity
        self.granularity = granularity
    }

    /// A selection of one range.
    public init(range: TextRange, affinity: Affinity = .downstream, granularity: Granularity = .character) {
        textRanges = [range]
        self.affinity = affinity
        self.granularity = granularity
    }

    /// An insertion point at `location`.
    public init(_ location: any TextLocation, affinity: Affinity = .downstream) {
        self.init(range: TextRange(location: location), affinity: affinity)
    }

    /// The same selection with other ranges (TextKit's `textSelection(withTextRanges:)`); the
    /// typing attributes, the anchor offset and transience are kept.
    public func textSelection(with textRanges: [TextRange]) -> TextSelection? {
        guard var copy = TextSelection(textRanges, affinity: affinity, granularity: granularity) else { return nil }
        copy.isTransient = isTransient
        copy.anchorPositionOffset = anchorPositionOffset
        copy.typingAttributes = typingAttributes
        return copy
    }

    /// Whether every range is empty: the selection is one or more carets.
    public var isInsertionPoint: Bool { textRanges.allSatisfy(\.isEmpty) }

    public var description: String {
        "TextSelection(\(textRanges.map(\.description).joined(separator: ", ")), \(granularity), \(affinity))"
    }

    /// Ranges sorted by start; those that overlap or touch become one, and a caret inside or at
    /// the edge of a range is absorbed by it.
    static func sortedAndMerged(_ ranges: [TextRange]) -> [TextRange] {
        let sorted = ranges.sorted { a, b in
            let order = a.location.compare(b.location)
            return order == .orderedSame
                ? a.endLocation.compare(b.endLocation) == .orderedAscending : order == .orderedAscending
        }
        var merged: [TextRange] = []
        for range in sorted {
            if let last = merged.last, range.location.compare(last.endLocation) != .orderedDescending {
                merged[merged.count - 1] = last.union(range)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}
