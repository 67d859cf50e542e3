import Foundation
import _RopeModule

/// What a layout manager keeps of one paragraph it has laid out. A class so that the tree's
/// entries stay small: most paragraphs of a large document keep nothing but their height.
final class KeptLayout {
    /// The fragment, possibly at a stale position or with a stale element (the manager moves it
    /// when it is next asked for).
    var fragment: TextLayoutFragment?
    /// The paragraph's shaping, kept across container changes.
    var shaped: ShapedParagraph?
    /// After edits inside the paragraph: its shaping before, and the edits, so that only the
    /// words the edits touched are shaped again.
    var previous: (shaped: ShapedParagraph, edits: [ParagraphEdit])?
    /// Rendering attributes set on the fragment (see `TextLayoutManager.setRenderingAttributes`).
    var renderingAttributes: RenderingAttributeRuns?

    init(fragment: TextLayoutFragment? = nil, shaped: ShapedParagraph? = nil, previous: (shaped: ShapedParagraph, edits: [ParagraphEdit])? = nil) {
        self.fragment = fragment
        self.shaped = shaped
        self.previous = previous
    }
}

/// One paragraph the layout manager shows, as an element of its tree.
struct LayoutEntry {
    /// UTF-16 units of hidden paragraphs between the entry before and this one.
    var gap: Int
    /// The paragraph's UTF-16 length, separator included.
    var length: Int
    /// Its height in `LayoutHeight` units: measured once laid out, estimated before.
    var height: Int
    /// Whether `height` was measured (the paragraph has been laid out at the current geometry).
    var isMeasured = false
    /// Whether the paragraph must be laid out again (from its kept shaping when there is one).
    var needsLayout = true
    /// Its fragment and shaping, while the manager keeps them (see `TextLayoutManager.keptLayoutLimit`).
    var kept: KeptLayout?

    init(gap: Int, length: Int, height: Int) {
        self.gap = gap
        self.length = length
        self.height = height
    }
}

/// Heights in the tree are whole multiples of 2⁻²⁰ point: sums of them are exact, so a
/// paragraph's y is the same whichever way it is added up. Resolution is about a millionth of a
/// point.
///
/// Two bounds keep every sum inside `Int`. A paragraph counts for at most 10¹² points (a 2 GB
/// paragraph one character to a line is about 3 × 10¹⁰), and the whole tree for at most
/// `maximumTotalUnits`, about 4.4 × 10¹² points: seventeen thousand times a 1 GB file of
/// one-line paragraphs at 13 points (2.5 × 10⁸). The tree clamps a height that would take the
/// total past it (only absurd styles get there, say 10¹² points of spacing on every paragraph),
/// so no sum can trap. Document positions are converted without the paragraph bound.
enum LayoutHeight {
    static let scale: CGFloat = 1_048_576
    /// The most one paragraph counts for, in points.
    static let maximumParagraphPoints: CGFloat = 1e12
    /// The most the whole tree counts for, in units.
    static let maximumTotalUnits = Int.max / 2

    /// A paragraph's height in units: 0 for NaN or negative, at most `maximumParagraphPoints`.
    static func units(_ points: CGFloat) -> Int {
        guard points.isFinite, points > 0 else { return 0 }
        return Int((min(points, maximumParagraphPoints) * scale).rounded())
    }

    /// A document position in units, clamped to `0 ... maximumTotalUnits` (NaN counts as 0).
    static func position(_ y: CGFloat) -> Int {
        guard y > 0 else { return 0 }
        let scaled = (y * scale).rounded()
        return scaled < CGFloat(maximumTotalUnits) ? Int(scaled) : maximumTotalUnits
    }

    static func points(_ units: Int) -> CGFloat { CGFloat(units) / scale }
}

/// The tree's summary of a subtree.
struct LayoutSummary: RopeSummary {
    var paragraphs: Int
    /// UTF-16 units, hidden gaps included.
    var utf16: Int
    var height: Int
    /// Paragraphs with a kept layout, and their UTF-16 length.
    var kept: Int
    var keptUTF16: Int
    /// Paragraphs whose height is measured.
    var measured: Int

