import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit
@_spi(GlyphRuns) import TextRendering

/// Text nodes for fragments whose drawing is nothing but plain glyph runs (most text): GTK draws
/// a text node from its glyph cache at every frame, as it draws GtkTextView's, where a fragment
/// kept as a Cairo recording is replayed into a temporary image at every frame. Each run is set
/// in a `PangoFont` of the very face the engine shaped it with; a run whose face Pango does not
/// open as the same file leaves the fragment to the other drawing.
final class GlyphNodes {
    private struct FontKey: Hashable {
        let file: String
        let index: Int
        let size: Double
    }

    /// The fonts opened (nil where Pango gave another face), at most `fontLimit`.
    private var fonts: [FontKey: UnsafeMutablePointer<PangoFont>?] = [:]
    static let fontLimit = 256

    deinit {
        for case .some(let font) in fonts.values { g_object_unref(UnsafeMutableRawPointer(font)) }
    }

    /// A node of `runs`, in their coordinates; nil when there are none or one cannot be set.
    func node(for runs: [HandedGlyphRun]) -> OpaquePointer? {
        guard !runs.isEmpty else { return nil }
        var children: [OpaquePointer?] = []
        defer { for child in children { gsk_render_node_unref(child) } }
        for run in runs where !run.glyphs.isEmpty {
            guard let font = font(file: run.fontFile, index: run.faceIndex, size: run.size) else { return nil }
            var color = GdkRGBA(run.color)
            let xs = run.positions.map { Double($0.x) }, ys = run.positions.map { Double($0.y) }
            if let child = otk_glyph_node_new(font, run.glyphs, xs, ys, Int32(run.glyphs.count), &color) {
                children.append(child)
            }
        }
        guard !children.isEmpty else { return nil }
        return children.withUnsafeMutableBufferPointer { gsk_container_node_new($0.baseAddress, guint($0.count)) }
    }

    private func font(file: String, index: Int, size: Double) -> UnsafeMutablePointer<PangoFont>? {
        let key = FontKey(file: file, index: index, size: size)
        if let font = fonts[key] { return font }
        if fonts.count >= Self.fontLimit { return nil }
        let font = otk_pango_font_new(file, Int32(index), size)
        fonts[key] = font
        return font
    }
}
