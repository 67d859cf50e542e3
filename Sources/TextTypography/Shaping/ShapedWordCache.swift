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
    private struct Entry {
        var hash: UInt64
        var fontID: UInt64
        var optionsID: UInt64
        var unitStart: Int32
        var unitCount: Int32
        var itemOffset: Int32
        var itemLength: Int32
        var glyphStart: Int32
        var glyphCount: Int32
    }

    private struct Generation {
        /// Open addressing: each slot holds the entry's hash in its high 32 bits and its index
        /// plus one in the low 32 (0: empty), so a probe compares hashes without touching the
        /// entry. Grows by doubling, up to `maximumTableSize`, keeping the load under one half.
        var slots: [UInt64] = []
        var entries: [Entry] = []
        var units: [UInt16] = []
        var glyphs: [ShapedGlyph] = []
        var cost: Int { units.count + glyphs.count }

        /// The index in `entries` of `key`, or nil.
        func find(_ key: ShapedWordKey, hash: UInt64) -> Int? {
            guard !slots.isEmpty else { return nil }
            return slots.withUnsafeBufferPointer { slots in
                let mask = slots.count - 1
                let tag = hash >> 32
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let value = slots[slot]
                    if value == 0 { return nil }
                    if value >> 32 == tag {
                        let index = Int(value & 0xFFFF_FFFF) - 1
                        let entry = entries[index]
                        if entry.hash == hash, entry.fontID == key.fontID, entry.optionsID == key.optionsID,
                           entry.itemOffset == key.itemOffset, entry.itemLength == key.itemLength,
                           Int(entry.unitCount) == key.text.count, matches(entry, key.text) {
                            return index
                        }
                    }
                    slot = (slot + 1) & mask
                }
            }
        }

        private func matches(_ entry: Entry, _ text: UnsafeBufferPointer<UInt16>) -> Bool {
            units.withUnsafeBufferPointer { stored in
                let start = Int(entry.unitStart)
                for index in 0 ..< text.count where stored[start + index] != text[index] { return false }
                return true
            }
        }

        mutating func insert(_ key: ShapedWordKey, hash: UInt64, glyphs shaped: UnsafeBufferPointer<ShapedGlyph>, maximumTableSize: Int) {
            if slots.isEmpty || (entries.count + 1) * 2 > slots.count, slots.count < maximumTableSize {
                grow(to: max(64, min(maximumTableSize, slots.count * 2)))
            }
            entries.append(Entry(
                hash: hash, fontID: key.fontID, optionsID: key.optionsID, unitStart: Int32(units.count),
                unitCount: Int32(key.text.count), itemOffset: key.itemOffset, itemLength: key.itemLength,
                glyphStart: Int32(glyphs.count), glyphCount: Int32(shaped.count)))
            place(hash: hash, index: entries.count - 1)
            units.append(contentsOf: key.text)
            glyphs.append(contentsOf: shaped)
        }

        private mutating func place(hash: UInt64, index: Int) {
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = (hash >> 32) << 32 | UInt64(index + 1)
        }

        private mutating func grow(to size: Int) {
            slots = [UInt64](repeating: 0, count: size)
            for index in entries.indices { place(hash: entries[index].hash, index: index) }
        }

        func glyphs(of index: Int) -> Range<Int> {
            let entry = entries[index]
            return Int(entry.glyphStart) ..< Int(entry.glyphStart + entry.glyphCount)
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
    private let state = Mutex(State())

    init(capacity: Int, costLimit: Int) {
        self.capacity = max(2, capacity)
        self.costLimit = max(2, costLimit)
        generationCapacity = self.capacity / 2
        generationCostLimit = self.costLimit / 2
        var size = 4
        while size < generationCapacity * 2 { size <<= 1 }
        tableSize = size
    }

    /// Calls `body` with the cached glyphs of `key` (clusters relative to the word's start) and
    /// returns true; false on a miss. `body` runs under the cache's lock: copy, do not shape.
    func withGlyphs(for key: ShapedWordKey, hash: UInt64, _ body: (UnsafeBufferPointer<ShapedGlyph>) -> Void) -> Bool {
        state.withLock { state in
            if let index = state.current.find(key, hash: hash) {
                state.hits += 1
                let range = state.current.glyphs(of: index)
                state.current.glyphs.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
                return true
            }
            guard let index = state.previous.find(key, hash: hash) else {
                state.misses += 1
                return false
            }
            state.hits += 1
            // Still in use: carry it into the current generation.
            let range = state.previous.glyphs(of: index)
            let glyphs = Array(state.previous.glyphs[range])
            glyphs.withUnsafeBufferPointer { glyphs in
                body(glyphs)
                insert(key, hash: hash, glyphs: glyphs, into: &state)
            }
            return true
        }
    }

    /// Stores the glyphs of `key`. A word whose cost alone passes a generation's limit is not stored.
    func insert(_ key: ShapedWordKey, hash: UInt64, glyphs: UnsafeBufferPointer<ShapedGlyph>) {
        guard key.text.count + glyphs.count <= generationCostLimit else { return }
        state.withLock { state in
            if state.current.find(key, hash: hash) == nil { insert(key, hash: hash, glyphs: glyphs, into: &state) }
        }
    }

    private func insert(_ key: ShapedWordKey, hash: UInt64, glyphs: UnsafeBufferPointer<ShapedGlyph>, into state: inout State) {
        guard key.text.count + glyphs.count <= generationCostLimit else { return }
        if state.current.entries.count >= generationCapacity
            || state.current.cost + key.text.count + glyphs.count > generationCostLimit {
            state.evictions += state.previous.entries.count
            state.previous = state.current
            state.current = Generation()
        }
        state.current.insert(key, hash: hash, glyphs: glyphs, maximumTableSize: tableSize)
    }

    var statistics: CacheStatistics {
        state.withLock { state in
            CacheStatistics(
                hits: state.hits, misses: state.misses, evictions: state.evictions,
                count: state.current.entries.count + state.previous.entries.count, capacity: capacity,
                cost: state.current.cost + state.previous.cost, costLimit: costLimit)
        }
    }
}
