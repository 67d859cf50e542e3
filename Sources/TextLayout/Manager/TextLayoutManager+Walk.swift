import Foundation
@_spi(Layout) import TextContent

/// Laying paragraphs out as they are reached, and releasing what is kept beyond the limit.
extension TextLayoutManager {
    /// Lays shown paragraphs out from ordinal `start` forward (or moves their kept fragments to
    /// where the tree now puts them), calling `body` with each until it returns false. Past
    /// `keptLayoutLimit`, kept layouts are released, never the one being visited, `protected`, nor
    /// (for a protected walk) what the walk laid out since `protected`.
    func layOutParagraphs(from start: Int, protected: ClosedRange<Int>?, _ body: (Int, TextLayoutFragment) -> Bool) {
        indexIfNeeded()
        defer { releaseRetiredLayouts() }
        // What a viewport layout mostly meets: kept fragments where the tree puts them, which
        // need neither the content's paragraphs nor a change to the tree.
        guard let resume = moveKeptFragments(from: start, protected: protected, body) else { return }
        layOutParagraphs(
            from: resume, protected: protected.map { $0.lowerBound ... max($0.upperBound, resume) }, retrying: true,
            body)
    }

    /// Calls `body` with the kept fragments from ordinal `start` on while each lies where the
    /// tree puts it (as `fragment(at:)` finds them); returns the ordinal a full walk goes on
    /// from, or nil when `body` stopped or the document ended.
    private func moveKeptFragments(
        from start: Int, protected: ClosedRange<Int>?, _ body: (Int, TextLayoutFragment) -> Bool
    ) -> Int? {
        // A line limit makes each paragraph depend on those above: that walk starts at the top.
        guard textContainer.maximumNumberOfLines == 0,
            let (first, firstCursor) = layoutIndex.positionAndCursor(at: start)
        else { return start }
        walkDepth += 1
        defer { walkDepth -= 1 }
        let linesDependOnY = !textContainer.exclusionPaths.isEmpty
        var ordinal = start
        do {
            // Read from a copy of the tree (the manager's is not reached for at every step);
            // `body` may change the manager's, and then the full walk finds the place again.
            let tree = layoutIndex
            var cursor = firstCursor
            var entry = first.entry
            var (top, paragraphStart) = (first.top, first.range.lowerBound)
            while true {
                guard !entry.needsLayout, let kept = entry.kept, let fragment = kept.fragment, kept.lineBudget == nil,
                    !linesDependOnY || kept.laidOutTop == top,
                    fragment.layoutFragmentFrame.minY == LayoutHeight.points(top),
                    let offsets = fragment.elementOffsets, offsets.start == paragraphStart,
                    offsets.end == paragraphStart + entry.length
                else { return ordinal }
                guard body(ordinal, fragment) else { break }
                ordinal += 1
                guard ordinal < layoutIndex.count else { break }
                guard layoutIndex.isValid(cursor) else { return ordinal }
                tree.advance(&cursor)
                top += entry.height
                paragraphStart += entry.length
                entry = tree.entry(at: cursor)
                paragraphStart += entry.gap
            }
        }
        if let protected, layoutIndex.summary.keptUTF16 > keptLayoutLimit {
            evictIfNeeded(
                focus: protected.lowerBound, protected: protected.lowerBound ... max(protected.upperBound, ordinal))
        }
        return nil
    }

