import Foundation
@_spi(Typesetting) import TextTypography

/// Glyphs of one font placed in a line, for drawing. Not public: TextKit's first principle is
/// no glyph APIs in the public surface.
@_spi(Rendering) public struct PositionedGlyphRun: Sendable {
    @_spi(Rendering) public let font: Font
    @_spi(Rendering) public let glyphs: [UInt32]
    /// Each glyph's origin in line coordinates (x from the line's left edge, y from the
    /// baseline, growing downward).
    @_spi(Rendering) public let positions: [CGPoint]
    /// The UTF-16 range of the paragraph the glyphs show.
    @_spi(Rendering) public let characterRange: Range<Int>
    /// The cluster (UTF-16 offset) of each glyph.
    @_spi(Rendering) public let clusters: [Int]
    @_spi(Rendering) public let isRightToLeft: Bool
    /// How much wider than the font's the glyphs are drawn (the run's `expansion`, as layout
    /// applied it to their advances): 1 unless stretched.
    @_spi(Rendering) public var horizontalScale: Double = 1
}
