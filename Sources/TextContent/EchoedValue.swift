/// A value from a document or a command line as an error message repeats it: whole when short,
/// else its first characters and an ellipsis, so that a 100,000-digit number or a huge URL does
/// not bury the message.
package struct EchoedValue: CustomStringConvertible, Sendable {
    /// How many characters are kept of a long value.
    package static let defaultLimit = 40

    package let description: String

    package init(_ value: String, limit: Int = EchoedValue.defaultLimit) {
        let characters = value.unicodeScalars
        if characters.count <= limit {
            description = value
        } else {
            var shortened = String.UnicodeScalarView(characters.prefix(limit))
            shortened.append("…")
            description = String(shortened) + " (\(characters.count) characters)"
        }
    }

    /// `message` with every word (a stretch without spaces) longer than `longerThan` characters
    /// shortened: for messages that quote a value whole, such as a parser's.
    package static func shorteningLongWords(in message: String, longerThan: Int = 100) -> String {
        guard message.unicodeScalars.count > longerThan else { return message }
        var result = ""
        var word = ""
        func flush() {
            result += word.unicodeScalars.count > longerThan ? EchoedValue(word).description : word
            word = ""
        }
        for character in message {
            if character.isWhitespace {
                flush()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return result
    }
}
