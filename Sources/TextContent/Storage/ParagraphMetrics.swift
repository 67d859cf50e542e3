import Foundation
import _RopeModule

/// Measures the rope in UTF-16 code units.
struct UTF16Metric: RopeMetric {
    typealias Element = ParagraphEntry
    init() {}
    func size(of summary: ParagraphSummary) -> Int { summary.utf16 }
    func index(at offset: Int, in element: ParagraphEntry) -> Int { offset < element.utf16Length ? 0 : 1 }
}

/// Measures the rope in paragraphs.
struct ParagraphMetric: RopeMetric {
    typealias Element = ParagraphEntry
    init() {}
    func size(of summary: ParagraphSummary) -> Int { summary.paragraphs }
    func index(at offset: Int, in element: ParagraphEntry) -> Int { offset < 1 ? 0 : 1 }
}
