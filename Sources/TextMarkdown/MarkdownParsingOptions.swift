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

        /// Foundation's extended attribute syntax `^[text](name: value)`.
        ///
        /// Accepted for compatibility but not interpreted: such text is read as ordinary Markdown.
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
        /// How deeply blocks (quotes, lists, items) may nest; deeper input is refused with
        /// `MarkdownError.nestingTooDeep`, or flattened under `.returnPartiallyParsedIfPossible`.
        /// Not in Foundation: hostile input such as 10,000 nested quotes must not exhaust anything.
        public var maximumNestingDepth: Int

        /// Options with Foundation's defaults: full syntax, throwing, no source positions.
        public init(
            allowsExtendedAttributes: Bool = false,
            interpretedSyntax: InterpretedSyntax = .full,
            failurePolicy: FailurePolicy = .throwError,
            languageCode: String? = nil,
            appliesSourcePositionAttributes: Bool = false,
            maximumNestingDepth: Int = 64
        ) {
            self.allowsExtendedAttributes = allowsExtendedAttributes
            self.interpretedSyntax = interpretedSyntax
            self.failurePolicy = failurePolicy
            self.languageCode = languageCode
            self.appliesSourcePositionAttributes = appliesSourcePositionAttributes
            self.maximumNestingDepth = maximumNestingDepth
        }
    }
}
