import Foundation
import _RopeModule

/// Measures the rope in UTF-16 code units.
package struct UTF16Metric: RopeMetric {
    package typealias Element = ParagraphEntry
    package init() {}
    package func size(of summary: ParagraphSummary) -> Int { summary.utf16 }
    package func index(at offset: Int, in element: ParagraphEntry) -> Int { offset < element.utf16Length ? 0 : 1 }
}

/// Measures the rope in paragraphs.
package struct ParagraphMetric: RopeMetric {
    package typealias Element = ParagraphEntry
    package init() {}
    package func size(of summary: ParagraphSummary) -> Int { summary.paragraphs }
    package func index(at offset: Int, in element: ParagraphEntry) -> Int { offset < 1 ? 0 : 1 }
}
