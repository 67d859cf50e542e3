import Foundation
import Synchronization
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// One laid-out paragraph: TextKit's `NSTextLayoutFragment`. Immutable once the layout manager
/// hands it out; to change one, lay the paragraph out again (``invalidateLayout()``). Open so an
/// app can supply its own kind: a subclass overrides ``draw(at:in:)`` (a bubble behind the
/// paragraph) and ``leadingPadding``, ``trailingPadding``, ``topMargin`` and ``bottomMargin``
/// (which layout honours), and a `TextLayoutManagerDelegate` returns it. The class is
/// `@unchecked Sendable` (immutable once laid out): a subclass restates it, as Swift asks.
///
/// ```swift
/// final class BubbleFragment: TextLayoutFragment, @unchecked Sendable {
///     override var leadingPadding: CGFloat { 12 }
///     override var topMargin: CGFloat { 6 }
///     override func draw(at point: CGPoint, in context: any TextDrawingContext) {
///         let bubble = CGRect(origin: point, size: layoutFragmentFrame.size)
///         context.fill(bubble, cornerRadius: 10, color: .init(red: 0.8, green: 0.8, blue: 1))
///         super.draw(at: point, in: context)
///     }
/// }
/// ```
open class TextLayoutFragment: @unchecked Sendable, CustomStringConvertible {
    /// How far a fragment's layout has come.
    public enum State: Sendable, Hashable {
        case none
        case estimatedUsageBounds
        case calculatedUsageBounds
        case layoutAvailable
    }

    /// The paragraph laid out.
    public private(set) var textElement: TextParagraph
    /// Where the fragment is in the document.
    public var rangeInElement: TextRange? { textElement.elementRange }
    /// `textElement`'s UTF-16 offsets when it is placed by them: what a walk over kept
    /// fragments compares for every fragment, read without copying the element.
    private(set) var elementOffsets: (start: Int, contentEnd: Int, end: Int)?
    /// The fragment's rectangle in container coordinates; fragments tile the container. It holds
    /// the fragment's ``topMargin`` and ``bottomMargin``.
    public private(set) var layoutFragmentFrame: CGRect
    /// Where the fragment draws, relative to `layoutFragmentFrame`'s origin: the frame, grown
    /// where the glyphs' real ink overflows it (diacritics, descenders, italic overhang, tall
    /// emoji). Worked out from the glyph extents on first use.
    open var renderingSurfaceBounds: CGRect {
        derived.withLock { derived in
            if let cached = derived.surfaceBounds { return cached }
            var surface = CGRect(origin: .zero, size: layoutFragmentFrame.size)
            var inks: [CGRect]
            switch lines {
            case .objects(let objects): inks = objects.map(\.inkBounds)
            case .layout(let records, let shaped): inks = records.map { $0.inkBounds(in: shaped) }
            case .sections(let sections): inks = [sections.inkBounds]
            }
            for ink in inks where !ink.isNull { surface = surface.union(ink) }
            derived.surfaceBounds = surface
            return surface
        }
    }
    /// What is worked out on first use, under one lock: the surface bounds (unless supplied)
    /// and the line objects of laid-out lines.
    private struct Derived {
        var surfaceBounds: CGRect?
        var lineObjects: [TextLineFragment]?
        /// Lines made one at a time (`textLineFragment(at:)`), the most recent last.
        var recentLines: [(index: Int, line: TextLineFragment)] = []
        static let recentLineLimit = 8
    }
    private let derived: Mutex<Derived>
    /// The lines, top to bottom. Made from the fragment's line layout on first use.
    public var textLineFragments: [TextLineFragment] {
        switch lines {
        case .objects(let objects):
            return objects
        case .layout, .sections:
            if let original { return original.textLineFragments }
            return derived.withLock { derived in
                if let cached = derived.lineObjects { return cached }
                var objects = (0 ..< lineCount).map(makeLine)
                // Lines already handed out stay the same objects.
                for recent in derived.recentLines { objects[recent.index] = recent.line }
                derived.recentLines = []
                derived.lineObjects = objects
                return objects
            }
        }
    }
    public private(set) var state: State

    /// The lines as given, or as laid out (objects made on demand): from one shaping, or for a
    /// long paragraph from one shaping a section.
    private enum Lines: Sendable {
        case objects([TextLineFragment])
        case layout(LineRecords, ShapedParagraph)
        case sections(LineSections)
    }
    private var lines: Lines
    /// For a relocated copy, the fragment laid out: a line's coordinates are relative to its
    /// fragment, so the copy shows the original's line objects.
    private var original: TextLayoutFragment?

