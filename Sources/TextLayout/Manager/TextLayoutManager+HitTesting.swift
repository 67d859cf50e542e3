import Foundation
import TextContent

/// Where a point falls in the text: what selection and input start from.
extension TextLayoutManager {
    /// The caret position nearest `point` (container coordinates): the location of the nearest
    /// grapheme boundary of the nearest line, correct in mixed-direction lines, and its
    /// affinity: `.upstream` at the end of a line that wraps (the caret stays on that line, not
    /// at the start of the next), `.downstream` otherwise. Lays out only the paragraph found.
    /// Nil for an empty document or a NaN point.
    ///
    /// ```swift
    /// if let (location, affinity) = layoutManager.caretPosition(closestTo: click) { ... }
    /// ```
    public func caretPosition(closestTo point: CGPoint) -> (location: any TextLocation, affinity: TextLocationAffinity)? {
        indexIfNeeded()
        guard !point.x.isNaN, !point.y.isNaN, !layoutIndex.isEmpty else { return nil }
        // Above the text: its first line; below: its last.
        let y = min(max(0, point.y), max(0, layoutIndex.totalHeight - 1e-6))
        guard let fragment = textLayoutFragment(for: CGPoint(x: point.x, y: y)) ?? layoutIndex.position(atY: y).flatMap({ fragment(at: $0.ordinal) }),
              let start = fragment.rangeInElement?.location, let content = textContentManager else { return nil }
        let frame = fragment.layoutFragmentFrame
        let lines = fragment.textLineFragments
        guard let line = fragment.textLineFragment(forVerticalOffset: min(max(0, y - frame.minY), max(0, frame.height - 1e-6)), requiresExactMatch: false) else {
            return (start, .downstream)
        }
        let x = point.x.isFinite ? point.x - frame.minX - line.typographicBounds.minX : (point.x > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)
        let index = line.characterIndex(for: CGPoint(x: x, y: line.baseline))
        let lineEnd = line.characterRange.location + line.characterRange.length
        // A wrapped line's end is also the next line's start: the caret there belongs to this line.
        let wraps = lines.last !== line && index == lineEnd
        guard let location = content.location(start, offsetBy: index) else { return (start, .downstream) }
        return (location, wraps ? .upstream : .downstream)
    }
}
