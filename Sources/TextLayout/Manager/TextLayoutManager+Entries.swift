import Foundation
@_spi(Layout) import TextContent

/// Keeping the tree of paragraphs in step with the content.
extension TextLayoutManager {
    var estimator: HeightEstimator {
        if let estimatorCache { return estimatorCache }
        let made = HeightEstimator(
            defaultFont: defaultFont, context: fontResolutionContext, typesetting: typesettingContext,
            container: textContainer)
        estimatorCache = made
        return made
    }

    /// The paragraphs of the document, as entries with estimated heights. O(n) without reading
    /// any text (the lengths come from the content's own index).
    func indexIfNeeded() {
        guard !isIndexed else { return }
        isIndexed = true
        let estimator = self.estimator
        var builder = LayoutIndex.Builder()
        var end = 0
        forEachParagraphRange(from: 0, to: nil) { range in
            builder.append(
                LayoutEntry(
                    gap: range.lowerBound - end, length: range.count, height: estimator.height(ofLength: range.count)))
            end = range.upperBound
        }
        layoutIndex = builder.finish()
    }

    /// Brings the entries up to date after the text in `low ..< oldHigh` became
    /// `low ..< oldHigh + delta` (for `isEdit` false, nothing changed but what the content
    /// shows there: read it again). The
    /// paragraphs whose extent (hidden paragraphs before them, then their own text) meets the
    /// range, edges included, are read again from the content; the ones after only move, which
    /// the tree makes free.
    func replaceEntries(from low: Int, through oldHigh: Int, delta: Int, isEdit: Bool) {
        let count = layoutIndex.count
        let total = layoutIndex.summary.utf16
        func ordinal(at offset: Int) -> Int {
            offset >= total ? count - 1 : layoutIndex.position(containingOffset: offset)?.ordinal ?? count - 1
        }
        var first: Int, last: Int
        if isEdit {
            // An edit at a paragraph's end can join it to the next, or make it the last one.
            first = low == 0 ? 0 : ordinal(at: low - 1)
            last = ordinal(at: oldHigh)
            // A paragraph that merely ends where the edit starts keeps its text, unless it ends
            // with CR (an LF typed after it joins it) or may become the last (the edit reaches
            // the end: it would gain an extra line fragment).
            if first < last, last < count - 1, let position = layoutIndex.position(at: first),
                position.range.upperBound == low,
                !endsWithCarriageReturn(position)
            {
                first += 1
            }
        } else {
            // Nothing changed but what the content shows: the paragraphs in the range alone.
            first = ordinal(at: low)
            last = ordinal(at: max(low, oldHigh - 1))
        }
        guard first <= last, first >= 0, last < count,
            let firstPosition = layoutIndex.position(at: first), let lastPosition = layoutIndex.position(at: last)
        else {
            return invalidateLayout()
        }
        let regionStart = firstPosition.range.lowerBound - firstPosition.entry.gap
        // Hidden paragraphs after the last one shown are in no entry's extent: a region that
        // reaches the last entry reaches the document's end.
        let regionEnd = last == count - 1 ? documentLength : lastPosition.range.upperBound + delta
        guard regionEnd >= regionStart else { return invalidateLayout() }
        let estimator = self.estimator
        var replacing: [LayoutEntry] = []
        var end = regionStart
        var overran = false
        forEachParagraphRange(from: regionStart, to: regionEnd) { range in
            replacing.append(
                LayoutEntry(
                    gap: range.lowerBound - end, length: range.count, height: estimator.height(ofLength: range.count)))
            end = range.upperBound
            if end > regionEnd { overran = true }
        }
        // The content disagrees with what the tree knew (it cannot, unless a delegate changed
        // what it shows without saying so): read everything again.
        guard !overran else { return invalidateLayout() }
        if isEdit, first == last, replacing.count == 1 {
            // Typing inside one paragraph: its height stays the estimate until it is laid out
            // again (so nothing below jumps meanwhile), and its shaping is reused where the
            // edit left it alone.
            replacing[0].height = firstPosition.entry.height
            let start = replacing[0].gap + regionStart
            let edit = ParagraphEdit(range: low - start ..< oldHigh - start, replacementLength: oldHigh - low + delta)
            if let previous = firstPosition.entry.kept?.previous(after: edit) {
                replacing[0].kept = ParagraphLayoutState(previous: previous)
            }
        } else if isEdit, last - first < 4 {
            // A long paragraph laid out in sections keeps them for what of its text is left,
            // wherever that is now: split by a break typed into it, or joined to a neighbour.
            var old: [(range: Range<Int>, sections: LineSections, geometry: LineGeometry?)] = []
            for ordinal in first ... last {
                if let position = layoutIndex.position(at: ordinal), let kept = position.entry.kept,
                    let sections = kept.sections
                {
                    old.append((position.range, sections, kept.lineGeometry))
                }
            }
            if !old.isEmpty {
                var start = regionStart
                for index in replacing.indices {
                    start += replacing[index].gap
                    let range = start ..< start + replacing[index].length
                    start = range.upperBound
                    if let previous = Self.previousSections(
                        of: range, from: old, editing: low ..< oldHigh, delta: delta)
                    {
                        replacing[index].kept = ParagraphLayoutState(previous: previous)
                    }
                }
            }
        }
        // Hidden text at the end of the region now lies before the next paragraph.
        let trailing = regionEnd - end
        layoutIndex.replace(first ..< last + 1, with: replacing)
        if trailing != 0, first + replacing.count < layoutIndex.count {
            layoutIndex.update(at: first + replacing.count) { $0.gap += trailing }
        }
    }

