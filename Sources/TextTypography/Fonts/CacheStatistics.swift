/// How a bounded cache has been used since it was created: for tests that check reuse and for
/// benchmarks that report it.
public struct CacheStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Lookups that found an entry.
    public var hits: Int
    /// Lookups that found nothing (the caller then computed and usually inserted the value).
    public var misses: Int
    /// Entries removed to stay within `capacity` or `costLimit`.
    public var evictions: Int
    /// Entries held now.
    public var count: Int
    /// The most entries the cache holds.
    public var capacity: Int
    /// The summed cost of the entries held now (for the shaped-word cache, glyphs plus UTF-16
    /// code units; otherwise one per entry).
    public var cost: Int
    /// The most cost the cache holds.
    public var costLimit: Int

    /// `hits / (hits + misses)`, or 0 before the first lookup.
    public var hitRate: Double {
        hits + misses == 0 ? 0 : Double(hits) / Double(hits + misses)
    }

    public var description: String {
        "\(hits) hits, \(misses) misses, \(evictions) evictions, \(count)/\(capacity) entries, cost "
            + "\(cost)/\(costLimit)"
    }
}
