import Foundation
import _RopeModule

/// The document's paragraphs in a summarized B-tree: offset -> paragraph, paragraph -> offset
/// and replacing a run of paragraphs are O(log n).
struct ParagraphIndex: Sendable {
    private(set) var rope: Rope<ParagraphEntry>

    init(_ entries: some Sequence<ParagraphEntry>) {
        rope = Rope(entries)
    }

    private init(rope: Rope<ParagraphEntry>) {
        self.rope = rope
    }

    /// Builds an index one paragraph at a time, in order.
    struct Builder {
        private var builder = Rope<ParagraphEntry>.Builder()
        init() {}
        mutating func append(_ entry: ParagraphEntry) { builder.insertBeforeTip(entry) }
        mutating func finish() -> ParagraphIndex { ParagraphIndex(rope: builder.finalize()) }
    }

    var paragraphCount: Int { rope.summary.paragraphs }
    var utf16Length: Int { rope.summary.utf16 }

    /// The paragraph containing `offset` (start <= offset < end); at the end of the document,
    /// the last paragraph. Nil for an empty document or an offset out of bounds.
    func paragraph(containing offset: Int) -> ParagraphPosition? {
        let length = utf16Length
        guard offset >= 0, offset <= length, paragraphCount > 0 else { return nil }
        if offset == length { return paragraph(at: paragraphCount - 1) }
        let (index, remaining) = rope.find(at: offset, in: UTF16Metric(), preferEnd: false)
        let ordinal = rope.offset(of: index, in: ParagraphMetric())
        return ParagraphPosition(ordinal: ordinal, start: offset - remaining, entry: rope[index])
    }

    /// The paragraph with the given ordinal, or nil out of bounds.
    func paragraph(at ordinal: Int) -> ParagraphPosition? {
        guard ordinal >= 0, ordinal < paragraphCount else { return nil }
        let (index, _) = rope.find(at: ordinal, in: ParagraphMetric(), preferEnd: false)
        let start = rope.offset(of: index, in: UTF16Metric())
        return ParagraphPosition(ordinal: ordinal, start: start, entry: rope[index])
    }

    /// Calls `body` with consecutive paragraphs from `ordinal`, forward or backward, until it
    /// returns false. Each step costs O(1) amortized.
    func forEach(from ordinal: Int, reverse: Bool, _ body: (ParagraphPosition) -> Bool) {
        guard var position = paragraph(at: ordinal) else { return }
        var (index, _) = rope.find(at: ordinal, in: ParagraphMetric(), preferEnd: false)
        while body(position) {
            if reverse {
                guard position.ordinal > 0 else { return }
                rope.formIndex(before: &index)
                let entry = rope[index]
                position = ParagraphPosition(
                    ordinal: position.ordinal - 1, start: position.start - entry.utf16Length, entry: entry)
            } else {
                rope.formIndex(after: &index)
                guard index != rope.endIndex else { return }
                position = ParagraphPosition(ordinal: position.ordinal + 1, start: position.end, entry: rope[index])
            }
        }
    }

    /// Replaces paragraphs `ordinals` with `entries`.
    mutating func replace(_ ordinals: Range<Int>, with entries: [ParagraphEntry]) {
        if ordinals.count == 1, entries.count == 1 {
            var (index, _) = rope.find(at: ordinals.lowerBound, in: ParagraphMetric(), preferEnd: false)
            rope.update(at: &index) { $0 = entries[0] }
            return
        }
        rope.replaceSubrange(ordinals, in: ParagraphMetric(), with: entries)
    }

    /// Paragraphs `ordinals` as an index of their own, sharing this one's nodes: O(log n).
    /// (A copy with the rest removed: the rope's `extract` cuts atoms at the wrong edge.)
    func extract(_ ordinals: Range<Int>) -> ParagraphIndex {
        var copy = rope
        let count = paragraphCount
        if ordinals.upperBound < count { copy.removeSubrange(ordinals.upperBound ..< count, in: ParagraphMetric()) }
        if ordinals.lowerBound > 0 { copy.removeSubrange(0 ..< ordinals.lowerBound, in: ParagraphMetric()) }
        return ParagraphIndex(rope: copy)
    }

    /// Puts the paragraphs of `other` before paragraph `ordinal` (at the end for
    /// `paragraphCount`): O(log n), their nodes shared.
    mutating func insert(_ other: ParagraphIndex, at ordinal: Int) {
        let before = extract(0 ..< ordinal), after = extract(ordinal ..< paragraphCount)
        rope = Rope.join(Rope.join(before.rope, other.rope), after.rope)
    }
}
