/// The size of a unit of text a tokenizer finds (UIKit's `UITextGranularity`).
public enum TextGranularity: Sendable, Equatable, CaseIterable {
    /// A grapheme cluster (what a user sees as one character).
    case character
    /// A word, found by ICU's word boundaries (with its dictionaries for Thai, Japanese, Chinese).
    case word
    case sentence
    /// A paragraph, without its separator.
    case paragraph
    /// A line as laid out, without its separator: a soft-wrapped paragraph has several.
    case line
    /// The whole document.
    case document
}
