import Foundation

/// Where one grapheme of a line shows: its UTF-16 range in the paragraph and the x of its two
/// caret edges in line coordinates. The leading edge is where the grapheme starts in its own
/// direction (its left side written left to right, its right side written right to left), the
/// trailing edge where it ends: at a direction boundary the trailing edge of one grapheme and the
/// leading edge of the next in logical order are in different places on screen.
@_spi(Rendering) public struct GraphemeEdges: Sendable, Hashable {
    @_spi(Rendering) public var range: Range<Int>
    @_spi(Rendering) public var leadingX: CGFloat
    @_spi(Rendering) public var trailingX: CGFloat
    @_spi(Rendering) public var isRightToLeft: Bool
}
