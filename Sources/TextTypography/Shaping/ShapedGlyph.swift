/// One glyph HarfBuzz placed: its id in the run's font, the UTF-16 offset of the cluster it
/// belongs to, and its position in points.
@_spi(Typesetting) public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph id in the run's font (0 is .notdef).
    @_spi(Typesetting) public var id: UInt32 {
        get { UInt32(storedID) }
        set { storedID = UInt16(truncatingIfNeeded: newValue) }
    }
    /// HarfBuzz's glyph flags (`HB_GLYPH_FLAG_*`).
    @_spi(Typesetting) public var flags: UInt32 {
        get { UInt32(storedFlags) }
        set { storedFlags = UInt16(truncatingIfNeeded: newValue) }
    }
    // 16 bits each: OpenType glyph ids are 16-bit (numGlyphs is a uint16), and HarfBuzz defines
    // three flags. With the 32-bit cluster a glyph takes 20 bytes: paragraphs and the word cache
    // hold one per glyph.
    /// The glyph id as stored. Layout's inner loops read the stored fields: the computed
    /// properties are calls across the module boundary.
    @_spi(Typesetting) public var storedID: UInt16
    private var storedFlags: UInt16
    /// The UTF-16 offset in the paragraph of the first code unit of this glyph's cluster. Glyphs of
    /// one cluster share it; a cluster of several characters (a ligature, a conjunct) has one
    /// value for all of them.
    @_spi(Typesetting) public var cluster: Int {
        get { Int(storedCluster) }
        set { storedCluster = Int32(truncatingIfNeeded: newValue) }
    }
    // 32 bits: a paragraph is far shorter than 2^31 code units.
    /// The cluster as stored (see ``storedID``).
    @_spi(Typesetting) public var storedCluster: Int32
    /// How far the pen moves after this glyph, in points (tracking and kerning from attributes are
    /// added by layout, not here; the font's own kerning is included).
    @_spi(Typesetting) public var advance: Float
    /// Horizontal displacement of the glyph from the pen, in points.
    @_spi(Typesetting) public var xOffset: Float
    /// Vertical displacement of the glyph from the baseline, in points, positive downward (the
    /// sign of HarfBuzz's y offset flipped for the y-down coordinates of layout and drawing).
    @_spi(Typesetting) public var yOffset: Float

    @_spi(Typesetting) public init(
        id: UInt32, flags: UInt32, cluster: Int, advance: Float, xOffset: Float, yOffset: Float
    ) {
        self.storedID = UInt16(truncatingIfNeeded: id)
        self.storedFlags = UInt16(truncatingIfNeeded: flags)
        self.storedCluster = Int32(truncatingIfNeeded: cluster)
        self.advance = advance
        self.xOffset = xOffset
        self.yOffset = yOffset
    }
}
