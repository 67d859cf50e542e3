internal import CFreeType
internal import CHarfBuzz
import Synchronization

/// One face of a font file, loaded once and shared by every size of it: FreeType's `FT_Face` for
/// the face's own description (names, bitmap strikes) and HarfBuzz's `hb_face_t` for shaping and
/// coverage.
///
/// These objects belong to shaping only. A renderer opens its own face from ``path`` and
/// ``index``: drawing with Cairo changes an FT_Face's size under HarfBuzz's feet
/// (reference/linux-toolchain.md). Shaping does not go through FreeType at all: HarfBuzz's own
/// OpenType functions read advances from `hmtx` in design units, which are thread-safe once the
/// font is immutable and need no per-ppem correction for bitmap-only faces such as Noto Color
/// Emoji.
@_spi(Typesetting) public final class FontFace: @unchecked Sendable {
    /// The font file.
    @_spi(Typesetting) public let path: String
    /// The face index in the file (for a collection such as a .ttc; named instances of a variable
    /// font in the high 16 bits, as fontconfig reports them).
    @_spi(Typesetting) public let index: Int
    /// The family name FreeType reads from the face.
    let familyName: String
    /// The style name, such as "Bold" or "Oblique".
    let styleName: String
    /// Design units per em.
    let unitsPerEm: Int
    /// For a bitmap-only face (no outlines, such as Noto Color Emoji), the pixels per em of the
    /// strike `FT_Select_Size(face, 0)` chose: drawing scales its bitmaps by size / this.
    let bitmapPixelsPerEm: Double?
    /// Whether the face has colour glyphs (CBDT, sbix, COLR).
    let hasColorGlyphs: Bool
    /// Whether every glyph has the same advance (FreeType's FT_FACE_FLAG_FIXED_WIDTH, from the
    /// `post` table's isFixedPitch): a monospaced face.
    let isFixedWidth: Bool
    /// The face's weight on the OpenType scale (its OS/2 weight class, or its variation axis).
    let weight: Double
    /// Whether the face itself is italic or oblique (not by synthesis).
    let isItalic: Bool

    /// HarfBuzz's face, immutable and safe to share between threads.
    let hbFace: OpaquePointer
    private let coverageFont: OpaquePointer
    /// Coverage of U+0000..<U+0300, one bit per code point: the code points most text is made of,
    /// looked up without calling into HarfBuzz. Raw memory, so that ``coverage`` is a plain value.
    private let basicCoverage: UnsafeMutablePointer<UInt64>
    private let ftFace: FT_Face
    private let ftLock = Mutex(())
    /// See ``contextFreeCodePoints``: nil until first asked, then the answer (itself optional).
    private let contextFreeAnswer = Mutex<(low: UInt64, high: UInt64)??>(nil)

    /// Opens face `index` of `path` with FreeType and HarfBuzz.
    init(path: String, index: Int) throws(FontError) {
        let ftFace = try FreeTypeLibrary.shared.newFace(path: path, index: index)
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            FreeTypeLibrary.shared.doneFace(ftFace)
            throw .unreadableFont(path: path, index: index, reason: "HarfBuzz cannot read the file")
        }
        let hbFace = hb_face_create(blob, UInt32(index & 0xFFFF))!
        hb_blob_destroy(blob)
        hb_face_make_immutable(hbFace)

        let flags = ftFace.pointee.face_flags
        let scalable = flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0
        var bitmapPixelsPerEm: Double?
        if !scalable, ftFace.pointee.num_fixed_sizes > 0, FT_Select_Size(ftFace, 0) == 0 {
            bitmapPixelsPerEm = Double(ftFace.pointee.size.pointee.metrics.y_ppem)
        }

        let coverageFont = hb_font_create(hbFace)!
        Self.selectNamedInstance(coverageFont, index: index)
        hb_font_make_immutable(coverageFont)
        let basicCoverage = UnsafeMutablePointer<UInt64>.allocate(capacity: FaceCoverage.basicWords)
        basicCoverage.initialize(repeating: 0, count: FaceCoverage.basicWords)
        for codePoint in 0 ..< UInt32(0x300) {
            var glyph: hb_codepoint_t = 0
            if hb_font_get_nominal_glyph(coverageFont, codePoint, &glyph) != 0 {
                basicCoverage[Int(codePoint) >> 6] |= 1 << (UInt64(codePoint) & 63)
            }
        }