    /// What paragraph `range` (new offsets) after the edit of `edited` (old offsets, its length
    /// changed by `delta`) lays out from: the sections of the old paragraph in `old` whose
    /// text it keeps most of, and the edit that makes that paragraph's text its own. Nil when
    /// it keeps none of theirs.
    static func previousSections(
        of range: Range<Int>, from old: [(range: Range<Int>, sections: LineSections, geometry: LineGeometry?)],
        editing edited: Range<Int>,
        delta: Int
    ) -> ParagraphLayoutState.Previous? {
        var best: (kept: Int, previous: ParagraphLayoutState.Previous)?
        for paragraph in old {
            // What of the old paragraph survives, where it was (old offsets) and where it is.
            var pieces: [(old: Range<Int>, new: Range<Int>)] = []
            let old = paragraph.range
            let before = old.lowerBound ..< max(old.lowerBound, min(old.upperBound, edited.lowerBound))
            let after = min(old.upperBound, max(old.lowerBound, edited.upperBound)) ..< old.upperBound
            for (piece, shift) in [(before, 0), (after, delta)] where !piece.isEmpty {
                let moved = piece.lowerBound + shift ..< piece.upperBound + shift
                let lower = max(moved.lowerBound, range.lowerBound), upper = min(moved.upperBound, range.upperBound)
                if lower < upper { pieces.append((lower - shift ..< upper - shift, lower ..< upper)) }
            }
            guard let firstPiece = pieces.first, let lastPiece = pieces.last else { continue }
            // The old paragraph's text (its own offsets) before, between and after the pieces is
            // replaced by the new paragraph's.
            let base = paragraph.range.lowerBound
            var edits: [ParagraphEdit] = []
            let head = ParagraphEdit(
                range: 0 ..< firstPiece.old.lowerBound - base,
                replacementLength: firstPiece.new.lowerBound - range.lowerBound)
            let tail = ParagraphEdit(
                range: lastPiece.old.upperBound - base ..< paragraph.range.count,
                replacementLength: range.upperBound - lastPiece.new.upperBound)
            if !head.range.isEmpty || head.replacementLength > 0 { edits.append(head) }
            if pieces.count > 1 {
                edits.append(
                    ParagraphEdit(
                        range: pieces[0].old.upperBound - base ..< pieces[1].old.lowerBound - base,
                        replacementLength: pieces[1].new.lowerBound - pieces[0].new.upperBound))
            }
            if !tail.range.isEmpty || tail.replacementLength > 0 { edits.append(tail) }
            let kept = pieces.reduce(0) { $0 + $1.new.count }
            if kept > (best?.kept ?? 0) {
                let previous = ParagraphLayoutState.Previous(
                    shaped: nil, edits: edits, lines: nil, sections: (paragraph.sections, paragraph.geometry, nil))
                best = (kept, previous)
            }
        }
        return best?.previous
    }

    /// Whether the paragraph at `position` ends with CR: from its kept shaping, else from the
    /// content (its last byte, for plain text).
    private func endsWithCarriageReturn(_ position: LayoutPosition) -> Bool {
        if let units = position.entry.kept?.shaped?.content.units { return units.last == 0x0D }
        var endsWithCR = true // when the content cannot say, read the paragraph again
        forEachShownParagraph(fromOffset: position.range.lowerBound) { paragraph, _ in
            let length = paragraph.utf16Count
            endsWithCR =
                paragraph.plainUTF16(in: max(0, length - 1) ..< length).map { $0.last == 0x0D }
                ?? (paragraph.attributedString.utf16.last == 0x0D)
            return false
        }
        return endsWithCR
    }

    /// The content's length in UTF-16 units.
    var documentLength: Int {
        textContentManager?.paragraphReader.utf16Length ?? 0
    }

    /// Calls `body` with the UTF-16 range of each paragraph the content shows that starts in
    /// `start ..< end` (nil: to the document's end), in order.
    func forEachParagraphRange(from start: Int, to end: Int?, _ body: (Range<Int>) -> Void) {
        guard let reader = textContentManager?.paragraphReader, start < reader.utf16Length else { return }
        reader.enumerateParagraphRanges(fromOffset: start) { range in
            if let end, range.lowerBound >= end { return false }
            if range.lowerBound >= start { body(range) }
            return true
        }
    }

    /// The ordinal of the shown paragraph holding `location`; the end of the document belongs to
    /// the last. Nil for a location in a hidden paragraph or not of this document.
    func ordinal(containing location: any TextLocation) -> Int? {
        indexIfNeeded()
        guard let content = textContentManager else { return nil }
        let offset = content.offset(from: content.documentRange.location, to: location)
        guard offset != NSNotFound else { return nil }
        if let found = layoutIndex.ordinalAndRange(containingOffset: offset) {
            return found.range.contains(offset) ? found.ordinal : nil
        }
        guard let last = layoutIndex.position(at: layoutIndex.count - 1), last.range.upperBound == offset else {
            return nil
        }
        return last.ordinal
    }
}
