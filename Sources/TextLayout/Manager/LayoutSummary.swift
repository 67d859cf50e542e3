import Foundation
import _RopeModule

/// The tree's summary of a subtree.
struct LayoutSummary: RopeSummary {
    var paragraphs: Int
    /// UTF-16 units, hidden gaps included.
    var utf16: Int
    var height: Int
    /// Paragraphs with a kept layout, and their UTF-16 length.
    var kept: Int
    var keptUTF16: Int
    /// Paragraphs whose height is measured.
    var measured: Int

    static var maxNodeSize: Int { 32 }
    static var zero: LayoutSummary {
        LayoutSummary(paragraphs: 0, utf16: 0, height: 0, kept: 0, keptUTF16: 0, measured: 0)
    }
    var isZero: Bool { paragraphs == 0 && utf16 == 0 && height == 0 && kept == 0 && keptUTF16 == 0 && measured == 0 }

    mutating func add(_ other: LayoutSummary) {
        paragraphs += other.paragraphs
        utf16 += other.utf16
        height += other.height
        kept += other.kept
        keptUTF16 += other.keptUTF16
        measured += other.measured
    }

    mutating func subtract(_ other: LayoutSummary) {
        paragraphs -= other.paragraphs
        utf16 -= other.utf16
        height -= other.height
        kept -= other.kept
        keptUTF16 -= other.keptUTF16
        measured -= other.measured
    }
}
