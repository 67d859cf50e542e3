import CCairo
import CCmarkGFM
import CFontconfig
import CFreeType
import CHarfBuzz
import CHunspell
import Foundation
import Testing

/// Each system-library module links and does real work: a module map that compiles but points
/// at the wrong library, or a missing package, fails here rather than deep inside the engine.
@Suite struct SystemLibraryLinkTests {
    @Test func cairoPaintsAnImageSurface() throws {
        let surface = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 10, 10))
        defer { cairo_surface_destroy(surface) }
        #expect(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        let context = try #require(cairo_create(surface))
        cairo_set_source_rgb(context, 1, 0, 0)
        cairo_paint(context)
        cairo_destroy(context)
        cairo_surface_flush(surface)
        let data = try #require(cairo_image_surface_get_data(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        // ARGB32 is a native-endian 32-bit word per pixel: opaque red is 0xFFFF0000.
        let pixel = UnsafeRawPointer(data + 5 * stride + 5 * 4).loadUnaligned(as: UInt32.self)
        #expect(pixel == 0xFFFF_0000)
    }

    @Test func cmarkRendersEmphasis() throws {
        let markdown = "*hi*"
        let html = try #require(markdown.withCString { cmark_markdown_to_html($0, strlen($0), CMARK_OPT_DEFAULT) })
        defer { free(html) }
        #expect(String(cString: html).contains("<em>hi</em>"))
    }

    @Test func hunspellChecksAndSuggests() throws {
        let aff = "/usr/share/hunspell/en_US.aff", dic = "/usr/share/hunspell/en_US.dic"
        #expect(FileManager.default.fileExists(atPath: dic), "hunspell-en-us is missing")
        let speller = try #require(Hunspell_create(aff, dic))
        defer { Hunspell_destroy(speller) }
        #expect(Hunspell_spell(speller, "hello") != 0)
        #expect(Hunspell_spell(speller, "helo") == 0)
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let count = Hunspell_suggest(speller, &list, "helo")
        defer { Hunspell_free_list(speller, &list, count) }
        let suggestions = (0 ..< Int(max(count, 0))).compactMap { index in list?[index].map { String(cString: $0) } }
        #expect(suggestions.contains("hello"), "\(suggestions)")
    }

    /// fontconfig finds DejaVu Sans, FreeType loads it and HarfBuzz shapes with it.
    @Test func fontconfigFreeTypeAndHarfBuzzShapeText() throws {
        let path = try #require(Self.fontFile(matching: "DejaVu Sans"))
        #expect(path.hasSuffix(".ttf"))

        var library: FT_Library?
        #expect(FT_Init_FreeType(&library) == 0)
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        #expect(FT_New_Face(library, path, 0, &face) == 0)
        let ftFace = try #require(face)
        #expect(String(cString: ftFace.pointee.family_name) == "DejaVu Sans")
        #expect(FT_Set_Char_Size(ftFace, 0, 13 * 64, 72, 72) == 0)
        // The HarfBuzz font takes a reference on the face; destroying it releases that reference.
        let font = try #require(hb_ft_font_create_referenced(ftFace))
        defer { hb_font_destroy(font) }
        FT_Done_Face(ftFace) // our own reference; the font keeps the face alive

        let text = "office"
        let shaped = Self.shape(text, font: font)
        let unligated = Self.shape(text, font: font, features: "-liga")
        #expect(!shaped.isEmpty)
        #expect(shaped.allSatisfy { $0.glyph != 0 }, "no .notdef glyphs")
        // Without ligatures every character is its own glyph and its own cluster.
        #expect(unligated.count == text.utf16.count)
        #expect(unligated.map(\.cluster) == Array(0 ..< UInt32(text.utf16.count)))

        // Does the font have the ffi/fi ligatures? Ask its cmap for U+FB03 / U+FB01, then check
        // that shaping used them.
        let hasLigatures = FT_Get_Char_Index(ftFace, 0xFB03) != 0 || FT_Get_Char_Index(ftFace, 0xFB01) != 0
        let clusters = Set(shaped.map(\.cluster))
        if hasLigatures {
            #expect(shaped.count < text.utf16.count, "\(shaped)")
            #expect(shaped.count == clusters.count)
            // DejaVu Sans ligates "ffi" into one glyph: o | ffi | c | e.
            #expect(shaped.map(\.cluster) == [0, 1, 4, 5])
        } else {
            #expect(shaped.count == clusters.count)
        }
    }

    static func fontFile(matching name: String) -> String? {
        guard let pattern = FcNameParse(name) else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result), result == FcResultMatch else { return nil }
        defer { FcPatternDestroy(match) }
        var family: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FAMILY, 0, &family) == FcResultMatch, let family,
            String(cString: family) == name
        else { return nil }
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        return String(cString: file)
    }

    static func shape(_ text: String, font: OpaquePointer, features: String = "") -> [(glyph: UInt32, cluster: UInt32)]
    {
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        hb_buffer_add_utf8(buffer, text, -1, 0, -1)
        hb_buffer_guess_segment_properties(buffer)
        if features.isEmpty {
            hb_shape(font, buffer, nil, 0)
        } else {
            var feature = hb_feature_t()
            _ = hb_feature_from_string(features, -1, &feature)
            hb_shape(font, buffer, &feature, 1)
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count) else { return [] }
        return (0 ..< Int(count)).map { (infos[$0].codepoint, infos[$0].cluster) }
    }
}