    static var maxNodeSize: Int { 32 }
    static var zero: LayoutSummary { LayoutSummary(paragraphs: 0, utf16: 0, height: 0, kept: 0, keptUTF16: 0, measured: 0) }
    var isZero: Bool { paragraphs == 0 && utf16 == 0 && height == 0 && kept == 0 && keptUTF16 == 0 && measured == 0 }

    mutating func add(_ other: LayoutSummary) {
        paragraphs += other.paragraphs
        utf16 += other.utf16
        height += other.height
        kept += other.kept
        keptUTF16 += other.keptUTF16
        measured += other.measured
    }

    mutating func subtract(_ other: LayoutSummary) {
        paragraphs -= other.paragraphs
        utf16 -= other.utf16
        height -= other.height
        kept -= other.kept
        keptUTF16 -= other.keptUTF16
        measured -= other.measured
    }
}

extension LayoutEntry: RopeElement {
    typealias Summary = LayoutSummary
    typealias Index = Int

    var summary: LayoutSummary {
        let isKept = kept != nil
        return LayoutSummary(paragraphs: 1, utf16: gap + length, height: height, kept: isKept ? 1 : 0,
                             keptUTF16: isKept ? length : 0, measured: isMeasured ? 1 : 0)
    }

    /// Every paragraph has a length (its separator at least, or its text); only the tree's
    /// discarded pieces are empty.
    var isEmpty: Bool { gap + length == 0 }
    // Paragraphs are atoms: the tree never merges or splits them.
    var isUndersized: Bool { false }
    func invariantCheck() {}
    mutating func rebalance(nextNeighbor right: inout LayoutEntry) -> Bool { false }
    /// The tree splits items at the edges of a replaced range; for atoms those are the start
    /// (everything moves to the new item) or the end (nothing does).
    mutating func split(at index: Int) -> LayoutEntry {
        if index <= 0 {
            let whole = self
            self = LayoutEntry(gap: 0, length: 0, height: 0)
            return whole
        }
        return LayoutEntry(gap: 0, length: 0, height: 0)
    }
}

/// Measures the tree in paragraphs.
struct LayoutParagraphMetric: RopeMetric {
    typealias Element = LayoutEntry
    func size(of summary: LayoutSummary) -> Int { summary.paragraphs }
    func index(at offset: Int, in element: LayoutEntry) -> Int { offset < 1 ? 0 : 1 }
}

/// Measures the tree in UTF-16 units (hidden gaps included).
struct LayoutUTF16Metric: RopeMetric {
    typealias Element = LayoutEntry
    func size(of summary: LayoutSummary) -> Int { summary.utf16 }
    func index(at offset: Int, in element: LayoutEntry) -> Int { offset < element.gap + element.length ? 0 : 1 }
}

/// Measures the tree in height units.
struct LayoutHeightMetric: RopeMetric {
    typealias Element = LayoutEntry
    func size(of summary: LayoutSummary) -> Int { summary.height }
    func index(at offset: Int, in element: LayoutEntry) -> Int { offset < element.height ? 0 : 1 }
}

/// Measures the tree in kept layouts: finds the first and last paragraph that keeps one.
struct LayoutKeptMetric: RopeMetric {
    typealias Element = LayoutEntry
    func size(of summary: LayoutSummary) -> Int { summary.kept }
    func index(at offset: Int, in element: LayoutEntry) -> Int { offset < (element.kept == nil ? 0 : 1) ? 0 : 1 }
}

/// An entry found in the tree, with where it is.
struct LayoutPosition {
    let ordinal: Int
    /// The paragraph's UTF-16 range in the document (its hidden gap excluded).
    let range: Range<Int>
    /// Its top, in `LayoutHeight` units.
    let top: Int
    let entry: LayoutEntry

    var y: CGFloat { LayoutHeight.points(top) }
    var bottom: Int { top + entry.height }
}

