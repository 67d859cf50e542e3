import Foundation
import Synchronization
import TextContent

/// One line of a laid-out paragraph: TextKit's `NSTextLineFragment`. Immutable. Stage 4 of a
/// line, made from its `KeptLine` only when asked for.
///
/// Coordinates are the line's own: x from the left edge of `typographicBounds`, y from its
/// top. Character indices are UTF-16 offsets into `attributedString`, the paragraph's text.
public final class TextLineFragment: Sendable, CustomStringConvertible {
    /// The paragraph's text.
    public var attributedString: AttributedString { paragraph.attributedString }
    private let paragraph: TextParagraph
    /// The characters this line shows.
    public let characterRange: NSRange
    /// The line's rectangle, relative to its layout fragment's frame.
    public let typographicBounds: CGRect
    /// The origin of the leftmost glyph, in line coordinates (on the baseline).
    public let glyphOrigin: CGPoint
    /// Distance from the top of the line to its baseline.
    public let baseline: CGFloat
    /// Caret positions, left to right: one for every grapheme boundary the line shows. Worked
    /// out on first use: most lines are drawn, never edited.
    public var caretStops: [CaretStop] {
        cachedCaretStops.withLock { cached in
            if let cached { return cached }
            let stops = caretLayout.stops()
            cached = stops
            return stops
        }
    }
    /// Both caret edges of every grapheme the line shows, in logical order, in line coordinates
    /// and paragraph offsets: where selection finds the two carets of an offset at a direction
    /// boundary.
    package var graphemeEdges: [GraphemeEdges] {
        cachedGraphemeEdges.withLock { cached in
            if let cached { return cached }
            let edges = caretLayout.graphemeEdges(lineEnd: characterRange.location + characterRange.length)
            cached = edges
            return edges
        }
    }
    private let cachedGraphemeEdges = Mutex<[GraphemeEdges]?>(nil)
    /// The line's caret stops as selection moves through them, in line coordinates and
    /// paragraph offsets, made on first use (`contentEnd`: the offset before its separator).
    func visualLine(endsInSoftWrap: Bool, contentEnd: Int) -> VisualLine {
        if let cached = cachedVisualLine.withLock({ $0 }), cached.endsInSoftWrap == endsInSoftWrap, cached.contentEnd == contentEnd {
            return cached
        }
        let edges = graphemeEdges
        let made = VisualLine(
            range: characterRange.location ..< characterRange.location + characterRange.length, contentEnd: contentEnd,
            endsInSoftWrap: endsInSoftWrap, isRightToLeft: paragraphIsRightToLeft, graphemes: edges,
            emptyX: edges.isEmpty ? (caretStops.first?.x ?? 0) : 0)
        cachedVisualLine.withLock { $0 = made }
        return made
    }
    private let cachedVisualLine = Mutex<VisualLine?>(nil)
    private var caretLayout: CaretLayout {
        let range = characterRange.location ..< characterRange.location + characterRange.length
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
    /// The paragraph's UTF-16 text, for drawing (a PDF keeps it with the glyphs).
    package var paragraphUnits: [UInt16] { shaped.content.units }
    /// Whether the paragraph's resolved base direction is right to left.
    package var paragraphIsRightToLeft: Bool { shaped.levels.isRightToLeft }
    /// Whether the paragraph has no attributes at all, so drawing need not read them.
    package var paragraphIsPlain: Bool { shaped.content.isPlain }
    /// The line's glyphs for drawing, positioned in line coordinates.
    package var glyphRuns: [PositionedGlyphRun] { placed.glyphRuns(in: shaped) }
    /// Where the line's glyphs put ink, relative to the layout fragment (from each glyph's real
    /// extents); `.null` for a line without ink.
    package var inkBounds: CGRect {
        KeptLine.inkBounds(of: placed, in: shaped, typographicBounds: typographicBounds, baseline: baseline)
    }

    init(paragraph: TextParagraph, layout: KeptLine, shaped: ShapedParagraph) {
        self.paragraph = paragraph
        self.characterRange = NSRange(location: layout.characterRange.lowerBound, length: layout.characterRange.count)
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

    /// The character index whose caret position is nearest `point` (line coordinates).
    public func characterIndex(for point: CGPoint) -> Int {
        guard let nearest = caretStops.min(by: { abs($0.x - point.x) < abs($1.x - point.x) }) else {
            return characterRange.location
        }
        return nearest.characterIndex
    }

    public var description: String {
        "TextLineFragment(\(characterRange.location)..<\(characterRange.location + characterRange.length), \(typographicBounds))"
    }
}
