import Foundation
import TextContent

/// A run of glyphs a host draws with its own toolkit rather than through Cairo: a GTK view makes
/// it a text node, which GTK draws from its glyph cache at every frame, where pixels drawn here
/// would be composited again. The face's file and index, its size in points, each glyph and
/// where its origin stands (in the coordinates of the context's Cairo target: the context's
/// translation applied), and their colour.
///
/// SPI, not API: TextKit's first principle is no glyph APIs in public. A view host sets
/// `RenderingContext.glyphRunHandler` and is handed the plain runs (filled, in a face as it is,
/// unscaled and upright); everything else is still drawn through Cairo.
@_spi(GlyphRuns) public struct HandedGlyphRun: Sendable {
    @_spi(GlyphRuns) public let fontFile: String
    @_spi(GlyphRuns) public let faceIndex: Int
    @_spi(GlyphRuns) public let size: Double
    @_spi(GlyphRuns) public let glyphs: [UInt32]
    @_spi(GlyphRuns) public let positions: [CGPoint]
    @_spi(GlyphRuns) public let color: TextColor
}