/// The paragraphs a layout manager shows, in a summarized B-tree: offset -> paragraph,
/// y -> paragraph, paragraph -> offset and y, and replacing a run of paragraphs are O(log n).
struct LayoutIndex {
    private(set) var rope = Rope<LayoutEntry>()

    init() {}

    init(_ entries: some Sequence<LayoutEntry>) {
        rope = Rope(entries)
    }

    private init(rope: Rope<LayoutEntry>) {
        self.rope = rope
    }

    /// Builds a tree one entry at a time, in order, with no array in between.
    struct Builder {
        private var builder = Rope<LayoutEntry>.Builder()
        private var total = 0
        mutating func append(_ entry: LayoutEntry) {
            var entry = entry
            entry.height = min(entry.height, LayoutHeight.maximumTotalUnits - total)
            total += entry.height
            builder.insertBeforeTip(entry)
        }
        mutating func finish() -> LayoutIndex { LayoutIndex(rope: builder.finalize()) }
    }

    var count: Int { rope.summary.paragraphs }
    var isEmpty: Bool { rope.isEmpty }
    var summary: LayoutSummary { rope.summary }
    var totalHeight: CGFloat { LayoutHeight.points(rope.summary.height) }

    /// The entry with ordinal `ordinal`, or nil out of bounds.
    func position(at ordinal: Int) -> LayoutPosition? {
        guard ordinal >= 0, ordinal < count else { return nil }
        let (index, _) = rope.find(at: ordinal, in: LayoutParagraphMetric(), preferEnd: false)
        return position(of: index, ordinal: ordinal)
    }

    /// The entry whose extent (hidden gap before it, then the paragraph) holds `offset`; at or
    /// past the end, nil.
    func position(containingOffset offset: Int) -> LayoutPosition? {
        guard offset >= 0, offset < rope.summary.utf16 else { return nil }
        let (index, _) = rope.find(at: offset, in: LayoutUTF16Metric(), preferEnd: false)
        return position(of: index, ordinal: rope.offset(of: index, in: LayoutParagraphMetric()))
    }

    /// The entry whose band of the container holds `y` (points); above the first, the first;
    /// below the last, the last; nil when empty or for NaN.
    func position(atY y: CGFloat) -> LayoutPosition? {
        guard !isEmpty, !y.isNaN else { return nil }
        let units = min(LayoutHeight.position(y), max(0, rope.summary.height - 1))
        var (index, _) = rope.find(at: units, in: LayoutHeightMetric(), preferEnd: false)
        if index == rope.endIndex { index = rope.index(before: rope.endIndex) }
        return position(of: index, ordinal: rope.offset(of: index, in: LayoutParagraphMetric()))
    }

    /// The entry with ordinal `ordinal` and a cursor at it (one search for both).
    func positionAndCursor(at ordinal: Int) -> (LayoutPosition, Cursor)? {
        guard ordinal >= 0, ordinal < count else { return nil }
        let (index, _) = rope.find(at: ordinal, in: LayoutParagraphMetric(), preferEnd: false)
        return (position(of: index, ordinal: ordinal), index)
    }

    /// The ordinal and paragraph range of the entry whose extent holds `offset`, without its y
    /// (one tree walk fewer than `position(containingOffset:)`).
    func ordinalAndRange(containingOffset offset: Int) -> (ordinal: Int, range: Range<Int>)? {
        guard offset >= 0, offset < rope.summary.utf16 else { return nil }
        let (index, remaining) = rope.find(at: offset, in: LayoutUTF16Metric(), preferEnd: false)
        let entry = rope[index]
        let start = offset - remaining + entry.gap
        return (rope.offset(of: index, in: LayoutParagraphMetric()), start ..< start + entry.length)
    }

    /// The ordinal of the `rank`-th paragraph that keeps a layout (0 is the first).
    func ordinalOfKept(_ rank: Int) -> Int? {
        guard rank >= 0, rank < rope.summary.kept else { return nil }
        let (index, _) = rope.find(at: rank, in: LayoutKeptMetric(), preferEnd: false)
        return rope.offset(of: index, in: LayoutParagraphMetric())
    }

