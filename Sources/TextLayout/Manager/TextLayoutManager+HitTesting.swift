import Foundation
@_spi(Layout) import TextContent

/// Where a point falls in the text: what selection and input start from.
extension TextLayoutManager {
    /// The caret position nearest `point` (container coordinates): the location of the nearest
    /// caret stop of the nearest line, correct in mixed-direction lines, and its affinity:
    /// `.upstream` at the end of a line that wraps (the caret stays on that line, not at the
    /// start of the next) and where the text changes direction at the place that belongs to the
    /// character before (see `TextSelectionNavigation`), `.downstream` otherwise. Every position
    /// it gives is one that moving left and right reaches too. Lays out only the paragraph found.
    /// Nil for an empty document or a NaN point.
    ///
    /// ```swift
    /// if let (location, affinity) = layoutManager.caretPosition(closestTo: click) { ... }
    /// ```
    public func caretPosition(closestTo point: CGPoint) -> (location: any TextLocation, affinity: TextLocationAffinity)?
    {
        // Above the text: its first line; below: its last (see `lineInfo(closestTo:)`).
        guard !point.x.isNaN, let line = lineInfo(closestTo: point), let content = textContentManager else {
            return nil
        }
        let x = point.x.isFinite ? point.x : (point.x > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
        let visual = line.visual
        guard let index = visual.nearestStopIndex(to: x),
            let location = content.location(content.documentRange.location, offsetBy: visual.stops[index].offset)
        else { return nil }
        return (location, visual.stops[index].affinity)
    }
}
