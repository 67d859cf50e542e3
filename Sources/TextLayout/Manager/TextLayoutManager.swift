import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// Lays a content manager's paragraphs out in a text container: TextKit's
/// `NSTextLayoutManager`.
///
/// ```swift
/// let storage = TextContentStorage(string: "Hello, مرحبا")
/// let layoutManager = TextLayoutManager()
/// storage.addTextLayoutManager(layoutManager)
/// layoutManager.textContainer = TextContainer(size: CGSize(width: 600, height: 0))
/// layoutManager.enumerateTextLayoutFragments(from: nil) { fragment in print(fragment); return true }
/// ```
///
/// Layout is always noncontiguous: a paragraph is laid out when something asks for it, and every
/// other paragraph has an estimated height. Heights, measured or estimated, live in a summarized
/// B-tree, so y -> paragraph and paragraph -> y cost O(log n) whatever the document's size. An
/// edit invalidates only the paragraphs it touched; a new container re-breaks lines from the
/// kept shaping. Fragments and shaping are kept for at most `keptLayoutLimit` UTF-16 units of
/// text; beyond that, those farthest from where layout is working are released (their heights
/// stay). A fragment depends only on its paragraph, the container and the default font.
///
/// Not thread-safe: use it from the isolation domain of its content manager.
public final class TextLayoutManager: TextContentObserving {
    /// The content this manager lays out; set when a content manager adds it.
    public private(set) weak var textContentManager: TextContentManager?

    /// The container lines fill. Changing it lays lines out again, from the kept shaping.
    public var textContainer: TextContainer {
        didSet {
            // The value held knows its manager (an assignment here calls no observer again).
            if textContainer.textLayoutManager !== self { textContainer.textLayoutManager = self }
            if textContainer != oldValue { invalidateLayout(keepingShaping: true) }
        }
    }

    /// The font of text that has no font attribute. It may be semantic (`.body`): it is then
    /// resolved in ``fontResolutionContext`` like every font of the content.
    public var defaultFont: FontDescriptor {
        didSet { if defaultFont != oldValue { invalidateLayout() } }
    }

    /// What the content's fonts are resolved in: the sizes of semantic fonts (`.body`,
    /// `.title`) and of scaling families, the families of system designs, the language of text
    /// that does not say its own. Changing it (a larger text size) lays out again what is asked
    /// for next, the viewport first, and the viewport keeps its anchored text at its top; other
    /// paragraphs keep their heights as estimates until they are laid out.
    public var fontResolutionContext: FontResolutionContext = .standard {
        didSet { if fontResolutionContext != oldValue { invalidateLayout(keeping: .heights) } }
    }

    /// How much laid-out text (UTF-16 units) keeps its fragments and shaping. Past it, the
    /// layouts farthest from where layout is working are released; their measured heights stay,
    /// and they are laid out again (from the shaper's word cache) when next asked for. About
    /// 30 bytes a unit for Latin text. The paragraphs being laid out are never released, so a
    /// single paragraph longer than the limit is still kept while it is in use.
    ///
    /// The lines of plain paragraphs whose text comes back (a log, a file pasted into itself)
    /// are kept by their text, up to 16 times this limit, and the fragment of the next paragraph
    /// with the same text is made from them (its shaping is shared).
    public var keptLayoutLimit: Int = 1 << 19 {
        didSet {
            scratch.repeatedParagraphs.limit = RepeatedParagraphLayouts.limit(keptLayoutLimit: keptLayoutLimit)
            evictIfNeeded(focus: 0, protected: nil)
        }
    }

    /// Called for every fragment laid out (rendering attributes were dropped with its old
    /// layout): set the rendering attributes it should have, e.g. find highlights in its range.
    public var renderingAttributesValidator: ((TextLayoutManager, TextLayoutFragment) -> Void)?

    /// Called when a paragraph cannot be laid out (a font that cannot be used, a failure of
    /// shaping), with the paragraph and why: it is shown as an empty fragment, and layout goes on
    /// with the paragraphs after it. Called each time layout meets the failure. A program that
    /// must lose nothing (a renderer writing a file) fails when it hears of one.
    ///
    /// ```swift
    /// layoutManager.layoutFailureHandler = { paragraph, error in
    ///     logger.error("paragraph at \(String(describing: paragraph.elementRange)) not shown: \(error)")
    /// }
    /// ```
    public var layoutFailureHandler: ((TextParagraph, TextLayoutError) -> Void)?

