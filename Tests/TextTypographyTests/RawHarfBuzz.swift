import CFreeType
import CHarfBuzz

/// HarfBuzz used directly through FreeType (hb-ft), the way a program without this engine would:
/// the independent reference the shaper's output is checked against.
enum RawHarfBuzz {
    struct Result: Equatable {
        var glyphs: [UInt32]
        var clusters: [UInt32]
        /// x advances in points.
        var advances: [Double]
    }

    /// Shapes `text` whole with face `index` of `path` at `size` points. For a bitmap-only face
    /// (Noto Color Emoji) it selects the first strike and scales by size / ppem, as
    /// reference/linux-toolchain.md says.
    static func shape(_ text: String, path: String, index: Int = 0, size: Double, rightToLeft: Bool = false) -> Result?
    {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return nil }
        defer { FT_Done_FreeType(library) }
        var face: FT_Face?
        guard FT_New_Face(library, path, FT_Long(index), &face) == 0, let face else { return nil }
        defer { FT_Done_Face(face) }
        var scale = 1.0 / 64
        if FT_Set_Char_Size(face, 0, FT_F26Dot6(size * 64), 72, 72) != 0 {
            guard face.pointee.num_fixed_sizes > 0, FT_Select_Size(face, 0) == 0 else { return nil }
            scale = size / Double(face.pointee.size.pointee.metrics.y_ppem) / 64
        }
        let font = hb_ft_font_create_referenced(face)
        defer { hb_font_destroy(font) }
        let buffer = hb_buffer_create()
        defer { hb_buffer_destroy(buffer) }
        let utf16 = Array(text.utf16)
        hb_buffer_add_utf16(buffer, utf16, Int32(utf16.count), 0, Int32(utf16.count))
        hb_buffer_set_direction(buffer, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_guess_segment_properties(buffer)
        hb_shape(font, buffer, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buffer, &count)!
        let positions = hb_buffer_get_glyph_positions(buffer, nil)!
        var result = Result(glyphs: [], clusters: [], advances: [])
        for i in 0 ..< Int(count) {
            result.glyphs.append(infos[i].codepoint)
            result.clusters.append(infos[i].cluster)
            result.advances.append(Double(positions[i].x_advance) * scale)
        }
        return result
    }
}
