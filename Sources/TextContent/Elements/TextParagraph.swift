import Foundation

/// One paragraph of a document: its content and its separator (`\n`, `\r\n`, `\r` or U+2029;
/// the last paragraph of a document may have none).
public struct TextParagraph: TextElement {
    /// The paragraph's text with its attributes, separator included.
    public let attributedString: AttributedString
    /// Where the paragraph is in its document, separator included; nil for one not placed in a document.
    public let elementRange: TextRange?
    /// The element range without the separator.
    public let paragraphContentRange: TextRange?
    /// The separator's range (empty when the paragraph has none).
    public let paragraphSeparatorRange: TextRange?

    /// A paragraph not (yet) placed in a document, e.g. one a delegate substitutes for display.
    public init(attributedString: AttributedString) {
        self.attributedString = attributedString
        self.elementRange = nil
        self.paragraphContentRange = nil
        self.paragraphSeparatorRange = nil
    }

    package init(attributedString: AttributedString, elementRange: TextRange, contentEnd: any TextLocation) {
        self.attributedString = attributedString
        self.elementRange = elementRange
        self.paragraphContentRange = TextRange(location: elementRange.location, end: contentEnd)
        self.paragraphSeparatorRange = TextRange(location: contentEnd, end: elementRange.endLocation)
    }

    /// A copy placed at `elementRange` (used when a delegate substitutes a display paragraph).
    package func placed(at elementRange: TextRange, contentEnd: any TextLocation) -> TextParagraph {
        TextParagraph(attributedString: attributedString, elementRange: elementRange, contentEnd: contentEnd)
    }
}
