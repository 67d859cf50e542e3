import CGtk
import COpenTextKitGTK
import Foundation
import Testing

/// Text nodes of the engine's glyph runs are set only in a PangoFont of the very face the engine
/// shaped with: the same file and face index, or none (the fragment is then drawn as before).
@MainActor
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct GlyphNodesTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

    @Test func aFaceOpensAsItselfOrNotAtAll() throws {
        try #require(InProcessDisplay.isReady)
        try #require(FileManager.default.fileExists(atPath: Self.dejaVu))
        let font = try #require(otk_pango_font_new(Self.dejaVu, 0, 13))
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        // Glyphs 36 to 40 of DejaVu Sans ("A" to "E"), 8 points apart on one baseline.
        let glyphs: [UInt32] = [36, 37, 38, 39, 40]
        let xs = (0 ..< 5).map { 10 + 8 * Double($0) }, ys = Array(repeating: 20.0, count: 5)
        var color = GdkRGBA(red: 0, green: 0, blue: 0, alpha: 1)
        let node = try #require(otk_glyph_node_new(font, glyphs, xs, ys, 5, &color))
        defer { gsk_render_node_unref(node) }
        var bounds = graphene_rect_t()
        gsk_render_node_get_bounds(node, &bounds)
        #expect(bounds.origin.x < 12 && bounds.origin.x + bounds.size.width > 42, "\(bounds)")
        // A file that is not there, a face index the file does not have, an absurd size: none.
        #expect(otk_pango_font_new("/nonexistent/font.ttf", 0, 13) == nil)
        #expect(otk_pango_font_new(Self.dejaVu, 7, 13) == nil)
        #expect(otk_pango_font_new(Self.dejaVu, 0, .nan) == nil)
        #expect(otk_glyph_node_new(font, [], [], [], 0, &color) == nil)
    }

    /// The fonts text nodes are set in do not hint their metrics: the engine places glyphs
    /// unhinted, and with hinted metrics Cairo finds neighbouring glyphs overlapping in most
    /// lines and draws each such line through a mask of its own.
    @Test func textNodeFontsDoNotHintMetrics() throws {
        try #require(InProcessDisplay.isReady)
        try #require(FileManager.default.fileExists(atPath: Self.dejaVu))
        let font = try #require(otk_pango_font_new(Self.dejaVu, 0, 13))
        defer { g_object_unref(UnsafeMutableRawPointer(font)) }
        let scaled = try #require(pango_cairo_font_get_scaled_font(OpaquePointer(font)))
        let options = try #require(cairo_font_options_create())
        defer { cairo_font_options_destroy(options) }
        cairo_scaled_font_get_font_options(scaled, options)
        #expect(cairo_font_options_get_hint_metrics(options) == CAIRO_HINT_METRICS_OFF)
    }
}
