import Foundation
import _RopeModule

/// What a paragraph's text is made of. Paragraphs read from a file stay `.plain` (a slice of
/// the file's bytes) until something asks for their attributes or edits them: building an
/// `AttributedString` costs about 50 ns a byte (grapheme breaking), 5 s for 100 MB, so a
/// document opens without building any.
enum StoredParagraphText: Sendable {
    /// Bytes `utf8Start ..< utf8Start + utf8Count` of the storage's source text; no attributes.
    case plain(utf8Start: Int, utf8Count: Int)
    /// Text without attributes that has been edited: typing into a plain paragraph keeps it a
    /// String, so neither the edit nor layout builds or walks an AttributedString.
    case string(String)
    /// Text whose every character has the same attributes: what changing the attributes of
    /// whole plain paragraphs makes (bold over a megabyte), without the `AttributedString`
    /// each would cost. It is made into one when asked for.
    ///
    /// Foundation's types are resilient: held inline, every copy of an entry (each step of a
    /// walk over the tree) would go through their value witnesses. Boxed, a copy is a retain.
    indirect case uniform(String, AttributeContainer)
    indirect case attributed(AttributedString)
    /// Text in runs of attributes, as an importer hands over a paragraph of several: its
    /// `AttributedString` is made when asked for (see `ParagraphRunsText`), and becomes
    /// `.attributed` when the paragraph is edited.
    indirect case runs(ParagraphRunsText)
    /// Text without attributes of a long paragraph (see `TextContentStorage.longParagraphThreshold`):
    /// a B-tree, so that an edit inside it costs O(log n), not a copy of the paragraph. Boxed,
    /// like the cases above: held inline, its tree would make every entry of every paragraph
    /// 80 bytes (56 for the text), where a plain paragraph needs 32.
    indirect case long(LongParagraphText)

    /// Text with one set of attributes throughout, and the set: `.uniform`, or runs of one
    /// (its set made here); nil for any other.
    var uniform: (text: String, attributes: AttributeContainer)? {
        switch self {
        case .uniform(let text, let attributes): (text, attributes)
        case .runs(let runs): runs.uniformAttributes.map { (runs.text, $0) }
        case .plain, .string, .attributed, .long: nil
        }
    }
}
