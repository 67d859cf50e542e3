import Foundation
@_spi(Layout) import TextContent

/// The full walk of a layout pass (`TextLayoutManager.layOutParagraphs(from:protected:retrying:_:)`
/// drives it over the content's paragraphs): at each shown paragraph, its kept fragment moved to
/// where the tree now puts it (``keptFragment(_:lineBudget:extent:)``) or the paragraph
/// laid out afresh (``layOutAfresh(_:lineBudget:paragraph:in:)``), then the walk advanced to the next
/// one (``advance(from:length:height:in:)``), releasing kept layouts past the limit as it goes.
///
/// The walk holds no reference to its manager: every step is handed it as a borrowed argument.
/// A stored reference was retained and released at each of a step's uses, on the slow path (the
/// manager has weak references to it): typing took 34 µs instead of 29.
struct ParagraphWalk {
    /// The first ordinal the walk's caller is given (a line limit starts the walk above it).
    let requestedStart: Int
    /// What must stay laid out when layouts are released (the caller's ordinals).
    let protected: ClosedRange<Int>?
    /// The container's `maximumNumberOfLines`; 0 for no limit.
    let lineLimit: Int
    /// Whether lines flow around exclusion paths: a kept fragment then moves only to where it
    /// was laid out (elsewhere its lines would be different).
    let linesDependOnY: Bool
    var layout: ParagraphLayout
    var cursor: LayoutIndex.Cursor
    var ordinal: Int
    /// The paragraph's top, in `LayoutHeight` units.
    var top: Int
    /// Where the next paragraph the content shows must start, for the tree to match it.
    var expectedStart: Int
    /// The lines of the paragraphs above, counted only under a line limit.
    var linesAbove = 0
    /// Set when the tree no longer matches what the content shows: the caller reads again.
    var mismatch = false
    /// How many paragraphs this walk laid out afresh: past ``lookaheadAfter`` of them a walk
    /// that protects nothing (a document laid out whole or enumerated) is a long one, and lays
    /// out ahead on a second core. Far more than a screen holds: a viewport's walk, or one that
    /// looks for a place a few screens on, ends before a second core would pay for its start.
    private var freshLayouts = 0
    static let lookaheadAfter = 128

    /// A walk from ordinal `requestedStart` (from the top under a line limit: what a paragraph
    /// may show then depends on the lines above it); nil past the document's end.
    init?(manager: TextLayoutManager, from requestedStart: Int, protected: ClosedRange<Int>?) {
        let container = manager.textContainer
        lineLimit = container.maximumNumberOfLines
        let start = lineLimit > 0 ? 0 : requestedStart
        guard let (first, firstCursor) = manager.layoutIndex.positionAndCursor(at: start) else { return nil }
        self.requestedStart = requestedStart
        self.protected = protected
        linesDependOnY = !container.exclusionPaths.isEmpty
        layout = ParagraphLayout(
            container: container, typesetting: manager.typesettingContext, defaultFont: manager.defaultFont,
            fontContext: manager.fontResolutionContext, scratch: manager.scratch)
        layout.sectionPolicy = manager.sectionPolicy
        (cursor, ordinal, top, expectedStart) = (firstCursor, start, first.top, first.range.lowerBound)
    }

    /// Visits the paragraph the content shows at `paragraphStart`, calling `body` with its
    /// fragment from `requestedStart` on; false stops the walk (`body` did, the document ended,
    /// or the tree does not match the content: then `mismatch` is set).
    mutating func visit(
        _ paragraphStart: Int, extent: ParagraphExtent?, makeParagraph: () -> TextParagraph,
        in manager: TextLayoutManager,
        _ body: (Int, TextLayoutFragment) -> Bool
    ) -> Bool {
        guard paragraphStart == expectedStart else {
            mismatch = true
            return false
        }
        let current = manager.layoutIndex.entry(at: cursor)
        let lineBudget = lineLimit > 0 ? max(0, lineLimit - linesAbove) : nil
        let fragment: TextLayoutFragment
        var (height, length) = (current.height, current.length)
        if let (kept, inPlace) = keptFragment(current, lineBudget: lineBudget, extent: extent) {
            // Where it was, for the same extent, no element is needed.
            fragment =
                inPlace ? kept.fragment! : manager.moved(kept.fragment!, in: kept, to: top, paragraph: makeParagraph())
        } else {
            guard let laidOut = layOutAfresh(current, lineBudget: lineBudget, paragraph: makeParagraph(), in: manager)
            else {
                mismatch = true
                return false
            }
            (fragment, height, length) = laidOut
            freshLayouts += 1
        }
        if lineLimit > 0 { linesAbove += fragment.lineCount }
        if ordinal >= requestedStart {
            guard body(ordinal, fragment) else { return false }
        }
        guard advance(from: paragraphStart, length: length, height: height, in: manager) else { return false }
        lookAhead(in: manager)
        return true
    }

