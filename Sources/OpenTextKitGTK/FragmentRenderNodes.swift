import CGtk
import Foundation
import OpenTextKit

/// The render node each fragment surface (or other drawing a view keeps) was drawn into, kept
/// while the surface lives (its fragment's layout unchanged), so that a frame that only moves
/// text draws no text again. With a GL renderer a node is a texture: the fragment drawn once
/// into an image at the widget's scale, uploaded once, then only composited. With GTK's Cairo
/// renderer it is a Cairo node (a recording the renderer replays): GTK 4.8's Cairo renderer
/// converts a texture's every pixel through floats at every frame, which costs more than
/// replaying the drawing. Nodes of surfaces that left the viewport are kept too, within
/// `limitBytes` of pixels, the least recently shown let go first.
final class FragmentRenderNodes {
    private struct Entry {
        /// What the node shows, held so that its identity is not reused while the node is kept
        /// (a surface; nil for a drawing kept under a key of the view's).
        let owner: AnyObject?
        let node: OpaquePointer
        let scale: Int
        let bytes: Int
        var lastShown: Int
        /// The rendering attributes it was drawn with (a spelling mark, a highlight).
        var attributes: [RenderingAttributeRun] = []
    }

    /// A surface by identity (cheaper to hash and compare at every frame than `AnyHashable`),
    /// or a view's own key.
    private enum Key: Hashable {
        case surface(ObjectIdentifier)
        case drawing(AnyHashable)
    }

    /// Fragments taller than this are not kept as nodes (a node holds pixels of its whole
    /// bounds): they are drawn each frame, only the lines the widget shows.
    static let tallestKeptFragment: CGFloat = 4_096

    /// The most bytes of pixels kept for fragments not shown in the last frame (about two
    /// screens of text).
    var limitBytes = 8 << 20
    private var entries: [Key: Entry] = [:]
    private var totalBytes = 0
    /// The bytes of the nodes shown in the frame being drawn, and of those made or asked for
    /// since the last frame (prepared ahead): counted as they are asked for, so that a frame's
    /// end does not visit every node kept.
    private var shownBytes = 0
    private var frame = 0
    /// How many nodes were made (drawn) in all: what a frame that only moves text adds none to.
    private(set) var madeCount = 0

    deinit {
        removeAll()
    }

    /// The node of `surface` with `attributes` (its rendering attributes) at `scale` pixels a
    /// point, drawn by `draw` (into a Cairo context of the fragment's own coordinates) the first
    /// time, and again when the attributes are drawn otherwise (a spelling mark came or went).
    /// `glyphNode`, tried first, makes the fragment's text nodes (nil when it cannot).
    func node(
        for surface: TextLayoutFragmentSurface, attributes: [RenderingAttributeRun] = [], scale: Int,
        glyphNode: () -> OpaquePointer? = { nil }, draw: (OpaquePointer) -> Void
    ) -> OpaquePointer? {
        let id = Key.surface(ObjectIdentifier(surface))
        if let entry = entries[id], !entry.attributes.drawLike(attributes) { discard(id) }
        let node = node(
            for: id, owner: surface, bounds: surface.textLayoutFragment.renderingSurfaceBounds, scale: scale,
            glyphNode: glyphNode, draw: draw)
        if node != nil, !attributes.isEmpty { entries[id]?.attributes = attributes }
        return node
    }

    /// Whether nodes are recordings (for GTK's Cairo renderer) rather than textures.
    var makesRecordings = false {
        didSet { if makesRecordings != oldValue { removeAll() } }
    }

    /// The node kept for `key`, or a new one of `bounds` (in its own coordinates) at `scale`
    /// pixels a point, drawn by `draw`.
    func node(
        for key: AnyHashable, bounds: CGRect, scale: Int, glyphNode: () -> OpaquePointer? = { nil },
        draw: (OpaquePointer) -> Void
    ) -> OpaquePointer? {
        node(for: .drawing(key), owner: nil, bounds: bounds, scale: scale, glyphNode: glyphNode, draw: draw)
    }

