import Foundation

/// Where one grapheme of a line shows: its UTF-16 range in the paragraph and the x of its two
/// caret edges in line coordinates. The leading edge is where the grapheme starts in its own
/// direction (its left side written left to right, its right side written right to left), the
/// trailing edge where it ends: at a direction boundary the trailing edge of one grapheme and the
/// leading edge of the next in logical order are in different places on screen.
package struct GraphemeEdges: Sendable, Hashable {
    package var range: Range<Int>
    package var leadingX: CGFloat
    package var trailingX: CGFloat
    package var isRightToLeft: Bool
}
