import Foundation
import TextContent

/// How a run's glyphs are painted, from its `foregroundColor`, `strokeColor`, `strokeWidth`,
/// `obliqueness` and `shadow` (values already within ``AttributeValueLimits``). Glyphs of one
/// style are drawn together.
struct GlyphStyle: Equatable {
    /// The fill colour (the foreground colour).
    var fill: TextColor = .black
    var shadow: Shadow?
    /// The outline's colour; nil means the fill colour, as in AppKit.
    var strokeColor: TextColor?
    /// In percent of the font size: 0 fills, positive outlines only, negative fills and outlines.
    var strokeWidth: Double = 0
    /// The tangent of the skew; positive leans the tops right.
    var obliqueness: Double = 0

    /// Whether the glyphs are filled (AppKit: unless the stroke width is positive).
    var fills: Bool { strokeWidth <= 0 }
    /// Whether the glyphs are outlined.
    var strokes: Bool { strokeWidth != 0 }
    /// The outline's width in points for glyphs of `fontSize`.
    func strokeLineWidth(fontSize: Double) -> Double { abs(strokeWidth) / 100 * fontSize }
}