    /// Supplies the app's own fragment types.
    public weak var delegate: (any TextLayoutManagerDelegate)?
    /// The attachments' view providers: which fragment holds each, those kept by reuse policies,
    /// and counts of what was made, reused and loaded.
    public let textAttachmentViewProviderCache = TextAttachmentViewProviderCache()

    /// The fonts, the shaper and its caches, and the colours this manager's text is laid out
    /// and drawn with (see ``TypesettingContext``).
    public let typesettingContext: TypesettingContext
    /// The context a long walk's second core shapes with (see ``ParagraphLookahead``): the same
    /// fonts, its own shaped words, kept from walk to walk.
    private(set) lazy var lookaheadTypesetting = typesettingContext.sharingFontsWithWordsOfItsOwn()
    /// Whether long walks lay out ahead on a second core (tests compare with and without).
    var laysOutAhead = true
    /// How many paragraphs long walks took laid out from their second core, in all.
    var paragraphsLaidOutAhead = 0

    /// Lays out what a view shows, and keeps it still while estimates are measured.
    public var textViewportLayoutController: TextViewportLayoutController {
        if let viewportController { return viewportController }
        let made = TextViewportLayoutController(textLayoutManager: self)
        viewportController = made
        return made
    }
    private(set) var viewportController: TextViewportLayoutController?

    /// How many lines layout after edits kept rather than broke again (see ``ReusableLines``):
    /// what tests check to know the lines were kept.
    var linesKeptAcrossEdits = 0

    var layoutIndex = LayoutIndex()
    var isIndexed = false
    /// The estimate for paragraphs not laid out; made on first use for the current geometry.
    var estimatorCache: HeightEstimator?
    /// The widest fragment measured, for the usage bounds of a container without a width.
    var widestFragment: CGFloat = 0
    let scratch = LayoutScratch()
    /// How long paragraphs are laid out in sections (tests make them short).
    var sectionPolicy = SectionPolicy()
    /// How many layout walks are under way (a validator or an enumeration block can start one).
    var walkDepth = 0
    /// The selections with their ranges as UTF-16 offsets, which edits move (see `textSelections`).
    var trackedSelections: [TrackedSelection] = []
    /// Made on first use (see `textSelectionNavigation`).
    var selectionNavigation: TextSelectionNavigation?
    /// Whether rendering attributes were ever added: until then a view asking for each
    /// fragment's at every frame finds none without looking its paragraph up.
    var mayHaveRenderingAttributes = false
    /// Observers of layout completion, by their observation.
    var completionHandlers: [ObjectIdentifier: (LayoutCompletion) -> Void] = [:]
    /// Whether some heights counted as measured were measured in an earlier font context (a
    /// context change resets only the kept layouts; see `dropKeptLayouts()`).
    var heightsPredateFontContext = false
    /// Layouts a font context change took away, released a batch per walk (see
    /// `dropKeptLayouts()`); at most one `keptLayoutLimit` of text.
    var retiredLayouts: [ParagraphLayoutState] = []

    /// A manager laying text out in `textContainer` with `typesettingContext`'s fonts and
    /// caches; text without a font attribute is set in `defaultFont`, by default the context's.
    public init(
        textContainer: TextContainer = TextContainer(size: CGSize(width: 600, height: 0)),
        defaultFont: FontDescriptor? = nil, typesettingContext: TypesettingContext = .standard
    ) {
        self.textContainer = textContainer
        self.typesettingContext = typesettingContext
        self.defaultFont = defaultFont ?? typesettingContext.defaultFont
        self.textContainer.textLayoutManager = self
    }

    public func textContentManagerDidAdd(_ textContentManager: TextContentManager) {
        self.textContentManager = textContentManager
        invalidateLayout()
    }

    public func textContentManagerDidRemove(_ textContentManager: TextContentManager) {
        if self.textContentManager === textContentManager { self.textContentManager = nil }
        invalidateLayout()
    }

