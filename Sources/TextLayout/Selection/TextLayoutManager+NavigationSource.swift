import Foundation
@_spi(Layout) import TextContent

/// The layout manager answers navigation from its own paragraphs and laid-out lines, with no
/// round trip through locations.
extension TextLayoutManager: NavigationOffsetReading {
    func isRightToLeft(at offset: Int) -> Bool {
        baseWritingDirection(at: documentLocation(offset) ?? documentRange.location) == .rightToLeft
    }

    func paragraphContentRange(at offset: Int) -> Range<Int>? {
        guard let ordinal = shownOrdinal(at: offset), let paragraph = shownParagraph(ordinal) else { return nil }
        return offset > paragraph.contentEnd ? offset ..< offset : paragraph.start ..< paragraph.contentEnd
    }

    func visualLine(at offset: Int, upstream: Bool) -> VisualLine? {
        lineInfo(at: offset, upstream: upstream)?.visual
    }

    func visualLine(after line: VisualLine) -> VisualLine? {
        caretLine(of: line).flatMap { lineInfo(after: $0) }?.visual
    }

    func visualLine(before line: VisualLine) -> VisualLine? {
        caretLine(of: line).flatMap { lineInfo(before: $0) }?.visual
    }

    func visualLine(closestTo point: CGPoint) -> VisualLine? {
        lineInfo(closestTo: point)?.visual
    }

    func text(in range: Range<Int>) -> String? {
        guard let ordinal = shownOrdinal(at: range.lowerBound), let paragraph = shownParagraph(ordinal) else {
            return nil
        }
        let units = Array(paragraph.text.utf16)
        let local = range.lowerBound - paragraph.start ..< range.upperBound - paragraph.start
        guard local.lowerBound >= 0, local.upperBound <= units.count else { return nil }
        return String(decoding: units[local], as: UTF16.self)
    }

    /// The laid-out line `line` was made from.
    private func caretLine(of line: VisualLine) -> CaretLine? {
        if let position = line.layoutPosition, let found = lineInfo(ordinal: position.ordinal, index: position.index),
            found.range == line.range
        {
            return found
        }
        return lineInfo(at: line.range.lowerBound, upstream: false)
    }
}
