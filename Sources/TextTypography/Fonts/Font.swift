/// A font: one face of an installed font file at one size, ready to measure and shape with.
///
/// Get one from ``FontMatcher/match(_:)``. Two fonts are equal when they use the same face of the
/// same file at the same size with the same synthetic styles.
public struct Font: Hashable, Sendable, CustomStringConvertible {
    let instance: FontInstance

    init(_ instance: FontInstance) {
        self.instance = instance
    }

    /// The family name the face declares, such as "DejaVu Sans".
    public var familyName: String { instance.face.familyName }
    /// The face's style name, such as "Bold" or "Oblique".
    public var styleName: String { instance.face.styleName }
    /// The size in points.
    public var size: Double { instance.size }
    /// Vertical metrics in points.
    public var metrics: FontMetrics { instance.metrics }
    /// Whether bold was asked for and the family has no bold face: a renderer emboldens outlines.
    /// Advances are the regular face's.
    public var isSyntheticBold: Bool { instance.syntheticBold }
    /// Whether italic was asked for and the family has no italic or oblique face: shaping and
    /// drawing shear the regular face by ``syntheticSlant``.
    public var isSyntheticItalic: Bool { instance.syntheticItalic }
    /// The shear of a synthetic italic (x offset per unit of height).
    public static var syntheticSlant: Double { FontInstance.syntheticSlant }
    /// Whether every glyph of the face has the same advance (DejaVu Sans Mono).
    public var isMonospaced: Bool { instance.face.isFixedWidth }
    /// The weight the text is drawn at, on the OpenType scale: the face's own (its OS/2
    /// weight class), or bold (700) when the face is emboldened by synthesis.
    public var weight: Double { isSyntheticBold ? max(instance.face.weight, 700) : instance.face.weight }
    /// Whether the text is drawn slanted: an italic or oblique face, or a synthetic italic.
    public var isItalic: Bool { instance.face.isItalic || isSyntheticItalic }
    /// Whether the face has colour glyphs (such as Noto Color Emoji).
    public var hasColorGlyphs: Bool { instance.face.hasColorGlyphs }

    /// Whether the font maps `scalar` to a glyph of its own.
    public func hasGlyph(for scalar: Unicode.Scalar) -> Bool {
        instance.face.hasGlyph(scalar.value)
    }

    /// Whether the font has a glyph for every scalar of `text` (a grapheme cluster, usually)
    /// that needs one. Default-ignorable code points (ZWJ, variation selectors, tags), controls
    /// and line or paragraph separators need none: the shaper hides them when the font lacks them.
    public func covers(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.allSatisfy { !GlyphCoverage.needsGlyph($0.value) || hasGlyph(for: $0) }
    }

    /// The union of the ink (HarfBuzz's glyph extents: outlines, or the bitmap of a colour glyph)
    /// of `glyphs` drawn at `positions` (points, y down), or nil when none has ink.
    @_spi(Typesetting) public func inkBounds(
        of glyphs: [UInt32], at positions: [(x: Double, y: Double)]
    ) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        instance.inkBounds(of: glyphs, at: positions)
    }

    /// The font file, for a renderer that opens its own face (never share shaping's).
    @_spi(Typesetting) public var filePath: String { instance.face.path }
    /// The face index in ``filePath``, as FreeType's `FT_New_Face` takes it.
    @_spi(Typesetting) public var faceIndex: Int { instance.face.index }
    /// For a bitmap-only face, the factor from its strike's pixels to points (size / ppem, such as
    /// 13 / 109 for Noto Color Emoji at 13 pt); nil for outline faces.
    @_spi(Typesetting) public var bitmapScale: Double? { instance.face.bitmapPixelsPerEm.map { instance.size / $0 } }

    public var description: String {
        "\(familyName) \(styleName) "
            + "\(size)pt\(isSyntheticBold ? " synthetic bold" : "")\(isSyntheticItalic ? " synthetic italic" : "")"
    }

    public static func == (lhs: Font, rhs: Font) -> Bool {
        lhs.instance === rhs.instance || lhs.instance.key == rhs.instance.key
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(instance.key)
    }
}
