internal import CHarfBuzz
import Synchronization

/// A face at one size, with its HarfBuzz font (immutable, shared by every thread that shapes with
/// it) and its metrics. ``Font`` is the value callers hold; this is the object behind it, cached by
/// face and size in ``FontMatcher``.
final class FontInstance: @unchecked Sendable {
    /// HarfBuzz positions are integers in the font's scale: 1024 units per point keeps advances
    /// exact to 1/1024 point, and ``FontRequest/maximumSize`` keeps them inside 32 bits.
    static let unitsPerPoint: Double = 1024
    /// The horizontal shear of a synthetic oblique (fontconfig's 90-synthetic.conf uses 0.2); a
    /// renderer applies the same shear.
    static let syntheticSlant: Double = 0.2

    private static let nextID = Atomic<UInt64>(1)

    /// Unique for the life of the process: shaped-word cache keys use it instead of hashing the
    /// path. A face dropped from the cache and reloaded gets a new id (its old words simply age
    /// out of the cache).
    let id: UInt64
    let face: FontFace
    let size: Double
    let syntheticBold: Bool
    let syntheticItalic: Bool
    /// HarfBuzz's font at `size * unitsPerPoint` units per em, immutable.
    let hbFont: OpaquePointer
    let metrics: FontMetrics
    /// The glyph and advance (points) of U+0020, if the font has it: a run of plain spaces is
    /// placed from these without a call into HarfBuzz.
    let space: (glyph: UInt32, advance: Float)?
    /// The printable ASCII characters that shape alone in this font, or nil when none do; worked
    /// out when first asked (fallback fonts seldom shape ASCII, and need not pay for it).
    var contextFreeGlyphs: ContextFreeGlyphs? {
        contextFreeAnswer.withLock { answer in
            if let answer { return answer }
            let found = face.contextFreeCodePoints.map {
                ContextFreeGlyphs(font: hbFont, codePoints: $0, unitsPerPoint: Self.unitsPerPoint)
            }
            answer = .some(found)
            return found
        }
    }
    private let contextFreeAnswer = Mutex<ContextFreeGlyphs??>(nil)

    init(face: FontFace, size: Double, syntheticBold: Bool, syntheticItalic: Bool) {
        let hbFont = hb_font_create(face.hbFace)!
        let scale = Int32((size * Self.unitsPerPoint).rounded())
        hb_font_set_scale(hbFont, scale, scale)
        hb_font_set_ptem(hbFont, Float(size))
        FontFace.selectNamedInstance(hbFont, index: face.index)
        if syntheticItalic { hb_font_set_synthetic_slant(hbFont, Float(Self.syntheticSlant)) }
        hb_font_make_immutable(hbFont)

        func metric(_ tag: hb_ot_metrics_tag_t) -> Double {
            var position: hb_position_t = 0
            hb_ot_metrics_get_position_with_fallback(hbFont, tag, &position)
            return Double(position) / Self.unitsPerPoint
        }
        let metrics = FontMetrics(
            unitsPerEm: face.unitsPerEm,
            ascent: metric(HB_OT_METRICS_TAG_HORIZONTAL_ASCENDER),
            descent: -metric(HB_OT_METRICS_TAG_HORIZONTAL_DESCENDER),
            leading: max(0, metric(HB_OT_METRICS_TAG_HORIZONTAL_LINE_GAP)),
            capHeight: metric(HB_OT_METRICS_TAG_CAP_HEIGHT),
            xHeight: metric(HB_OT_METRICS_TAG_X_HEIGHT),
            underlinePosition: -metric(HB_OT_METRICS_TAG_UNDERLINE_OFFSET),
            underlineThickness: metric(HB_OT_METRICS_TAG_UNDERLINE_SIZE),
            strikethroughPosition: metric(HB_OT_METRICS_TAG_STRIKEOUT_OFFSET),
            strikethroughThickness: metric(HB_OT_METRICS_TAG_STRIKEOUT_SIZE))

        var spaceGlyph: hb_codepoint_t = 0
        if hb_font_get_nominal_glyph(hbFont, 0x20, &spaceGlyph) != 0 {
            let advance = hb_font_get_glyph_h_advance(hbFont, spaceGlyph)
            self.space = (spaceGlyph, Float(advance) / Float(Self.unitsPerPoint))
        } else {
            self.space = nil
        }
        self.id = Self.nextID.add(1, ordering: .relaxed).oldValue
        self.face = face
        self.size = size
        self.syntheticBold = syntheticBold
        self.syntheticItalic = syntheticItalic
        self.hbFont = hbFont
        self.metrics = metrics
    }

    deinit {
        hb_font_destroy(hbFont)
    }

    /// Ink extents of glyphs already asked for: x and y of the top-left corner relative to the
    /// glyph origin (y down, in points), width and height.
    private let inkCache = Mutex<[UInt32: SIMD4<Float>]>([:])

    /// The union of the ink of `glyphs` drawn at `positions` (y down), or nil when none has ink.
    func inkBounds(
        of glyphs: [UInt32], at positions: [(x: Double, y: Double)]
    ) -> (minX: Double, minY: Double, maxX: Double, maxY: Double)? {
        inkCache.withLock { cache in
            var result: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
            let scale = Float(Self.unitsPerPoint)
            for (glyph, position) in zip(glyphs, positions) {
                let ink: SIMD4<Float>
                if let known = cache[glyph] {
                    ink = known
                } else {
                    var extents = hb_glyph_extents_t()
                    if hb_font_get_glyph_extents(hbFont, glyph, &extents) != 0 {
                        ink = SIMD4(
                            Float(extents.x_bearing) / scale, -Float(extents.y_bearing) / scale,
                            Float(extents.width) / scale, -Float(extents.height) / scale)
                    } else {
                        ink = .zero
                    }
                    if cache.count < 65_536 { cache[glyph] = ink }
                }
                guard ink.z != 0 || ink.w != 0 else { continue }
                let minX = position.x + Double(min(ink.x, ink.x + ink.z)),
                    maxX = position.x + Double(max(ink.x, ink.x + ink.z))
                let minY = position.y + Double(min(ink.y, ink.y + ink.w)),
                    maxY = position.y + Double(max(ink.y, ink.y + ink.w))
                if let current = result {
                    result = (
                        min(current.minX, minX), min(current.minY, minY), max(current.maxX, maxX),
                        max(current.maxY, maxY)
                    )
                } else {
                    result = (minX, minY, maxX, maxY)
                }
            }
            return result
        }
    }

    var key: FontInstanceKey {
        FontInstanceKey(face: face.key, size: size, syntheticBold: syntheticBold, syntheticItalic: syntheticItalic)
    }
}

/// What identifies a font: the face, the size and the synthetic styles.
struct FontInstanceKey: Hashable, Sendable {
    var face: FontFaceKey
    var size: Double
    var syntheticBold: Bool
    var syntheticItalic: Bool
}
