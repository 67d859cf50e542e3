import Foundation
import TextContent
import TextTypography

/// Places one line: the pieces it shows in visual order (UAX #9 L2, with trailing white space at
/// the paragraph level, rule L1), aligned and justified, with a caret stop for every grapheme
/// boundary.
struct LinePlacement {
    let paragraph: ShapedParagraph
    let tabStops: TabStops

    /// A piece of a line: glyphs of one shaped piece, or a glyphless control.
    private struct Item {
        var range: Range<Int>
        var level: UInt8
        var glyphs: ArraySlice<ShapedGlyph>
        var font: Font?
        var extra: CGFloat
        var baselineOffset: CGFloat
        var width: CGFloat
    }

    struct Placed {
        var runs: [PositionedGlyphRun]
        var carets: CaretLayout
        var width: CGFloat
        var ascent: CGFloat
        var descent: CGFloat
        var leading: CGFloat
        var inkMinX: CGFloat
        var inkMaxX: CGFloat
    }

    /// Text a truncated line hides, and the ellipsis shown in its place.
    struct Truncation {
        var hidden: Range<Int>
        var ellipsis: ShapedRun
    }

    /// Lays `span` out from x = 0 in `width` points (infinity: natural width); with a
    /// truncation, its hidden text gives way to the ellipsis.
    func place(_ span: LineSpan, width: CGFloat, alignment: TextAlignment, isLastLine: Bool, truncation: Truncation? = nil) -> Placed {
        let content = paragraph.content
        let paragraphLevel = paragraph.levels.paragraphLevel
        var items = lineItems(span, hiding: truncation?.hidden)
        if let truncation {
            let glyphs = truncation.ellipsis.glyphs.map {
                ShapedGlyph(id: $0.id, flags: $0.flags, cluster: truncation.hidden.lowerBound, advance: $0.advance, xOffset: $0.xOffset, yOffset: $0.yOffset)
            }
            items.append(Item(range: truncation.hidden, level: paragraphLevel, glyphs: glyphs[...], font: truncation.ellipsis.font, extra: 0,
                              baselineOffset: 0, width: CGFloat(truncation.ellipsis.advance)))
            items.sort { $0.range.lowerBound < $1.range.lowerBound }
        }
        for index in items.indices where items[index].range.lowerBound >= span.hangStart {
            items[index].level = paragraphLevel
        }
        let order = BidiReordering.visualOrder(levels: items.map(\.level))
        let contentWidth = items.filter { $0.range.lowerBound < span.hangStart }.reduce(0) { $0 + $1.width }

        let naturalAlignment: TextAlignment = paragraphLevel & 1 == 1 ? .right : .left
        var resolved = alignment == .natural ? naturalAlignment : alignment
        var spaceExtra: CGFloat = 0
        if resolved == .justified {
            let spaces = (span.range.lowerBound ..< span.hangStart).filter { content.units[$0] == 0x20 }.count
            if width.isFinite, !isLastLine, !span.endsWithHardBreak, spaces > 0, width > contentWidth {
                spaceExtra = (width - contentWidth) / CGFloat(spaces)
            }
            // A line that is not stretched (the last one) sits where natural alignment puts it.
            resolved = spaceExtra > 0 ? .left : naturalAlignment
        }
        var offset: CGFloat = 0
        if width.isFinite {
            switch resolved {
            case .right: offset = width - contentWidth
            case .center: offset = (width - contentWidth) / 2
            default: offset = 0
            }
        }
        // Trailing white space hangs past the line's end: on the left in a right-to-left line.
        if paragraphLevel & 1 == 1 {
            offset -= items.filter { $0.range.lowerBound >= span.hangStart }.reduce(0) { $0 + $1.width }
        }

        var x = offset
        var runs: [PositionedGlyphRun] = []
        var extents: [CaretExtent] = []
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        var inkMinX = CGFloat.infinity, inkMaxX = -CGFloat.infinity
        for itemIndex in order {
            let item = items[itemIndex]
            let rightToLeft = item.level & 1 == 1
            if let font = item.font {
                let metrics = font.metrics
                ascent = max(ascent, CGFloat(metrics.ascent) - item.baselineOffset)
                descent = max(descent, CGFloat(metrics.descent) + item.baselineOffset)
                leading = max(leading, CGFloat(metrics.leading))
            }
            guard !item.glyphs.isEmpty else {
                extents.append(CaretExtent(range: item.range, minX: x, maxX: x + item.width, isRightToLeft: rightToLeft))
                x += item.width
                continue
            }
            var positions: [CGPoint] = []
            positions.reserveCapacity(item.glyphs.count)
            var clusterStart = x
            // Glyphs run in visual order, so a cluster's logical end is the next cluster in the
            // array (left to right) or the one before it (right to left).
            var previousCluster: Int?
            for (index, glyph) in zip(item.glyphs.indices, item.glyphs) {
                positions.append(CGPoint(x: x + CGFloat(glyph.xOffset), y: CGFloat(glyph.yOffset) - item.baselineOffset))
                x += CGFloat(glyph.advance)
                let endsCluster = index + 1 == item.glyphs.endIndex || item.glyphs[index + 1].cluster != glyph.cluster
                if endsCluster {
                    x += item.extra
                    if content.units[glyph.cluster] == 0x20 { x += spaceExtra }
                    let logicalEnd = rightToLeft
                        ? (previousCluster ?? item.range.upperBound)
                        : (index + 1 < item.glyphs.endIndex ? item.glyphs[index + 1].cluster : item.range.upperBound)
                    extents.append(CaretExtent(range: glyph.cluster ..< max(glyph.cluster + 1, logicalEnd), minX: clusterStart, maxX: x, isRightToLeft: rightToLeft))
                    previousCluster = glyph.cluster
                    clusterStart = x
                }
            }
            inkMinX = min(inkMinX, positions.first.map { $0.x } ?? x)
            inkMaxX = max(inkMaxX, x)
            runs.append(PositionedGlyphRun(
                font: item.font!, glyphs: item.glyphs.map(\.id), positions: positions, characterRange: item.range,
                clusters: item.glyphs.map(\.cluster), isRightToLeft: rightToLeft))
        }
        if ascent == 0, descent == 0 {
            ascent = CGFloat(paragraph.defaultMetrics.ascent)
            descent = CGFloat(paragraph.defaultMetrics.descent)
            leading = CGFloat(paragraph.defaultMetrics.leading)
        }
        let lineStarts = paragraph.graphemeBoundaries[LineBreaker.firstBoundary(atOrAfter: span.range.lowerBound, in: paragraph.graphemeBoundaries)...]
            .prefix { $0 < span.range.upperBound }
        let carets = CaretLayout(
            extents: extents, graphemeStarts: Array(lineStarts),
            end: span.range.upperBound == paragraph.content.units.count && (!span.endsWithHardBreak || span.range.isEmpty) ? span.range.upperBound : nil,
            paragraphIsRightToLeft: paragraphLevel & 1 == 1)
        return Placed(runs: runs, carets: carets, width: contentWidth, ascent: ascent, descent: descent, leading: leading,
                      inkMinX: inkMinX.isFinite ? inkMinX : offset, inkMaxX: inkMaxX.isFinite ? inkMaxX : offset)
    }