    /// How many lines the fragment has, without making their objects: what
    /// `textLineFragments.count` says, at no cost in a paragraph of 60,000 lines.
    ///
    /// ```swift
    /// var lines = 0
    /// manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { lines += $0.lineCount; return true }
    /// ```
    public var lineCount: Int {
        switch lines {
        case .objects(let objects): return objects.count
        case .layout(let records, _): return records.count
        case .sections(let sections): return sections.lineCount
        }
    }

    /// The object of laid-out line `index`.
    private func makeLine(_ index: Int) -> TextLineFragment {
        switch lines {
        case .objects(let objects):
            return objects[index]
        case .layout(let records, let shaped):
            return TextLineFragment(paragraph: textElement, layout: records[index], shaped: shaped)
        case .sections(let sections):
            let (section, line) = sections.line(at: index)
            return TextLineFragment(
                paragraph: textElement, layout: line, shaped: section.shaped, unitOffset: section.unitOffset)
        }
    }

    /// Line `index` (of `lineCount`) as ``textLineFragments`` has it, made alone when those
    /// have not been made: a caret in a paragraph of 60,000 lines needs one line, not all.
    @_spi(Rendering) public func textLineFragment(at index: Int) -> TextLineFragment {
        switch lines {
        case .objects(let objects):
            return objects[index]
        case .layout, .sections:
            if let original { return original.textLineFragment(at: index) }
            return derived.withLock { derived in
                if let cached = derived.lineObjects { return cached[index] }
                // The same object for the same line while it is in use (its caret stops and visual
                // line are worked out once): a caret moving asks for a line several times.
                if let recent = derived.recentLines.first(where: { $0.index == index }) { return recent.line }
                let line = makeLine(index)
                if derived.recentLines.count >= Derived.recentLineLimit { derived.recentLines.removeFirst() }
                derived.recentLines.append((index, line))
                return line
            }
        }
    }

    /// The index of the first line whose characters end after `offset` (paragraph offsets), or
    /// end at it when `atEnd`; the last line when none does. Lines follow one another, so this
    /// is a binary search. Nil for a fragment without lines.
    @_spi(Rendering) public func lineIndex(reaching offset: Int, atEnd: Bool) -> Int? {
        guard lineCount > 0 else { return nil }
        var low = 0, high = lineCount
        while low < high {
            let mid = (low + high) / 2
            let end = lineRange(at: mid).upperBound
            if end > offset || (atEnd && end == offset) { high = mid } else { low = mid + 1 }
        }
        return min(low, lineCount - 1)
    }

    /// The lines as layout keeps them; nil for a fragment given its lines.
    var keptLines: LineRecords? {
        guard case .layout(let records, _) = lines else { return nil }
        return records
    }

    /// The shaping the engine laid the fragment out from; nil for a fragment given its lines or
    /// laid out in sections.
    var shapedParagraph: ShapedParagraph? {
        guard case .layout(_, let shaped) = lines else { return nil }
        return shaped
    }

    /// The lines of a long paragraph laid out in sections; nil for any other fragment.
    var lineSections: LineSections? {
        guard case .sections(let sections) = lines else { return nil }
        return sections
    }

    /// Whether the paragraph's resolved base direction is right to left; nil for a fragment
    /// given its lines.
    var isRightToLeft: Bool? {
        switch lines {
        case .objects: return nil
        case .layout(_, let shaped): return shaped.levels.isRightToLeft
        case .sections(let sections): return sections.isRightToLeft
        }
    }

    /// The paragraph's text and the runs its shaping used (one font, one direction each), for
    /// benchmarks that shape the same runs with raw HarfBuzz; nil for a fragment given its lines.
    /// A long paragraph laid out in sections gives each section's own text, one after another.
    public var shapingRuns: ShapingRuns? {
        if let shaped = shapedParagraph {
            return ShapingRuns(
                utf16: shaped.content.units,
                runs: shaped.pieces.map { .init(range: $0.range, font: $0.font, isRightToLeft: $0.isRightToLeft) })
        }
        guard let sections = lineSections else { return nil }
        // Each section's own text (not its lookahead), one after another.
        var result = ShapingRuns(utf16: [], runs: [])
        for section in sections.sections {
            guard let first = section.lines.first, let last = section.lines.last else { continue }
            let owned = first.characterRange.lowerBound ..< last.characterRange.upperBound
            let shift = result.utf16.count - owned.lowerBound
            result.utf16 += section.shaped.content.units[owned]
            for piece in section.shaped.pieces {
                let range =
                    max(piece.range.lowerBound, owned.lowerBound) ..< min(piece.range.upperBound, owned.upperBound)
                if !range.isEmpty {
                    result.runs.append(
                        .init(
                            range: range.lowerBound + shift ..< range.upperBound + shift, font: piece.font,
                            isRightToLeft: piece.isRightToLeft))
                }
            }
        }
        return result
    }

