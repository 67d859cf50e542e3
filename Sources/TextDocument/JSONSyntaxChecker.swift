import Foundation
@_spi(Coding) import TextAttributes

/// Checks that data is one JSON value (RFC 8259) in UTF-8, and says exactly where it is not.
///
/// Foundation's JSONDecoder on Linux reports every syntax error as "The given data was not valid
/// JSON." with no position, and it silently keeps the first of two equal keys. This pass runs
/// first, so a truncated or hand-damaged file gets a line, a column and a byte offset, and
/// duplicate keys and unpaired surrogate escapes are refused. It allocates nothing per value
/// except the key sets of open objects; its recursion is bounded by `maximumDepth`.
enum JSONSyntaxChecker {
    /// Deeper nesting is refused; documents need fewer than ten levels.
    static let maximumDepth = 128

    static func check(_ data: Data) throws(TextDocumentError) {
        let failure: TextDocumentError? = data.withUnsafeBytes { raw in
            var scanner = Scanner(bytes: raw.bindMemory(to: UInt8.self))
            return scanner.run()
        }
        if let failure { throw failure }
    }

    struct Failure: Error {
        let offset: Int
        let reason: String
    }

    enum Open {
        case object(keys: Set<[UInt8]>)
        case array
    }

    struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        var stack: [Open] = []

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func run() -> TextDocumentError? {
            do {
                try scanDocument()
                return nil
            } catch {
                let (line, column) = position(of: error.offset)
                return .malformedJSON(line: line, column: column, byteOffset: error.offset, reason: error.reason)
            }
        }

        var atEnd: Bool { index >= bytes.count }

        private mutating func scanDocument() throws(Failure) {
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
            skipWhitespace()
            if atEnd { throw Failure(offset: index, reason: "the data is empty: expected a JSON value") }
            try scanValue()
            while true {
                skipWhitespace()
                guard let top = stack.last else {
                    if !atEnd { throw unexpected("after the end of the JSON value") }
                    return
                }
                if atEnd {
                    throw Failure(
                        offset: index,
                        reason: "unexpected end of data inside \(Self.describe(top)) (the file is truncated?)")
                }
                let byte = bytes[index]
                switch top {
                case .object:
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        try scanMember()
                    } else if byte == UInt8(ascii: "}") {
                        index += 1
                        stack.removeLast()
                    } else {
                        throw unexpected("expected \",\" or \"}\" in an object")
                    }
                case .array:
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        try scanValue()
                    } else if byte == UInt8(ascii: "]") {
                        index += 1
                        stack.removeLast()
                    } else {
                        throw unexpected("expected \",\" or \"]\" in an array")
                    }
                }
            }
        }

        /// A value at `index` (after whitespace). Objects and arrays are opened and left on the
        /// stack, with their first member scanned.
        private mutating func scanValue() throws(Failure) {
            guard !atEnd else { throw unexpected("expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                try push(.object(keys: []))
                index += 1
                skipWhitespace()
                if !atEnd, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    stack.removeLast()
                } else {
                    try scanMember()
                }
            case UInt8(ascii: "["):
                try push(.array)
                index += 1
                skipWhitespace()
                if !atEnd, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    stack.removeLast()
                } else {
                    try scanValue()
                }
            case UInt8(ascii: "\""):
                _ = try scanString(collecting: false)
            case UInt8(ascii: "t"): try scanLiteral("true")
            case UInt8(ascii: "f"): try scanLiteral("false")
            case UInt8(ascii: "n"): try scanLiteral("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"): try scanNumber()
            default: throw unexpected("expected a value")
            }
        }

        /// `"key": value` in the innermost object.
        private mutating func scanMember() throws(Failure) {
            skipWhitespace()
            guard !atEnd, bytes[index] == UInt8(ascii: "\"") else {
                throw unexpected("expected a key string in an object")
            }
            let keyStart = index
            let key = try scanString(collecting: true)
            guard case .object(var keys) = stack.removeLast() else { preconditionFailure("a member outside an object") }
            let (inserted, _) = keys.insert(key)
            stack.append(.object(keys: keys))
            guard inserted else {
                throw Failure(
                    offset: keyStart, reason: "duplicate key \"\(String(decoding: key, as: UTF8.self))\" in an object")
            }
            skipWhitespace()
            guard !atEnd, bytes[index] == UInt8(ascii: ":") else { throw unexpected("expected \":\" after a key") }
            index += 1
            skipWhitespace()
            try scanValue()
        }

        private mutating func push(_ open: Open) throws(Failure) {
            guard stack.count < maximumDepth else {
                throw Failure(offset: index, reason: "objects and arrays nest deeper than \(maximumDepth) levels")
            }
            stack.append(open)
        }

        private mutating func skipWhitespace() {
            while !atEnd {
                switch bytes[index] {
                case 0x20, 0x09, 0x0A, 0x0D: index += 1
                default: return
                }
            }
        }

        /// A failure at `index`: the end of data, or the character there.
        func unexpected(_ expectation: String) -> Failure {
            guard !atEnd else {
                return Failure(offset: index, reason: "unexpected end of data: \(expectation) (the file is truncated?)")
            }
            let byte = bytes[index]
            let found =
                (0x21 ... 0x7E).contains(byte)
                ? "unexpected character \"\(String(UnicodeScalar(byte)))\""
                : "unexpected byte 0x\(Self.hex(UInt32(byte), width: 2))"
            return Failure(offset: index, reason: "\(found): \(expectation)")
        }

        /// The line and column (both from 1, the column counted in Unicode scalars) of a byte offset.
        func position(of offset: Int) -> (line: Int, column: Int) {
            var line = 1
            var column = 1
            for byte in bytes[..<min(offset, bytes.count)] {
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return (line, column)
        }

        private static func describe(_ open: Open) -> String {
            switch open {
            case .object: "an object"
            case .array: "an array"
            }
        }

        static func hex(_ value: UInt32, width: Int) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
    }
}
