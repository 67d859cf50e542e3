import Foundation
import TextLayout

/// The surfaces a `TextView` keeps for fragments that left its viewport, by key, at most
/// `limit` of them: the oldest kept is let go first. The limit is small (tens), so keeping the
/// order in an array costs less than anything cleverer.
struct RenderingSurfaceCache {
    var limit: Int {
        didSet { trim() }
    }
    private var surfaces: [RenderingSurfaceKey: any TextViewportRenderingSurface] = [:]
    /// The keys of `surfaces`, oldest first.
    private var order: [RenderingSurfaceKey] = []

    init(limit: Int) {
        self.limit = limit
    }

    var count: Int { surfaces.count }

    mutating func insert(_ surface: any TextViewportRenderingSurface, forKey key: RenderingSurfaceKey) {
        guard limit > 0 else { return }
        if surfaces.updateValue(surface, forKey: key) != nil { order.removeAll { $0 == key } }
        order.append(key)
        trim()
    }

    mutating func remove(forKey key: RenderingSurfaceKey) -> (any TextViewportRenderingSurface)? {
        guard let surface = surfaces.removeValue(forKey: key) else { return nil }
        order.removeAll { $0 == key }
        return surface
    }

    private mutating func trim() {
        let excess = order.count - max(0, limit)
        guard excess > 0 else { return }
        for key in order.prefix(excess) { surfaces[key] = nil }
        order.removeFirst(excess)
    }
}
