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

        // Each line the range touches, with the pieces of it the range covers.
        struct LineSegments {
            var line: TextLineFragment
            var origin: CGPoint
            var isRightToLeft: Bool
            var continuesPastLine: Bool
            var pieces: [TextLineFragment.Segment]
            var paragraphStart: Int
        }
        // Lines are handed on as they are laid out, one held back to know which is the last
        // (select-all in a large document never holds every line at once).
        var pending: LineSegments?
        var emitted = 0
        var stopped = false
        func emit(_ entry: LineSegments, isLast: Bool) -> Bool {
            let isFirst = emitted == 0
            emitted += 1
            if options.contains(.middleFragmentsExcluded), !isFirst, !isLast { return true }
            var pieces = entry.pieces
            let width =
                entry.line.typographicBounds.width.isFinite
                ? entry.line.typographicBounds.width : (pieces.map(\.maxX).max() ?? 0)
            let extendTrailing =
                (type == .selection && entry.continuesPastLine) || (isLast && options.contains(.tailSegmentExtended))
            let extendLeading = isFirst && options.contains(.headSegmentExtended)
            if !pieces.isEmpty {
                // Leading and trailing follow the paragraph's direction.
                if extendTrailing {
                    if entry.isRightToLeft {
                        pieces[0].minX = 0
                    } else {
                        pieces[pieces.count - 1].maxX = max(pieces[pieces.count - 1].maxX, width)
                    }
                }
                if extendLeading {
                    if entry.isRightToLeft {
                        pieces[pieces.count - 1].maxX = max(pieces[pieces.count - 1].maxX, width)
                    } else {
                        pieces[0].minX = 0
                    }
                }
            }
            for piece in pieces {
                let rect = CGRect(
                    x: entry.origin.x + piece.minX, y: entry.origin.y, width: piece.maxX - piece.minX,
                    height: entry.line.typographicBounds.height)
                var segmentRange: TextRange?
                if !options.contains(.rangeNotRequired),
                    let start = content.location(
                        documentStart, offsetBy: entry.paragraphStart + piece.range.lowerBound),
                    let end = content.location(documentStart, offsetBy: entry.paragraphStart + piece.range.upperBound)
                {
                    segmentRange = TextRange(location: start, end: end)
                }
                guard block(segmentRange, rect, entry.line.baseline, textContainer) else { return false }
            }
            return true
        }
        func add(_ entry: LineSegments) -> Bool {
            let previous = pending
            pending = entry
            return previous.map { emit($0, isLast: false) } ?? true
        }
        layOutParagraphs(from: first, protected: nil) { _, fragment in
            guard let elementRange = fragment.rangeInElement else { return true }
            let start = content.offset(from: documentStart, to: elementRange.location)
            guard start != NSNotFound, start <= upper, !(start == upper && lower < upper) else { return false }
            let origin = fragment.layoutFragmentFrame.origin
            let rightToLeft = fragment.isRightToLeft ?? false
            // From the first line the range reaches, found by halves (a paragraph can have 60,000
            // lines), to the first past it; each line's object made as it is reached.
            let lineCount = fragment.lineCount
            let firstLine =
                fragment.lineIndex(
                    reaching: max(0, lower - start), atEnd: lower == upper && options.contains(.upstreamAffinity))
                ?? lineCount
            for index in firstLine ..< lineCount {
                let line = fragment.textLineFragment(at: index)
                let lineStart = start + line.characterRange.location, lineEnd = lineStart + line.characterRange.length
                if lower < upper, lineStart >= upper { break }
                let lineOrigin = CGPoint(
                    x: origin.x + line.typographicBounds.minX, y: origin.y + line.typographicBounds.minY)
                if lower == upper {
                    // The caret: the line holding it (at a wrap, the earlier line if upstream).
                    let isLastLine = index == lineCount - 1
                    let holds =
                        lower >= lineStart
                        && (lower < lineEnd || isLastLine || (lower == lineEnd && options.contains(.upstreamAffinity)))
                    guard holds else { continue }
                    // Where the text changes direction an offset shows in two places: the
                    // affinity says which (upstream: after the character before it).
                    let x = Self.caretX(
                        at: lower, upstream: options.contains(.upstreamAffinity), line: line, index: index,
                        in: fragment, paragraphStart: start)
                    stopped = !add(
                        LineSegments(
                            line: line, origin: lineOrigin, isRightToLeft: rightToLeft, continuesPastLine: false,
                            pieces: [.init(minX: x, maxX: x, range: lower - start ..< lower - start)],
                            paragraphStart: start))
                    return false
                }
                guard lineEnd > lower, lineStart < upper else { continue }
                let pieces = line.segments(showing: max(lower, lineStart) - start ..< min(upper, lineEnd) - start)
                guard
                    add(
                        LineSegments(
                            line: line, origin: lineOrigin, isRightToLeft: rightToLeft,
                            continuesPastLine: upper > lineEnd,
                            pieces: pieces, paragraphStart: start))
                else {
                    stopped = true
                    return false
                }
            }
            return start
                + (elementRange.isEmpty ? 0 : content.offset(from: elementRange.location, to: elementRange.endLocation))
                < upper
        }
        if stopped { return false }
        if let last = pending { return emit(last, isLast: true) }
        return true
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
    private static func caretX(
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