    /// A fragment; without `renderingSurfaceBounds`, it is worked out from the lines' ink.
    public init(
        textElement: TextParagraph, layoutFragmentFrame: CGRect, renderingSurfaceBounds: CGRect? = nil,
        textLineFragments: [TextLineFragment], state: State = .layoutAvailable
    ) {
        self.textElement = textElement
        self.elementOffsets = textElement.elementOffsets
        self.layoutFragmentFrame = layoutFragmentFrame
        self.derived = Mutex(Derived(surfaceBounds: renderingSurfaceBounds))
        self.lines = .objects(textLineFragments)
        self.original = nil
        self.state = state
    }

    /// A fragment showing `fragment`'s layout: the same element, frame, lines and state, and
    /// the same `renderingSurfaceKey`. What an app's own fragment type starts from (see
    /// `TextLayoutManagerDelegate`).
    public init(copying fragment: TextLayoutFragment) {
        self.textElement = fragment.textElement
        self.elementOffsets = fragment.elementOffsets
        self.layoutFragmentFrame = fragment.layoutFragmentFrame
        self.derived = Mutex(Derived())
        self.lines = fragment.lines
        self.original = fragment.original ?? fragment
        self.state = fragment.state
        self.textLayoutManager = fragment.textLayoutManager
    }

    /// A fragment of `textElement` not laid out yet (state `.none`, no lines): what a
    /// `TextLayoutManagerDelegate` returns from `textLayoutManager(_:textLayoutFragmentFor:in:)`
    /// (TextKit's `init(textElement:range:)`). The layout manager lays the paragraph out with
    /// the fragment's paddings and margins and gives the fragment that layout before handing it
    /// to anyone. The engine lays out whole paragraphs: `range` is the element's own range.
    public init(textElement: TextParagraph, range: TextRange?) {
        self.textElement = textElement
        self.elementOffsets = textElement.elementOffsets
        self.layoutFragmentFrame = .zero
        self.derived = Mutex(Derived())
        self.lines = .objects([])
        self.original = nil
        self.state = .none
    }

    /// `init(textElement:range:)` for an element as TextKit types it (`NSTextElement`): the
    /// engine's elements are paragraphs; any other element gives a fragment of no text.
    public init(textElement: any TextElement, range: TextRange?) {
        // Designated, not convenience: a subclass in another module inherits it.
        let paragraph = (textElement as? TextParagraph) ?? TextParagraph(attributedString: AttributedString())
        self.textElement = paragraph
        self.elementOffsets = paragraph.elementOffsets
        self.layoutFragmentFrame = .zero
        self.derived = Mutex(Derived())
        self.lines = .objects([])
        self.original = nil
        self.state = .none
    }

    /// The layout manager that laid the fragment out (TextKit's `textLayoutManager`); nil for a
    /// fragment not made by one, or once the manager is gone. Use it from the manager's isolation.
    public internal(set) var textLayoutManager: TextLayoutManager? {
        get { manager ?? original?.manager }
        set { manager = newValue }
    }
    /// The manager, held weakly by the fragment laid out; a moved copy reads its original's (a
    /// weak reference costs atomics to copy, and typing moves every fragment below the caret).
    private weak var manager: TextLayoutManager?

    /// Space layout reserves between the fragment's leading edge (by the paragraph's writing
    /// direction: the right edge of a right-to-left paragraph) and its lines. 0 unless a
    /// subclass overrides it; a fragment's kind gives the same value for every layout.
    open var leadingPadding: CGFloat { 0 }
    /// Space layout reserves between the end of the lines and the fragment's trailing edge.
    open var trailingPadding: CGFloat { 0 }
    /// Space layout reserves between the top of the fragment and its first line.
    open var topMargin: CGFloat { 0 }
    /// Space layout reserves between the bottom of the last line and the bottom of the fragment.
    open var bottomMargin: CGFloat { 0 }

