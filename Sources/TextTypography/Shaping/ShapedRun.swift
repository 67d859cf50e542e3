/// A run of glyphs from one font, for one range of a paragraph's UTF-16 text.
///
/// Glyphs are in visual order, as HarfBuzz gives them: left to right on the line, so a
/// right-to-left run lists its last cluster first. Runs themselves come back from
/// ``TextShaper/shape(text:range:request:features:isRightToLeft:script:language:)`` in logical
/// order.
@_spi(Typesetting) public struct ShapedRun: Hashable, Sendable {
    /// The font every glyph of the run is in.
    @_spi(Typesetting) public let font: Font
    /// The UTF-16 range of the paragraph the run covers.
    @_spi(Typesetting) public let range: Range<Int>
    /// The glyphs, in visual order.
    @_spi(Typesetting) public let glyphs: [ShapedGlyph]
    /// Whether the run was shaped right to left.
    @_spi(Typesetting) public let isRightToLeft: Bool
    /// The sum of the advances, in points.
    @_spi(Typesetting) public let advance: Double

    @_spi(Typesetting) public init(font: Font, range: Range<Int>, glyphs: [ShapedGlyph], isRightToLeft: Bool) {
        self.font = font
        self.range = range
        self.glyphs = glyphs
        self.isRightToLeft = isRightToLeft
        var advance = 0.0
        for glyph in glyphs { advance += Double(glyph.advance) }
        self.advance = advance
    }

    /// The glyph ids, in visual order.
    @_spi(Typesetting) public var glyphIDs: [UInt32] { glyphs.map(\.id) }
    /// The cluster of each glyph (UTF-16 offsets in the paragraph), in visual order.
    @_spi(Typesetting) public var clusters: [Int] { glyphs.map(\.cluster) }
    /// The advance of each glyph in points, in visual order.
    @_spi(Typesetting) public var advances: [Double] { glyphs.map { Double($0.advance) } }
}
