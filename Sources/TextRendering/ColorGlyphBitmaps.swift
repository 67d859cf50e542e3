internal import CCairo
internal import CFreeType
import Foundation
import Synchronization
@_spi(Typesetting) import TextTypography

/// The colour bitmaps of bitmap-only faces (Noto Color Emoji), as Cairo image surfaces.
///
/// Cairo 1.16 does not scale a bitmap strike to another size (it asks FreeType for the size
/// drawn at and gets nothing), so these glyphs are read from the face's strike with FreeType
/// and painted scaled, as images. The faces are the renderer's own (never shaping's), and both
/// faces and bitmaps are cached, bounded, behind one lock.
final class ColorGlyphBitmaps: @unchecked Sendable {
    static let shared = ColorGlyphBitmaps()

    /// A glyph's bitmap and where it goes: `left` and `top` are the bitmap's offsets from the
    /// glyph origin in strike pixels (top upward, as FreeType gives them).
    struct Bitmap {
        let surface: OpaquePointer
        let left: Double
        let top: Double
    }

    private struct GlyphKey: Hashable {
        var face: FontFaceKey
        var glyph: UInt32
    }

    private struct State {
        var faces: [FontFaceKey: FT_Face] = [:]
        var bitmaps: [GlyphKey: Bitmap?] = [:]
    }

    private let glyphCapacity = 1_024
    private let state = Mutex(State())

    /// The bitmap of `glyph` in `font`'s strike, retained for the caller (who destroys its
    /// surface), or nil when the face has no bitmap for it.
    func bitmap(of glyph: UInt32, in font: Font) -> Bitmap? {
        let faceKey = FontFaceKey(path: font.filePath, index: font.faceIndex)
        return state.withLock { state -> Bitmap? in
            let key = GlyphKey(face: faceKey, glyph: glyph)
            if let cached = state.bitmaps[key] {
                guard let cached else { return nil }
                cairo_surface_reference(cached.surface)
                return cached
            }
            if state.bitmaps.count >= glyphCapacity {
                for case let bitmap? in state.bitmaps.values { cairo_surface_destroy(bitmap.surface) }
                state.bitmaps.removeAll(keepingCapacity: true)
            }
            let face: FT_Face
            if let open = state.faces[faceKey] {
                face = open
            } else {
                guard
                    let opened = try? FreeTypeLibrary.shared.newFace(path: faceKey.path, index: faceKey.index & 0xFFFF)
                else { return nil }
                if opened.pointee.num_fixed_sizes > 0 { FT_Select_Size(opened, 0) }
                state.faces[faceKey] = opened
                face = opened
            }
            let bitmap = Self.load(glyph, from: face)
            state.bitmaps[key] = bitmap
            if let bitmap { cairo_surface_reference(bitmap.surface) }
            return bitmap
        }
    }

    private static func load(_ glyph: UInt32, from face: FT_Face) -> Bitmap? {
        guard FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)) == 0, let slot = face.pointee.glyph else { return nil }
        if slot.pointee.format != FT_GLYPH_FORMAT_BITMAP { FT_Render_Glyph(slot, FT_RENDER_MODE_NORMAL) }
        let source = slot.pointee.bitmap
        let width = Int(source.width), rows = Int(source.rows)
        guard width > 0, rows > 0, source.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), let buffer = source.buffer
        else { return nil }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(rows))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface)
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        // FreeType's BGRA is premultiplied, byte for byte Cairo's ARGB32 on a little-endian machine.
        let stride = Int(cairo_image_surface_get_stride(surface)), pitch = Int(source.pitch)
        for row in 0 ..< rows {
            let from = pitch >= 0 ? buffer + row * pitch : buffer + (rows - 1 - row) * -pitch
            (data + row * stride).update(from: from, count: width * 4)
        }
        cairo_surface_mark_dirty(surface)
        return Bitmap(surface: surface, left: Double(slot.pointee.bitmap_left), top: Double(slot.pointee.bitmap_top))
    }
}
