import Foundation
import _RopeModule

/// The rope's summary: how many paragraphs and UTF-16 units a subtree holds.
struct ParagraphSummary: RopeSummary {
    var paragraphs: Int
    var utf16: Int

    static var maxNodeSize: Int { 32 }
    static var zero: ParagraphSummary { ParagraphSummary(paragraphs: 0, utf16: 0) }
    var isZero: Bool { paragraphs == 0 && utf16 == 0 }
    mutating func add(_ other: ParagraphSummary) {
        paragraphs += other.paragraphs
        utf16 += other.utf16
    }
    mutating func subtract(_ other: ParagraphSummary) {
        paragraphs -= other.paragraphs
        utf16 -= other.utf16
    }
}
