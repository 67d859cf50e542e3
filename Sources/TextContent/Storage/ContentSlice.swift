import Foundation

/// The text of a range of a `TextContentStorage` as it was, to put back later: a snapshot of
/// content, what an undo record keeps. Text without attributes is a `String`; a range spanning
/// whole paragraphs keeps them as the storage's own paragraph entries, shared with its tree, so
/// keeping (and putting back) all of a 100 MB document copies no text.
///
/// ```swift
/// let before = storage.contentSlice(range)          // O(log n + the range's edges)
/// try storage.replaceContents(in: textRange, with: "new text")
/// try storage.replaceContents(in: changedRange, with: before)   // undone
/// ```
public struct ContentSlice: Sendable {
    /// (Foundation's types boxed, so that copying a slice, an undo record's, is a retain.)
    enum Content: Sendable {
        case plain(String)
        indirect case attributed(AttributedString)
        /// The end of the first paragraph (separator included; may be empty), whole paragraphs,
        /// then the start of the last (no separator; may be empty). `.plain` middle paragraphs
        /// slice `source`.
        indirect case paragraphs(
            head: AttributedString, middle: ParagraphIndex, tail: AttributedString, source: SourceText)
    }

    let content: Content
    /// Its length in UTF-16 units.
    public let utf16Count: Int

    /// A slice holding `string`, without attributes.
    public init(_ string: String) {
        content = .plain(string)
        utf16Count = string.utf16.count
    }

    /// A slice holding `text`.
    public init(_ text: AttributedString) {
        content = .attributed(text)
        utf16Count = text.utf16.count
    }

    init(head: AttributedString, middle: ParagraphIndex, tail: AttributedString, source: SourceText) {
        content = .paragraphs(head: head, middle: middle, tail: tail, source: source)
        utf16Count = head.utf16.count + middle.utf16Length + tail.utf16.count
    }

    /// Whether it holds no text.
    public var isEmpty: Bool { utf16Count == 0 }

    /// The slice as one attributed string: O(its length), for small slices and tests.
    public var attributedString: AttributedString {
        switch content {
        case .plain(let string):
            return AttributedString(string)
        case .attributed(let text):
            return text
        case .paragraphs(let head, let middle, let tail, let source):
            var result = head
            middle.forEach(from: 0, reverse: false) { position in
                switch position.entry.content {
                case .plain(let start, let count): result.append(AttributedString(source.string(start, count)))
                case .string(let text): result.append(AttributedString(text))
                case .uniform(let text, let attributes): result.append(AttributedString(text, attributes: attributes))
                case .attributed(let text): result.append(text)
                case .runs(let runs): result.append(runs.attributedString)
                case .long(let text): result.append(AttributedString(text.string))
                }
                return true
            }
            result.append(tail)
            return result
        }
    }
}
