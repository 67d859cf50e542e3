import Foundation
import TextContent

/// Why Markdown could not be read or written.
public enum MarkdownError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not UTF-8; `byteOffset` is the first bad byte.
    case invalidUTF8(byteOffset: Int)
    /// Blocks nest deeper than the limit, first at `line` (1-based).
    case nestingTooDeep(limit: Int, line: Int)
    /// cmark-gfm could not be set up (a parser or an extension was not available).
    case parserUnavailable(String)
    /// The attributed string holds a structure Markdown cannot express.
    case unsupportedStructure(String)
    /// A Markdown file could not be read (missing, unreadable, or larger than the limit).
    case unreadable(path: String, reason: String)

    /// A sentence saying what went wrong.
    public var message: String {
        switch self {
        case .invalidUTF8(let offset):
            "The Markdown is not valid UTF-8: the byte at offset \(offset) does not start or continue a character."
        case .nestingTooDeep(let limit, let line):
            "The Markdown nests blocks (quotes, lists) more than \(limit) deep, first at line \(line)."
        case .parserUnavailable(let what):
            "The Markdown parser could not be set up: \(what)."
        case .unsupportedStructure(let what):
            "The text cannot be written as Markdown: \(what)."
        case .unreadable(let path, let reason):
            "The Markdown file \(EchoedValue(path, limit: 200)) could not be read: \(reason)."
        }
    }

    public var description: String { message }
}