    private func node(
        for id: Key, owner: AnyObject?, bounds: CGRect, scale: Int, glyphNode: () -> OpaquePointer?,
        draw: (OpaquePointer) -> Void
    ) -> OpaquePointer? {
        if let entry = entries[id] {
            if entry.scale == scale {
                if entry.lastShown != frame {
                    entries[id]!.lastShown = frame
                    shownBytes += entry.bytes
                }
                return entry.node
            }
            discard(id)
        }
        if let node = glyphNode() {
            // Glyphs and their places: a few bytes a glyph, counted as a small share of pixels.
            let bytes = max(1_024, Int(bounds.width * bounds.height) / 8)
            keep(Entry(owner: owner, node: node, scale: scale, bytes: bytes, lastShown: frame), as: id)
            return node
        }
        let bounds = bounds.insetBy(dx: -2, dy: -2)
        if makesRecordings { return recording(for: id, owner: owner, bounds: bounds, scale: scale, draw: draw) }
        let width = Int((bounds.width * CGFloat(scale)).rounded(.up))
        let height = Int((bounds.height * CGFloat(scale)).rounded(.up))
        guard width > 0, height > 0, width <= 32_767, height <= 32_767,
            let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        else { return nil }
        defer { cairo_surface_destroy(image) }
        cairo_surface_set_device_scale(image, Double(scale), Double(scale))
        guard let cairo = cairo_create(image) else { return nil }
        cairo_translate(cairo, -Double(bounds.minX), -Double(bounds.minY))
        draw(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(image)
        let stride = Int(cairo_image_surface_get_stride(image))
        guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS, let pixels = cairo_image_surface_get_data(image),
            let bytes = g_bytes_new(pixels, gsize(stride * height))
        else { return nil }
        let texture = gdk_memory_texture_new(
            Int32(width), Int32(height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, bytes, gsize(stride))
        g_bytes_unref(bytes)
        guard let texture else { return nil }
        var rect = graphene_rect_t(bounds)
        let node = gsk_texture_node_new(texture, &rect)
        g_object_unref(UnsafeMutableRawPointer(texture))
        guard let node else { return nil }
        keep(Entry(owner: owner, node: node, scale: scale, bytes: stride * height, lastShown: frame), as: id)
        return node
    }

    private func recording(
        for id: Key, owner: AnyObject?, bounds: CGRect, scale: Int, draw: (OpaquePointer) -> Void
    ) -> OpaquePointer? {
        var rect = graphene_rect_t(bounds)
        guard let node = gsk_cairo_node_new(&rect) else { return nil }
        if let cairo = gsk_cairo_node_get_draw_context(node) {
            draw(cairo)
            cairo_destroy(cairo)
        }
        // What it holds is about what its pixels would.
        let bytes = Int(bounds.width * bounds.height) * 4 * scale * scale
        keep(Entry(owner: owner, node: node, scale: scale, bytes: bytes, lastShown: frame), as: id)
        return node
    }

    /// Keeps a node made for the frame being drawn.
    private func keep(_ entry: Entry, as id: Key) {
        madeCount += 1
        entries[id] = entry
        totalBytes += entry.bytes
        shownBytes += entry.bytes
    }

    /// A frame is done: nodes not shown in it are let go, least recently shown first, until
    /// the others fit in `limitBytes`.
    func endFrame() {
        let shown = frame
        frame += 1
        defer { shownBytes = 0 }
        guard totalBytes - shownBytes > limitBytes else { return }
        // Down to three quarters of the limit: the nodes are sorted once every few frames of a
        // scroll, not at every frame.
        var excess = totalBytes - shownBytes - limitBytes * 3 / 4
        let oldest = entries.filter { $0.value.lastShown != shown }.map { (id: $0.key, lastShown: $0.value.lastShown) }
            .sorted { $0.lastShown < $1.lastShown }
        for entry in oldest {
            guard excess > 0 else { break }
            excess -= entries[entry.id]?.bytes ?? 0
            discard(entry.id)
        }
    }

    /// Whether a node of `surface` is kept.
    func isKept(_ surface: TextLayoutFragmentSurface) -> Bool {
        entries[.surface(ObjectIdentifier(surface))] != nil
    }

    /// Forgets the node of `surface` (its look changed without a new layout).
    func remove(_ surface: TextLayoutFragmentSurface) {
        discard(.surface(ObjectIdentifier(surface)))
    }

    func removeAll() {
        for id in Array(entries.keys) { discard(id) }
    }

    private func discard(_ id: Key) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        gsk_render_node_unref(entry.node)
        totalBytes -= entry.bytes
        if entry.lastShown == frame { shownBytes -= entry.bytes }
    }
}

extension graphene_rect_t {
    init(_ rect: CGRect) {
        self.init(
            origin: graphene_point_t(x: Float(rect.minX), y: Float(rect.minY)),
            size: graphene_size_t(width: Float(rect.width), height: Float(rect.height)))
    }
}

extension GdkRGBA {
    init(_ color: TextColor) {
        self.init(red: Float(color.red), green: Float(color.green), blue: Float(color.blue), alpha: Float(color.alpha))
    }
}
