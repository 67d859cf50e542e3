/// A value from a document or a command line as an error message repeats it: whole when short,
/// else its first characters and an ellipsis, so that a 100,000-digit number or a huge URL does
/// not bury the message; control characters (a NUL, an escape sequence, a line break) and
/// direction overrides are written as escapes (`\0`, `\u{1B}`), so that what reaches a terminal
/// is only text. Importers quote what they could not read with it, as the engine's own errors do.
///
/// ```swift
/// throw MyImportError.badColor("\(QuotedValue(attributeValue)) is not a colour")
/// ```
public struct QuotedValue: CustomStringConvertible, Sendable {
    /// How many characters are kept of a long value.
    public static let defaultLimit = 40

    /// The value as a message repeats it.
    public let description: String

    /// `value`, with at most `limit` characters of it kept.
    public init(_ value: String, limit: Int = QuotedValue.defaultLimit) {
        let characters = value.unicodeScalars
        if characters.count <= limit {
            description = Self.escapingControls(in: value)
        } else {
            let shortened = String(String.UnicodeScalarView(characters.prefix(limit)))
            description = Self.escapingControls(in: shortened) + "… (\(characters.count) characters)"
        }
    }

    /// `message` with every word (a stretch without spaces) longer than `longerThan` characters
    /// shortened, and its control characters escaped (line breaks kept when `keepingLineBreaks`):
    /// for messages that quote a value whole, such as a parser's.
    public static func shorteningLongWords(
        in message: String, longerThan: Int = 100, keepingLineBreaks: Bool = true
    ) -> String {
        guard message.unicodeScalars.count > longerThan else {
            return escapingControls(in: message, keepingLineBreaks: keepingLineBreaks)
        }
        var result = ""
        var word = ""
        func flush() {
            result +=
                word.unicodeScalars.count > longerThan ? QuotedValue(word).description : escapingControls(in: word)
            word = ""
        }
        for character in message {
            if character.isWhitespace {
                flush()
                result += escapingControls(in: String(character), keepingLineBreaks: keepingLineBreaks)
            } else {
                word.append(character)
            }
        }
        flush()
        return result
    }

    /// `text` with C0 and C1 control characters, DEL, line and paragraph separators and bidi
    /// overrides and isolates written as escapes; "\n" kept when `keepingLineBreaks`.
    public static func escapingControls(in text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { needsEscape($0, keepingLineBreaks: keepingLineBreaks) }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar, keepingLineBreaks: keepingLineBreaks) else {
                result.append(scalar)
                continue
            }
            let escape: String =
                switch scalar {
                case "\0": "\\0"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default: "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }

    private static func needsEscape(_ scalar: Unicode.Scalar, keepingLineBreaks: Bool) -> Bool {
        switch scalar.value {
        case 0x0A: !keepingLineBreaks
        case 0x00 ..< 0x20, 0x7F ..< 0xA0, 0x2028, 0x2029, 0x202A ... 0x202E, 0x2066 ... 0x2069, 0x200E, 0x200F, 0x061C:
            true
        default: false
        }
    }
}
