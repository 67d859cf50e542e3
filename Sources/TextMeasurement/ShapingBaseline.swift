import Foundation
internal import CFontconfig
internal import CFreeType
internal import CHarfBuzz

/// Raw HarfBuzz shaping with one font and nothing else: no itemization, fallback, bidi or line
/// breaking. Every benchmark reports its figures beside the time this takes on the same text,
/// because that ratio survives a change of machine where absolute times do not.
///
/// ```swift
/// let baseline = try ShapingBaseline(family: "DejaVu Sans", size: 13)
/// let glyphs = baseline.shape(["In the beginning God created the heaven and the earth."])
/// ```
public final class ShapingBaseline {
    /// Why the baseline could not be set up.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case fontNotFound(family: String)
        case fontUnreadable(path: String, freeTypeError: Int32)

        public var description: String {
            switch self {
            case .fontNotFound(let family): return "fontconfig found no font file for family \"\(family)\"."
            case .fontUnreadable(let path, let error): return "FreeType cannot load \(path) (error \(error))."
            }
        }
    }

    /// The font file fontconfig matched.
    public let fontPath: String
    private let library: FT_Library
    private let face: FT_Face
    private let font: OpaquePointer
    private let buffer: OpaquePointer

    /// Matches `family` with fontconfig and loads it at `size` points (one point is one pixel).
    public init(family: String, size: Double) throws(Failure) {
        guard let path = Self.fontFile(for: family) else { throw .fontNotFound(family: family) }
        var library: FT_Library?
        var face: FT_Face?
        var error = FT_Init_FreeType(&library)
        if error == 0, let library { error = FT_New_Face(library, path, 0, &face) }
        guard error == 0, let library, let face else {
            if let library { FT_Done_FreeType(library) }
            throw .fontUnreadable(path: path, freeTypeError: error)
        }
        FT_Set_Char_Size(face, 0, FT_F26Dot6(size * 64), 72, 72)
        self.fontPath = path
        self.library = library
        self.face = face
        self.font = hb_ft_font_create_referenced(face)
        self.buffer = hb_buffer_create()
    }

    deinit {
        hb_buffer_destroy(buffer)
        hb_font_destroy(font)
        FT_Done_Face(face)
        FT_Done_FreeType(library)
    }

    /// Shapes each paragraph once (direction, script and language guessed by HarfBuzz) and
    /// returns the number of glyphs produced, so the work cannot be optimized away.
    @discardableResult
    public func shape(_ paragraphs: some Sequence<String>) -> Int {
        var glyphs = 0
        for paragraph in paragraphs {
            var text = paragraph
            text.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    hb_buffer_clear_contents(buffer)
                    hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
                    hb_buffer_guess_segment_properties(buffer)
                    hb_shape(font, buffer, nil, 0)
                    glyphs += Int(hb_buffer_get_length(buffer))
                }
            }
        }
        return glyphs
    }

    /// The font file fontconfig picks for `family`, or nil if its best match is another family.
    static func fontFile(for family: String) -> String? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        _ = family.withCString {
            FcPatternAddString(pattern, FC_FAMILY, UnsafeRawPointer($0).assumingMemoryBound(to: FcChar8.self))
        }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var matchedFamily: UnsafeMutablePointer<FcChar8>?
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FAMILY, 0, &matchedFamily) == FcResultMatch,
            FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch,
            let matchedFamily, let file
        else { return nil }
        let name = String(cString: UnsafeRawPointer(matchedFamily).assumingMemoryBound(to: CChar.self))
        guard name.caseInsensitiveCompare(family) == .orderedSame else { return nil }
        return String(cString: UnsafeRawPointer(file).assumingMemoryBound(to: CChar.self))
    }
}
