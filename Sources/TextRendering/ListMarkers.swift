import Foundation
import TextContent
@_spi(Rendering) import TextLayout

/// Draws the markers of list items ("1.", "•") in the space before their first line, numbering
/// items as it meets them in document order: one counter per nesting level, restarted when the
/// list at that level changes. Give it every fragment of a document, top to bottom.
public struct ListMarkers {
    /// Space between a marker and its item's text, in points.
    public var gap: CGFloat = 6
    /// What the markers' fonts are resolved in: the text's own context.
    public var fontResolutionContext: FontResolutionContext = .standard
    private let defaultFont: FontDescriptor
    private var counters: [(list: TextList, number: Int)] = []

    public init(defaultFont: FontDescriptor) {
        self.defaultFont = defaultFont
    }

    /// The marker text of `fragment`'s paragraph (nil when it is not a list item), counting it.
    /// A paragraph split across pages is counted once.
    public mutating func marker(for fragment: TextLayoutFragment) -> String? {
        // The rest of a paragraph continued from the page before has been counted there.
        if let first = fragment.textLineFragments.first, first.characterRange.location > 0 { return nil }
        // A plain paragraph is in no list (and its attributes are not worth reading).
        if fragment.textLineFragments.first?.paragraphIsPlain ?? false {
            counters = []
            return nil
        }
        let lists = fragment.textElement.attributedString.runs.first?.paragraphStyle?.textLists ?? []
        guard let innermost = lists.last else {
            counters = []
            return nil
        }
        var updated: [(list: TextList, number: Int)] = []
        for (depth, list) in lists.enumerated() {
            if depth < counters.count, counters[depth].list == list {
                // The document chooses the starting number: counting on from Int.max stays there.
                let (next, overflow) = counters[depth].number.addingReportingOverflow(1)
                updated.append(depth == lists.count - 1 ? (list, overflow ? Int.max : next) : counters[depth])
            } else {
                updated.append((list, list.startingItemNumber))
            }
        }
        counters = updated
        // A GitHub task item shows its box, ticked or not, in place of a bullet or number.
        if let task = fragment.textElement.attributedString.runs.first?.taskListItem {
            return task.isChecked ? "\u{2611}" : "\u{2610}"
        }
        // Each level that asks for it gets its enclosing level's marker (itself perhaps prefixed).
        var depth = lists.count - 1
        var marker = innermost.marker(forItemNumber: counters[depth].number)
        while depth > 0, lists[depth].options.contains(.prependEnclosingMarker) {
            depth -= 1
            marker = lists[depth].marker(forItemNumber: counters[depth].number) + marker
        }
        return marker
    }

    /// Draws `fragment`'s marker, if it is a list item, before its first line: right-aligned to
    /// end `gap` points before the line's text (left of it; right of it in a right-to-left
    /// paragraph), on the line's baseline, in the paragraph's first font.
    public mutating func draw(for fragment: TextLayoutFragment, at point: CGPoint, in context: RenderingContext) {
        guard let marker = marker(for: fragment), let line = fragment.textLineFragments.first else { return }
        var text = AttributedString(marker)
        text.font = fragment.textElement.attributedString.runs.first?.font ?? defaultFont
        text.foregroundColor = fragment.textElement.attributedString.runs.first?.foregroundColor
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: CGFloat.infinity, height: 0), lineBreakMode: .byClipping),
            defaultFont: defaultFont, typesettingContext: context.typesettingContext)
        manager.fontResolutionContext = fontResolutionContext
        storage.addTextLayoutManager(manager)
        var markerFragment: TextLayoutFragment?
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) {
            markerFragment = $0; return false
        }
        guard let markerLine = markerFragment?.textLineFragments.first,
            let lastStop = markerLine.caretStops.map(\.x).max()
        else { return }
        let width = lastStop
        // Before the text's start: left of a left-to-right line, right of a right-to-left one.
        let stops = line.caretStops.map(\.x)
        let textLeft = point.x + line.typographicBounds.minX + (stops.min() ?? 0)
        let textRight = point.x + line.typographicBounds.minX + (stops.max() ?? 0)
        let x = line.paragraphIsRightToLeft ? textRight + gap : textLeft - gap - width
        let y = point.y + line.typographicBounds.minY + line.baseline - markerLine.baseline
        markerLine.draw(at: CGPoint(x: x, y: y), in: context)
    }
}