    /// Draws the fragment with its origin (the top-left of ``layoutFragmentFrame``) at `point`:
    /// its lines, each through the context (TextKit's `draw(at:in:)`). Override it to draw
    /// something of your own, and call `super` for the text. The renderer calls it for every
    /// fragment of a PNG, SVG or PDF.
    open func draw(at point: CGPoint, in context: any TextDrawingContext) {
        for index in lineIndices(drawnIn: context.visibleBounds.map { $0.offsetBy(dx: -point.x, dy: -point.y) }) {
            let line = textLineFragment(at: index)
            let origin = CGPoint(x: point.x + line.typographicBounds.minX, y: point.y + line.typographicBounds.minY)
            context.drawLine(line, at: origin)
        }
    }

    /// The lines whose ink can reach `visible` (fragment coordinates; nil: all of them): those
    /// whose rectangles, grown by their own height above and below for ink that overflows
    /// them, meet it. Lines go down the fragment, so the first is found by halves.
    func lineIndices(drawnIn visible: CGRect?) -> Range<Int> {
        guard let visible, !visible.isNull, visible.minY.isFinite, visible.maxY.isFinite else { return 0 ..< lineCount }
        var low = 0, high = lineCount
        while low < high {
            let mid = (low + high) / 2
            let bounds = lineBounds(at: mid)
            if bounds.maxY + bounds.height < visible.minY { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < lineCount, lineBounds(at: end).minY - lineBounds(at: end).height <= visible.maxY { end += 1 }
        return low ..< end
    }

    /// Asks the layout manager to lay this fragment's paragraph out again (TextKit's
    /// `invalidateLayout()`): the next layout that reaches it makes a new fragment. This one
    /// keeps showing the layout it has. Nothing happens without a layout manager.
    public func invalidateLayout() {
        guard let textLayoutManager, let range = rangeInElement else { return }
        textLayoutManager.invalidateLayout(for: range)
    }

    /// The paddings and margins this fragment's kind asks layout for.
    var layoutInsets: FragmentInsets {
        FragmentInsets(leading: leadingPadding, trailing: trailingPadding, top: topMargin, bottom: bottomMargin)
    }

    /// Takes `laidOut`'s layout (element, frame, lines, state): how a fragment an app made with
    /// `init(textElement:range:)` becomes the laid-out one. Only the layout manager calls it,
    /// before the fragment is handed to anyone.
    func adopt(_ laidOut: TextLayoutFragment) {
        textElement = laidOut.textElement
        elementOffsets = laidOut.elementOffsets
        layoutFragmentFrame = laidOut.layoutFragmentFrame
        lines = laidOut.lines
        original = laidOut.original ?? laidOut
        state = laidOut.state
        textLayoutManager = laidOut.textLayoutManager
        let surface = laidOut.derived.withLock { $0.surfaceBounds }
        derived.withLock { $0 = Derived(surfaceBounds: surface) }
    }

    /// A fragment laid out by the engine: its lines are kept as values.
    convenience init(
        textElement: TextParagraph, layoutFragmentFrame: CGRect, renderingSurfaceBounds: CGRect?, lines: LineRecords,
        shaped: ShapedParagraph
    ) {
        self.init(
            textElement: textElement, layoutFragmentFrame: layoutFragmentFrame,
            renderingSurfaceBounds: renderingSurfaceBounds,
            lines: .layout(lines, shaped), original: nil)
    }

    /// A long paragraph laid out by the engine in sections.
    convenience init(textElement: TextParagraph, layoutFragmentFrame: CGRect, sections: LineSections) {
        self.init(
            textElement: textElement, layoutFragmentFrame: layoutFragmentFrame, renderingSurfaceBounds: nil,
            lines: .sections(sections), original: nil)
    }

    private init(
        textElement: TextParagraph, layoutFragmentFrame: CGRect, renderingSurfaceBounds: CGRect?, lines: Lines,
        original: TextLayoutFragment?, state: State = .layoutAvailable
    ) {
        self.textElement = textElement
        self.elementOffsets = textElement.elementOffsets
        self.layoutFragmentFrame = layoutFragmentFrame
        self.derived = Mutex(Derived(surfaceBounds: renderingSurfaceBounds))
        self.lines = lines
        self.original = original
        self.state = state
    }

    /// The same layout moved to `y` (container coordinates) and given `textElement`, the
    /// paragraph's element now (an edit above it moved its offsets, not its text).
    func relocated(to y: CGFloat, textElement: TextParagraph) -> TextLayoutFragment {
        var frame = layoutFragmentFrame
        frame.origin.y = y
        let surface = derived.withLock { $0.surfaceBounds }
        let moved = TextLayoutFragment(
            textElement: textElement, layoutFragmentFrame: frame, renderingSurfaceBounds: surface, lines: lines,
            original: original ?? self, state: state)
        return moved // its manager is read from the original
    }

    /// The fragment whose layout this one shows: itself, or for a moved copy the one laid out.
    var layoutRoot: TextLayoutFragment { original ?? self }

    /// Names what this fragment draws: the same for a fragment that was only moved, new for
    /// one laid out again. Use it to find a rendering surface drawn for it before.
    public var renderingSurfaceKey: RenderingSurfaceKey {
        RenderingSurfaceKey(layout: original ?? self)
    }

    /// The line holding the character at `index` (UTF-16 offset in the paragraph); at a line
    /// boundary, the line that starts there unless `isUpstreamAffinity`. Found by halves, and
    /// only that line's object is made.
    public func textLineFragment(forCharacterAt index: Int, isUpstreamAffinity: Bool = false) -> TextLineFragment? {
        lineIndex(reaching: index, atEnd: isUpstreamAffinity).map(textLineFragment(at:))
    }

    /// The line at `verticalOffset` (fragment coordinates); with `requiresExactMatch` false,
    /// the nearest line.
    public func textLineFragment(
        forVerticalOffset verticalOffset: CGFloat, requiresExactMatch: Bool
    ) -> TextLineFragment? {
        lineIndex(atVerticalOffset: verticalOffset, requiresExactMatch: requiresExactMatch).map(textLineFragment(at:))
    }

    /// The characters line `index` shows (paragraph offsets), read without making its object.
    func lineRange(at index: Int) -> Range<Int> {
        switch lines {
        case .objects(let objects):
            let range = objects[index].characterRange
            return range.location ..< range.location + range.length
        case .layout(let records, _): return records[index].characterRange
        case .sections(let sections): return sections.lineRange(at: index)
        }
    }

    /// Line `index`'s rectangle (of `lineCount`), read without making its object.
    func lineBounds(at index: Int) -> CGRect {
        switch lines {
        case .objects(let objects): return objects[index].typographicBounds
        case .layout(let records, _): return records[index].typographicBounds
        case .sections(let sections): return sections.lineBounds(at: index)
        }
    }

    /// The top of the last line (fragment coordinates); 0 without lines.
    var lastLineTop: CGFloat { lineCount > 0 ? lineBounds(at: lineCount - 1).minY : 0 }

    /// The index of the first line at `verticalOffset` (fragment coordinates), or with
    /// `requiresExactMatch` false the nearest line. Lines go down the fragment (lines beside one
    /// another, around an exclusion, share their top), so this is a search by halves.
    func lineIndex(atVerticalOffset verticalOffset: CGFloat, requiresExactMatch: Bool) -> Int? {
        guard lineCount > 0, !verticalOffset.isNaN else { return nil }
        // The first line whose top is below the offset; the lines before it are the candidates.
        var low = 0, high = lineCount
        while low < high {
            let mid = (low + high) / 2
            if lineBounds(at: mid).minY > verticalOffset { high = mid } else { low = mid + 1 }
        }
        // The lines sharing the top of the last candidate (one band), first to last.
        var first = low
        if low > 0 {
            let top = lineBounds(at: low - 1).minY
            first = low - 1
            while first > 0, lineBounds(at: first - 1).minY == top { first -= 1 }
            if let exact = (first ..< low).first(where: { verticalOffset < lineBounds(at: $0).maxY }) { return exact }
        }
        guard !requiresExactMatch else { return nil }
        // The nearest by middle: in the band above the offset (none holds it) or the band below.
        var last = low
        while last + 1 < lineCount, last < lineCount, lineBounds(at: last + 1).minY == lineBounds(at: low).minY {
            last += 1
        }
        let candidates = first ..< min(last + 1, lineCount)
        return candidates.min {
            abs(lineBounds(at: $0).midY - verticalOffset) < abs(lineBounds(at: $1).midY - verticalOffset)
        }
    }

    public var description: String {
        "\(type(of: self))(frame: \(layoutFragmentFrame), lines: \(lineCount))"
    }
}
