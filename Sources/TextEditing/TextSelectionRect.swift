import Foundation
import TextLayout

/// One rectangle of a selection as UIKit's `UITextSelectionRect` describes it: what
/// `TextView.selectionRects(for:)` gives, one per visually contiguous piece of a line that runs
/// in one direction, so that a host can draw the selection and put its handles (at the start
/// and at the end of the selection, which in mixed-direction text need not be the leftmost and
/// rightmost pieces).
///
/// ```swift
/// for piece in view.selectionRects(for: view.selectedRange()) where piece.containsStart {
///     drawStartHandle(at: piece.writingDirection == .rightToLeft ? piece.rect.maxX : piece.rect.minX)
/// }
/// ```
public struct TextSelectionRect: Sendable, Hashable {
    /// The rectangle, in container coordinates.
    public let rect: CGRect
    /// The direction the characters in the rectangle are written in.
    public let writingDirection: TextSelectionNavigation.WritingDirection
    /// Whether the rectangle holds the start of the selection (its first character; for an
    /// empty range, the caret).
    public let containsStart: Bool
    /// Whether the rectangle holds the end of the selection (its last character; for an empty
    /// range, the caret).
    public let containsEnd: Bool
    /// Whether the text in the rectangle runs vertically: always false, as lines are laid out
    /// horizontally.
    public let isVertical: Bool
    /// The characters the rectangle shows (UTF-16 offsets in the document).
    public let range: NSRange

    public init(
        rect: CGRect, writingDirection: TextSelectionNavigation.WritingDirection, containsStart: Bool,
        containsEnd: Bool,
        isVertical: Bool = false, range: NSRange
    ) {
        self.rect = rect
        self.writingDirection = writingDirection
        self.containsStart = containsStart
        self.containsEnd = containsEnd
        self.isVertical = isVertical
        self.range = range
    }
}
