import Synchronization
import TextContent

/// Everything besides font and text that shaping a word depends on. ``TextShaper`` gives each
/// distinct value a number once per `shape` call, so the per-word cache key holds one integer
/// instead of arrays and strings to hash and compare.
struct ShapingOptions: Hashable, Sendable {
    var features: [FontFeature]
    var isRightToLeft: Bool
    /// HarfBuzz's script tag, or 0 to let HarfBuzz guess per word.
    var script: UInt32
    var language: String?
}

/// Numbers for ``ShapingOptions``, unique for the life of the registry. Bounded: when full it
/// forgets every number and starts handing out new ones (words cached under the old ones age
/// out of the word cache).
final class ShapingOptionsRegistry: Sendable {
    private struct State {
        var ids: [ShapingOptions: UInt64] = [:]
        var next: UInt64 = 1
    }

    private let state = Mutex(State())
    private let capacity = 4_096

    func id(for options: ShapingOptions) -> UInt64 {
        state.withLock { state in
            if let id = state.ids[options] { return id }
            if state.ids.count >= capacity { state.ids.removeAll(keepingCapacity: true) }
            let id = state.next
            state.next += 1
            state.ids[options] = id
            return id
        }
    }
}
