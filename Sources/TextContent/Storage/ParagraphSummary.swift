import Foundation
import _RopeModule

/// The rope's summary: how many paragraphs and UTF-16 units a subtree holds, and how many of
/// its paragraphs may hold more than ASCII or carry attributes (so that a document with none
/// answers "is there a surrogate pair?" and "what attributes does typed text take?" at once).
struct ParagraphSummary: RopeSummary {
    var paragraphs: Int
    var utf16: Int
    /// Paragraphs that are not known to be ASCII.
    var notASCII = 0
    /// Paragraphs that may carry attributes.
    var attributed = 0

    static var maxNodeSize: Int { 32 }
    static var zero: ParagraphSummary { ParagraphSummary(paragraphs: 0, utf16: 0) }
    var isZero: Bool { paragraphs == 0 && utf16 == 0 }
    mutating func add(_ other: ParagraphSummary) {
        paragraphs += other.paragraphs
        utf16 += other.utf16
        notASCII += other.notASCII
        attributed += other.attributed
    }
    mutating func subtract(_ other: ParagraphSummary) {
        paragraphs -= other.paragraphs
        utf16 -= other.utf16
        notASCII -= other.notASCII
        attributed -= other.attributed
    }
}
