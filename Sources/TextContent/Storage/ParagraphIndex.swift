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
    /// Whether every paragraph is ASCII (then no offset splits a surrogate pair).
    var isASCII: Bool { rope.summary.notASCII == 0 }
    /// Whether some paragraph may carry attributes.
    var hasAttributes: Bool { rope.summary.attributed > 0 }

    /// The paragraph containing `offset` (start <= offset < end); at the end of the document,
    /// the last paragraph. Nil for an empty document or an offset out of bounds.
    func paragraph(containing offset: Int) -> ParagraphPosition? {
        paragraphAndIndex(containing: offset)?.position
    }

    /// `paragraph(containing:)` and where it is in the tree, to step on from.
    func paragraphAndIndex(containing offset: Int) -> (position: ParagraphPosition, index: Rope<ParagraphEntry>.Index)?
    {
        let length = utf16Length
        guard offset >= 0, offset <= length, paragraphCount > 0 else { return nil }
        if offset == length {
            let index = rope.index(before: rope.endIndex)
            let entry = rope[index]
            return (
                ParagraphPosition(ordinal: paragraphCount - 1, start: length - entry.utf16Length, entry: entry), index
            )
        }
        let (index, remaining) = rope.find(at: offset, in: UTF16Metric(), preferEnd: false)
        let ordinal = rope.offset(of: index, in: ParagraphMetric())
        return (ParagraphPosition(ordinal: ordinal, start: offset - remaining, entry: rope[index]), index)
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

    /// Calls `body` with the offsets of consecutive paragraphs (separators included) from the one
    /// holding `offset`, until it returns false. Reads their lengths only, never copies an entry:
    /// a paragraph with attributes keeps its text in a box of its own, and a copy retains the box,
    /// a cache miss apiece (a layout index of 77,000 Markdown paragraphs took 30 ms).
    func forEachRange(fromParagraphContaining offset: Int, _ body: (Range<Int>) -> Bool) {
        guard let first = paragraph(containing: offset) else { return }
        var (index, _) = rope.find(at: first.ordinal, in: ParagraphMetric(), preferEnd: false)
        var start = first.start
        while index != rope.endIndex {
            let end = start + rope[index].utf16Length
            guard body(start ..< end) else { return }
            start = end
            rope.formIndex(after: &index)
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

    /// Puts each of `updates`' entries (ascending ordinals, each at most once, none empty) in
    /// place of the paragraph with its ordinal, in one walk from the first: O(log n + the
    /// paragraphs between the first and the last).
    mutating func update(_ updates: [(ordinal: Int, entry: ParagraphEntry)]) {
        guard let first = updates.first else { return }
        var (index, _) = rope.find(at: first.ordinal, in: ParagraphMetric(), preferEnd: false)
        var next = 0, ordinal = first.ordinal
        rope.mutatingForEach(from: &index) { entry -> Void? in
            if ordinal == updates[next].ordinal {
                entry = updates[next].entry
                next += 1
                if next == updates.count { return () }
            }
            ordinal += 1
            return nil
        }
    }

    /// Changes paragraphs in place from `ordinal` forward, in order, until `body` returns false
    /// (it must leave none empty): O(log n + the paragraphs visited).
    mutating func updateForward(from ordinal: Int, _ body: (inout ParagraphEntry) -> Bool) {
        guard ordinal >= 0, ordinal < paragraphCount else { return }
        var (index, _) = rope.find(at: ordinal, in: ParagraphMetric(), preferEnd: false)
        rope.mutatingForEach(from: &index) { entry -> Void? in body(&entry) ? nil : () }
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

    /// These paragraphs, then those of `other`: O(log n), their nodes shared.
    func appending(_ other: ParagraphIndex) -> ParagraphIndex {
        ParagraphIndex(rope: Rope.join(rope, other.rope))
    }

    /// Puts the paragraphs of `other` before paragraph `ordinal` (at the end for
    /// `paragraphCount`): O(log n), their nodes shared.
    mutating func insert(_ other: ParagraphIndex, at ordinal: Int) {
        let before = extract(0 ..< ordinal), after = extract(ordinal ..< paragraphCount)
        rope = Rope.join(Rope.join(before.rope, other.rope), after.rope)
    }
}