    /// The full walk from ordinal `requestedStart` (see ``ParagraphWalk``); when the tree no
    /// longer matches what the content shows, reads the paragraphs again and, if `retrying`,
    /// goes on once from where the walk was.
    private func layOutParagraphs(
        from requestedStart: Int, protected: ClosedRange<Int>?, retrying: Bool,
        _ body: (Int, TextLayoutFragment) -> Bool
    ) {
        indexIfNeeded()
        walkDepth += 1
        defer { walkDepth -= 1 }
        guard var walk = ParagraphWalk(manager: self, from: requestedStart, protected: protected) else { return }
        textContentManager?.paragraphReader.enumerateParagraphsLazily(fromOffset: walk.expectedStart) {
            paragraphStart, extent, makeParagraph in
            walk.visit(paragraphStart, extent: extent, makeParagraph: makeParagraph, in: self, body)
        }
        walk.finish(in: self)
        if let protected, !walk.mismatch, layoutIndex.summary.keptUTF16 > keptLayoutLimit {
            // The walk's last paragraph stopped it before it released layouts.
            evictIfNeeded(
                focus: protected.lowerBound, protected: protected.lowerBound ... max(protected.upperBound, walk.ordinal)
            )
        }
        guard walk.mismatch else { return }
        // The tree no longer matches what the content shows (a delegate changed what it hides
        // without `invalidateLayout(for:)`): read the paragraphs again, once, and go on from
        // where the walk was (what `body` was given stays given).
        invalidateLayout()
        indexIfNeeded()
        if retrying, let resume = ordinal(nearestTo: walk.expectedStart) {
            layOutParagraphs(
                from: resume, protected: protected.map { resume ... max(resume, $0.upperBound) }, retrying: false, body)
        }
    }

    /// The fragment of shown paragraph `ordinal`, laid out if it was not. It is kept (what is
    /// asked for by location or point is what a view works on: the next edit in it reshapes
    /// only the words it touches), releasing the farthest layouts if that goes past the limit.
    func fragment(at ordinal: Int) -> TextLayoutFragment? {
        placedFragment(at: ordinal)?.fragment
    }

    /// `fragment(at:)` with where the tree puts it: one search of the tree when it is kept
    /// there (what every caret move asks for the lines it passes).
    func placedFragment(at ordinal: Int) -> (fragment: TextLayoutFragment, position: LayoutPosition)? {
        // Kept and where the tree puts it: no walk.
        if isIndexed, textContainer.maximumNumberOfLines == 0, let position = layoutIndex.position(at: ordinal),
            !position.entry.needsLayout, let kept = position.entry.kept, let fragment = kept.fragment,
            textContainer.exclusionPaths.isEmpty || kept.laidOutTop == position.top,
            fragment.layoutFragmentFrame.minY == position.y,
            let offsets = fragment.elementOffsets, offsets.start == position.range.lowerBound,
            offsets.end == position.range.upperBound
        {
            return (fragment, position)
        }
        var found: TextLayoutFragment?
        layOutParagraphs(from: ordinal, protected: ordinal ... ordinal) { _, fragment in
            found = fragment
            return false
        }
        guard let found, let position = layoutIndex.position(at: ordinal) else { return nil }
        return (found, position)
    }

    /// The fragment of shown paragraph `ordinal` if it is laid out, else one with its frame
    /// from the tree and no lines: `.calculatedUsageBounds` when its height was measured (its
    /// layout since released), `.estimatedUsageBounds` otherwise. Lays nothing out.
    func estimatedFragment(at ordinal: Int) -> TextLayoutFragment? {
        guard let position = layoutIndex.position(at: ordinal) else { return nil }
        if !position.entry.needsLayout, position.entry.kept?.fragment != nil { return fragment(at: ordinal) }
        var paragraph: TextParagraph?
        forEachShownParagraph(fromOffset: position.range.lowerBound) { shown, start in
            if start == position.range.lowerBound { paragraph = shown }
            return false
        }
        guard let paragraph else { return nil }
        let width = textContainer.layoutWidth.isFinite ? textContainer.layoutWidth : 0
        let frame = CGRect(x: 0, y: position.y, width: width, height: LayoutHeight.points(position.entry.height))
        // A paragraph measured once whose layout was since released knows its real height.
        let estimated = TextLayoutFragment(
            textElement: paragraph, layoutFragmentFrame: frame,
            renderingSurfaceBounds: CGRect(origin: .zero, size: frame.size),
            textLineFragments: [],
            state: position.entry.isMeasured && !heightsPredateFontContext
                ? .calculatedUsageBounds : .estimatedUsageBounds)
        estimated.textLayoutManager = self
        return estimated
    }

