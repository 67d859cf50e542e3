import Synchronization

/// What a shaped word depends on: the font, the shaping options (features, direction, script and
/// language, interned as one number by ``TextShaper``), and the text HarfBuzz saw: the word with
/// the context around it (see ``WordSegmentation/contextWindow(around:in:)``). Borrows the text:
/// a key lives only for one lookup.
struct ShapedWordKey {
    var fontID: UInt64
    var optionsID: UInt64
    /// Context, word, context.
    var text: UnsafeBufferPointer<UInt16>
    /// Where the word starts in `text`, after the leading context.
    var itemOffset: Int32
    /// The word's length; what follows it in `text` is trailing context.
    var itemLength: Int32

    /// A 64-bit hash: FNV-1a over the code units, mixed with the rest and finalised (the
    /// standard library's SipHash costs more than the lookup it serves, for five-letter words).
    var hash: UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ fontID &* 0x9E37_79B9_7F4A_7C15
        h ^= optionsID &* 0xC2B2_AE3D_27D4_EB4F
        h ^= UInt64(UInt32(bitPattern: itemOffset)) << 32 | UInt64(UInt32(bitPattern: itemLength))
        for unit in text { h = (h ^ UInt64(unit)) &* 0x0000_0100_0000_01B3 }
        h ^= h >> 33
        h &*= 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        return h
    }
}

/// The shaped-word cache: thread-safe, bounded by entry count and by cost (glyphs plus code
/// units), with no allocation or reference counting per entry.
///
/// Entries live in flat arenas (code units, glyphs) indexed by an open-addressing table. It is
/// bounded by generations rather than per-entry recency: when the current generation fills, the
/// previous one is dropped and the current becomes previous; a hit in the previous generation is
/// copied into the current one. Words in use survive, words not seen for a generation go.
final class ShapedWordCache: Sendable {
    /// One generation: an open-addressing table over records laid end to end in one arena, each
    /// record its key and its glyphs together, so that a hit reads one place in memory after the
    /// table (a lookup is bound by cache misses, not by arithmetic).
    ///
    /// A record, in 32-bit words: hash (2), font id (2), options id (2), unit count, item offset,
    /// item length, glyph count, then the code units two to a word, then the glyphs (5 words each).
    private struct Generation {
        static let headerWords = 10

        /// Each slot holds the entry's hash in its high 32 bits and its record's index plus one in
        /// the low 32 (0: empty), so a probe compares hashes without touching the record. Starts
        /// at 4,096 slots (32 KB) and grows fourfold, up to `maximumTableSize`, keeping the load
        /// under one half: each growth places every record again, and walks the whole arena.
        var slots: [UInt64] = []
        var arena: [UInt32] = []
        var count = 0
        /// Glyphs plus code units held.
        var cost = 0

        /// The record of `key`, or nil.
        func find(_ key: ShapedWordKey, hash: UInt64) -> Int? {
            guard !slots.isEmpty else { return nil }
            return slots.withUnsafeBufferPointer { slots in
                arena.withUnsafeBufferPointer { arena in
                    let mask = slots.count - 1
                    let tag = hash >> 32
                    var slot = Int(truncatingIfNeeded: hash) & mask
                    while true {
                        let value = slots[slot]
                        if value == 0 { return nil }
                        if value >> 32 == tag {
                            let record = Int(value & 0xFFFF_FFFF) - 1
                            if Self.matches(arena, record, key, hash) { return record }
                        }
                        slot = (slot + 1) & mask
                    }
                }
            }
        }

        private static func matches(
            _ arena: UnsafeBufferPointer<UInt32>, _ record: Int, _ key: ShapedWordKey, _ hash: UInt64
        ) -> Bool {
            guard arena[record] == UInt32(truncatingIfNeeded: hash),
                arena[record + 1] == UInt32(truncatingIfNeeded: hash >> 32),
                arena[record + 2] == UInt32(truncatingIfNeeded: key.fontID),
                arena[record + 3] == UInt32(truncatingIfNeeded: key.fontID >> 32),
                arena[record + 4] == UInt32(truncatingIfNeeded: key.optionsID),
                arena[record + 5] == UInt32(truncatingIfNeeded: key.optionsID >> 32),
                Int(arena[record + 6]) == key.text.count, arena[record + 7] == UInt32(bitPattern: key.itemOffset),
                arena[record + 8] == UInt32(bitPattern: key.itemLength)
            else { return false }
            var word = record + headerWords
            var index = 0
            let text = key.text
            while index + 1 < text.count {
                if arena[word] != UInt32(text[index]) | UInt32(text[index + 1]) << 16 { return false }
                word += 1
                index += 2
            }
            return index == text.count || arena[word] == UInt32(text[index])
        }

        mutating func insert(
            _ key: ShapedWordKey, hash: UInt64, glyphs shaped: UnsafeBufferPointer<ShapedGlyph>, maximumTableSize: Int,
            maximumArenaWords: Int
        ) {
            if slots.isEmpty || (count + 1) * 2 > slots.count, slots.count < maximumTableSize {
                grow(to: min(maximumTableSize, max(4_096, slots.count * 4)))
            }
            // The arena's most words, reserved at once: address space only until written, and
            // no copy of everything held each time it would have doubled.
            if arena.isEmpty { arena.reserveCapacity(maximumArenaWords) }
            let record = arena.count
            // A tuple, not an array literal: the header is stored without an allocation of its own.
            let header = (
                UInt32(truncatingIfNeeded: hash), UInt32(truncatingIfNeeded: hash >> 32),
                UInt32(truncatingIfNeeded: key.fontID), UInt32(truncatingIfNeeded: key.fontID >> 32),
                UInt32(truncatingIfNeeded: key.optionsID), UInt32(truncatingIfNeeded: key.optionsID >> 32),
                UInt32(key.text.count), UInt32(bitPattern: key.itemOffset), UInt32(bitPattern: key.itemLength),
                UInt32(shaped.count)
            )
            withUnsafeBytes(of: header) { arena.append(contentsOf: $0.assumingMemoryBound(to: UInt32.self)) }
            var index = 0
            while index < key.text.count {
                let high = index + 1 < key.text.count ? UInt32(key.text[index + 1]) << 16 : 0
                arena.append(UInt32(key.text[index]) | high)
                index += 2
            }
            shaped.withMemoryRebound(to: UInt32.self) { arena.append(contentsOf: $0) }
            count += 1
            cost += key.text.count + shaped.count
            place(hash: hash, record: record)
        }

