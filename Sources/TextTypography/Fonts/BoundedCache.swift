import Synchronization

/// A thread-safe least-recently-used cache bounded by entry count and by total cost.
///
/// Values are computed outside the lock (`value(for:orInsert:)`): two threads that miss the same
/// key at once may both compute it, and the second insert wins. That keeps slow work (matching a
/// font, shaping a word) from serializing every other thread behind one mutex.
final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Entries live in slots; the recency list links slots by index, in arrays of their own, so
    /// that a hit moves two integers and copies no key or value.
    private struct State {
        var keys: [Key?] = []
        var values: [Value?] = []
        var costs: [Int] = []
        var newer: [Int] = [] // toward the most recently used slot, or -1
        var older: [Int] = [] // toward the least recently used slot, or -1
        var freeSlots: [Int] = []
        var index: [Key: Int] = [:]
        var newest = -1
        var oldest = -1
        var cost = 0
        var hits = 0
        var misses = 0
        var evictions = 0

        mutating func unlink(_ slot: Int) {
            let (newerSlot, olderSlot) = (newer[slot], older[slot])
            if newerSlot >= 0 { older[newerSlot] = olderSlot } else { newest = olderSlot }
            if olderSlot >= 0 { newer[olderSlot] = newerSlot } else { oldest = newerSlot }
        }

        mutating func linkAsNewest(_ slot: Int) {
            newer[slot] = -1
            older[slot] = newest
            if newest >= 0 { newer[newest] = slot }
            newest = slot
            if oldest < 0 { oldest = slot }
        }

        mutating func remove(_ slot: Int) {
            unlink(slot)
            if let key = keys[slot] { index[key] = nil }
            cost -= costs[slot]
            keys[slot] = nil
            values[slot] = nil // release the value now, not when the slot is reused
            freeSlots.append(slot)
        }

        mutating func add(_ key: Key, _ value: Value, cost: Int) -> Int {
            let slot: Int
            if let free = freeSlots.popLast() {
                slot = free
                keys[slot] = key
                values[slot] = value
                costs[slot] = cost
            } else {
                slot = keys.count
                keys.append(key)
                values.append(value)
                costs.append(cost)
                newer.append(-1)
                older.append(-1)
            }
            return slot
        }
    }

    /// The most entries held.
    let capacity: Int
    /// The most summed cost held.
    let costLimit: Int
    private let state = Mutex(State())

    /// A cache of at most `capacity` entries whose costs add up to at most `costLimit`.
    init(capacity: Int, costLimit: Int? = nil) {
        self.capacity = max(1, capacity)
        self.costLimit = max(1, costLimit ?? capacity)
    }

    /// The value for `key`, marking it most recently used; counts a hit or a miss.
    func value(for key: Key) -> Value? {
        state.withLock { state -> Value? in
            guard let slot = state.index[key] else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            if state.newest != slot {
                state.unlink(slot)
                state.linkAsNewest(slot)
            }
            return state.values[slot]
        }
    }

    /// Stores `value` for `key` as the most recently used entry, evicting the least recently used
    /// ones until the bounds hold. A value whose cost alone exceeds `costLimit` is not stored.
    func insert(_ value: Value, for key: Key, cost: Int = 1) {
        let cost = max(1, cost)
        guard cost <= costLimit else { return }
        state.withLock { state in
            if let slot = state.index[key] {
                state.remove(slot)
            }
            while state.index.count >= capacity || state.cost + cost > costLimit, state.oldest >= 0 {
                state.remove(state.oldest)
                state.evictions += 1
            }
            let slot = state.add(key, value, cost: cost)
            state.index[key] = slot
            state.cost += cost
            state.linkAsNewest(slot)
        }
    }

    /// The cached value for `key`, or the result of `make` (computed outside the lock), stored
    /// with the cost `cost` gives it.
    func value<E: Error>(
        for key: Key, cost: (Value) -> Int = { _ in 1 }, orInsert make: () throws(E) -> Value
    ) throws(E) -> Value {
        if let cached = value(for: key) { return cached }
        let value = try make()
        insert(value, for: key, cost: cost(value))
        return value
    }

    /// Removes every entry; the counters keep counting.
    func removeAll() {
        state.withLock { state in
            let (hits, misses, evictions) = (state.hits, state.misses, state.evictions)
            state = State()
            state.hits = hits
            state.misses = misses
            state.evictions = evictions
        }
    }

    /// The counters and the current fill.
    var statistics: CacheStatistics {
        state.withLock { state in
            CacheStatistics(
                hits: state.hits, misses: state.misses, evictions: state.evictions, count: state.index.count,
                capacity: capacity, cost: state.cost, costLimit: costLimit)
        }
    }
}
