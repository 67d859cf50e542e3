import Foundation
import TextContent

extension AttributedString {
    /// How `AttributedString(markdown:options:baseURL:)` reads Markdown, with Foundation's fields.
    public struct MarkdownParsingOptions: Hashable, Sendable {
        /// Which Markdown the parser interprets.
        public enum InterpretedSyntax: Hashable, Sendable {
            /// Blocks and inlines: headings, lists, quotes, code blocks, tables, thematic breaks.
            case full
            /// Inline syntax only; runs of whitespace (line ends included) collapse to one space.
            case inlineOnly
            /// Inline syntax only; whitespace and line ends are kept as written.
            case inlineOnlyPreservingWhitespace
        }

        /// What to do when the input cannot be parsed fully.
        public enum FailurePolicy: Hashable, Sendable {
            /// Throw a `MarkdownError`.
            case throwError
            /// Return what could be parsed: blocks nested deeper than `maximumNestingDepth` join
            /// their deepest allowed ancestor, and invalid UTF-8 becomes U+FFFD.
            case returnPartiallyParsedIfPossible
        }

        /// Whether Apple's extended attribute syntax `^[text](name: value, ...)` is read: the
        /// text keeps its characters and takes the attributes named, by the `markdownName`s of
        /// the scope (`init(markdown:including:options:baseURL:)`; the engine's own scope
        /// otherwise), values in JSON5. Names the scope lacks are ignored; attributes that
        /// cannot be read throw `MarkdownError.invalidExtendedAttributes` (or, under
        /// `.returnPartiallyParsedIfPossible`, the text is kept without them). Off: such text
        /// is ordinary Markdown, caret and brackets included.
        public var allowsExtendedAttributes: Bool
        /// Which syntax is interpreted.
        public var interpretedSyntax: InterpretedSyntax
        /// What to do with input that cannot be parsed fully.
        public var failurePolicy: FailurePolicy
        /// The language of the document (a BCP 47 code). As in Foundation it is not applied to
        /// the text; set `languageIdentifier` for shaping.
        public var languageCode: String?
        /// Whether runs carry `markdownSourcePosition`.
        public var appliesSourcePositionAttributes: Bool
        /// How deeply blocks may nest, counted as a reader sees it: each block quote and each
        /// list is one level (a list's items, and a table's rows, are not); deeper input is refused with
        /// `MarkdownError.nestingTooDeep`, or flattened under `.returnPartiallyParsedIfPossible`.
        /// Not in Foundation: hostile input such as 10,000 nested quotes must not exhaust anything.
        ///
        /// Default 64; it takes 0 through `maximumNestingDepthCap` (256), and an import (or
        /// `checkLimits(of:)`, `MarkdownHTML.render`) with a larger value throws
        /// `MarkdownError.optionOutOfRange` before reading anything: the memory and time a deeply
        /// nested block costs grow with the square of its depth (measured with the release build:
        /// 1,000 nested lists took 140 MB, 5,000 took 1.6 GB, 100,000 nested quotes 16 GB).
        public var maximumNestingDepth: Int
        /// How many bytes link references may add to the document: every use of a reference
        /// after the first repeats its definition's destination and title (a 2 MB definition used
        /// 1,000 times would be 2 GB of links). Default 16 MiB; past it the import throws
        /// `MarkdownError.limitExceeded(.referenceExpansionBytes, ...)` before cmark-gfm parses.
        /// Not in Foundation.
        public var maximumReferenceExpansionBytes: Int
        /// How many table cells the document's tables may make together: every row has as many
        /// cells as its table's header, so a 31 KB table with a 5,000-column header makes a
        /// million. Default 250,000; past it the import throws
        /// `MarkdownError.limitExceeded(.tableCells, ...)` before cmark-gfm parses. Not in Foundation.
        public var maximumTableCells: Int
        /// How much re-reading cmark-gfm 0.29 may be led into: an inline `<?` with no `?>`
        /// after it in its paragraph, or `<![CDATA[` with no `]]>`, makes it read the rest of
        /// the paragraph again (bytes); every link closed inside brackets left open (`![[]()`
        /// repeated) walks those brackets again (steps); every e-mail address its autolink
        /// extension finds copies the rest of the line (bytes): all grow with the square of
        /// the input (the first of each in a paragraph or line is not counted: reading costs
        /// that anyway). The source is estimated from above before parsing; default 20,000,000
        /// (well under a second of cmark-gfm's time); past it the import throws
        /// `MarkdownError.limitExceeded(.rescanWork, ...)`. Not in Foundation.
        public var maximumRescanWork: Int

        /// The largest `maximumNestingDepth` an import accepts: 256 levels (a single block nested
        /// that deep costs about 40 MB to import; see `maximumNestingDepth`).
        public static let maximumNestingDepthCap = 256
        /// The default `maximumReferenceExpansionBytes`: 16 MiB.
        public static let defaultMaximumReferenceExpansionBytes = 16 << 20
        /// The default `maximumTableCells`: 250,000.
        public static let defaultMaximumTableCells = 250_000
        /// The default `maximumRescanWork`: 20,000,000.
        public static let defaultMaximumRescanWork = 20_000_000

        /// Options with Foundation's defaults: full syntax, throwing, no source positions.
        public init(
            allowsExtendedAttributes: Bool = false,
            interpretedSyntax: InterpretedSyntax = .full,
            failurePolicy: FailurePolicy = .throwError,
            languageCode: String? = nil,
            appliesSourcePositionAttributes: Bool = false,
            maximumNestingDepth: Int = 64,
            maximumReferenceExpansionBytes: Int = defaultMaximumReferenceExpansionBytes,
            maximumTableCells: Int = defaultMaximumTableCells,
            maximumRescanWork: Int = defaultMaximumRescanWork
        ) {
            self.allowsExtendedAttributes = allowsExtendedAttributes
            self.interpretedSyntax = interpretedSyntax
            self.failurePolicy = failurePolicy
            self.languageCode = languageCode
            self.appliesSourcePositionAttributes = appliesSourcePositionAttributes
            self.maximumNestingDepth = maximumNestingDepth
            self.maximumReferenceExpansionBytes = maximumReferenceExpansionBytes
            self.maximumTableCells = maximumTableCells
            self.maximumRescanWork = maximumRescanWork
        }

        /// Checks `markdown` against these options' limits (reference expansion, table cells,
        /// re-reading) without parsing it: what every import and `MarkdownHTML.render` do
        /// first, for code that hands the same text to cmark-gfm itself.
        ///
        /// - Throws: `MarkdownError.optionOutOfRange` for a `maximumNestingDepth` outside
        ///   0 through `maximumNestingDepthCap`; `MarkdownError.limitExceeded` naming the first
        ///   limit passed.
        public func checkLimits(of markdown: String) throws(MarkdownError) {
            let depths = 0 ... Self.maximumNestingDepthCap
            guard depths.contains(maximumNestingDepth) else {
                throw .optionOutOfRange(option: "maximumNestingDepth", value: maximumNestingDepth, range: depths)
            }
            try MarkdownLimitScan.check(markdown, options: self)
        }
    }
}
