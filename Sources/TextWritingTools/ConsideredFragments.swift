import TextLayout

/// The fragments a text checking controller has considered, by identity and held weakly: those
/// it marked, and those waiting for the worker's results (by the key of their text). A fragment
/// laid out anew is another object, considered anew.
struct ConsideredFragments {
    private final class Reference {
        weak var fragment: TextLayoutFragment?
        /// What of its paragraph was considered (paragraph offsets).
        let window: Range<Int>

        init(_ fragment: TextLayoutFragment, window: Range<Int>) {
            self.fragment = fragment
            self.window = window
        }
    }

    private var seen: [ObjectIdentifier: Reference] = [:]
    private var awaiting: [String: [Reference]] = [:]
    /// Past this many, those let go are forgotten.
    private static let pruningThreshold = 4_096

    /// What of `fragment`'s paragraph was considered, if this very object was.
    func window(of fragment: TextLayoutFragment) -> Range<Int>? {
        guard let reference = seen[ObjectIdentifier(fragment)], reference.fragment === fragment else { return nil }
        return reference.window
    }

    /// Notes `window` of `fragment`'s paragraph as considered, waiting for the results of `key`
    /// when given.
    mutating func insert(_ fragment: TextLayoutFragment, window: Range<Int>, awaiting key: String? = nil) {
        let reference = Reference(fragment, window: window)
        seen[ObjectIdentifier(fragment)] = reference
        if let key { awaiting[key, default: []].append(reference) }
        if seen.count > Self.pruningThreshold { seen = seen.filter { $0.value.fragment != nil } }
        if awaiting.count > Self.pruningThreshold {
            awaiting = awaiting.filter { $0.value.contains { $0.fragment != nil } }
        }
    }

    /// The fragments still alive that wait for `key`'s results; they wait no more.
    mutating func takeFragments(awaiting key: String) -> [TextLayoutFragment] {
        awaiting.removeValue(forKey: key)?.compactMap(\.fragment) ?? []
    }

    /// Forgets the fragments waiting for `key` (its request was let go): considered again when
    /// they are shown.
    mutating func forget(awaiting key: String) {
        for fragment in takeFragments(awaiting: key) { seen[ObjectIdentifier(fragment)] = nil }
    }

    /// Forgets everything (checking turned off, or on again).
    mutating func removeAll() {
        seen.removeAll()
        awaiting.removeAll()
    }
}
