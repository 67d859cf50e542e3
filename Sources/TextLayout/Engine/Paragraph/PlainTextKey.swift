/// How the paragraph caches find a plain paragraph by its text: a hash of its UTF-8, and a
/// comparison of that UTF-8 with the UTF-16 a cached paragraph was shaped from (so that an
/// entry keeps no second copy of its text).
enum PlainTextKey {
    /// A 64-bit hash of the bytes, eight at a time; never 0 (an empty slot's mark).
    static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let prime: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(utf8.count)
        guard let base = utf8.baseAddress else { return hash | 1 }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= utf8.count {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* prime
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < utf8.count {
            tail |= UInt64(utf8[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail) &* prime
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash | 1
    }

    /// The slot of `hash` in a table of `count` slots (a power of two): from the bits above the
    /// lowest, which is always set.
    static func slot(of hash: UInt64, count: Int) -> Int {
        Int(truncatingIfNeeded: hash >> 1) & (count - 1)
    }

    /// Whether `units` are the UTF-16 of `utf8` (valid UTF-8: a paragraph's own text).
    static func units(_ units: [UInt16], equal utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        units.withUnsafeBufferPointer { units in
            // ASCII: a unit per byte.
            if units.count == utf8.count {
                var index = 0
                while index < utf8.count, utf8[index] < 0x80 {
                    guard units[index] == UInt16(utf8[index]) else { return false }
                    index += 1
                }
                if index == utf8.count { return true }
            }
            var index = 0
            var equal = true
            _ = transcode(utf8.makeIterator(), from: UTF8.self, to: UTF16.self, stoppingOnError: true) { unit in
                if index < units.count, units[index] == unit { index += 1 } else { equal = false }
            }
            return equal && index == units.count
        }
    }
}