    /// Calls `body` with the paragraphs the content shows, from the one holding `offset`, each
    /// with its UTF-16 start, until it returns false.
    func forEachShownParagraph(fromOffset offset: Int, _ body: (TextParagraph, Int) -> Bool) {
        textContentManager?.paragraphReader.enumerateTextParagraphs(fromOffset: offset, using: body)
    }

    /// A kept fragment with its top at `top` and its paragraph's current element.
    func moved(
        _ fragment: TextLayoutFragment, in kept: ParagraphLayoutState, to top: Int, paragraph: TextParagraph
    ) -> TextLayoutFragment {
        let y = LayoutHeight.points(top)
        if fragment.layoutFragmentFrame.minY == y, Self.samePlace(fragment.textElement, paragraph) { return fragment }
        let proposed = delegate == nil ? nil : proposedFragment(for: paragraph)
        let moved = customized(
            fragment.relocated(to: y, textElement: paragraph), proposed: proposed, paragraph: paragraph)
        kept.fragment = moved
        return moved
    }

    /// The delegate's fragment for what the engine laid out, if there is a delegate: `proposed`
    /// (the delegate's fragment before layout) given the layout, then the delegate's choice.
    func customized(
        _ fragment: TextLayoutFragment, proposed: TextLayoutFragment?, paragraph: TextParagraph
    ) -> TextLayoutFragment {
        guard let delegate, let location = paragraph.elementRange?.location else { return fragment }
        var laidOut = fragment
        if let proposed {
            proposed.adopt(fragment)
            laidOut = proposed
        }
        return delegate.textLayoutManager(self, textLayoutFragmentFor: location, in: paragraph, laidOut: laidOut)
    }

    /// The delegate's fragment for `paragraph` before layout; nil when it gave a plain
    /// `TextLayoutFragment` (the engine's own is then kept), or one a layout manager already
    /// laid out (a fragment handed out never changes; the engine's own is used instead).
    func proposedFragment(for paragraph: TextParagraph) -> TextLayoutFragment? {
        guard let delegate, let location = paragraph.elementRange?.location else { return nil }
        let proposed = delegate.textLayoutManager(self, textLayoutFragmentFor: location, in: paragraph)
        guard type(of: proposed) != TextLayoutFragment.self, proposed.textLayoutManager == nil, proposed.state == .none
        else { return nil }
        return proposed
    }

    /// Lays the entry's paragraph out with its top at `top`, from its kept shaping where there
    /// is one, and measures it; keeps the result when `keeping`. Touches no other entry.
    /// The paragraph's shaping: kept, reshaped from its shaping before the edits since (and
    /// then, when it can, its lines around the edits broken again and the others kept), or
    /// afresh.
    private func shape(
        _ paragraph: TextParagraph, kept: ParagraphLayoutState?, at y: CGFloat, extraLineFragment extra: Bool,
        lineBudget: Int?, layout: ParagraphLayout
    ) throws(TextLayoutError) -> (ShapedParagraph, reused: (fragment: TextLayoutFragment, keptLines: Int)?) {
        if let shaped = kept?.shaped { return (shaped, nil) }
        guard let previous = kept?.previous, let previousShaped = previous.shaped else {
            return (try layout.shape(paragraph), nil)
        }
        let reshaped = try layout.shape(paragraph, after: previous.edits, of: previousShaped)
        guard let windows = reshaped.windows, let lines = previous.lines, lineBudget == nil else {
            return (reshaped.paragraph, nil)
        }
        let reused = try layout.layout(
            paragraph, shaped: reshaped.paragraph, at: y, extraLineFragment: extra, reusing: lines,
            from: previousShaped, windows: windows)
        return (reshaped.paragraph, reused)
    }

