import Foundation
@_spi(Typesetting) import TextTypography

/// A piece of a placed line: glyphs of one shaped piece (or the ellipsis), a glyphless
/// control (tab, line or paragraph separator) or an attachment.
struct LineItem: Sendable {
    /// What the item's glyphs come from.
    enum Source: Sendable {
        /// A piece of the paragraph (its index).
        case piece(Int)
        /// The ellipsis of a truncated line.
        case ellipsis
        /// A control character: no glyphs.
        case control
        /// An attachment (its index in the paragraph's attachments): no glyphs, its own width.
        case attachment(Int)
    }

    // Ranges first and the one-byte level last: 64 bytes an item, not 72.
    var range: Range<Int>
    /// The glyphs in the paragraph's buffer (or the ellipsis's), in visual order.
    var glyphRange: Range<Int>
    /// Where the item starts, in line coordinates.
    var x: CGFloat
    /// Its width, justification included.
    var width: CGFloat
    var source: Source
    var level: UInt8

    init(range: Range<Int>, level: UInt8, source: Source, glyphRange: Range<Int>, x: CGFloat = 0, width: CGFloat) {
        self.range = range
        self.glyphRange = glyphRange
        self.x = x
        self.width = width
        self.source = source
        self.level = level
    }
}

/// Stage 2 of a line, what ``LinePlacer`` gives: the line as placed, its items in visual order and
/// what is needed to position glyphs and carets, which are worked out only when drawing or editing
/// asks for them.
struct PlacedLine: Sendable {
    var items: SmallArray<2, LineItem>
    /// Extra width of each U+0020 in a justified line.
    var spaceExtra: CGFloat
    /// The ellipsis of a truncated line, kept out of line: few lines have one.
    private let ellipsisBox: ShapedRunBox?
    var ellipsis: ShapedRun? { ellipsisBox?.run }
    /// The width of the line's content without hanging white space.
    var width: CGFloat
    var ascent: CGFloat
    var descent: CGFloat
    var leading: CGFloat
    /// The line's end offset when it is a caret position of its own (end of text).
    var caretEnd: Int?

    init(
        items: SmallArray<2, LineItem>, spaceExtra: CGFloat, ellipsis: ShapedRun?, width: CGFloat, ascent: CGFloat,
        descent: CGFloat,
        leading: CGFloat, caretEnd: Int?
    ) {
        self.items = items
        self.spaceExtra = spaceExtra
        self.ellipsisBox = ellipsis.map(ShapedRunBox.init)
        self.width = width
        self.ascent = ascent
        self.descent = descent
        self.leading = leading
        self.caretEnd = caretEnd
    }

    private final class ShapedRunBox: Sendable {
        let run: ShapedRun
        init(_ run: ShapedRun) { self.run = run }
    }

    /// Calls `body` with each glyph item, its font, its glyphs, the extra advance after each
    /// cluster (kern, tracking) and its baseline offset.
    private func forEachGlyphItem(
        in paragraph: ShapedParagraph,
        _ body: (LineItem, Font, Slice<ParagraphGlyphs>, _ extra: CGFloat, _ baselineOffset: CGFloat) -> Void
    ) {
        for item in items {
            switch item.source {
            case .piece(let index):
                let piece = paragraph.pieces[index]
                let attributes = paragraph.content.runs[piece.attributes]
                body(
                    item, piece.font, paragraph.glyphs[item.glyphRange], CGFloat(attributes.kern + attributes.tracking),
                    CGFloat(attributes.baselineOffset))
            case .ellipsis:
                guard let ellipsis else { continue }
                let glyphs = ellipsis.glyphs.map {
                    ShapedGlyph(
                        id: $0.id, flags: $0.flags, cluster: item.range.lowerBound, advance: $0.advance,
                        xOffset: $0.xOffset, yOffset: $0.yOffset)
                }
                body(item, ellipsis.font, ParagraphGlyphs(glyphs)[...], 0, 0)
            case .control, .attachment:
                continue
            }
        }
    }

