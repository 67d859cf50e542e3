import Foundation
import _RopeModule

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
    var kept: ParagraphLayoutState?

    init(gap: Int, length: Int, height: Int) {
        self.gap = gap
        self.length = length
        self.height = height
    }
}

extension LayoutEntry: RopeElement {
    typealias Summary = LayoutSummary
    typealias Index = Int

    var summary: LayoutSummary {
        let isKept = kept != nil
        return LayoutSummary(
            paragraphs: 1, utf16: gap + length, height: height, kept: isKept ? 1 : 0,
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