        self.path = path
        self.index = index
        self.familyName = ftFace.pointee.family_name.map { String(cString: $0) } ?? ""
        self.styleName = ftFace.pointee.style_name.map { String(cString: $0) } ?? ""
        self.unitsPerEm = Int(hb_face_get_upem(hbFace))
        self.bitmapPixelsPerEm = bitmapPixelsPerEm
        self.hasColorGlyphs = flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        self.isFixedWidth = flags & FT_Long(FT_FACE_FLAG_FIXED_WIDTH) != 0
        let weight = Double(hb_style_get_value(coverageFont, HB_STYLE_TAG_WEIGHT))
        self.weight = weight.isFinite && weight >= 1 && weight <= 1000 ? weight : 400
        self.isItalic =
            hb_style_get_value(coverageFont, HB_STYLE_TAG_ITALIC) != 0
            || hb_style_get_value(coverageFont, HB_STYLE_TAG_SLANT_RATIO) != 0
            || ftFace.pointee.style_flags & FT_Long(FT_STYLE_FLAG_ITALIC) != 0
        self.hbFace = hbFace
        self.coverageFont = coverageFont
        self.basicCoverage = basicCoverage
        self.ftFace = ftFace
    }

    deinit {
        basicCoverage.deallocate()
        hb_font_destroy(coverageFont)
        hb_face_destroy(hbFace)
        FreeTypeLibrary.shared.doneFace(ftFace)
    }

    /// The key a face cache files this face under.
    var key: FontFaceKey { FontFaceKey(path: path, index: index) }

    /// Whether the face maps `codePoint` to a glyph (its cmap has it).
    func hasGlyph(_ codePoint: UInt32) -> Bool {
        coverage.hasGlyph(codePoint)
    }

    /// The face's coverage as a plain value with no reference to the face, for hot loops; valid
    /// only while the face is alive.
    var coverage: FaceCoverage {
        FaceCoverage(basic: UnsafePointer(basicCoverage), font: coverageFont)
    }

    /// The printable ASCII characters this face shapes on their own (see ``ContextFreeGlyphs``),
    /// worked out from its OpenType tables on first use.
    var contextFreeCodePoints: (low: UInt64, high: UInt64)? {
        contextFreeAnswer.withLock { answer in
            if let answer { return answer }
            let found = ContextFreeGlyphs.codePoints(of: hbFace, font: coverageFont)
            answer = .some(found)
            return found
        }
    }

    /// Runs `body` with FreeType's face, serialized with every other use of it.
    func withFreeTypeFace<Result: Sendable>(_ body: (FT_Face) -> Result) -> Result {
        ftLock.withLock { _ in body(ftFace) }
    }

    /// Selects the named instance of a variable font that fontconfig encodes in the high 16 bits
    /// of the face index (instance number + 1).
    static func selectNamedInstance(_ font: OpaquePointer, index: Int) {
        let instance = index >> 16
        if instance > 0 { hb_font_set_var_named_instance(font, UInt32(instance - 1)) }
    }
}

/// Where a face lives: its file and its index in the file.
@_spi(Typesetting) public struct FontFaceKey: Hashable, Sendable {
    @_spi(Typesetting) public init(path: String, index: Int) {
        self.path = path
        self.index = index
    }

    @_spi(Typesetting) public var path: String
    @_spi(Typesetting) public var index: Int
}

/// Which code points a face maps, readable without reference counting. Valid only while its
/// ``FontFace`` is alive: whoever holds one also holds the face.
struct FaceCoverage {
    static let basicWords = 0x300 / 64

    let basic: UnsafePointer<UInt64>
    let font: OpaquePointer

    /// U+0000...U+007F, bit c for code point c.
    var asciiBits: UInt128 { UInt128(basic[1]) << 64 | UInt128(basic[0]) }

    @inline(__always)
    func hasGlyph(_ codePoint: UInt32) -> Bool {
        if codePoint < 0x300 {
            return basic[Int(codePoint) >> 6] & (1 << (UInt64(codePoint) & 63)) != 0
        }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, codePoint, &glyph) != 0
    }
}
