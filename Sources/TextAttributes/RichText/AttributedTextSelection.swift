import Foundation

/// What is selected in an `AttributedString`: an insertion point (with the attributes the next
/// typed character takes) or one or more ranges of characters, possibly discontiguous, as
/// SwiftUI's rich-text editor has it.
///
/// A selection is given in `AttributedString` indices, or, when a text view hands it out, in
/// UTF-16 offsets (a view of a 100 MB document does not make an `AttributedString` to say what
/// is selected); either way `indices(in:)` gives indices of the text it is asked about, clamped
/// to that text. Edits through `transformAttributes(in:body:)`, `replaceSelection(_:with:)` and
/// `transform(updating:body:)` keep it on the same text.
///
/// ```swift
/// var text = AttributedString("Hello مرحبا")
/// let fifth = text.characters.index(text.startIndex, offsetBy: 5)
/// var selection = AttributedTextSelection(range: text.startIndex ..< fifth)
/// text.transformAttributes(in: &selection) { $0.underlineStyle = .single }
/// ```
public struct AttributedTextSelection: Hashable, Sendable {
    /// The indices of a selection in one text.
    public enum Indices: Equatable, Sendable {
        /// A caret before the character at this index (`endIndex`: after the last one).
        case insertionPoint(AttributedString.Index)
        /// The selected characters.
        case ranges(RangeSet<AttributedString.Index>)
    }

    enum Place: Equatable, Sendable {
        /// No place given: a caret at the end of whatever text it is asked about.
        case unspecified
        case insertionPoint(AttributedString.Index)
        case ranges(RangeSet<AttributedString.Index>)
        /// UTF-16 offsets, sorted, not overlapping; one empty range is an insertion point.
        case offsets([Range<Int>])
    }

    var place: Place
    /// The attributes the next typed character takes, when they were set rather than read
    /// from the text.
    public var typingAttributes: AttributeContainer?
    /// Which side of a caret the selection belongs to (SwiftUI's `.textSelectionAffinity`
    /// setting, here on the selection itself): at a caret between runs, typing takes the
    /// attributes of the text on that side. `.automatic` by default; `affinity(in:)` says
    /// what it resolves to.
    public var affinity: TextSelectionAffinity = .automatic

    /// A caret at the end of the text.
    public init() {
        place = .unspecified
    }

    /// A caret before `insertionPoint`; `typingAttributes` nil reads them from the text.
    public init(insertionPoint: AttributedString.Index, typingAttributes: AttributeContainer? = nil) {
        place = .insertionPoint(insertionPoint)
        self.typingAttributes = typingAttributes
    }

    /// The characters of `range` (an empty range is an insertion point).
    public init(range: Range<AttributedString.Index>) {
        place = range.isEmpty ? .insertionPoint(range.lowerBound) : .ranges(RangeSet(range))
    }

    /// The characters of `ranges`, which may be discontiguous.
    public init(ranges: RangeSet<AttributedString.Index>) {
        place = ranges.isEmpty ? .unspecified : .ranges(ranges)
    }

    /// The UTF-16 offsets `offsets` (sorted, merged where they meet); an empty range alone is an
    /// insertion point. What a text view hands out.
    public init(utf16Offsets offsets: [Range<Int>], typingAttributes: AttributeContainer? = nil) {
        place = .offsets(Self.normalized(offsets))
        self.typingAttributes = typingAttributes
    }

    /// The selection's UTF-16 offsets when it was given in offsets (as a text view hands it out).
    public var givenUTF16Offsets: [Range<Int>]? {
        if case .offsets(let offsets) = place { return offsets }
        return nil
    }

    /// Whether the selection is a caret rather than characters.
    public var isInsertionPoint: Bool {
        switch place {
        case .unspecified, .insertionPoint: return true
        case .ranges(let ranges): return ranges.isEmpty
        case .offsets(let offsets): return offsets.allSatisfy(\.isEmpty)
        }
    }

    /// The selection's indices in `text`, clamped to it (a selection made for longer text ends
    /// at its end).
    public func indices(in text: AttributedString) -> Indices {
        func clamped(_ index: AttributedString.Index) -> AttributedString.Index { min(index, text.endIndex) }
        switch place {
        case .unspecified:
            return .insertionPoint(text.endIndex)
        case .insertionPoint(let index):
            return .insertionPoint(clamped(index))
        case .ranges(let ranges):
            let kept = RangeSet(
                ranges.ranges.map { clamped($0.lowerBound) ..< clamped($0.upperBound) }.filter { !$0.isEmpty })
            return kept.isEmpty
                ? .insertionPoint(clamped(ranges.ranges.first?.lowerBound ?? text.endIndex)) : .ranges(kept)
        case .offsets(let offsets):
            let length = text.utf16.count
            func index(_ offset: Int) -> AttributedString.Index {
                text.utf16.index(text.startIndex, offsetBy: min(max(0, offset), length))
            }
            let ranges = offsets.filter { !$0.isEmpty }.map { index($0.lowerBound) ..< index($0.upperBound) }.filter {
                !$0.isEmpty
            }
            return ranges.isEmpty
                ? .insertionPoint(index(offsets.first?.lowerBound ?? length)) : .ranges(RangeSet(ranges))
        }
    }

