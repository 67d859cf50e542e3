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
    /// The document would cost more than `limit` allows (see `MarkdownParsingOptions`): it
    /// reaches at least `found`, first at `line` (1-based; 0 when no line applies). Checked
    /// before cmark-gfm parses the document (and, for the HTML, before it renders).
    case limitExceeded(Limit, limit: Int, found: Int, line: Int)
    /// An option of `MarkdownParsingOptions` named `option` is `value`, outside the `range`
    /// it takes (`maximumNestingDepth` is capped at `maximumNestingDepthCap`).
    case optionOutOfRange(option: String, value: Int, range: ClosedRange<Int>)
    /// The attributes of Apple's extended syntax `^[text](attributes)`, in the block starting
    /// at `line`, could not be read (with `allowsExtendedAttributes`): not JSON5 object
    /// members, or a value its attribute cannot take; `reason` says which.
    case invalidExtendedAttributes(line: Int, attributes: String, reason: String)

    /// The limits of `MarkdownError.limitExceeded`, named after the option that sets each.
    public enum Limit: String, Hashable, Sendable {
        /// `MarkdownParsingOptions.maximumReferenceExpansionBytes`.
        case referenceExpansionBytes = "maximumReferenceExpansionBytes"
        /// `MarkdownParsingOptions.maximumTableCells`.
        case tableCells = "maximumTableCells"
        /// `MarkdownParsingOptions.maximumRescanWork`.
        case rescanWork = "maximumRescanWork"
        /// cmark-gfm's HTML renderer, which aborts the process past a 1 GiB buffer (a fixed limit).
        case htmlBytes = "cmark-gfm's 1 GiB HTML buffer"
    }

    /// A sentence saying what went wrong.
    public var message: String {
        switch self {
        case .invalidUTF8(let offset):
            "The Markdown is not valid UTF-8: the byte at offset \(offset) does not start or continue a character."
        case .nestingTooDeep(let limit, let line):
            "The Markdown nests blocks more than \(limit) deep (each block quote and each list counts one level; "
                + "a list's items do not), first at line \(line)."
        case .parserUnavailable(let what):
            "The Markdown parser could not be set up: \(what)."
        case .unsupportedStructure(let what):
            "The text cannot be written as Markdown: \(what)."
        case .unreadable(let path, let reason):
            "The Markdown file \(QuotedValue(path, limit: 200)) could not be read: "
                + "\(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)."
        case .limitExceeded(let kind, let limit, let found, let line):
            Self.message(kind, limit: limit, found: found) + (line > 0 ? ", first at line \(line)." : ".")
        case .optionOutOfRange(let option, let value, let range):
            "The Markdown option \(option) is \(value); it takes \(range.lowerBound) through \(range.upperBound) "
                + "(its cap)."
        case .invalidExtendedAttributes(let line, let attributes, let reason):
            "The Markdown's extended attributes \(QuotedValue(attributes, limit: 80)) in the block at line "
                + "\(line) could not be read: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)."
        }
    }

    public var description: String { message }

    private static func message(_ kind: Limit, limit: Int, found: Int) -> String {
        switch kind {
        case .referenceExpansionBytes:
            "The Markdown's link references expand to at least \(found) bytes (every use after the first repeats "
                + "its definition's destination and title), more than the limit of \(limit) bytes (\(kind.rawValue))"
        case .tableCells:
            "The Markdown's tables make at least \(found) cells (every row has as many cells as its table's "
                + "header), more than the limit of \(limit) cells (\(kind.rawValue))"
        case .rescanWork:
            "The Markdown holds constructs that cmark-gfm reads again and again (an inline \"<?\" with no \"?>\" "
                + "after it, \"<![CDATA[\" with no \"]]>\", links inside brackets left open, many e-mail "
                + "addresses on one line): about \(found) steps, more than the limit of \(limit) (\(kind.rawValue))"
        case .htmlBytes:
            "The Markdown's HTML could reach \(found) bytes, more than the \(limit) bytes cmark-gfm's HTML "
                + "renderer can hold"
        }
    }
}