        private mutating func place(hash: UInt64, record: Int) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = (hash >> 32) << 32 | UInt64(record + 1)
        }

        private mutating func grow(to size: Int) {
            slots = [UInt64](repeating: 0, count: size)
            var record = 0
            while record < arena.count {
                place(hash: UInt64(arena[record]) | UInt64(arena[record + 1]) << 32, record: record)
                record = Self.end(of: record, in: arena)
            }
        }

        private static func end(of record: Int, in arena: [UInt32]) -> Int {
            record + headerWords + (Int(arena[record + 6]) + 1) / 2 + 5 * Int(arena[record + 9])
        }

        /// Calls `body` with the glyphs of `record`.
        func withGlyphs<Result>(of record: Int, _ body: (UnsafeBufferPointer<ShapedGlyph>) -> Result) -> Result {
            arena.withUnsafeBufferPointer { arena in
                let start = record + Self.headerWords + (Int(arena[record + 6]) + 1) / 2
                let words = UnsafeBufferPointer(rebasing: arena[start ..< start + 5 * Int(arena[record + 9])])
                return words.withMemoryRebound(to: ShapedGlyph.self, body)
            }
        }
    }

    private struct State {
        var current = Generation()
        var previous = Generation()
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    /// The most entries held (both generations together).
    let capacity: Int
    /// The most cost held (both generations together).
    let costLimit: Int
    private let generationCapacity: Int
    private let generationCostLimit: Int
    private let tableSize: Int
    /// The most 32-bit words a generation's arena can hold: a header per entry, and at most
    /// five words per unit of cost (a glyph is five, a code unit half of one).
    private let arenaWords: Int
    private let state = Mutex(State())

    init(capacity: Int, costLimit: Int) {
        self.capacity = max(2, capacity)
        self.costLimit = max(2, costLimit)
        generationCapacity = self.capacity / 2
        generationCostLimit = self.costLimit / 2
        var size = 4
        while size < generationCapacity * 2 { size <<= 1 }
        tableSize = size
        arenaWords = generationCapacity * Generation.headerWords + 5 * generationCostLimit
    }

    /// Looks a word up: calls its third argument with the cached glyphs of the key (clusters
    /// relative to the word's start) and returns true, or returns false on a miss.
    typealias LookUp = (ShapedWordKey, UInt64, (UnsafeBufferPointer<ShapedGlyph>) -> Void) -> Bool

    /// Calls `body` with a look-up that works under one hold of the cache's lock, for the words
    /// of a run one after another. `body` runs under the lock: copy, do not shape.
    func withLookups<Result>(_ body: (LookUp) -> Result) -> Result {
        state.withLock { state in
            body { key, hash, copy in self.lookUp(key, hash: hash, copy, in: &state) }
        }
    }

    private func lookUp(
        _ key: ShapedWordKey, hash: UInt64, _ body: (UnsafeBufferPointer<ShapedGlyph>) -> Void, in state: inout State
    ) -> Bool {
        if let record = state.current.find(key, hash: hash) {
            state.hits += 1
            state.current.withGlyphs(of: record, body)
            return true
        }
        guard let record = state.previous.find(key, hash: hash) else {
            state.misses += 1
            return false
        }
        state.hits += 1
        // Still in use: carry it into the current generation.
        let glyphs = state.previous.withGlyphs(of: record) { Array($0) }
        glyphs.withUnsafeBufferPointer { glyphs in
            body(glyphs)
            insert(key, hash: hash, glyphs: glyphs, into: &state)
        }
        return true
    }

    /// Stores the glyphs of `key`. A word whose cost alone passes a generation's limit is not stored.
    func insert(_ key: ShapedWordKey, hash: UInt64, glyphs: UnsafeBufferPointer<ShapedGlyph>) {
        guard key.text.count + glyphs.count <= generationCostLimit else { return }
        state.withLock { state in
            if state.current.find(key, hash: hash) == nil { insert(key, hash: hash, glyphs: glyphs, into: &state) }
        }
    }

    private func insert(
        _ key: ShapedWordKey, hash: UInt64, glyphs: UnsafeBufferPointer<ShapedGlyph>, into state: inout State
    ) {
        guard key.text.count + glyphs.count <= generationCostLimit else { return }
        if state.current.count >= generationCapacity
            || state.current.cost + key.text.count + glyphs.count > generationCostLimit
        {
            state.evictions += state.previous.count
            state.previous = state.current
            state.current = Generation()
        }
        state.current.insert(
            key, hash: hash, glyphs: glyphs, maximumTableSize: tableSize, maximumArenaWords: arenaWords)
    }

    var statistics: CacheStatistics {
        state.withLock { state in
            CacheStatistics(
                hits: state.hits, misses: state.misses, evictions: state.evictions,
                count: state.current.count + state.previous.count, capacity: capacity,
                cost: state.current.cost + state.previous.cost, costLimit: costLimit)
        }
    }
}
