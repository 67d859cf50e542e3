import Foundation
import _RopeModule

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

    /// The ordinal of the entry `position(atY:)` finds, without its offsets and top (two tree
    /// walks fewer).
    func ordinal(atY y: CGFloat) -> Int? {
        guard !isEmpty, !y.isNaN else { return nil }
        let units = min(LayoutHeight.position(y), max(0, rope.summary.height - 1))
        var (index, _) = rope.find(at: units, in: LayoutHeightMetric(), preferEnd: false)
        if index == rope.endIndex { index = rope.index(before: rope.endIndex) }
        return rope.offset(of: index, in: LayoutParagraphMetric())
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
        return LayoutPosition(
            ordinal: ordinal, range: start ..< start + entry.length,
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
            position = LayoutPosition(
                ordinal: position.ordinal + 1, range: start ..< start + entry.length, top: position.bottom, entry: entry
            )
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

    /// Changes entries in place from `ordinal` forward, in order, until `body` returns false;
    /// `body` must not change heights (they are not clamped here).
    mutating func updateForward(from ordinal: Int, _ body: (inout LayoutEntry) -> Bool) {
        guard ordinal >= 0, ordinal < count else { return }
        var index = cursor(at: ordinal)
        rope.mutatingForEach(from: &index) { entry -> Void? in body(&entry) ? nil : () }
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
