import Foundation
@_spi(Layout) import TextContent

/// Where a point falls in the text: what selection and input start from.
extension TextLayoutManager {
    /// The caret position nearest `point` (container coordinates): the location of the nearest
    /// caret stop of the nearest line, correct in mixed-direction lines, and its affinity:
    /// `.upstream` at the end of a line that wraps (the caret stays on that line, not at the
    /// start of the next) and where the text changes direction at the place that belongs to the
    /// character before (see `TextSelectionNavigation`), `.downstream` otherwise. A point past the
    /// line's end in its paragraph's direction (right of a left-to-right line, left of a
    /// right-to-left one) gives the line's end in the text, and one before its start the line's
    /// start, as AppKit and Pango place a click beside a line, whichever run is at that side (a
    /// left-to-right line that ends in Arabic shows its end at the Arabic's left). Every position
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
        guard let stop = visual.stop(beside: x) ?? visual.nearestStopIndex(to: x).map({ visual.stops[$0] }),
            let location = content.location(content.documentRange.location, offsetBy: stop.offset)
        else { return nil }
        return (location, stop.affinity)
    }
}
