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
        case .layout(let records, let shaped):
            if let original { return original.textLineFragments }
            return derived.withLock { derived in
                if let cached = derived.lineObjects { return cached }
                var objects = records.map { TextLineFragment(paragraph: textElement, layout: $0, shaped: shaped) }
                // Lines already handed out stay the same objects.
                for recent in derived.recentLines { objects[recent.index] = recent.line }
                derived.recentLines = []
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
            return derived.withLock { derived in
                if let cached = derived.lineObjects { return cached[index] }
                // The same object for the same line while it is in use (its caret stops and visual
                // line are worked out once): a caret moving asks for a line several times.
                if let recent = derived.recentLines.first(where: { $0.index == index }) { return recent.line }
                let line = TextLineFragment(paragraph: textElement, layout: records[index], shaped: shaped)
                if derived.recentLines.count >= Derived.recentLineLimit { derived.recentLines.removeFirst() }
                derived.recentLines.append((index, line))
                return line
            }
        }
    }

    /// The index of the first line whose characters end after `offset` (paragraph offsets), or
    /// end at it when `atEnd`; the last line when none does. Lines follow one another, so this
    /// is a binary search. Nil for a fragment without lines.
    package func lineIndex(reaching offset: Int, atEnd: Bool) -> Int? {
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
    var keptLines: KeptLines? {
        guard case .layout(let records, _) = lines else { return nil }
        return records
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
    /// boundary, the line that starts there unless `isUpstreamAffinity`. Found by halves, and
    /// only that line's object is made.
    public func textLineFragment(forCharacterAt index: Int, isUpstreamAffinity: Bool = false) -> TextLineFragment? {
        lineIndex(reaching: index, atEnd: isUpstreamAffinity).map(textLineFragment(at:))
    }

    /// The line at `verticalOffset` (fragment coordinates); with `requiresExactMatch` false,
    /// the nearest line.
    public func textLineFragment(forVerticalOffset verticalOffset: CGFloat, requiresExactMatch: Bool) -> TextLineFragment? {
        lineIndex(atVerticalOffset: verticalOffset, requiresExactMatch: requiresExactMatch).map(textLineFragment(at:))
    }

    /// The characters line `index` shows (paragraph offsets), read without making its object.
    func lineRange(at index: Int) -> Range<Int> {
        switch lines {
        case .objects(let objects):
            let range = objects[index].characterRange
            return range.location ..< range.location + range.length
        case .layout(let records, _): return records[index].characterRange
        }
    }

    /// Line `index`'s rectangle (of `lineCount`), read without making its object.
    func lineBounds(at index: Int) -> CGRect {
        switch lines {
        case .objects(let objects): return objects[index].typographicBounds
        case .layout(let records, _): return records[index].typographicBounds
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
        while last + 1 < lineCount, last < lineCount, lineBounds(at: last + 1).minY == lineBounds(at: low).minY { last += 1 }
        let candidates = first ..< min(last + 1, lineCount)
        return candidates.min { abs(lineBounds(at: $0).midY - verticalOffset) < abs(lineBounds(at: $1).midY - verticalOffset) }
    }

    public var description: String {
        "\(type(of: self))(frame: \(layoutFragmentFrame), lines: \(lineCount))"
    }
}