    func layOut(
        _ entry: inout LayoutEntry, paragraph: TextParagraph, top: Int, isLast: Bool, keeping: Bool, lineBudget: Int?,
        layout: ParagraphLayout
    ) -> TextLayoutFragment {
        let y = LayoutHeight.points(top)
        entry.needsLayout = false
        entry.isMeasured = true
        // Only the last paragraph can end the document (asking costs location arithmetic).
        let extra = isLast && needsExtraLineFragment(paragraph)
        // What is not kept needs no holder (one allocation less for every such paragraph).
        let kept = entry.kept ?? (keeping ? ParagraphLayoutState() : nil)
        let fragment: TextLayoutFragment
        do throws(TextLayoutError) {
            if layout.laysOutInSections(paragraph) {
                fragment = try layOutInSections(paragraph, kept: kept, top: y, extraLineFragment: extra, layout: layout)
                return finish(fragment, entry: &entry, kept: kept, top: top, keeping: keeping, lineBudget: lineBudget)
            }
            if lineBudget == nil, !extra, kept?.shaped == nil, kept?.previous == nil,
                let repeated = try layout.layoutRepeated(paragraph, at: y)
            {
                kept?.shaped = repeated.layout.shaped
                kept?.sections = nil
                kept?.lineGeometry = repeated.layout.geometry
                return finish(
                    repeated.fragment, entry: &entry, kept: kept, top: top, keeping: keeping, lineBudget: lineBudget)
            }
            let (shaped, reused) = try shape(
                paragraph, kept: kept, at: y, extraLineFragment: extra, lineBudget: lineBudget, layout: layout)
            kept?.shaped = shaped
            kept?.previous = nil
            kept?.sections = nil
            if let reused {
                fragment = reused.fragment
                linesKeptAcrossEdits += reused.keptLines
            } else {
                fragment = try layout.layout(
                    paragraph, shaped: shaped, at: y, extraLineFragment: extra && lineBudget != 0, lineLimit: lineBudget
                )
            }
            kept?.lineGeometry = lineBudget == nil ? LineGeometry(layout.container, insets: layout.insets) : nil
        } catch {
            layoutFailureHandler?(paragraph, error)
            kept?.shaped = nil
            kept?.previous = nil
            kept?.sections = nil
            kept?.lineGeometry = nil
            fragment = TextLayoutFragment(
                textElement: paragraph, layoutFragmentFrame: CGRect(x: 0, y: y, width: 0, height: 0),
                renderingSurfaceBounds: .zero, textLineFragments: [], state: .none)
        }
        return finish(fragment, entry: &entry, kept: kept, top: top, keeping: keeping, lineBudget: lineBudget)
    }

    /// A long paragraph laid out in sections: from its sections before an edit, or (laid out
    /// before in the same geometry, nothing edited) from its sections as they are, else afresh.
    private func layOutInSections(
        _ paragraph: TextParagraph, kept: ParagraphLayoutState?, top y: CGFloat, extraLineFragment: Bool,
        layout: ParagraphLayout
    ) throws(TextLayoutError) -> TextLayoutFragment {
        let geometry = LineGeometry(layout.container, insets: layout.insets)
        let fragment: TextLayoutFragment
        if let previous = kept?.previous, let old = previous.sections, old.geometry == geometry {
            fragment = try layout.relayoutInSections(
                paragraph, old: old.lines, edits: previous.edits, at: y,
                extraLineFragment: extraLineFragment, reflow: old.reflow ?? .lines(layout.sectionPolicy.reflowLines))
        } else if kept?.previous == nil, let old = kept?.sections, kept?.lineGeometry == geometry {
            fragment = try layout.relayoutInSections(
                paragraph, old: old, edit: nil, at: y, extraLineFragment: extraLineFragment, reflow: .lines(0))
        } else {
            fragment = try layout.layoutInSections(paragraph, at: y, extraLineFragment: extraLineFragment)
        }
        kept?.shaped = nil
        kept?.previous = nil
        kept?.sections = fragment.lineSections
        kept?.lineGeometry = geometry
        return fragment
    }

    /// Keeps and measures the fragment `layOut` made.
    private func finish(
        _ fragment: TextLayoutFragment, entry: inout LayoutEntry, kept: ParagraphLayoutState?, top: Int, keeping: Bool,
        lineBudget: Int?
    ) -> TextLayoutFragment {
        fragment.textLayoutManager = self
        kept?.fragment = fragment
        kept?.laidOutTop = top
        kept?.lineBudget = lineBudget
        kept?.renderingAttributes = nil
        entry.kept = keeping ? kept : nil
        entry.height = LayoutHeight.units(fragment.layoutFragmentFrame.height)
        widestFragment = max(widestFragment, fragment.layoutFragmentFrame.width)
        return fragment
    }

