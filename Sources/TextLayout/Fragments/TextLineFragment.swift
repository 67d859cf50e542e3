import Foundation
@_spi(Typesetting) import TextTypography
import Synchronization
@_spi(Layout) import TextContent

/// One line of a laid-out paragraph: TextKit's `NSTextLineFragment`. Immutable. Stage 4 of a
/// line, made from its `LineRecord` only when asked for.
///
/// Coordinates are the line's own: x from the left edge of `typographicBounds`, y from its
/// top. Character indices are UTF-16 offsets into `attributedString`, the paragraph's text.
public final class TextLineFragment: Sendable, CustomStringConvertible {
    /// The paragraph's text.
    public var attributedString: AttributedString { paragraph.attributedString }
    private let paragraph: TextParagraph

    /// The document location of the character at `offset` in ``attributedString``.
    func attributedStringLocation(offset: Int) -> any TextLocation { paragraph.location(atOffset: offset) }
    /// The characters this line shows.
    public let characterRange: NSRange
    /// The line's rectangle, relative to its layout fragment's frame.
    public let typographicBounds: CGRect
    /// The origin of the leftmost glyph, in line coordinates (on the baseline).
    public let glyphOrigin: CGPoint
    /// Distance from the top of the line to its baseline.
    public let baseline: CGFloat
    /// Caret positions, left to right: one for every x where a caret can stand, as hit testing
    /// finds them (where the text changes direction one offset can show in two places, and an x
    /// two offsets share belongs to the character before it in reading order: where a click
    /// lands). Moving left and right also stops at the other offset of such an x, one key press
    /// later at the same x (see `TextSelectionNavigation`). Worked out on first use: most lines
    /// are drawn, never edited.
    public var caretStops: [CaretStop] {
        cachedCaretStops.withLock { cached in
            if let cached { return cached }
            let visual = ownVisualLine
            let edges = localGraphemeEdges
            let stops = visual.stops.map { stop in
                // The direction of the character the caret is attached to: the grapheme starting
                // at the stop (downstream) or the one ending there (upstream, or at the line's end).
                // Edges are in logical order and follow each other: found by halves.
                var low = 0, high = edges.count
                while low < high {
                    let middle = (low + high) / 2
                    if edges[middle].range.lowerBound < stop.offset { low = middle + 1 } else { high = middle }
                }
                let starting = low < edges.count && edges[low].range.lowerBound == stop.offset ? low : nil
                let ending = low > 0 && edges[low - 1].range.upperBound == stop.offset ? low - 1 : nil
                let grapheme = (stop.affinity == .upstream ? ending : starting ?? ending).map { edges[$0] }
                return CaretStop(
                    x: stop.x, characterIndex: stop.offset + unitOffset,
                    isRightToLeft: grapheme?.isRightToLeft ?? paragraphIsRightToLeft)
            }
            cached = stops
            return stops
        }
    }
    /// Both caret edges of every grapheme the line shows, in logical order, in line coordinates
    /// and paragraph offsets: where selection finds the two carets of an offset at a direction
    /// boundary.
    @_spi(Rendering) public var graphemeEdges: [GraphemeEdges] {
        let edges = localGraphemeEdges
        guard unitOffset != 0 else { return edges }
        return edges.map { edge in
            var moved = edge
            moved.range = edge.range.lowerBound + unitOffset ..< edge.range.upperBound + unitOffset
            return moved
        }
    }
    /// `graphemeEdges` in the offsets of the shaping the line shows.
    private var localGraphemeEdges: [GraphemeEdges] {
        cachedGraphemeEdges.withLock { cached in
            if let cached { return cached }
            let edges = caretLayout.graphemeEdges(lineEnd: localRange.upperBound)
            cached = edges
            return edges
        }
    }
    private let cachedGraphemeEdges = Mutex<[GraphemeEdges]?>(nil)
    /// The line's caret stops as selection moves through them, in line coordinates and the
    /// offsets of its shaping, made on first use (`contentEnd`: the offset before its separator).
    private func localVisualLine(endsInSoftWrap: Bool, contentEnd: Int) -> VisualLine {
        if let cached = cachedVisualLine.withLock({ $0 }), cached.endsInSoftWrap == endsInSoftWrap,
            cached.contentEnd == contentEnd
        {
            return cached
        }
        let made =
            leftToRightVisualLine(endsInSoftWrap: endsInSoftWrap, contentEnd: contentEnd, offset: 0, x: 0)
            ?? {
                let edges = localGraphemeEdges
                return VisualLine(
                    range: localRange, contentEnd: contentEnd,
                    endsInSoftWrap: endsInSoftWrap, isRightToLeft: paragraphIsRightToLeft, graphemes: edges,
                    emptyX: edges.isEmpty ? (caretLayout.endX ?? 0) : 0)
            }()
        cachedVisualLine.withLock { $0 = made }
        return made
    }
    /// The visual line of a line in a left-to-right paragraph whose graphemes follow each
    /// other edge to edge, made in one pass straight from the glyphs, already placed; nil for
    /// any other line.
    private func leftToRightVisualLine(endsInSoftWrap: Bool, contentEnd: Int, offset: Int, x: CGFloat) -> VisualLine? {
        guard !paragraphIsRightToLeft else { return nil }
        let layout = caretLayout
        let lineRange = localRange
        var builder = VisualLine.LeftToRightBuilder(
            range: lineRange, contentEnd: contentEnd, endsInSoftWrap: endsInSoftWrap,
            offset: offset, x: x, capacity: layout.graphemeStarts.count)
        var isSimple = true, lastIndex = -1
        layout.forEachGraphemeEdge(lineEnd: lineRange.upperBound) { index, edges in
            isSimple = index > lastIndex && builder.add(edges)
            lastIndex = index
            return isSimple
        }
        return isSimple ? builder.finish() : nil
    }
    private let cachedVisualLine = Mutex<VisualLine?>(nil)
    /// The line's caret stops with its offsets (paragraph offsets, `contentEnd` among them) moved
    /// by `offset` and its x by `x` (where its paragraph and fragment are), kept for the last
    /// place asked: a caret moving line by line asks for each line twice, as the target and
    /// then as the start.
    func visualLine(
        endsInSoftWrap: Bool, contentEnd paragraphContentEnd: Int, offset paragraphOffset: Int, x: CGFloat
    ) -> VisualLine {
        // Worked out in the offsets of the line's shaping, then moved to the document's.
        let contentEnd = paragraphContentEnd - unitOffset
        let offset = paragraphOffset + unitOffset
        if let cached = cachedPlacedVisualLine.withLock({ $0 }), cached.offset == offset, cached.x == x,
            cached.line.endsInSoftWrap == endsInSoftWrap, cached.line.contentEnd == contentEnd + offset
        {
            return cached.line
        }
        // Made placed straight away when it can be (a line the caret reaches is mostly only
        // ever wanted placed); else made in its own coordinates (kept) and moved.
        let placed =
            (cachedVisualLine.withLock({ $0 }) == nil
                ? leftToRightVisualLine(endsInSoftWrap: endsInSoftWrap, contentEnd: contentEnd, offset: offset, x: x)
                : nil)
            ?? localVisualLine(endsInSoftWrap: endsInSoftWrap, contentEnd: contentEnd).translated(offset: offset, x: x)
        cachedPlacedVisualLine.withLock { $0 = (placed, offset, x) }
        return placed
    }
    private let cachedPlacedVisualLine = Mutex<(line: VisualLine, offset: Int, x: CGFloat)?>(nil)
    private var caretLayout: CaretLayout {
        let range = localRange
        return CaretLayout(
            extents: placed.caretExtents(in: shaped), graphemeStarts: range.filter { shaped.isGraphemeBoundary($0) },
            end: placed.caretEnd, paragraphIsRightToLeft: shaped.levels.isRightToLeft)
    }
    /// The shaped paragraph the line shows part of.
    let shaped: ShapedParagraph
    let placed: PlacedLine
    private let cachedCaretStops = Mutex<[CaretStop]?>(nil)
    /// Whether the line was shortened with an ellipsis.
    public let isTruncated: Bool
    /// The UTF-16 text of the shaping the line shows (the paragraph's, or for a long paragraph
    /// laid out in sections its section's), for drawing: glyph clusters are its offsets.
    @_spi(Rendering) public var paragraphUnits: [UInt16] { shaped.content.units }
    /// The paragraph offset of `paragraphUnits`' first unit (0 but in a long paragraph laid
    /// out in sections): glyph clusters plus this are paragraph offsets.
    @_spi(Rendering) public let unitOffset: Int
    /// The characters the line shows, in the offsets of its shaping.
    private let localRange: Range<Int>
    /// Whether the paragraph's resolved base direction is right to left.
    @_spi(Rendering) public var paragraphIsRightToLeft: Bool { shaped.levels.isRightToLeft }
    /// Whether the paragraph has no attributes at all, so drawing need not read them.
    @_spi(Rendering) public var paragraphIsPlain: Bool { shaped.content.isPlain }
    /// The line's glyphs for drawing, positioned in line coordinates.
    @_spi(Rendering) public var glyphRuns: [PositionedGlyphRun] { placed.glyphRuns(in: shaped) }
    /// Where the line's glyphs put ink, relative to the layout fragment (from each glyph's real
    /// extents); `.null` for a line without ink.
    @_spi(Rendering) public var inkBounds: CGRect {
        LineRecord.inkBounds(of: placed, in: shaped, typographicBounds: typographicBounds, baseline: baseline)
    }

