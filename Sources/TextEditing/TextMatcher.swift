import Foundation

/// A compiled search: a literal with Foundation's comparison options, or a `Regex`.
struct TextMatcher {
    let pattern: String
    let options: TextFindOptions
    let regex: Regex<AnyRegexOutput>?
    /// The pattern's UTF-16 units and UTF-8 bytes, for the plain comparison.
    private let needle: [UInt16]
    private let needleUTF8: [UInt8]

    init(_ pattern: String, options: TextFindOptions) throws(TextFindError) {
        guard !pattern.isEmpty else { throw .emptyPattern }
        self.pattern = pattern
        needle = Array(pattern.utf16)
        needleUTF8 = Array(pattern.utf8)
        self.options = options
        if options.contains(.regularExpression) {
            do {
                var regex = try Regex(pattern)
                if options.contains(.caseInsensitive) { regex = regex.ignoresCase() }
                self.regex = regex
            } catch {
                throw .invalidRegularExpression(String(String(describing: error).prefix(200)))
            }
        } else {
            regex = nil
        }
    }

    /// Whether matches can be looked for in text of several paragraphs at once (see
    /// `matches(inUTF8:isASCII:)`): a plain literal holding no paragraph separator, which
    /// therefore never matches across one.
    var findsMatchesAcrossParagraphs: Bool {
        options.isEmpty && regex == nil && !needle.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0x2029 }
    }

    /// The matches in UTF-8 `text`, as UTF-16 ranges, in order and not overlapping. A plain
    /// literal is found in the bytes themselves (UTF-8 matches exactly where UTF-16 does), its
    /// offsets counted in UTF-16 as it goes (`isASCII`: they are the bytes'); anything else goes
    /// through a `String`.
    func matches(inUTF8 text: UnsafeBufferPointer<UInt8>, isASCII: Bool = false) -> [Range<Int>] {
        guard options.isEmpty, let first = needleUTF8.first, let base = text.baseAddress else {
            return matches(in: String(decoding: text, as: UTF8.self))
        }
        var result: [Range<Int>] = []
        var byte = 0, unit = 0 // a position scanned up to, in bytes and in UTF-16 units
        var searchFrom = 0
        let count = text.count, needleCount = needleUTF8.count
        while searchFrom + needleCount <= count,
            let found = memchr(base + searchFrom, Int32(first), count - needleCount + 1 - searchFrom)
        {
            let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let equal = needleUTF8.withUnsafeBufferPointer { memcmp(base + at, $0.baseAddress!, needleCount) == 0 }
            guard equal else {
                searchFrom = at + 1
                continue
            }
            unit += isASCII ? at - byte : Self.utf16Count(text, byte ..< at)
            let length = needle.count
            result.append(unit ..< unit + length)
            byte = at + needleCount
            unit += length
            searchFrom = byte
        }
        return result
    }

    /// UTF-16 units of the UTF-8 bytes `range` of `text`: one a scalar, two beyond the BMP.
    private static func utf16Count(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var units = 0
        for i in range {
            let byte = text[i]
            units &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
        }
        return units
    }

    /// The matches in `text`, as UTF-16 ranges, in order and not overlapping.
    func matches(in text: String) -> [Range<Int>] {
        var result: [Range<Int>] = []
        if let regex {
            for match in text.matches(of: regex) where !match.range.isEmpty {
                result.append(utf16Range(match.range, in: text))
            }
        } else {
            var compare: String.CompareOptions = []
            if options.contains(.caseInsensitive) { compare.insert(.caseInsensitive) }
            if options.contains(.diacriticInsensitive) { compare.insert(.diacriticInsensitive) }
            if compare.isEmpty {
                // Plain: compare UTF-16 units, which is what the user typed.
                let haystack = Array(text.utf16)
                var i = 0
                while i + needle.count <= haystack.count {
                    if haystack[i] == needle[0], haystack[i ..< i + needle.count].elementsEqual(needle) {
                        result.append(i ..< i + needle.count)
                        i += needle.count
                    } else {
                        i += 1
                    }
                }
            } else {
                var from = text.startIndex
                while from < text.endIndex,
                    let found = text.range(of: pattern, options: compare, range: from ..< text.endIndex)
                {
                    result.append(utf16Range(found, in: text))
                    from = found.upperBound > found.lowerBound ? found.upperBound : text.index(after: found.lowerBound)
                }
            }
        }
        guard options.contains(.wholeWord) else { return result }
        let units = Array(text.utf16)
        return result.filter {
            !Self.isWordUnit(units, before: $0.lowerBound) && !Self.isWordUnit(units, at: $0.upperBound)
        }
    }

    private func utf16Range(_ range: Range<String.Index>, in text: String) -> Range<Int> {
        text.utf16.distance(from: text.startIndex, to: range.lowerBound)
            ..< text.utf16.distance(from: text.startIndex, to: range.upperBound)
    }

    private static func isWordUnit(_ units: [UInt16], before offset: Int) -> Bool {
        offset > 0 && isWord(units[offset - 1])
    }

    private static func isWordUnit(_ units: [UInt16], at offset: Int) -> Bool {
        offset < units.count && isWord(units[offset])
    }

    private static func isWord(_ unit: UInt16) -> Bool {
        // A surrogate: a letter beyond the BMP, most likely.
        guard let scalar = Unicode.Scalar(unit) else { return true }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil || unit == 0x5F
    }
}