    /// The glyphs of `run` whose clusters lie in `range`. A run's glyphs are in visual order,
    /// so their clusters rise (left to right) or fall (right to left): two binary searches.
    private static func glyphs(of run: ShapedRun, in range: Range<Int>) -> ArraySlice<ShapedGlyph> {
        let glyphs = run.glyphs
        func firstIndex(where isPast: (Int) -> Bool) -> Int {
            var low = 0, high = glyphs.count
            while low < high {
                let mid = (low + high) / 2
                if isPast(glyphs[mid].cluster) { high = mid } else { low = mid + 1 }
            }
            return low
        }
        if run.isRightToLeft {
            return glyphs[firstIndex { $0 < range.upperBound } ..< firstIndex { $0 < range.lowerBound }]
        }
        return glyphs[firstIndex { $0 >= range.lowerBound } ..< firstIndex { $0 >= range.upperBound }]
    }

    /// The line's items in logical order: the parts of shaped pieces inside the line, and
    /// glyphless items for controls (tabs, line and paragraph separators).
    private func lineItems(_ span: LineSpan, hiding hidden: Range<Int>?) -> [Item] {
        let content = paragraph.content
        var items: [Item] = []
        for piece in paragraph.pieces where piece.range.overlaps(span.range) {
            // The part before the hanging white space, and the part in it (rule L1 levels it).
            let lower = max(piece.range.lowerBound, span.range.lowerBound), upper = min(piece.range.upperBound, span.range.upperBound)
            let hang = min(max(span.hangStart, lower), upper)
            var parts = [lower ..< hang, hang ..< upper]
            if let hidden {
                parts = parts.flatMap { part in
                    [part.lowerBound ..< min(part.upperBound, max(part.lowerBound, hidden.lowerBound)),
                     max(part.lowerBound, min(part.upperBound, hidden.upperBound)) ..< part.upperBound]
                }
            }
            for part in parts where !part.isEmpty {
                let glyphs = Self.glyphs(of: piece.run, in: part)
                var width: CGFloat = 0
                var clusters = 0
                var previous: Int?
                for glyph in glyphs {
                    width += CGFloat(glyph.advance)
                    if glyph.cluster != previous { clusters += 1; previous = glyph.cluster }
                }
                let extra = CGFloat(piece.attributes.kern + piece.attributes.tracking)
                items.append(Item(range: part, level: piece.level, glyphs: glyphs, font: piece.run.font, extra: extra,
                                  baselineOffset: CGFloat(piece.attributes.baselineOffset), width: width + extra * CGFloat(clusters)))
            }
        }
        var x: CGFloat = 0
        for offset in span.range where content.isControl(offset) && !(hidden?.contains(offset) ?? false) {
            let level = paragraph.levels.levels.isEmpty ? paragraph.levels.paragraphLevel : paragraph.levels.levels[offset]
            let before = items.filter { $0.range.upperBound <= offset }.reduce(0) { $0 + $1.width }
            x = before
            let width = content.units[offset] == 0x09 ? tabStops.advance(from: x) : 0
            items.append(Item(range: offset ..< offset + 1, level: level, glyphs: [], font: nil, extra: 0, baselineOffset: 0, width: width))
        }
        return items.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