    /// `unitOffset`: the paragraph offset of `shaped`'s offset 0, in which `layout` is.
    init(paragraph: TextParagraph, layout: LineRecord, shaped: ShapedParagraph, unitOffset: Int = 0) {
        self.paragraph = paragraph
        self.unitOffset = unitOffset
        self.localRange = layout.characterRange
        self.characterRange = NSRange(
            location: layout.characterRange.lowerBound + unitOffset, length: layout.characterRange.count)
        self.typographicBounds = layout.typographicBounds
        self.glyphOrigin = CGPoint(x: layout.glyphOriginX, y: layout.baseline)
        self.baseline = layout.baseline
        self.shaped = shaped
        self.placed = layout.placed(in: shaped)
        self.isTruncated = layout.isTruncated
    }

    /// The caret position of the character at `index` (its leading edge), in line coordinates
    /// on the baseline. Indices outside the line go to its nearer end.
    public func locationForCharacter(at index: Int) -> CGPoint {
        guard !caretStops.isEmpty else { return CGPoint(x: 0, y: baseline) }
        if let stop = caretStops.first(where: { $0.characterIndex == index }) { return CGPoint(x: stop.x, y: baseline) }
        // An index between stops (inside a cluster): the stop of the cluster containing it.
        let before = caretStops.filter { $0.characterIndex <= index }.max { $0.characterIndex < $1.characterIndex }
        let stop = before ?? caretStops.min { $0.characterIndex < $1.characterIndex }!
        return CGPoint(x: stop.x, y: baseline)
    }

