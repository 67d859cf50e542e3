import Foundation
import Synchronization
import TextContent
import TextTypography

/// One laid-out paragraph: TextKit's `NSTextLayoutFragment`. Immutable; to change one, lay the
/// paragraph out again. Open so an app can supply its own kind (e.g. one that draws a bubble).
open class TextLayoutFragment: @unchecked Sendable, CustomStringConvertible {
    /// How far a fragment's layout has come.
    public enum State: Sendable, Hashable {
        case none
        case estimatedUsageBounds
        case calculatedUsageBounds
        case layoutAvailable
    }

    /// The paragraph laid out.
    public let textElement: TextParagraph
    /// Where the fragment is in the document.
    public var rangeInElement: TextRange? { textElement.elementRange }
    /// `textElement`'s UTF-16 offsets when it is placed by them: what a walk over kept
    /// fragments compares for every fragment, read without copying the element.
    let elementOffsets: (start: Int, contentEnd: Int, end: Int)?
    /// The fragment's rectangle in container coordinates; fragments tile the container.
    public let layoutFragmentFrame: CGRect
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
    }
    private let derived: Mutex<Derived>
    /// The lines, top to bottom. Made from the fragment's line layout on first use.
    public var textLineFragments: [TextLineFragment] {
        switch lines {
        case .objects(let objects):
            return objects
        case .layout(let records, let shaped):
            if let original { return original.textLineFragments }
            return derived.withLock { derived in
                if let cached = derived.lineObjects { return cached }
                let objects = records.map { TextLineFragment(paragraph: textElement, layout: $0, shaped: shaped) }
                derived.lineObjects = objects
                return objects
            }
        }
    }
    public let state: State

    /// The lines as given, or as laid out (objects made on demand).
    private enum Lines: Sendable {
        case objects([TextLineFragment])
        case layout(KeptLines, ShapedParagraph)
    }
    private let lines: Lines
    /// For a relocated copy, the fragment laid out: a line's coordinates are relative to its
    /// fragment, so the copy shows the original's line objects.
    private let original: TextLayoutFragment?

    /// How many lines the fragment has, without making line objects.
    package var lineCount: Int {
        switch lines {
        case .objects(let objects): return objects.count
        case .layout(let records, _): return records.count
        }
    }

    /// Line `index` (of `lineCount`) as ``textLineFragments`` has it, made alone when those
    /// have not been made: a caret in a paragraph of 60,000 lines needs one line, not all.
    package func textLineFragment(at index: Int) -> TextLineFragment {
        switch lines {
        case .objects(let objects):
            return objects[index]
        case .layout(let records, let shaped):
            if let original { return original.textLineFragment(at: index) }
            if let cached = derived.withLock({ $0.lineObjects }) { return cached[index] }
            return TextLineFragment(paragraph: textElement, layout: records[index], shaped: shaped)
        }
    }

    /// The index of the first line whose characters end after `offset` (paragraph offsets), or
    /// end at it when `atEnd`; the last line when none does. Lines follow one another, so this
    /// is a binary search. Nil for a fragment without lines.
    package func lineIndex(reaching offset: Int, atEnd: Bool) -> Int? {
        guard lineCount > 0 else { return nil }
        func end(_ index: Int) -> Int {
            switch lines {
            case .objects(let objects): return objects[index].characterRange.location + objects[index].characterRange.length
            case .layout(let records, _): return records[index].characterRange.upperBound
            }
        }
        var low = 0, high = lineCount
        while low < high {
            let mid = (low + high) / 2
            if end(mid) > offset || (atEnd && end(mid) == offset) { high = mid } else { low = mid + 1 }
        }
        return min(low, lineCount - 1)
    }

    /// The shaping the engine laid the fragment out from; nil for a fragment given its lines.
    var shapedParagraph: ShapedParagraph? {
        guard case .layout(_, let shaped) = lines else { return nil }
        return shaped
    }

    /// The paragraph's text and the runs its shaping used (one font, one direction each), for
    /// benchmarks that shape the same runs with raw HarfBuzz; nil for a fragment given its lines.
    package var shapingRuns: (units: [UInt16], runs: [(range: Range<Int>, font: Font, isRightToLeft: Bool)])? {
        guard let shaped = shapedParagraph else { return nil }
        return (shaped.content.units, shaped.pieces.map { ($0.range, $0.font, $0.isRightToLeft) })
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
    }

    /// A fragment laid out by the engine: its lines are kept as values.
    convenience init(textElement: TextParagraph, layoutFragmentFrame: CGRect, renderingSurfaceBounds: CGRect?, lines: KeptLines, shaped: ShapedParagraph) {
        self.init(textElement: textElement, layoutFragmentFrame: layoutFragmentFrame, renderingSurfaceBounds: renderingSurfaceBounds,
                  lines: .layout(lines, shaped), original: nil)
    }

    private init(textElement: TextParagraph, layoutFragmentFrame: CGRect, renderingSurfaceBounds: CGRect?, lines: Lines,
                 original: TextLayoutFragment?, state: State = .layoutAvailable) {
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
        return TextLayoutFragment(
            textElement: textElement, layoutFragmentFrame: frame, renderingSurfaceBounds: surface, lines: lines,
            original: original ?? self, state: state)
    }

    /// Names what this fragment draws: the same for a fragment that was only moved, new for
    /// one laid out again. Use it to find a rendering surface drawn for it before.
    public var renderingSurfaceKey: RenderingSurfaceKey {
        RenderingSurfaceKey(layout: original ?? self)
    }

    /// The line holding the character at `index` (UTF-16 offset in the paragraph); at a line
    /// boundary, the line that starts there unless `isUpstreamAffinity`.
    public func textLineFragment(forCharacterAt index: Int, isUpstreamAffinity: Bool = false) -> TextLineFragment? {
        for (position, line) in textLineFragments.enumerated() {
            let start = line.characterRange.location, end = start + line.characterRange.length
            if index == end, isUpstreamAffinity || position == textLineFragments.count - 1 { return line }
            if index >= start, index < end { return line }
        }
        return textLineFragments.last
    }

    /// The line at `verticalOffset` (fragment coordinates); with `requiresExactMatch` false,
    /// the nearest line.
    public func textLineFragment(forVerticalOffset verticalOffset: CGFloat, requiresExactMatch: Bool) -> TextLineFragment? {
        if let exact = textLineFragments.first(where: { $0.typographicBounds.minY <= verticalOffset && verticalOffset < $0.typographicBounds.maxY }) {
            return exact
        }
        guard !requiresExactMatch else { return nil }
        return textLineFragments.min { abs($0.typographicBounds.midY - verticalOffset) < abs($1.typographicBounds.midY - verticalOffset) }
    }

    public var description: String {
        "\(type(of: self))(frame: \(layoutFragmentFrame), lines: \(lineCount))"
    }
}
