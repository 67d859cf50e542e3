import Foundation

/// Something proofreading found in a text: a misspelt word, a word said twice, a sentence that
/// starts with a small letter.
public struct ProofreadingIssue: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A word the dictionary does not know.
        case spelling
        /// A word right after the same word ("the the"); the range holds the space before it too.
        case repeatedWord
        /// A small letter starting a sentence (after a full stop; a question or an exclamation
        /// may go on in small letters).
        case capitalization
    }

    public let kind: Kind
    /// Where it is, in UTF-16 offsets into the text checked.
    public let range: Range<Int>
    /// What the range holds.
    public let text: String
    /// The one correction when there is one: nothing for a repeated word (it and its space go),
    /// the word with a capital letter; nil for a misspelling (ask for suggestions).
    public let replacement: String?

    public init(kind: Kind, range: Range<Int>, text: String, replacement: String?) {
        self.kind = kind
        self.range = range
        self.text = text
        self.replacement = replacement
    }

    public var description: String {
        "\(kind) \(range.lowerBound)..<\(range.upperBound) \"\(text)\"" + (replacement.map { " -> \"\($0)\"" } ?? "")
    }
}
