import Foundation
@_spi(Typesetting) import TextTypography

/// Glyphs of one font placed in a line, for drawing. Not public: TextKit's first principle is
/// no glyph APIs in the public surface.
package struct PositionedGlyphRun: Sendable {
    package let font: Font
    package let glyphs: [UInt32]
    /// Each glyph's origin in line coordinates (x from the line's left edge, y from the
    /// baseline, growing downward).
    package let positions: [CGPoint]
    /// The UTF-16 range of the paragraph the glyphs show.
    package let characterRange: Range<Int>
    /// The cluster (UTF-16 offset) of each glyph.
    package let clusters: [Int]
    package let isRightToLeft: Bool
    /// How much wider than the font's the glyphs are drawn (the run's `expansion`, as layout
    /// applied it to their advances): 1 unless stretched.
    package var horizontalScale: Double = 1
}
