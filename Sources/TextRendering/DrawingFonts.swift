internal import CCairo
internal import CFontconfig
import Synchronization
@_spi(Typesetting) import TextTypography

/// Cairo font faces for the fonts layout shaped with, one per face file and synthetic boldness.
///
/// Cairo opens its own FreeType face from the same file and index (through a fontconfig pattern),
/// so what is drawn is the face that was measured, and drawing never changes the size of the face
/// HarfBuzz shapes with (reference/linux-toolchain.md). Thread-safe and bounded: past
/// `capacity` faces the oldest is released (Cairo keeps it alive while a scaled font uses it).
final class DrawingFonts: @unchecked Sendable {
    static let shared = DrawingFonts()

    private struct Key: Hashable {
        var path: String
        var index: Int
        var emboldened: Bool
    }

    private struct State {
        var faces: [Key: OpaquePointer] = [:]
        var order: [Key] = []
    }

    private let capacity = 256
    private let state = Mutex(State())

    /// A new reference to the Cairo face for `font`; the caller destroys it.
    func face(for font: Font) -> OpaquePointer? {
        let key = Key(path: font.filePath, index: font.faceIndex, emboldened: font.isSyntheticBold)
        return state.withLock { state -> OpaquePointer? in
            if let face = state.faces[key] { return cairo_font_face_reference(face) }
            guard let face = Self.makeFace(key) else { return nil }
            state.faces[key] = face
            state.order.append(key)
            if state.order.count > capacity {
                let oldest = state.order.removeFirst()
                if let old = state.faces.removeValue(forKey: oldest) { cairo_font_face_destroy(old) }
            }
            return cairo_font_face_reference(face)
        }
    }

    private static func makeFace(_ key: Key) -> OpaquePointer? {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        key.path.withCString { path in
            _ = FcPatternAddString(pattern, FC_FILE, UnsafeRawPointer(path).assumingMemoryBound(to: FcChar8.self))
        }
        FcPatternAddInteger(pattern, FC_INDEX, Int32(truncatingIfNeeded: key.index))
        FcPatternAddBool(pattern, FC_EMBOLDEN, key.emboldened ? FcBool(FcTrue) : FcBool(FcFalse))
        // Layout's advances are unhinted: drawing must not move glyphs to the pixel grid.
        FcPatternAddBool(pattern, FC_HINTING, FcBool(FcFalse))
        // Without this Cairo loads no bitmaps, and Noto Color Emoji has nothing else.
        FcPatternAddBool(pattern, FC_EMBEDDED_BITMAP, FcBool(FcTrue))
        guard let face = cairo_ft_font_face_create_for_pattern(pattern) else { return nil }
        guard cairo_font_face_status(face) == CAIRO_STATUS_SUCCESS else {
            cairo_font_face_destroy(face)
            return nil
        }
        return face
    }
}
