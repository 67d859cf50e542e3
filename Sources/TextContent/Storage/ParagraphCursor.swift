import Foundation
import _RopeModule

/// Finds the paragraphs holding offsets that come in ascending order, stepping from one to the
/// next instead of searching the tree for each: what a replace-all's many ranges need (the
/// steps between two matches are fewer than a search's levels). It holds its own copy of the
/// index, so the storage must not be changed while it is used.
struct ParagraphCursor {
    private let paragraphs: ParagraphIndex
    private var index: Rope<ParagraphEntry>.Index
    /// The paragraph at `index`: its ordinal and UTF-16 extent (ordinal -1 before the first search).
    private var ordinal = -1, start = 0, end = 0

    /// More steps than this search the tree instead.
    private static let stepLimit = 32

    init(_ paragraphs: ParagraphIndex) {
        self.paragraphs = paragraphs
        index = paragraphs.rope.startIndex
    }

    /// The paragraph containing `offset` (start <= offset < end; at the end of the document,
    /// the last), as `ParagraphIndex.paragraph(containing:)` finds it. Nil out of bounds.
    mutating func paragraph(containing offset: Int) -> ParagraphPosition? {
        if ordinal >= 0, offset >= start, step(to: offset) {
            return ParagraphPosition(ordinal: ordinal, start: start, entry: paragraphs.rope[index])
        }
        guard let found = paragraphs.paragraphAndIndex(containing: offset) else {
            ordinal = -1
            return nil
        }
        index = found.index
        (ordinal, start, end) = (found.position.ordinal, found.position.start, found.position.end)
        return found.position
    }

    /// Steps forward to the paragraph holding `offset` (at or after the current one's start),
    /// true when found within `stepLimit` steps.
    private mutating func step(to offset: Int) -> Bool {
        let last = paragraphs.paragraphCount - 1
        for _ in 0 ... Self.stepLimit {
            if offset < end || (offset == end && ordinal == last) { return true }
            guard ordinal < last else { return false }
            paragraphs.rope.formIndex(after: &index)
            (ordinal, start) = (ordinal + 1, end)
            end = start + paragraphs.rope[index].utf16Length
        }
        return false
    }
}
