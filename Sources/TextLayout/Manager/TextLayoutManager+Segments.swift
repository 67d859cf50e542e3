import Foundation
@_spi(Layout) import TextContent

extension TextLayoutManager {
    /// Calls `block` with the rectangles that show `range`, one per visually contiguous piece of
    /// each line, left to right within a line and lines top to bottom, until it returns false:
    /// what selection, highlights and carets are drawn from. An empty range gives the caret: a
    /// zero-width segment. The block gets each segment's range (nil with `.rangeNotRequired`),
    /// its rectangle in container coordinates, the distance from its top to the baseline, and
    /// the container. Lays out the paragraphs the range touches. Returns false when `block`
    /// stopped it, and for a range not of this document.
    ///
    /// ```swift
    /// layoutManager.enumerateTextSegments(in: selection, type: .selection,
    ///                                     options: .rangeNotRequired) { _, rect, _, _ in
    ///     fill(rect); return true
    /// }
    /// ```
    @discardableResult
    public func enumerateTextSegments(
        in range: TextRange, type: TextSegmentType, options: TextSegmentOptions = [],
        using block: (TextRange?, CGRect, CGFloat, TextContainer) -> Bool
    ) -> Bool {
        indexIfNeeded()
        guard let content = textContentManager else { return false }
        let documentStart = content.documentRange.location
        let lower = content.offset(from: documentStart, to: range.location)
        let upper = content.offset(from: documentStart, to: range.endLocation)
        guard lower != NSNotFound, upper != NSNotFound, lower <= upper, let first = ordinal(nearestTo: lower) else {
            return false
        }
        var segments = TextSegmentEnumeration(
            content: content, offsets: lower ..< upper, type: type, options: options, container: textContainer)
        layOutParagraphs(from: first, protected: nil) { _, fragment in segments.visit(fragment, block) }
        return segments.finish(block)
    }

    /// The caret at `offset` as `enumerateTextSegments` gives it for the empty range there (a
    /// zero-width rectangle, container coordinates), found by offsets alone: no location is
    /// made. Nil where that gives no segment.
    public func caretSegment(atOffset offset: Int, upstream: Bool) -> CGRect? {
        indexIfNeeded()
        guard let content = textContentManager, offset >= 0, let first = ordinal(nearestTo: offset) else { return nil }
        let documentStart = content.documentRange.location
        var segment: CGRect?
        layOutParagraphs(from: first, protected: nil) { _, fragment in
            // The paragraph's offsets, from its element when it is placed by them.
            let start: Int, length: Int
            if let offsets = fragment.elementOffsets {
                (start, length) = (offsets.start, offsets.end - offsets.start)
            } else {
                guard let elementRange = fragment.rangeInElement else { return true }
                start = content.offset(from: documentStart, to: elementRange.location)
                guard start != NSNotFound else { return false }
                length =
                    elementRange.isEmpty ? 0 : content.offset(from: elementRange.location, to: elementRange.endLocation)
            }
            guard start <= offset else { return false }
            let origin = fragment.layoutFragmentFrame.origin
            // The line holding the caret, found without making every line's object.
            if let index = fragment.lineIndex(reaching: offset - start, atEnd: upstream) {
                let line = fragment.textLineFragment(at: index)
                let lineStart = start + line.characterRange.location, lineEnd = lineStart + line.characterRange.length
                if offset >= lineStart,
                    offset < lineEnd || index == fragment.lineCount - 1 || (offset == lineEnd && upstream)
                {
                    let x = Self.caretX(
                        at: offset, upstream: upstream, line: line, index: index, in: fragment, paragraphStart: start)
                    segment = CGRect(
                        x: origin.x + line.typographicBounds.minX + x, y: origin.y + line.typographicBounds.minY,
                        width: 0, height: line.typographicBounds.height)
                    return false
                }
            }
            // No line holds it (the search finds the one line that could): the next paragraph may.
            return start + length < offset
        }
        return segment
    }

    /// The x of the caret at `offset` in `line` (line coordinates): where the text changes
    /// direction an offset shows in two places, and the affinity says which (upstream: after
    /// the character before it).
    static func caretX(
        at offset: Int, upstream: Bool, line: TextLineFragment, index: Int, in fragment: TextLayoutFragment,
        paragraphStart: Int
    ) -> CGFloat {
        let caretLine = CaretLine(
            ordinal: 0, index: index, fragment: fragment, line: line, lineCount: fragment.lineCount,
            paragraphStart: paragraphStart)
        return caretLine.visual.x(of: offset, affinity: upstream ? .upstream : .downstream)
            .map { $0 - caretLine.frame.minX } ?? line.locationForCharacter(at: offset - paragraphStart).x
    }

    /// The ordinal of the shown paragraph holding `offset`, or the next shown one (an offset in
    /// hidden text), or the last at the document's end.
    func ordinal(nearestTo offset: Int) -> Int? {
        guard !layoutIndex.isEmpty, offset >= 0 else { return nil }
        return layoutIndex.ordinalAndRange(containingOffset: offset)?.ordinal
            ?? (offset <= documentLength ? layoutIndex.count - 1 : nil)
    }
}
