import Foundation
import TextContent
import TextLayout

/// Arithmetic on positions, as UIKit's `UITextInput` has it: positions are UTF-16 offsets and
/// text ranges `NSRange`s.
extension TextView {
    /// The range between `fromPosition` and `toPosition`, in either order; nil when either is
    /// outside the document.
    ///
    /// ```swift
    /// view.textRange(from: 5, to: 2)   // {2, 3}
    /// ```
    public func textRange(from fromPosition: Int, to toPosition: Int) -> NSRange? {
        let length = textContentStorage.utf16Length
        guard (0 ... length).contains(fromPosition), (0 ... length).contains(toPosition) else { return nil }
        let lower = min(fromPosition, toPosition)
        return NSRange(location: lower, length: max(fromPosition, toPosition) - lower)
    }

    /// `.orderedAscending` when `position` comes before `other`, `.orderedDescending` when after,
    /// `.orderedSame` when they are one.
    public func compare(_ position: Int, to other: Int) -> ComparisonResult {
        position == other ? .orderedSame : (position < other ? .orderedAscending : .orderedDescending)
    }

    /// UTF-16 units from `from` to `toPosition`: negative when `toPosition` comes first. A
    /// position outside the document counts as its nearer end (so no subtraction overflows).
    public func offset(from: Int, to toPosition: Int) -> Int {
        let length = textContentStorage.utf16Length
        return min(max(0, toPosition), length) - min(max(0, from), length)
    }

    /// `offset` moved by `by` UTF-16 units; nil outside the document.
    public func position(from offset: Int, offset by: Int) -> Int? {
        let (target, overflow) = offset.addingReportingOverflow(by)
        guard !overflow, target >= 0, target <= textContentStorage.utf16Length else { return nil }
        return target
    }

    /// `offset` moved `count` characters (grapheme clusters) in `direction` on screen or in
    /// logical order (lines for up and down), as navigation moves a caret; nil when it cannot
    /// move that far (the offset runs past the text, as UIKit's `position(from:in:offset:)`),
    /// for a negative count, or for an offset outside the text.
    public func position(from offset: Int, in direction: TextSelectionNavigation.Direction, offset count: Int) -> Int? {
        let length = textContentStorage.utf16Length
        guard offset >= 0, offset <= length, count >= 0,
            var selection = textContentStorage.textRange(for: offset ..< offset).map({ TextSelection(range: $0) })
        else { return nil }
        // A caret has at most two places an offset (its two affinities), and a walk one way never
        // comes back to one: more steps than places cannot all move.
        guard count <= 2 * (length + 1) else { return nil }
        for _ in 0 ..< count {
            guard
                let next = textLayoutManager.textSelectionNavigation.destinationSelection(
                    for: selection, direction: direction, destination: .character, extending: false, confined: false),
                next.textRanges != selection.textRanges || next.affinity != selection.affinity
            else { return nil }
            selection = next
        }
        return try? textContentStorage.offset(of: selection.textRanges[0].location)
    }

    /// The resolved direction of the paragraph at `offset`.
    public func baseWritingDirection(for offset: Int) -> TextSelectionNavigation.WritingDirection {
        guard
            let location = textContentStorage.textRange(
                for: min(max(0, offset), textContentStorage.utf16Length)
                    ..< min(max(0, offset), textContentStorage.utf16Length))?.location
        else { return .leftToRight }
        return textLayoutManager.baseWritingDirection(at: location)
    }

    /// The resolved direction of the paragraph holding the character after `position`
    /// (forward) or before it (backward): UIKit's `baseWritingDirection(for:in:)`. Going backward
    /// from a paragraph's start, the paragraph before; a position outside the document is taken
    /// at its nearest end; left to right in an empty document.
    ///
    /// ```swift
    /// // "abc\nשלום": at 4, the Hebrew paragraph forward, the English one backward.
    /// view.baseWritingDirection(for: 4, in: .backward)   // .leftToRight
    /// ```
    public func baseWritingDirection(
        for position: Int, in direction: TextStorageDirection
    ) -> TextSelectionNavigation.WritingDirection {
        let clamped = min(max(0, position), textContentStorage.utf16Length)
        return baseWritingDirection(for: direction == .backward && clamped > 0 ? clamped - 1 : clamped)
    }

    /// Whether there is any text (UIKit's `hasText`).
    public var hasText: Bool { textContentStorage.utf16Length > 0 }

    /// The first position of the document: 0 (UIKit's `beginningOfDocument`).
    public var beginningOfDocument: Int { 0 }

    /// The last position of the document: its length in UTF-16 units (UIKit's `endOfDocument`).
    public var endOfDocument: Int { textContentStorage.utf16Length }

    /// The position of `range` farthest in `direction` (UIKit's `position(within:farthestIn:)`):
    /// its end going forward or down, its start going backward or up; going right or left, the
    /// end where the text at the range's start reads that way (right in a left-to-right
    /// paragraph, left in a right-to-left one), else the start. Nil for a range not in the
    /// document (`NSNotFound`, negative, overflowing, past the end).
    ///
    /// ```swift
    /// view.position(within: NSRange(location: 2, length: 3), farthestIn: .right)   // 5 in English, 2 in Hebrew
    /// ```
    public func position(within range: NSRange, farthestIn direction: TextSelectionNavigation.Direction) -> Int? {
        guard let offsets = offsets(of: range) else { return nil }
        switch direction {
        case .forward, .down: return offsets.upperBound
        case .backward, .up: return offsets.lowerBound
        case .right, .left:
            let readsThatWay = (direction == .right) == (baseWritingDirection(for: offsets.lowerBound) == .leftToRight)
            return readsThatWay ? offsets.upperBound : offsets.lowerBound
        }
    }

    /// The characters from `position` one step in `direction` (UIKit's
    /// `characterRange(byExtending:in:)`): going right or left, the character (grapheme
    /// cluster) shown on that side of the caret at `position` (in mixed-direction text not
    /// always the one before or after it in the text); going forward or backward, the one
    /// after or before it in the text; going up or down, the text to where the caret moves on
    /// the line above or below. An empty range at `position` when nothing lies that way (the
    /// document's edge, a line's end); nil for a position outside the document.
    ///
    /// ```swift
    /// view.characterRange(byExtending: 0, in: .forward)   // {0, 1} for "abc"; {0, 2} for "👍x"
    /// ```
    public func characterRange(byExtending position: Int, in direction: TextSelectionNavigation.Direction) -> NSRange? {
        guard (0 ... textContentStorage.utf16Length).contains(position) else { return nil }
        switch direction {
        case .left, .right:
            let caret = caretRect(for: position)
            let side = CGPoint(x: direction == .right ? caret.minX + 0.5 : caret.minX - 0.5, y: caret.midY)
            guard !caret.isNull, let shown = grapheme(at: side) else { return NSRange(location: position, length: 0) }
            return NSRange(location: shown.range.lowerBound, length: shown.range.count)
        case .forward, .backward, .up, .down:
            let moved = self.position(from: position, in: direction, offset: 1) ?? position
            return textRange(from: position, to: moved)
        }
    }
}
