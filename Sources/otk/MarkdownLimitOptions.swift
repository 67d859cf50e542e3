import ArgumentParser
import Foundation
import OpenTextKit

/// The limits a Markdown input is checked against before cmark-gfm parses it (see
/// `AttributedString.MarkdownParsingOptions`), as options of every command that reads one.
struct MarkdownLimitOptions: ParsableArguments {
    typealias Defaults = AttributedString.MarkdownParsingOptions

    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "Markdown: refuse link references that add more than this many bytes (every use after the first "
                    + "repeats its definition's destination and title).")
    )
    var maxReferenceExpansionBytes: Int = Defaults.defaultMaximumReferenceExpansionBytes

    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "Markdown: refuse tables that make more than this many cells in all (every row has as many cells as "
                    + "its header).")
    )
    var maxTableCells: Int = Defaults.defaultMaximumTableCells

    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "Markdown: refuse input that would make cmark-gfm read parts of it again more than this much (\"<?\" "
                    + "with no \"?>\", brackets left open).")
    )
    var maxRescanWork: Int = Defaults.defaultMaximumRescanWork

    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "Markdown: refuse blocks nested more deeply (each block quote and each list is a level); at most "
                    + "\(Defaults.maximumNestingDepthCap).")
    )
    var maxNestingDepth: Int = 64

    func validate() throws {
        for (name, value) in [
            ("--max-reference-expansion-bytes", maxReferenceExpansionBytes), ("--max-table-cells", maxTableCells),
            ("--max-rescan-work", maxRescanWork), ("--max-nesting-depth", maxNestingDepth),
        ] {
            guard value >= 0 else { throw ValidationError("\(name) takes 0 or more; got \(value).") }
        }
        guard maxNestingDepth <= Defaults.maximumNestingDepthCap else {
            throw ValidationError(
                "--max-nesting-depth takes at most \(Defaults.maximumNestingDepthCap) (the cap: what a deeply "
                    + "nested block costs grows with the square of its depth); got \(maxNestingDepth)."
            )
        }
    }

    /// Full syntax, throwing, with these limits.
    var parsingOptions: AttributedString.MarkdownParsingOptions {
        AttributedString.MarkdownParsingOptions(
            interpretedSyntax: .full, maximumNestingDepth: maxNestingDepth,
            maximumReferenceExpansionBytes: maxReferenceExpansionBytes,
            maximumTableCells: maxTableCells, maximumRescanWork: maxRescanWork)
    }

    /// The flag that sets `limit`, for a message.
    static func flag(for limit: MarkdownError.Limit) -> String? {
        switch limit {
        case .referenceExpansionBytes: "--max-reference-expansion-bytes"
        case .tableCells: "--max-table-cells"
        case .rescanWork: "--max-rescan-work"
        case .htmlBytes: nil
        }
    }

    /// A Markdown error as `otk` says it: the option that raises a limit named.
    static func message(for error: MarkdownError) -> String {
        switch error {
        case .limitExceeded(let limit, _, _, _):
            if let flag = flag(for: limit) { return "\(error) \(flag) raises it." }
        case .nestingTooDeep:
            return "\(error) --max-nesting-depth raises it."
        default:
            break
        }
        return "\(error)"
    }
}