    private func position(of index: Rope<LayoutEntry>.Index, ordinal: Int) -> LayoutPosition {
        let entry = rope[index]
        let start = rope.offset(of: index, in: LayoutUTF16Metric()) + entry.gap
        return LayoutPosition(ordinal: ordinal, range: start ..< start + entry.length,
                              top: rope.offset(of: index, in: LayoutHeightMetric()), entry: entry)
    }

    /// Calls `body` with entries from `ordinal` forward, each at its place, until it returns false.
    func forEach(from ordinal: Int, _ body: (LayoutPosition) -> Bool) {
        guard var position = position(at: ordinal) else { return }
        var (index, _) = rope.find(at: ordinal, in: LayoutParagraphMetric(), preferEnd: false)
        while body(position) {
            rope.formIndex(after: &index)
            guard index != rope.endIndex else { return }
            let entry = rope[index]
            let start = position.range.upperBound + entry.gap
            position = LayoutPosition(ordinal: position.ordinal + 1, range: start ..< start + entry.length, top: position.bottom, entry: entry)
        }
    }

    /// A place in the tree for walking it entry by entry, O(1) a step; any change to the tree
    /// but `update(at:_:)` through the cursor itself invalidates it.
    typealias Cursor = Rope<LayoutEntry>.Index

    func cursor(at ordinal: Int) -> Cursor {
        rope.find(at: ordinal, in: LayoutParagraphMetric(), preferEnd: false).index
    }

    func isEnd(_ cursor: Cursor) -> Bool { cursor == rope.endIndex }

    func advance(_ cursor: inout Cursor) { rope.formIndex(after: &cursor) }

    func retreat(_ cursor: inout Cursor) { rope.formIndex(before: &cursor) }

    func isValid(_ cursor: Cursor) -> Bool { rope.isValid(cursor) }

    func entry(at cursor: Cursor) -> LayoutEntry { rope[cursor] }

    /// Changes the entry at `cursor` in place, keeping the cursor valid.
    mutating func update<R>(at cursor: inout Cursor, _ body: (inout LayoutEntry) -> R) -> R {
        let total = rope.summary.height
        return rope.update(at: &cursor) { entry in
            let others = total - entry.height
            let result = body(&entry)
            entry.height = min(entry.height, LayoutHeight.maximumTotalUnits - others)
            return result
        }
    }

    /// Changes entry `ordinal` in place.
    @discardableResult
    mutating func update<R>(at ordinal: Int, _ body: (inout LayoutEntry) -> R) -> R {
        var index = cursor(at: ordinal)
        return update(at: &index, body)
    }

    /// Changes every entry in place, in order.
    mutating func updateAll(_ body: (inout LayoutEntry) -> Void) {
        var total = 0
        rope.mutatingForEach { entry -> Void? in
            body(&entry)
            entry.height = min(entry.height, LayoutHeight.maximumTotalUnits - total)
            total += entry.height
            return nil
        }
    }

    /// Replaces entries `ordinals` with `entries`.
    mutating func replace(_ ordinals: Range<Int>, with entries: [LayoutEntry]) {
        if ordinals.count == 1, entries.count == 1 {
            update(at: ordinals.lowerBound) { $0 = entries[0] }
            return
        }
        // What the entries replaced held, from their tops; the rest stays.
        let top = position(at: ordinals.lowerBound)?.top ?? rope.summary.height
        let bottom = position(at: ordinals.upperBound)?.top ?? rope.summary.height
        var total = rope.summary.height - (bottom - top)
        var clamped = entries
        for index in clamped.indices {
            clamped[index].height = min(clamped[index].height, LayoutHeight.maximumTotalUnits - total)
            total += clamped[index].height
        }
        rope.replaceSubrange(ordinals, in: LayoutParagraphMetric(), with: clamped)
    }
}
