import Foundation

/// Splits UTF-8 text into paragraphs in one pass, counting UTF-16 lengths on the way.
/// Separators are `\n`, `\r\n`, `\r` and U+2029, the set Foundation's AttributedString uses
/// for paragraph-bound attributes.
enum ParagraphScanner {
    /// The plain paragraphs of `bytes`, or the byte offset of the first invalid UTF-8 sequence.
    /// Entries go straight into the index's B-tree as they are found: no array of them is ever
    /// made, which keeps the peak memory of opening a large file down.
    static func plainParagraphs(
        in bytes: UnsafeBufferPointer<UInt8>
    ) -> Result<ParagraphIndex, TextContentError> {
        plainParagraphs(in: bytes, longFrom: .max).map(\.index)
    }

    /// The paragraphs of `bytes`, and the byte ranges of those at least `longLength` UTF-16
    /// units long.
    static func plainParagraphs(
        in bytes: UnsafeBufferPointer<UInt8>, longFrom longLength: Int
    )
        -> Result<(index: ParagraphIndex, long: [Range<Int>]), TextContentError>
    {
        var builder = ParagraphIndex.Builder()
        var long: [Range<Int>] = []
        let invalid = scan(bytes) { start, end, utf16, separator in
            builder.append(
                ParagraphEntry(
                    content: .plain(utf8Start: start, utf8Count: end - start),
                    utf16Length: utf16, separatorLength: separator))
            if utf16 >= longLength { long.append(start ..< end) }
        }
        if let invalid { return .failure(.invalidUTF8(byteOffset: invalid)) }
        return .success((builder.finish(), long))
    }

    /// Calls `paragraph(start, end, utf16Length, separatorLength)` for each paragraph, with
    /// byte offsets, validating UTF-8 on the way. The last paragraph has separator length 0
    /// unless the text ends with one; empty text has no paragraphs. Returns the byte offset of
    /// the first invalid sequence (and stops there), or nil.
    @discardableResult
    static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ paragraph: (Int, Int, Int, Int) -> Void
    ) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var start = 0
        var utf16 = 0
        var i = 0
        while i < count {
            // Fast path: eight ASCII bytes none of which is below 0x0E (so no CR or LF).
            if i + 8 <= count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                let highBits: UInt64 = 0x8080_8080_8080_8080
                let belowFourteen = (word &- 0x0E0E_0E0E_0E0E_0E0E) & ~word & highBits
                if (word & highBits) | belowFourteen == 0 {
                    utf16 += 8
                    i += 8
                    continue
                }
            }
            let byte = base[i]
            if byte < 0x80 {
                if byte == 0x0A || byte == 0x0D {
                    var separator = 1
                    if byte == 0x0D, i + 1 < count, base[i + 1] == 0x0A { separator = 2 }
                    i += separator
                    paragraph(start, i, utf16 + separator, separator)
                    start = i
                    utf16 = 0
                    continue
                }
                utf16 += 1
                i += 1
                continue
            }
            let length = sequenceLength(base, i, count)
            guard length > 0 else { return i }
            if length == 3, byte == 0xE2, base[i + 1] == 0x80, base[i + 2] == 0xA9 {
                i += 3
                paragraph(start, i, utf16 + 1, 1)
                start = i
                utf16 = 0
                continue
            }
            utf16 += length == 4 ? 2 : 1
            i += length
        }
        if start < count { paragraph(start, count, utf16, 0) }
        return nil
    }

    /// The length of the well-formed UTF-8 sequence at `i` (Unicode table 3-7), or 0.
    @inline(__always)
    private static func sequenceLength(_ base: UnsafePointer<UInt8>, _ i: Int, _ count: Int) -> Int {
        let lead = base[i]
        @inline(__always) func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < count && base[i + k] >= low && base[i + k] <= high
        }
        switch lead {
        case 0xC2 ... 0xDF:
            return continuation(1) ? 2 : 0
        case 0xE0:
            return continuation(1, 0xA0) && continuation(2) ? 3 : 0
        case 0xED:
            return continuation(1, 0x80, 0x9F) && continuation(2) ? 3 : 0
        case 0xE1 ... 0xEF:
            return continuation(1) && continuation(2) ? 3 : 0
        case 0xF0:
            return continuation(1, 0x90) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1 ... 0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4:
            return continuation(1, 0x80, 0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default:
            return 0
        }
    }

    /// The paragraphs of a text `length` UTF-16 units long whose only separator units are
    /// `separators` (offsets in increasing order): what `paragraphs(ofUTF16:)` finds in it, read
    /// only where a separator can be. Editing uses it to re-split just the text around an edit.
    static func paragraphs(
        separatedAt separators: [(offset: Int, unit: UInt16)], length: Int
    ) -> [(range: Range<Int>, separator: Int)] {
        var result: [(range: Range<Int>, separator: Int)] = []
        var start = 0, i = 0
        while i < separators.count {
            let (at, unit) = separators[i]
            var separator = 1
            if unit == 0x0D, i + 1 < separators.count, separators[i + 1].offset == at + 1,
                separators[i + 1].unit == 0x0A
            {
                separator = 2
                i += 1
            }
            result.append((start ..< at + separator, separator))
            start = at + separator
            i += 1
        }
        if start < length { result.append((start ..< length, 0)) }
        return result
    }

    /// Whether a UTF-16 unit is a paragraph separator (or half of `\r\n`).
    static func isSeparator(_ unit: UInt16) -> Bool { unit == 0x0A || unit == 0x0D || unit == 0x2029 }

    /// Paragraph ranges (UTF-16 offsets) and separator lengths of any string.
    static func paragraphs(ofUTF16 units: some Sequence<UInt16>) -> [(utf16Length: Int, separatorLength: Int)] {
        var result: [(Int, Int)] = []
        var length = 0
        var previousWasCR = false
        for unit in units {
            length += 1
            switch unit {
            case 0x0A:
                if previousWasCR {
                    result[result.count - 1].0 += 1
                    result[result.count - 1].1 = 2
                    length = 0
                } else {
                    result.append((length, 1))
                    length = 0
                }
            case 0x0D, 0x2029:
                result.append((length, 1))
                length = 0
            default:
                break
            }
            previousWasCR = unit == 0x0D
        }
        if length > 0 { result.append((length, 0)) }
        return result
    }
}