    /// In a long walk, keeps the paragraphs ahead of it laid out on a second core (see
    /// ``ParagraphLookahead``): not under a line limit, nor around exclusion paths, nor with a
    /// delegate (which may give each paragraph's fragment its own insets).
    private mutating func lookAhead(in manager: TextLayoutManager) {
        if layout.lookahead == nil {
            guard freshLayouts == Self.lookaheadAfter, protected == nil, manager.laysOutAhead, lineLimit == 0,
                !linesDependOnY, manager.delegate == nil, ProcessInfo.processInfo.activeProcessorCount > 1
            else { return }
            layout.lookahead = ParagraphLookahead(
                layout: layout, typesetting: manager.lookaheadTypesetting, from: expectedStart)
        }
        guard let lookahead = layout.lookahead, lookahead.wantsMore,
            let reader = manager.textContentManager?.paragraphReader, lookahead.fedEnd < reader.utf16Length
        else { return }
        var paragraphs: [(start: Int, paragraph: TextParagraph)] = []
        var end = lookahead.fedEnd
        reader.enumerateParagraphsLazily(fromOffset: lookahead.fedEnd) { start, extent, makeParagraph in
            guard start >= lookahead.fedEnd else { return true }
            let paragraph = makeParagraph()
            paragraphs.append((start, paragraph))
            end = extent?.end ?? paragraph.elementOffsets?.end ?? start + paragraph.utf16Count
            return paragraphs.count < ParagraphLookahead.depth
        }
        lookahead.feed(paragraphs, end: max(end, lookahead.fedEnd + 1))
    }

    /// Ends the walk: the lookahead's worker, if any, stops.
    mutating func finish(in manager: TextLayoutManager) {
        guard let lookahead = layout.lookahead else { return }
        lookahead.finish()
        manager.paragraphsLaidOutAhead += lookahead.used
        layout.lookahead = nil
    }

    /// The entry's kept layout when its fragment holds here, and whether the fragment is in
    /// place already (at the walk's `top`, for the same extent); nil when it has none that holds
    /// (it needs layout, its lines depend on a y or a line budget it was not laid out for).
    private func keptFragment(
        _ entry: LayoutEntry, lineBudget: Int?, extent: ParagraphExtent?
    ) -> (kept: ParagraphLayoutState, inPlace: Bool)? {
        guard !entry.needsLayout, let kept = entry.kept, let fragment = kept.fragment,
            !linesDependOnY || kept.laidOutTop == top, kept.lineBudget == lineBudget
        else { return nil }
        guard let extent, fragment.layoutFragmentFrame.minY == LayoutHeight.points(top),
            let offsets = fragment.elementOffsets
        else { return (kept, false) }
        return (kept, ParagraphExtent(start: offsets.start, contentEnd: offsets.contentEnd, end: offsets.end) == extent)
    }

    /// The paragraph laid out afresh into the tree's entry at the cursor, with the app's fragment
    /// (the delegate's) and rendering attributes; with the height and length the tree now holds.
    /// Nil when the delegate changed the layout while asked (the walk must read again).
    private mutating func layOutAfresh(
        _ entry: LayoutEntry, lineBudget: Int?, paragraph: TextParagraph, in manager: TextLayoutManager
    ) -> (fragment: TextLayoutFragment, height: Int, length: Int)? {
        // Past the limit, a walk that protects nothing (a whole-document layout, an enumeration)
        // does not keep what it lays out: letting a layout go while it is in cache is cheap,
        // releasing old ones later is not.
        let keeps = protected != nil || manager.layoutIndex.summary.keptUTF16 + entry.length <= manager.keptLayoutLimit
        // The app's fragment, asked for before layout: its paddings and margins are layout's
        // input. Outside the update: the delegate may call the manager.
        let proposed = manager.delegate == nil ? nil : manager.proposedFragment(for: paragraph)
        if proposed != nil, !manager.layoutIndex.isValid(cursor) { return nil }
        var inset: ParagraphLayout?
        if let proposed {
            inset = layout
            inset?.insets = proposed.layoutInsets
        }
        let layout = inset ?? layout
        let (isLast, top) = (ordinal == manager.layoutIndex.count - 1, top)
        var (fragment, length) = manager.layoutIndex.update(at: &cursor) { entry in
            (
                manager.layOut(
                    &entry, paragraph: paragraph, top: top, isLast: isLast, keeping: keeps, lineBudget: lineBudget,
                    layout: layout), entry.length
            )
        }
        // As the tree holds it (clamped if the document's total would pass its bound).
        let height = manager.layoutIndex.entry(at: cursor).height
        // Outside the update: the delegate and the validator may call the manager.
        if manager.delegate != nil {
            fragment = manager.customized(fragment, proposed: proposed, paragraph: paragraph)
            manager.layoutIndex.entry(at: cursor).kept?.fragment = fragment
        }
        manager.renderingAttributesValidator?(manager, fragment)
        return (fragment, height, length)
    }

    /// Steps past the paragraph at `paragraphStart`, `length` units long and `height` tall:
    /// to the next entry, or where the tree now puts the next ordinal if the caller changed it;
    /// releases kept layouts past the limit. False at the document's end.
    private mutating func advance(
        from paragraphStart: Int, length: Int, height: Int, in manager: TextLayoutManager
    ) -> Bool {
        // The tree is read through the manager each time, never copied: a copy held across the
        // release below would make it copy the whole tree.
        ordinal += 1
        top += height
        if !manager.layoutIndex.isValid(cursor) {
            // The caller asked for other layout: find the place again.
            guard let next = manager.layoutIndex.position(at: ordinal) else { return false }
            (top, expectedStart, cursor) = (next.top, next.range.lowerBound, manager.layoutIndex.cursor(at: ordinal))
            return true
        }
        guard ordinal < manager.layoutIndex.count else { return false }
        if let protected, manager.layoutIndex.summary.keptUTF16 > manager.keptLayoutLimit {
            // What this walk laid out stays too: it is what the caller is looking at.
            manager.evictIfNeeded(
                focus: protected.lowerBound, protected: protected.lowerBound ... max(protected.upperBound, ordinal - 1))
            cursor = manager.layoutIndex.cursor(at: ordinal)
        } else {
            manager.layoutIndex.advance(&cursor)
        }
        expectedStart = paragraphStart + length + manager.layoutIndex.entry(at: cursor).gap
        return true
    }
}