    /// The selection in UTF-16 offsets of `text`.
    public func utf16Offsets(in text: AttributedString) -> [Range<Int>] {
        if case .offsets(let offsets) = place {
            return offsets.map { min($0.lowerBound, text.utf16.count) ..< min($0.upperBound, text.utf16.count) }
        }
        func offset(_ index: AttributedString.Index) -> Int { text.utf16.distance(from: text.startIndex, to: index) }
        switch indices(in: text) {
        case .insertionPoint(let index):
            let caret = offset(index)
            return [caret ..< caret]
        case .ranges(let ranges):
            return ranges.ranges.map { offset($0.lowerBound) ..< offset($0.upperBound) }
        }
    }

    /// The attributes of every run the selection covers, fully or partly, or its typing
    /// attributes at an insertion point: what a toolbar shows.
    ///
    /// ```swift
    /// selection.attributes(in: text)[\.underlineStyle].contains(.single)
    /// ```
    public func attributes(in text: AttributedString) -> Attributes {
        switch indices(in: text) {
        case .insertionPoint:
            return Attributes(containers: [typingAttributes(in: text)])
        case .ranges(let ranges):
            var containers: [AttributeContainer] = []
            for range in ranges.ranges {
                for run in text[range].runs { containers.append(run.attributes) }
            }
            return Attributes(containers: containers)
        }
    }

    /// The attributes the next typed character takes: those set on the selection, else those of
    /// the first selected character, or at a caret those of the side its affinity gives (see
    /// `affinity(in:)`: the character before it, or with `.downstream` the one after it in
    /// the same paragraph), keeping only attributes typed text inherits.
    public func typingAttributes(in text: AttributedString) -> AttributeContainer {
        if let typingAttributes { return typingAttributes }
        switch indices(in: text) {
        case .ranges(let ranges):
            return text.typingAttributes(at: ranges.ranges[0])
        case .insertionPoint(let caret):
            guard caret < text.endIndex else { return text.typingAttributes(at: caret ..< caret) }
            // At a paragraph's start, the paragraph's own; elsewhere the side the affinity gives.
            let atParagraphStart =
                caret == text.startIndex
                || Self.isParagraphSeparator(text.unicodeScalars[text.unicodeScalars.index(before: caret)])
            if atParagraphStart
                || (affinity(in: text) == .downstream && !Self.isParagraphSeparator(text.unicodeScalars[caret]))
            {
                return text.runs[caret].attributes.filter(inheritedByAddedText: true)
            }
            return text.typingAttributes(at: caret ..< caret)
        }
    }

    /// The selection's affinity in `text`, `.automatic` resolved. A caret at the start of a
    /// paragraph (or of the text) is downstream: it begins the text after it. A caret elsewhere
    /// is upstream: it continues the text before it, as typing does in TextKit. A range is
    /// downstream (its moving end is its end). An affinity that was set is given as set.
    public func affinity(in text: AttributedString) -> TextSelectionAffinity {
        guard affinity == .automatic else { return affinity }
        guard case .insertionPoint(let caret) = indices(in: text) else { return .downstream }
        guard caret > text.startIndex else { return .downstream }
        let before = text.unicodeScalars[text.unicodeScalars.index(before: caret)]
        return Self.isParagraphSeparator(before) ? .downstream : .upstream
    }

    static func isParagraphSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar == "\u{2029}"
    }

    public static func == (left: Self, right: Self) -> Bool {
        left.place == right.place && left.typingAttributes == right.typingAttributes && left.affinity == right.affinity
    }

    /// Hashes what equal selections share cheaply (indices are not hashable).
    public func hash(into hasher: inout Hasher) {
        switch place {
        case .unspecified: hasher.combine(0)
        case .insertionPoint: hasher.combine(1)
        case .ranges(let ranges): hasher.combine(2); hasher.combine(ranges.ranges.count)
        case .offsets(let offsets): hasher.combine(3); hasher.combine(offsets)
        }
    }

    /// Sorted, non-empty ranges merged where they meet or overlap; a lone empty range (a caret) kept.
    static func normalized(_ ranges: [Range<Int>]) -> [Range<Int>] {
        let nonEmpty = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
        guard !nonEmpty.isEmpty else {
            return ranges.first.map { [max(0, $0.lowerBound) ..< max(0, $0.lowerBound)] } ?? []
        }
        var merged: [Range<Int>] = []
        for range in nonEmpty {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound ..< max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }
}

extension AttributedTextSelection {
    /// The attribute values a selection has in a text: one container for each run it covers
    /// (or its typing attributes at a caret); a key path gives one attribute's values.
    public struct Attributes: Sequence, Sendable {
        let containers: [AttributeContainer]

        public func makeIterator() -> IndexingIterator<[AttributeContainer]> { containers.makeIterator() }

        /// The values of one attribute, one for each run of it (nil for a run without it): a
        /// selection all bold in two fonts' runs has one value.
        public subscript<K: AttributedStringKey>(_ keyPath: KeyPath<AttributeDynamicLookup, K>) -> [K.Value?]
        where K.Value: Sendable {
            var values: [K.Value?] = []
            for container in containers where values.isEmpty || values[values.count - 1] != container[K.self] {
                values.append(container[K.self])
            }
            return values
        }
    }
}