    /// Invalidates the paragraphs the changes touched: O(log n) to find them, plus the
    /// paragraphs themselves.
    public func textContentManager(_ textContentManager: TextContentManager, didProcess changes: TextContentChangeSet) {
        // The anchor and the selections follow their text through every edit, also before the
        // tree is made.
        viewportController?.contentDidChange(changes)
        moveSelections(through: changes)
        // Edits that each stayed inside a paragraph (a replace-all's) change only the entries
        // they touch. Others: the content is read as it is after all the edits, so the entries
        // are replaced over the span from the first edit to the last.
        guard isIndexed, !updateEntriesInsideParagraphs(through: changes), let edited = changes.editedRange else {
            return
        }
        replaceEntries(
            from: edited.lowerBound, through: edited.upperBound - changes.changeInLength, delta: changes.changeInLength,
            isEdit: true)
    }

    /// Drops every fragment and measured height; the next query lays out again.
    public func invalidateLayout() {
        invalidateLayout(keepingShaping: false)
    }

    /// Drops the layout of the paragraphs `range` touches and asks the content again which
    /// paragraphs it shows there (a delegate may now hide or show some): what a collapsed section
    /// needs. Only those paragraphs are laid out again; the ones below only move.
    public func invalidateLayout(for range: TextRange) {
        guard isIndexed, let content = textContentManager else { return }
        let start = content.offset(from: content.documentRange.location, to: range.location)
        let end = content.offset(from: content.documentRange.location, to: range.endLocation)
        guard start != NSNotFound, end != NSNotFound, start <= end else { return }
        replaceEntries(from: start, through: end, delta: 0, isEdit: false)
        viewportController?.setNeedsLayout()
    }

    func invalidateLayout(keepingShaping: Bool) {
        invalidateLayout(keeping: keepingShaping ? .shaping : .nothing)
    }

    /// What an invalidation keeps.
    enum RetainedOnInvalidation {
        /// Nothing: the paragraphs are read again (a new default font, a new content).
        case nothing
        /// The heights, as estimates, but no layout (the fonts changed: their shaping is stale).
        case heights
        /// The heights as estimates and the shaping (the container changed: lines only re-break).
        case shaping
    }

    func invalidateLayout(keeping kept: RetainedOnInvalidation) {
        defer { viewportController?.setNeedsLayout() }
        estimatorCache = nil
        widestFragment = 0
        guard kept != .nothing else {
            layoutIndex = LayoutIndex()
            isIndexed = false
            heightsPredateFontContext = false
            return
        }
        guard isIndexed else { return }
        if kept == .shaping { heightsPredateFontContext = false } // every entry is reset below
        // Heights stay as estimates (better than none: the text does not jump when they are
        // measured again); fragments go, and shaping too unless it is still good.
        if kept == .shaping {
            layoutIndex.updateAll { entry in
                entry.needsLayout = true
                entry.isMeasured = false
                entry.kept?.fragment = nil
                entry.kept?.renderingAttributes = nil
            }
        } else {
            dropKeptLayouts()
        }
    }

    /// Drops every kept layout, shaping included: what a new font context needs. Only the
    /// paragraphs that keep one are touched (at most `keptLayoutLimit` units of text, not the
    /// document: a paragraph without a kept layout is laid out when next reached anyway). The
    /// others keep their heights as estimates, still counted as measured: until the whole
    /// document is laid out again, `isLayoutComplete` is false.
    private func dropKeptLayouts() {
        if layoutIndex.summary.measured > layoutIndex.summary.kept { heightsPredateFontContext = true }
        while let first = layoutIndex.ordinalOfKept(0) {
            // Kept layouts mostly lie together (laid out in a row): clear a row of them, then
            // find the next one anew.
            var cursor = layoutIndex.cursor(at: first)
            while !layoutIndex.isEnd(cursor), layoutIndex.entry(at: cursor).kept != nil {
                let kept = layoutIndex.update(at: &cursor) { entry in
                    defer { entry.kept = nil }
                    entry.needsLayout = true
                    entry.isMeasured = false
                    return entry.kept
                }
                // Released later, a batch per walk: freeing thousands of fragments costs more
                // than laying the viewport out in the new context.
                if let kept { retiredLayouts.append(kept) }
                layoutIndex.advance(&cursor)
            }
        }
    }