    /// Releases kept layouts, farthest from `focus` first, until they are back under three
    /// quarters of the limit (so that releasing happens in batches, not on every paragraph).
    /// Never releases `focus`, `protected`, the paragraphs holding the selections' ends (what is
    /// being edited), nor long paragraphs the viewport last walked (what is shown): laying a
    /// long paragraph out again costs far more than keeping it.
    func evictIfNeeded(focus: Int, protected: ClosedRange<Int>?) {
        guard layoutIndex.summary.keptUTF16 > keptLayoutLimit else { return }
        let target = keptLayoutLimit - keptLayoutLimit / 4
        var pins = PinnedLayouts(manager: self, focus: focus, protected: protected)
        while layoutIndex.summary.keptUTF16 > target {
            guard let firstKept = layoutIndex.ordinalOfKept(0),
                let lastKept = layoutIndex.ordinalOfKept(layoutIndex.summary.kept - 1)
            else { return }
            let fromTop: Bool
            switch (pins.contains(firstKept), pins.contains(lastKept)) {
            case (true, true): return // everything kept lies in what is protected
            case (false, true): fromTop = true
            case (true, false): fromTop = false
            case (false, false): fromTop = abs(firstKept - focus) >= abs(lastKept - focus)
            }
            releaseKeptLayouts(
                from: fromTop ? firstKept : lastKept, downward: fromTop, within: firstKept ... lastKept, until: target,
                sparing: &pins)
        }
    }

    /// Releases the kept layouts from ordinal `start` on, down or up, while more than `target`
    /// is kept, stopping at a pinned paragraph or the end of `kept`. Kept layouts usually lie
    /// together (laid out in a row): clearing them one after another beats finding each anew.
    private func releaseKeptLayouts(
        from start: Int, downward: Bool, within kept: ClosedRange<Int>, until target: Int,
        sparing pins: inout PinnedLayouts
    ) {
        var ordinal = start
        var cursor = layoutIndex.cursor(at: ordinal)
        while layoutIndex.summary.keptUTF16 > target, kept.contains(ordinal), !pins.contains(ordinal) {
            if layoutIndex.entry(at: cursor).kept != nil {
                layoutIndex.update(at: &cursor) { $0.kept = nil }
            }
            if downward {
                ordinal += 1
                layoutIndex.advance(&cursor)
            } else {
                guard ordinal > 0 else { break }
                ordinal -= 1
                layoutIndex.retreat(&cursor)
            }
        }
    }

    /// Whether two elements of the paragraph lie at the same place in the document.
    private static func samePlace(_ old: TextParagraph, _ new: TextParagraph) -> Bool {
        if let oldOffsets = old.elementOffsets, let newOffsets = new.elementOffsets {
            return oldOffsets == newOffsets
        }
        return old.elementRange == new.elementRange
    }

    /// Whether `paragraph` is the last and ends with a break, a paragraph separator or a line
    /// separator (U+2028): it then gets an empty line after it, for the caret at the end of the
    /// document (TextKit's extra line fragment).
    func needsExtraLineFragment(_ paragraph: TextParagraph) -> Bool {
        guard let content = textContentManager, let range = paragraph.elementRange,
            range.endLocation.isEqual(to: content.documentRange.endLocation)
        else { return false }
        if paragraph.paragraphSeparatorRange.map({ !$0.isEmpty }) ?? false { return true }
        // Plain text is asked for its last unit, not made into a string.
        let length = paragraph.utf16Count
        let plainEnd = paragraph.plainUTF16(in: max(0, length - 1) ..< length).map { $0.last == 0x2028 }
        return plainEnd ?? (paragraph.attributedString.unicodeScalars.last == "\u{2028}")
    }
}
