import Foundation
import _RopeModule

/// The rope's summary: how many paragraphs and UTF-16 units a subtree holds.
package struct ParagraphSummary: RopeSummary {
    package var paragraphs: Int
    package var utf16: Int

    package static var maxNodeSize: Int { 32 }
    package static var zero: ParagraphSummary { ParagraphSummary(paragraphs: 0, utf16: 0) }
    package var isZero: Bool { paragraphs == 0 && utf16 == 0 }
    package mutating func add(_ other: ParagraphSummary) {
        paragraphs += other.paragraphs
        utf16 += other.utf16
    }
    package mutating func subtract(_ other: ParagraphSummary) {
        paragraphs -= other.paragraphs
        utf16 -= other.utf16
    }
}
