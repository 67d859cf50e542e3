import Foundation

/// Where every 4,096th UTF-16 unit of a long paragraph of a file falls in its bytes: a stretch
/// of its UTF-16 is then found by halves and a short walk, not by decoding all that comes before
/// it (a section of a 5 MB paragraph of Arabic, laid out on its own, reads its own stretch).
struct UTF16Breadcrumbs: Sendable {
    static let stride = 4_096
    /// UTF-16 offsets of scalar starts, about `stride` apart, from 0.
    private let units: [Int]
    /// The byte offset (from the paragraph's start) of each.
    private let bytes: [Int]

    /// The breadcrumbs of `text`, valid UTF-8.
    init(_ text: UnsafeBufferPointer<UInt8>) {
        var units = [0], bytes = [0]
        var unit = 0, byte = 0, next = Self.stride
        while byte < text.count {
            let lead = text[byte]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            unit += length == 4 ? 2 : 1
            byte += length
            if unit >= next {
                units.append(unit)
                bytes.append(byte)
                next = unit + Self.stride
            }
        }
        self.units = units
        self.bytes = bytes
    }

    /// The last scalar start at or before UTF-16 offset `offset` in `text`: its UTF-16 and byte offsets.
    func scalarStart(atOrBefore offset: Int, in text: UnsafeBufferPointer<UInt8>) -> (unit: Int, byte: Int) {
        var low = 0, high = units.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if units[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var unit = units[low], byte = bytes[low]
        while byte < text.count {
            let lead = text[byte]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            let width = length == 4 ? 2 : 1
            guard unit + width <= offset else { break }
            unit += width
            byte += length
        }
        return (unit, byte)
    }
}

extension SourceText {
    /// UTF-16 units `range` (clamped to `utf16Count`) of the paragraph at bytes `start ..< start +
    /// count` (valid UTF-8, `utf16Count` units long): a long one through its breadcrumbs (made
    /// once, kept with the source), a short one decoded whole.
    func utf16Units(ofParagraphAt start: Int, count: Int, utf16Count: Int, in range: Range<Int>) -> [UInt16] {
        let lower = max(0, min(range.lowerBound, utf16Count)), upper = max(lower, min(range.upperBound, utf16Count))
        let text = slice(start, count)
        guard count >= 4 * UTF16Breadcrumbs.stride else {
            let units = Array(String(decoding: text, as: UTF8.self).utf16)
            return Array(units[lower ..< min(upper, units.count)])
        }
        let crumbs = breadcrumbs.withLock { cache in
            if let known = cache[start] { return known }
            let made = UTF16Breadcrumbs(text)
            cache[start] = made
            return made
        }
        let first = crumbs.scalarStart(atOrBefore: lower, in: text)
        var last = crumbs.scalarStart(atOrBefore: upper, in: text)
        if last.unit < upper, last.byte < count {
            // `upper` falls inside a surrogate pair: the scalar's end.
            last = (last.unit + 2, last.byte + 4)
        }
        let units = Array(
            String(decoding: UnsafeBufferPointer(rebasing: text[first.byte ..< min(count, last.byte)]), as: UTF8.self)
                .utf16)
        let from = lower - first.unit
        return Array(units[min(from, units.count) ..< min(from + (upper - lower), units.count)])
    }
}
