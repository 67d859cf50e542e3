import Foundation
@_spi(Coding) import TextAttributes

/// The tokens of JSON: strings with their escapes and UTF-8, literals and numbers.
extension JSONSyntaxChecker.Scanner {
    /// A string at `index`; returns its decoded UTF-8 when `collecting` (for keys).
    mutating func scanString(collecting: Bool) throws(JSONSyntaxChecker.Failure) -> [UInt8] {
        let start = index
        index += 1
        var result: [UInt8] = []
        while true {
            guard !atEnd else {
                let (line, column) = position(of: start)
                throw JSONSyntaxChecker.Failure(
                    offset: index,
                    reason: "unexpected end of data inside the string that starts at line \(line), column \(column)")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return result
            case UInt8(ascii: "\\"):
                let scalar = try scanEscape()
                if collecting { result.append(contentsOf: Array(String(Character(scalar)).utf8)) }
            case 0 ..< 0x20:
                throw JSONSyntaxChecker.Failure(
                    offset: index,
                    reason: "control character U+\(Self.hex(UInt32(byte), width: 4)) must be escaped in a string")
            case 0x80...:
                let length = try scanUTF8Sequence()
                if collecting { result.append(contentsOf: bytes[index - length ..< index]) }
            default:
                index += 1
                if collecting { result.append(byte) }
            }
        }
    }

    /// An escape sequence at `index` (the backslash); unpaired surrogates are refused, since
    /// a Swift string cannot hold them.
    mutating func scanEscape() throws(JSONSyntaxChecker.Failure) -> Unicode.Scalar {
        let start = index
        index += 1
        guard !atEnd else { throw unexpected("expected an escape sequence after \"\\\"") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try scanHex4()
            if UTF16.isLeadSurrogate(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw JSONSyntaxChecker.Failure(
                        offset: start,
                        reason: "\\u\(Self.hex(UInt32(unit), width: 4)) is half of a surrogate pair with no second half"
                    )
                }
                index += 2
                let trail = try scanHex4()
                guard UTF16.isTrailSurrogate(trail) else {
                    throw JSONSyntaxChecker.Failure(
                        offset: start,
                        reason:
                            "\\u\(Self.hex(UInt32(unit), width: 4)) is not followed by the second half of a "
                            + "surrogate pair"
                    )
                }
                return Unicode.Scalar(0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(trail - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(unit) else {
                throw JSONSyntaxChecker.Failure(
                    offset: start,
                    reason:
                        "\\u\(Self.hex(UInt32(unit), width: 4)) is the second half of a surrogate pair with no "
                        + "first half"
                )
            }
            return scalar
        default:
            index -= 1
            throw unexpected("not a JSON escape sequence")
        }
    }

    mutating func scanHex4() throws(JSONSyntaxChecker.Failure) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0 ..< 4 {
            guard !atEnd else { throw unexpected("expected four hex digits after \\u") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw unexpected("expected four hex digits after \\u")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// One multi-byte UTF-8 sequence at `index`; returns its length. Overlong forms,
    /// surrogates and values above U+10FFFF are refused.
    mutating func scanUTF8Sequence() throws(JSONSyntaxChecker.Failure) -> Int {
        let lead = bytes[index]
        let length: Int
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        switch lead {
        case 0xC2 ... 0xDF: length = 2
        case 0xE0: length = 3; lowest = 0xA0
        case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
        case 0xED: length = 3; highest = 0x9F
        case 0xF0: length = 4; lowest = 0x90
        case 0xF1 ... 0xF3: length = 4
        case 0xF4: length = 4; highest = 0x8F
        default:
            throw JSONSyntaxChecker.Failure(
                offset: index, reason: "byte 0x\(Self.hex(UInt32(lead), width: 2)) is not valid UTF-8")
        }
        for offset in 1 ..< length {
            guard index + offset < bytes.count else {
                throw JSONSyntaxChecker.Failure(
                    offset: bytes.count, reason: "unexpected end of data inside a UTF-8 sequence in a string")
            }
            let byte = bytes[index + offset]
            let range = offset == 1 ? lowest ... highest : 0x80 ... 0xBF
            guard range.contains(byte) else {
                throw JSONSyntaxChecker.Failure(offset: index, reason: "the bytes at this position are not valid UTF-8")
            }
        }
        index += length
        return length
    }

    mutating func scanLiteral(_ literal: StaticString) throws(JSONSyntaxChecker.Failure) {
        let start = index
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        for byte in expected {
            guard !atEnd else {
                throw JSONSyntaxChecker.Failure(
                    offset: index, reason: "unexpected end of data: expected \"\(literal)\"")
            }
            guard bytes[index] == byte else {
                throw JSONSyntaxChecker.Failure(offset: start, reason: "invalid literal: expected \"\(literal)\"")
            }
            index += 1
        }
    }

    mutating func scanNumber() throws(JSONSyntaxChecker.Failure) {
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        if !atEnd, bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            try scanDigits("in a number")
        }
        if !atEnd, bytes[index] == UInt8(ascii: ".") {
            index += 1
            try scanDigits("after the decimal point")
        }
        if !atEnd, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if !atEnd, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            try scanDigits("in an exponent")
        }
    }

    mutating func scanDigits(_ place: String) throws(JSONSyntaxChecker.Failure) {
        let start = index
        while !atEnd, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        if index == start { throw unexpected("expected a digit \(place)") }
    }
}
