import Foundation

/// One paragraph of a document: its content and its separator (`\n`, `\r\n`, `\r` or U+2029;
/// the last paragraph of a document may have none).
public struct TextParagraph: TextElement {
    /// Text without attributes stays a String until its attributed string is asked for:
    /// building an AttributedString costs about 50 ns a byte on Linux, and layout of plain
    /// text never needs one.
    private enum Content: Sendable {
        case attributed(AttributedString)
        case plain(String)
    }

    private let content: Content

    /// The paragraph's text with its attributes, separator included. For a paragraph of plain
    /// text this is made on each access; read `plainText` when attributes do not matter.
    public var attributedString: AttributedString {
        switch content {
        case .attributed(let text): return text
        case .plain(let text): return AttributedString(text)
        }
    }

    /// The paragraph's text when it has no attributes at all (nil otherwise): what layout reads
    /// to skip attribute handling.
    public var plainText: String? {
        if case .plain(let text) = content { return text }
        return nil
    }
    /// Where the paragraph is in its document, separator included; nil for one not placed in a document.
    public let elementRange: TextRange?
    /// The element range without the separator.
    public let paragraphContentRange: TextRange?
    /// The separator's range (empty when the paragraph has none).
    public let paragraphSeparatorRange: TextRange?

    /// A paragraph not (yet) placed in a document, e.g. one a delegate substitutes for display.
    public init(attributedString: AttributedString) {
        self.content = .attributed(attributedString)
        self.elementRange = nil
        self.paragraphContentRange = nil
        self.paragraphSeparatorRange = nil
    }

    package init(attributedString: AttributedString, elementRange: TextRange, contentEnd: any TextLocation) {
        self.init(content: .attributed(attributedString), elementRange: elementRange, contentEnd: contentEnd)
    }

    package init(plainText: String, elementRange: TextRange, contentEnd: any TextLocation) {
        self.init(content: .plain(plainText), elementRange: elementRange, contentEnd: contentEnd)
    }

    private init(content: Content, elementRange: TextRange, contentEnd: any TextLocation) {
        self.content = content
        self.elementRange = elementRange
        self.paragraphContentRange = TextRange(location: elementRange.location, end: contentEnd)
        self.paragraphSeparatorRange = TextRange(location: contentEnd, end: elementRange.endLocation)
    }

    /// A copy placed at `elementRange` (used when a delegate substitutes a display paragraph).
    package func placed(at elementRange: TextRange, contentEnd: any TextLocation) -> TextParagraph {
        TextParagraph(content: content, elementRange: elementRange, contentEnd: contentEnd)
    }
}
