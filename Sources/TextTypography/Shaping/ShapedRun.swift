/// A run of glyphs from one font, for one range of a paragraph's UTF-16 text.
///
/// Glyphs are in visual order, as HarfBuzz gives them: left to right on the line, so a
/// right-to-left run lists its last cluster first. Runs themselves come back from
/// ``TextShaper/shape(text:range:request:features:isRightToLeft:script:language:)`` in logical
/// order.
package struct ShapedRun: Hashable, Sendable {
    /// The font every glyph of the run is in.
    package let font: Font
    /// The UTF-16 range of the paragraph the run covers.
    package let range: Range<Int>
    /// The glyphs, in visual order.
    package let glyphs: [ShapedGlyph]
    /// Whether the run was shaped right to left.
    package let isRightToLeft: Bool
    /// The sum of the advances, in points.
    package let advance: Double

    package init(font: Font, range: Range<Int>, glyphs: [ShapedGlyph], isRightToLeft: Bool) {
        self.font = font
        self.range = range
        self.glyphs = glyphs
        self.isRightToLeft = isRightToLeft
        var advance = 0.0
        for glyph in glyphs { advance += Double(glyph.advance) }
        self.advance = advance
    }

    /// The glyph ids, in visual order.
    package var glyphIDs: [UInt32] { glyphs.map(\.id) }
    /// The cluster of each glyph (UTF-16 offsets in the paragraph), in visual order.
    package var clusters: [Int] { glyphs.map(\.cluster) }
    /// The advance of each glyph in points, in visual order.
    package var advances: [Double] { glyphs.map { Double($0.advance) } }
}
