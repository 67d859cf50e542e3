import Foundation
@_spi(Layout) import TextContent

/// One `enumerateTextSegments(in:type:options:using:)`: the lines a range of offsets touches,
/// as the layout walk reaches them, each with the pieces of it the range covers, extended as
/// the options say and handed to the caller's block. Lines are handed on one behind, to know
/// which is the last (select-all in a large document never holds every line at once).
struct TextSegmentEnumeration {
    typealias Block = (TextRange?, CGRect, CGFloat, TextContainer) -> Bool

    /// A line the range touches, with the pieces of it the range covers.
    struct LineSegments {
        var line: TextLineFragment
        var origin: CGPoint
        var isRightToLeft: Bool
        var continuesPastLine: Bool
        var pieces: [TextLineFragment.Segment]
        var paragraphStart: Int
    }

    let content: TextContentManager
    let documentStart: any TextLocation
    let lower: Int, upper: Int
    let type: TextSegmentType
    let options: TextSegmentOptions
    let container: TextContainer
    private var pending: LineSegments?
    private var emitted = 0
    private var stopped = false

    init(
        content: TextContentManager, offsets: Range<Int>, type: TextSegmentType, options: TextSegmentOptions,
        container: TextContainer
    ) {
        (self.content, documentStart) = (content, content.documentRange.location)
        (lower, upper, self.type, self.options, self.container) =
            (offsets.lowerBound, offsets.upperBound, type, options, container)
    }

    /// Takes the lines of `fragment` the range touches; false when the walk can stop (past the
    /// range, or `block` stopped).
    mutating func visit(_ fragment: TextLayoutFragment, _ block: Block) -> Bool {
        guard let elementRange = fragment.rangeInElement else { return true }
        let start = content.offset(from: documentStart, to: elementRange.location)
        guard start != NSNotFound, start <= upper, !(start == upper && lower < upper) else { return false }
        // From the first line the range reaches, found by halves (a paragraph can have 60,000
        // lines), to the first past it; each line's object made as it is reached.
        let lineCount = fragment.lineCount
        let upstream = options.contains(.upstreamAffinity)
        let firstLine =
            fragment.lineIndex(reaching: max(0, lower - start), atEnd: lower == upper && upstream) ?? lineCount
        for index in firstLine ..< lineCount {
            let line = fragment.textLineFragment(at: index)
            let lineStart = start + line.characterRange.location, lineEnd = lineStart + line.characterRange.length
            if lower < upper, lineStart >= upper { break }
            if lower == upper {
                // The caret: the line holding it (at a wrap, the earlier line if upstream).
                let holds =
                    lower >= lineStart && (lower < lineEnd || index == lineCount - 1 || (lower == lineEnd && upstream))
                guard holds else { continue }
                stopped = !add(caret(on: line, at: index, in: fragment, paragraphStart: start), block)
                return false
            }
            guard lineEnd > lower, lineStart < upper else { continue }
            let pieces = line.segments(showing: max(lower, lineStart) - start ..< min(upper, lineEnd) - start)
            let segments = LineSegments(
                line: line, origin: Self.origin(of: line, in: fragment), isRightToLeft: fragment.isRightToLeft ?? false,
                continuesPastLine: upper > lineEnd, pieces: pieces, paragraphStart: start)
            guard add(segments, block) else {
                stopped = true
                return false
            }
        }
        let length =
            elementRange.isEmpty ? 0 : content.offset(from: elementRange.location, to: elementRange.endLocation)
        return start + length < upper
    }

    /// Hands on the line held back, as the last; false when `block` stopped.
    mutating func finish(_ block: Block) -> Bool {
        if stopped { return false }
        if let last = pending { return emit(last, isLast: true, block) }
        return true
    }

    private static func origin(of line: TextLineFragment, in fragment: TextLayoutFragment) -> CGPoint {
        let origin = fragment.layoutFragmentFrame.origin
        return CGPoint(x: origin.x + line.typographicBounds.minX, y: origin.y + line.typographicBounds.minY)
    }

    /// The caret's zero-width piece on `line`: where the text changes direction an offset shows
    /// in two places, and the affinity says which (upstream: after the character before it).
    private func caret(
        on line: TextLineFragment, at index: Int, in fragment: TextLayoutFragment, paragraphStart start: Int
    ) -> LineSegments {
        let x = TextLayoutManager.caretX(
            at: lower, upstream: options.contains(.upstreamAffinity), line: line, index: index, in: fragment,
            paragraphStart: start)
        return LineSegments(
            line: line, origin: Self.origin(of: line, in: fragment), isRightToLeft: fragment.isRightToLeft ?? false,
            continuesPastLine: false, pieces: [.init(minX: x, maxX: x, range: lower - start ..< lower - start)],
            paragraphStart: start)
    }

    /// Holds `entry` back and hands on the one held before; false when `block` stopped.
    private mutating func add(_ entry: LineSegments, _ block: Block) -> Bool {
        let previous = pending
        pending = entry
        return previous.map { emit($0, isLast: false, block) } ?? true
    }

    /// Hands a line's pieces to `block` (unless the options leave middle lines out), extended
    /// as the options say; false when `block` stopped.
    private mutating func emit(_ entry: LineSegments, isLast: Bool, _ block: Block) -> Bool {
        let isFirst = emitted == 0
        emitted += 1
        if options.contains(.middleFragmentsExcluded), !isFirst, !isLast { return true }
        for piece in extendedPieces(of: entry, isFirst: isFirst, isLast: isLast) {
            let rect = CGRect(
                x: entry.origin.x + piece.minX, y: entry.origin.y, width: piece.maxX - piece.minX,
                height: entry.line.typographicBounds.height)
            var segmentRange: TextRange?
            if !options.contains(.rangeNotRequired),
                let start = content.location(documentStart, offsetBy: entry.paragraphStart + piece.range.lowerBound),
                let end = content.location(documentStart, offsetBy: entry.paragraphStart + piece.range.upperBound)
            {
                segmentRange = TextRange(location: start, end: end)
            }
            guard block(segmentRange, rect, entry.line.baseline, container) else { return false }
        }
        return true
    }

    /// The line's pieces, the trailing one extended to the line's end for a selection that goes
    /// on past it (or the last line with `.tailSegmentExtended`), the leading one to its start
    /// for the first with `.headSegmentExtended`; leading and trailing follow the paragraph's
    /// direction.
    private func extendedPieces(of entry: LineSegments, isFirst: Bool, isLast: Bool) -> [TextLineFragment.Segment] {
        var pieces = entry.pieces
        guard !pieces.isEmpty else { return pieces }
        let bounds = entry.line.typographicBounds
        let width = bounds.width.isFinite ? bounds.width : (pieces.map(\.maxX).max() ?? 0)
        let extendTrailing =
            (type == .selection && entry.continuesPastLine) || (isLast && options.contains(.tailSegmentExtended))
        let extendLeading = isFirst && options.contains(.headSegmentExtended)
        let (left, right) = entry.isRightToLeft ? (extendTrailing, extendLeading) : (extendLeading, extendTrailing)
        if left { pieces[0].minX = 0 }
        if right { pieces[pieces.count - 1].maxX = max(pieces[pieces.count - 1].maxX, width) }
        return pieces
    }
}