    /// Calls `visit` for each glyph of an item with its pen position, and `clusterEnd` after the
    /// last glyph of each cluster with the cluster's logical range and its extent.
    private func walk(
        _ item: LineItem, _ glyphs: Slice<ParagraphGlyphs>, extra: CGFloat, units: [UInt16],
        visit: (ShapedGlyph, CGFloat) -> Void, clusterEnd: (Range<Int>, CGFloat, CGFloat) -> Void
    ) {
        let rightToLeft = item.level & 1 == 1
        var x = item.x
        var clusterStart = x
        // Glyphs run in visual order, so a cluster's logical end is the next cluster in the
        // array (left to right) or the one before it (right to left).
        var previousCluster: Int?
        var index = glyphs.startIndex
        while index < glyphs.endIndex {
            let glyph = glyphs[index]
            visit(glyph, x)
            x += CGFloat(glyph.advance)
            let next = index + 1
            if next == glyphs.endIndex || glyphs[next].cluster != glyph.cluster {
                x += extra
                if glyph.cluster < units.count, units[glyph.cluster] == 0x20 { x += spaceExtra }
                let logicalEnd =
                    rightToLeft
                    ? (previousCluster ?? item.range.upperBound)
                    : (next < glyphs.endIndex ? glyphs[next].cluster : item.range.upperBound)
                clusterEnd(glyph.cluster ..< max(glyph.cluster + 1, logicalEnd), clusterStart, x)
                previousCluster = glyph.cluster
                clusterStart = x
            }
            index = next
        }
    }

    /// The glyphs for drawing, one run per item, positioned in line coordinates.
    func glyphRuns(in paragraph: ShapedParagraph) -> [PositionedGlyphRun] {
        var runs: [PositionedGlyphRun] = []
        forEachGlyphItem(in: paragraph) { item, font, glyphs, extra, baselineOffset in
            var positions: [CGPoint] = []
            positions.reserveCapacity(glyphs.count)
            walk(
                item, glyphs, extra: extra, units: paragraph.content.units,
                visit: { glyph, x in
                    positions.append(CGPoint(x: x + CGFloat(glyph.xOffset), y: CGFloat(glyph.yOffset) - baselineOffset))
                }, clusterEnd: { _, _, _ in })
            var scale: Float = 1
            if case .piece(let index) = item.source {
                scale = paragraph.content.runs[paragraph.pieces[index].attributes].horizontalScale
            }
            runs.append(
                PositionedGlyphRun(
                    font: font, glyphs: glyphs.map(\.id), positions: positions, characterRange: item.range,
                    clusters: glyphs.map(\.cluster), isRightToLeft: item.level & 1 == 1, horizontalScale: Double(scale))
            )
        }
        return runs
    }

    /// The visual extent of every cluster, control and attachment of the line.
    /// The clusters come first, then the controls and attachments: a left-to-right line's
    /// extents are then in logical order (its separator, a control, is last), which carets need.
    func caretExtents(in paragraph: ShapedParagraph) -> [CaretExtent] {
        var extents: [CaretExtent] = []
        var characters = 0
        for item in items { characters += item.range.count }
        extents.reserveCapacity(characters)
        forEachGlyphItem(in: paragraph) { item, _, glyphs, extra, _ in
            let rightToLeft = item.level & 1 == 1
            walk(
                item, glyphs, extra: extra, units: paragraph.content.units, visit: { _, _ in },
                clusterEnd: { range, minX, maxX in
                    extents.append(CaretExtent(range: range, minX: minX, maxX: maxX, isRightToLeft: rightToLeft))
                })
        }
        for item in items {
            switch item.source {
            case .control, .attachment:
                extents.append(
                    CaretExtent(
                        range: item.range, minX: item.x, maxX: item.x + item.width, isRightToLeft: item.level & 1 == 1))
            case .piece, .ellipsis:
                continue
            }
        }
        return extents
    }
}
