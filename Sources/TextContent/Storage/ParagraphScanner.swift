import Foundation

/// Splits UTF-8 text into paragraphs in one pass, counting UTF-16 lengths on the way.
/// Separators are `\n`, `\r\n`, `\r` and U+2029, the set Foundation's AttributedString uses
/// for paragraph-bound attributes.
package enum ParagraphScanner {
    /// The plain paragraphs of valid UTF-8 `bytes`, whose offsets are relative to `base`.
    package static func plainParagraphs(in bytes: UnsafeBufferPointer<UInt8>, base: Int = 0) -> [ParagraphEntry] {
        var entries: [ParagraphEntry] = []
        entries.reserveCapacity(bytes.count / 64 + 1)
        scan(bytes) { start, end, utf16, separator in
            entries.append(ParagraphEntry(
                content: .plain(utf8Start: base + start, utf8Count: end - start),
                utf16Length: utf16, separatorLength: separator))
        }
        return entries
    }

    /// Calls `paragraph(start, end, utf16Length, separatorLength)` for each paragraph, with
    /// byte offsets. The last paragraph has separator length 0 unless the text ends with one;
    /// empty text has no paragraphs.
    package static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>,
        _ paragraph: (Int, Int, Int, Int) -> Void
    ) {
        guard let base = bytes.baseAddress else { return }
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
            } else if byte == 0xE2, i + 2 < count, base[i + 1] == 0x80, base[i + 2] == 0xA9 {
                i += 3
                paragraph(start, i, utf16 + 1, 1)
                start = i
                utf16 = 0
            } else {
                // Lead bytes count one unit, four-byte sequences two; continuation bytes none.
                if byte & 0xC0 != 0x80 { utf16 += byte >= 0xF0 ? 2 : 1 }
                i += 1
            }
        }
        if start < count { paragraph(start, count, utf16, 0) }
    }

    /// The byte offset of the first invalid UTF-8 sequence, or nil if `bytes` is valid.
    package static func firstInvalidUTF8Offset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }

    /// Paragraph ranges (UTF-16 offsets) and separator lengths of any string.
    package static func paragraphs(ofUTF16 units: some Sequence<UInt16>) -> [(utf16Length: Int, separatorLength: Int)] {
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