    /// The character index whose caret position is nearest `point` (line coordinates): the
    /// place a click lands, as the layout manager's hit testing and selection navigation find it
    /// (at a direction boundary, an x two offsets share belongs to the character before it in
    /// reading order). Beside the line, past its end in its paragraph's direction, the line's
    /// last index; before its start, its first (see `TextLayoutManager.caretPosition(closestTo:)`).
    public func characterIndex(for point: CGPoint) -> Int {
        let visual = ownVisualLine
        guard let stop = visual.stop(beside: point.x) ?? visual.nearestStopIndex(to: point.x).map({ visual.stops[$0] })
        else { return characterRange.location }
        return stop.offset + unitOffset
    }

    /// The line's caret places as navigation and hit testing use them, in its own coordinates
    /// and the offsets of its shaping.
    private var ownVisualLine: VisualLine {
        let lineEnd = localRange.upperBound
        let end = localContentEnd
        // A line that ends before its paragraph does, without a break, wraps.
        return localVisualLine(endsInSoftWrap: end == lineEnd && lineEnd < paragraphUnits.count, contentEnd: end)
    }

    /// The paragraph offset before the line's break (a line or paragraph separator), or its end.
    var contentEnd: Int { localContentEnd + unitOffset }

    private var localContentEnd: Int {
        let units = paragraphUnits
        var end = localRange.upperBound
        if end > localRange.lowerBound, end <= units.count {
            let last = units[end - 1]
            if last == 0x0A || last == 0x0D || last == 0x2028 || last == 0x2029 {
                end -= 1
                if last == 0x0A, end > localRange.lowerBound, units[end - 1] == 0x0D { end -= 1 }
            }
        }
        return end
    }

    public var description: String {
        "TextLineFragment(\(characterRange.location)..<\(characterRange.location + characterRange.length), "
            + "\(typographicBounds))"
    }
}