    /// Releases up to `count` of the layouts a font context change took away.
    func releaseRetiredLayouts(upTo count: Int = 256) {
        guard !retiredLayouts.isEmpty else { return }
        retiredLayouts.removeLast(min(count, retiredLayouts.count))
    }

    /// Lays out every paragraph that is not laid out. Costs the document: prefer the viewport,
    /// or `ensureLayout(for:)` on what is needed.
    public func ensureLayoutForEntireDocument() {
        layOutParagraphs(from: 0, protected: nil) { ordinal, fragment in
            _ = reflowingJunctions(of: fragment, at: ordinal, through: .infinity)
            return true
        }
        // Every paragraph was reached, so laid out in the current font context.
        heightsPredateFontContext = false
        notifyLayoutCompletion(.entireDocument)
    }

    /// Lays out the paragraphs that `range` touches (and no others: positions above come from
    /// the heights the tree has, measured or estimated).
    public func ensureLayout(for range: TextRange) {
        indexIfNeeded()
        guard let content = textContentManager else { return }
        let lower = content.offset(from: content.documentRange.location, to: range.location)
        let upper = content.offset(from: content.documentRange.location, to: range.endLocation)
        guard lower != NSNotFound, upper != NSNotFound, let first = ordinal(nearestTo: lower) else { return }
        let last = max(first, ordinal(nearestTo: max(lower, upper - 1)) ?? first)
        // What was asked for is kept, unless it alone is more than the limit allows.
        let units =
            (layoutIndex.position(at: last)?.range.upperBound ?? upper)
            - (layoutIndex.position(at: first)?.range.lowerBound ?? lower)
        layOutParagraphs(from: first, protected: units <= keptLayoutLimit ? first ... last : nil) { ordinal, fragment in
            // A long paragraph's lines broken again through the range's end, not its own.
            var bottom = CGFloat.infinity
            if ordinal == last, let start = fragment.elementOffsets?.start,
                let line = fragment.lineIndex(reaching: upper - start, atEnd: true)
            {
                bottom = fragment.layoutFragmentFrame.minY + fragment.lineBounds(at: line).maxY
            }
            _ = reflowingJunctions(of: fragment, at: ordinal, through: bottom)
            return ordinal < last
        }
        notifyLayoutCompletion(.range(range))
    }

    /// Lays out the paragraphs whose frames meet `rect` (container coordinates). Laying a
    /// paragraph out can change its height, so the walk goes on until the rect is covered by
    /// measured paragraphs.
    public func ensureLayout(for rect: CGRect) {
        guard let first = position(atY: rect.minY) else { return }
        layOutParagraphs(from: first.ordinal, protected: nil) { ordinal, fragment in
            reflowingJunctions(of: fragment, at: ordinal, through: rect.maxY).layoutFragmentFrame.maxY < rect.maxY
        }
        notifyLayoutCompletion(.rect(rect))
    }

    /// Lays one paragraph out afresh with its top at `y` (container coordinates), leaving the
    /// rest of the layout alone. Shaping comes from the shaper's word cache, so only the words
    /// that changed are shaped again.
    public func layoutFragment(
        for paragraph: TextParagraph, at y: CGFloat
    ) throws(TextLayoutError) -> TextLayoutFragment {
        let fragment = try ParagraphLayout(
            container: textContainer, typesetting: typesettingContext, defaultFont: defaultFont,
            fontContext: fontResolutionContext, scratch: scratch
        )
        .layout(paragraph, at: y, extraLineFragment: needsExtraLineFragment(paragraph))
        fragment.textLayoutManager = self
        return fragment
    }

    /// The rectangle the text uses in the container. Its height is exact once every paragraph
    /// is laid out, and estimated before (TextKit's behaviour); O(1).
    public var usageBoundsForTextContainer: CGRect {
        indexIfNeeded()
        let width = textContainer.layoutWidth.isFinite ? textContainer.layoutWidth : widestFragment
        return CGRect(x: 0, y: 0, width: width, height: layoutIndex.totalHeight)
    }

