import Foundation
import _RopeModule

/// Measures the tree in paragraphs.
struct LayoutParagraphMetric: RopeMetric {
    typealias Element = LayoutEntry
    func size(of summary: LayoutSummary) -> Int { summary.paragraphs }
    func index(at offset: Int, in element: LayoutEntry) -> Int { offset < 1 ? 0 : 1 }
}

/// Measures the tree in UTF-16 units (hidden gaps included).
struct LayoutUTF16Metric: RopeMetric {
    typealias Element = LayoutEntry
    func size(of summary: LayoutSummary) -> Int { summary.utf16 }
    func index(at offset: Int, in element: LayoutEntry) -> Int { offset < element.gap + element.length ? 0 : 1 }
}

/// Measures the tree in height units.
struct LayoutHeightMetric: RopeMetric {
    typealias Element = LayoutEntry
    func size(of summary: LayoutSummary) -> Int { summary.height }
    func index(at offset: Int, in element: LayoutEntry) -> Int { offset < element.height ? 0 : 1 }
}

/// Measures the tree in kept layouts: finds the first and last paragraph that keeps one.
struct LayoutKeptMetric: RopeMetric {
    typealias Element = LayoutEntry
    func size(of summary: LayoutSummary) -> Int { summary.kept }
    func index(at offset: Int, in element: LayoutEntry) -> Int { offset < (element.kept == nil ? 0 : 1) ? 0 : 1 }
}
