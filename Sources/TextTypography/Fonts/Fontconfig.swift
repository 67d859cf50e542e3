internal import CFontconfig
import Synchronization

/// A face fontconfig chose, as fontconfig describes it.
struct FontconfigFace: Hashable, Sendable {
    var path: String
    var index: Int
    /// Every family name the face declares (DejaVu Sans Condensed also says "DejaVu Sans").
    var families: [String]
    /// Whether fontconfig's configuration asks for synthetic emboldening (bold requested, the
    /// family has no bold face: 90-synthetic.conf).
    var embolden: Bool
    /// The face's slant (FC_SLANT_ROMAN, _ITALIC or _OBLIQUE); after synthesis, what fontconfig
    /// pretends it is.
    var slant: Int32
    /// The horizontal shear of FC_MATRIX: not 0 when fontconfig's configuration synthesizes an
    /// oblique (italic requested, the family has none).
    var shear: Double

    /// Whether asking for italic gets a slanted face only by synthesis.
    var needsSyntheticItalic: Bool { slant == Int32(FC_SLANT_ROMAN) || shear != 0 }
}

/// The few fontconfig queries the matcher makes, serialized: fontconfig's thread safety has
/// varied between releases, and every answer is cached above this, so the lock costs nothing
/// that matters.
enum Fontconfig {
    private static let lock = Mutex(())

    /// fontconfig's best match for a family and style: always some face when any font is
    /// installed, often of another family (callers compare ``FontconfigFace/families``).
    static func match(_ style: FontStyleKey) -> FontconfigFace? {
        lock.withLock { _ -> FontconfigFace? in
            guard let pattern = makePattern(style) else { return nil }
            defer { FcPatternDestroy(pattern) }
            var result = FcResultNoMatch
            guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
            defer { FcPatternDestroy(match) }
            return describe(match)
        }
    }

    /// The first face in fontconfig's sort for `style` (coverage of `codePoints` weighs most)
    /// whose character set holds every one of `codePoints`, or nil if no installed face does.
    static func firstFace(covering codePoints: [UInt32], style: FontStyleKey) -> FontconfigFace? {
        lock.withLock { _ -> FontconfigFace? in
            guard let charset = FcCharSetCreate() else { return nil }
            defer { FcCharSetDestroy(charset) }
            for codePoint in codePoints { FcCharSetAddChar(charset, codePoint) }
            guard let pattern = makePattern(style, charset: charset) else { return nil }
            defer { FcPatternDestroy(pattern) }
            var result = FcResultNoMatch
            guard let fontSet = FcFontSort(nil, pattern, FcBool(FcFalse), nil, &result) else { return nil }
            defer { FcFontSetDestroy(fontSet) }
            for position in 0 ..< Int(fontSet.pointee.nfont) {
                guard let font = fontSet.pointee.fonts[position] else { continue }
                var faceCharset: OpaquePointer?
                guard FcPatternGetCharSet(font, FC_CHARSET, 0, &faceCharset) == FcResultMatch,
                    let faceCharset,
                    codePoints.allSatisfy({ FcCharSetHasChar(faceCharset, $0) != 0 })
                else { continue }
                if let face = describe(font) { return face }
            }
            return nil
        }
    }

    private static func makePattern(_ style: FontStyleKey, charset: OpaquePointer? = nil) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        _ = style.family.withCString {
            FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
        }
        FcPatternAddDouble(pattern, FC_WEIGHT, FcWeightFromOpenTypeDouble(style.weight))
        FcPatternAddInteger(pattern, FC_SLANT, style.italic ? Int32(FC_SLANT_ITALIC) : Int32(FC_SLANT_ROMAN))
        FcPatternAddDouble(pattern, FC_WIDTH, style.width)
        if let charset { FcPatternAddCharSet(pattern, FC_CHARSET, charset) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        return pattern
    }

    private static func describe(_ pattern: OpaquePointer) -> FontconfigFace? {
        guard let path = string(pattern, FC_FILE, 0) else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var families: [String] = []
        while let family = string(pattern, FC_FAMILY, Int32(families.count)) { families.append(family) }
        var embolden: FcBool = FcBool(FcFalse)
        if FcPatternGetBool(pattern, FC_EMBOLDEN, 0, &embolden) != FcResultMatch { embolden = FcBool(FcFalse) }
        var slant: Int32 = Int32(FC_SLANT_ROMAN)
        if FcPatternGetInteger(pattern, FC_SLANT, 0, &slant) != FcResultMatch { slant = Int32(FC_SLANT_ROMAN) }
        var matrix: UnsafeMutablePointer<FcMatrix>?
        let shear = FcPatternGetMatrix(pattern, FC_MATRIX, 0, &matrix) == FcResultMatch ? matrix?.pointee.xy ?? 0 : 0
        return FontconfigFace(
            path: path, index: Int(index), families: families, embolden: embolden != 0, slant: slant, shear: shear)
    }

    private static func string(_ pattern: OpaquePointer, _ object: String, _ n: Int32) -> String? {
        var value: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, object, n, &value) == FcResultMatch, let value else { return nil }
        return String(cString: UnsafeRawPointer(value).assumingMemoryBound(to: CChar.self))
    }
}