    /// Whether every paragraph's height is measured (the usage bounds are then exact).
    public var isLayoutComplete: Bool {
        indexIfNeeded()
        return layoutIndex.summary.measured == layoutIndex.count && !heightsPredateFontContext
    }

    /// Paragraphs that keep a laid-out fragment now, and the UTF-16 units of their text: what
    /// `keptLayoutLimit` bounds.
    public var keptLayoutUsage: (paragraphs: Int, utf16: Int) {
        (layoutIndex.summary.kept, layoutIndex.summary.keptUTF16)
    }

    /// Calls `block` with layout fragments from the one containing `location` (nil: the first;
    /// with `.reverse`, the last) until it returns false; returns the location it stopped at.
    /// Paragraphs are laid out as they are reached, unless `.estimatesSize` is given without
    /// `.ensuresLayout`: then a paragraph not laid out is given as a fragment in the
    /// `.estimatedUsageBounds` state (its frame from the estimated height, no lines). The
    /// extra line fragment after a final separator is always part of the last fragment.
    @discardableResult
    public func enumerateTextLayoutFragments(
        from location: (any TextLocation)?,
        options: TextLayoutFragmentEnumerationOptions = [],
        using block: (TextLayoutFragment) -> Bool
    ) -> (any TextLocation)? {
        indexIfNeeded()
        guard !layoutIndex.isEmpty else { return location }
        let reverse = options.contains(.reverse)
        let ensures = options.contains(.ensuresLayout)
        let estimates = options.contains(.estimatesSize) && !ensures
        var ordinal: Int
        if let location {
            guard let found = self.ordinal(containing: location) else { return nil }
            ordinal = found
        } else {
            ordinal = reverse ? layoutIndex.count - 1 : 0
        }
        var edge: (any TextLocation)? = location
        if reverse || estimates {
            // One paragraph at a time, each found in O(log n).
            while ordinal >= 0, ordinal < layoutIndex.count {
                guard var fragment = estimates ? estimatedFragment(at: ordinal) : fragment(at: ordinal) else { break }
                if ensures { fragment = reflowingJunctions(of: fragment, at: ordinal, through: .infinity) }
                edge = reverse ? fragment.rangeInElement?.location : fragment.rangeInElement?.endLocation
                guard block(fragment) else { break }
                ordinal += reverse ? -1 : 1
            }
            return edge
        }
        layOutParagraphs(from: ordinal, protected: nil) { ordinal, walked in
            let fragment = ensures ? reflowingJunctions(of: walked, at: ordinal, through: .infinity) : walked
            edge = fragment.rangeInElement?.endLocation
            return block(fragment)
        }
        return edge
    }

    /// The fragment of the paragraph containing `location`, laid out if it was not.
    public func textLayoutFragment(for location: any TextLocation) -> TextLayoutFragment? {
        guard let ordinal = ordinal(containing: location) else { return nil }
        return fragment(at: ordinal)
    }

    /// The fragment at `point` (container coordinates), laid out if it was not; nil outside
    /// every fragment. Only that paragraph is laid out: O(log n) to find it.
    public func textLayoutFragment(for point: CGPoint) -> TextLayoutFragment? {
        indexIfNeeded()
        guard point.y >= 0, point.y < layoutIndex.totalHeight else { return nil }
        // Laying the paragraph out measures it, which can move the point into a neighbour:
        // look again until the paragraph found there is measured (a few steps at most).
        var found: TextLayoutFragment?
        for _ in 0 ..< 8 {
            guard point.y < layoutIndex.totalHeight, let position = layoutIndex.position(atY: point.y) else {
                return nil
            }
            found = fragment(at: position.ordinal)
            guard let frame = found?.layoutFragmentFrame, !(frame.minY <= point.y && point.y < frame.maxY) else {
                break
            }
        }
        return found
    }

    /// The paragraph ordinal (among the paragraphs shown) and band of the container at `y`:
    /// O(log n), nothing laid out.
    func position(atY y: CGFloat) -> LayoutPosition? {
        indexIfNeeded()
        return layoutIndex.position(atY: y)
    }
}
