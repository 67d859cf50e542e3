import CGtk
import Foundation
import OpenTextKit

/// The render node each fragment surface was drawn into, kept while the surface lives (its
/// fragment's layout unchanged), so that a frame that only moves text draws no text again.
/// Nodes of surfaces that left the viewport are kept too, up to `limit`, the least recently
/// shown let go first.
final class FragmentRenderNodes {
    private struct Entry {
        /// Held so that its identity is not reused while the node is kept.
        let surface: TextLayoutFragmentSurface
        let node: OpaquePointer
        var lastShown: Int
    }

    /// Fragments taller than this are not kept as nodes (a node holds pixels of its whole
    /// bounds): they are drawn each frame, only the lines the widget shows.
    static let tallestKeptFragment: CGFloat = 4_096

    var limit = 256
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var frame = 0
    /// How many nodes were drawn, and how many frames reused one: what tests and figures read.
    private(set) var drawnCount = 0
    private(set) var reusedCount = 0

    deinit {
        removeAll()
    }

    /// The node of `surface`, drawn by `draw` (into a Cairo context of the fragment's own
    /// coordinates) the first time.
    func node(for surface: TextLayoutFragmentSurface, draw: (OpaquePointer) -> Void) -> OpaquePointer? {
        let id = ObjectIdentifier(surface)
        if entries[id] != nil {
            entries[id]!.lastShown = frame
            reusedCount += 1
            return entries[id]!.node
        }
        let bounds = surface.textLayoutFragment.renderingSurfaceBounds.insetBy(dx: -2, dy: -2)
        guard let recorder = gtk_snapshot_new() else { return nil }
        var rect = graphene_rect_t(bounds)
        if let cairo = gtk_snapshot_append_cairo(recorder, &rect) {
            draw(cairo)
            cairo_destroy(cairo)
        }
        guard let node = gtk_snapshot_free_to_node(recorder) else { return nil }
        entries[id] = Entry(surface: surface, node: node, lastShown: frame)
        drawnCount += 1
        return node
    }

    /// A frame is done: nodes beyond the limit, least recently shown first, are let go.
    func endFrame() {
        frame += 1
        guard entries.count > limit else { return }
        let oldest = entries.sorted { $0.value.lastShown < $1.value.lastShown }.prefix(entries.count - limit)
        for (id, entry) in oldest {
            gsk_render_node_unref(entry.node)
            entries[id] = nil
        }
    }

    /// Forgets the node of `surface` (its look changed without a new layout).
    func remove(_ surface: TextLayoutFragmentSurface) {
        if let entry = entries.removeValue(forKey: ObjectIdentifier(surface)) { gsk_render_node_unref(entry.node) }
    }

    func removeAll() {
        for entry in entries.values { gsk_render_node_unref(entry.node) }
        entries.removeAll()
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
