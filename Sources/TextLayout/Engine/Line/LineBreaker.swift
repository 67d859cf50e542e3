import Foundation
@_spi(Layout) import TextContent

/// Stage 1 of a line: finds where it ends (a ``LineSpan``). Greedy line breaking over a shaped
/// paragraph: lines break at UAX #14 opportunities; a word longer than a line breaks between
/// grapheme clusters; U+2028 forces a break. Widths come from the advances shaped once, so
/// re-breaking at another width shapes nothing again, and the break opportunities are asked for
/// only when a line overflows.
struct LineBreaker {
    let paragraph: ShapedParagraph
    let mode: LineBreakMode
    let tabStops: TabStops
    let scratch: LayoutScratch

    /// The next line from `start`, in `width` points (infinity: no wrapping).
    func nextLine(from start: Int, width: CGFloat) throws(TextLayoutError) -> LineSpan {
        let content = paragraph.content
        let units = content.units
        let length = units.count
        let contentLength = content.contentLength
        let wraps = width.isFinite && !mode.truncates && mode != .byClipping
        if !wraps {
            // Widths do not matter: the line runs to the next hard line break (a grapheme of its
            // own) or to the paragraph's end.
            var offset = max(start, 0)
            while offset < contentLength {
                if units[offset] == 0x2028 { return span(start ..< offset + 1, hard: true) }
                offset += 1
            }
            return span(start ..< length, hard: length > contentLength)
        }
        var grapheme = paragraph.graphemeBoundary(atOrAfter: start)
        var x: CGFloat = 0
        var overflow: Int?
        let boundaries = paragraph.boundaries
        let line: LineSpan? = paragraph.advances.withUnsafeBufferPointer { advances in
            while grapheme < length {
                if grapheme > start, units[grapheme - 1] == 0x2028 {
                    return span(start ..< grapheme, hard: true)
                }
                if grapheme >= contentLength {
                    return span(start ..< length, hard: length > contentLength)
                }
                // The grapheme's width: the advances of the clusters it holds.
                var advance = advances[grapheme]
                var end = grapheme + 1
                while !boundaries.contains(end) {
                    advance += advances[end]
                    end += 1
                }
                let graphemeWidth =
                    units[grapheme] == 0x09
                    ? tabStops.advance(from: x) { paragraph.widthAfterTab(at: grapheme) } : CGFloat(advance)
                if wraps, grapheme > start, x + graphemeWidth > width, !content.isWhitespace(grapheme) {
                    overflow = grapheme
                    return nil
                }
                x += graphemeWidth
                grapheme = end
            }
            return span(start ..< length, hard: length > contentLength)
        }
        if let line { return line }
        guard let overflow else { return span(start ..< length, hard: length > contentLength) }
        // The line breaks at the last opportunity before the grapheme that does not fit (a
        // grapheme boundary too), or, in a word longer than the line, before that grapheme.
        guard mode != .byCharWrapping else { return span(start ..< overflow, hard: false) }
        let opportunities = try paragraph.breakOpportunities(scratch: scratch)
        var candidate = overflow
        while candidate > start,
            opportunities[candidate] & ShapedParagraph.breakOpportunity == 0 || !paragraph.isGraphemeBoundary(candidate)
        {
            candidate -= 1
        }
        return span(start ..< (candidate > start ? candidate : overflow), hard: false)
    }

    /// The line `range`, its trailing white space and controls hanging.
    func span(_ range: Range<Int>, hard: Bool) -> LineSpan {
        var hang = range.upperBound
        let content = paragraph.content
        while hang > range.lowerBound, content.isWhitespace(hang - 1) || content.isControl(hang - 1) { hang -= 1 }
        return LineSpan(range: range, hangStart: hang, endsWithHardBreak: hard)
    }
}

/// Where tabs go: the paragraph style's stops, then every `defaultTabInterval`. A left stop
/// starts the text after the tab there; a right (or decimal) stop ends it there and a centre
/// stop centres it, the text reaching to the next tab or the line's end.
struct TabStops {
    let locations: [CGFloat]
    let alignments: [TextTab.Alignment]
    let interval: CGFloat
    let spaceWidth: CGFloat

    init(locations: [CGFloat], alignments: [TextTab.Alignment] = [], interval: CGFloat, spaceWidth: CGFloat) {
        self.locations = locations
        self.alignments = alignments
        self.interval = interval
        self.spaceWidth = spaceWidth
    }

    /// The stops of `paragraph`'s style; without an interval a tab is about a space wide.
    init(of paragraph: ShapedParagraph) {
        let spaceWidth = CGFloat(paragraph.defaultMetrics.lineHeight) * 0.3
        guard !paragraph.content.hasDefaultStyle else {
            // Most paragraphs': no style to copy, no array to make (the default has no stops).
            self.init(
                locations: [], interval: CGFloat(ParagraphStyle.default.defaultTabInterval), spaceWidth: spaceWidth)
            return
        }
        let style = paragraph.content.style
        self.init(
            locations: style.tabStops.map { CGFloat($0.location) }, alignments: style.tabStops.map(\.alignment),
            interval: CGFloat(style.defaultTabInterval), spaceWidth: spaceWidth)
    }

    /// How far a tab at `x` (from the line's start) advances; `following` gives the width of
    /// the text after it (to the next tab or the line's end), asked for only at a right or
    /// centre stop.
    func advance(from x: CGFloat, following: () -> CGFloat = { 0 }) -> CGFloat {
        if let index = locations.firstIndex(where: { $0 > x + 0.01 }) {
            let stop = locations[index]
            switch index < alignments.count ? alignments[index] : .left {
            case .left: return stop - x
            case .right, .decimal: return max(0, stop - x - following())
            case .center: return max(0, stop - x - following() / 2)
            }
        }
        guard interval > 0 else { return spaceWidth }
        let next = (floor(x / interval) + 1) * interval
        return next - x
    }
}

extension ShapedParagraph {
    /// The width of the text after the tab at `tab`, up to the next tab, line separator or the
    /// paragraph's content end: what a right or centre tab stop lines up.
    func widthAfterTab(at tab: Int) -> CGFloat {
        let units = content.units
        var width: CGFloat = 0
        var offset = tab + 1
        while offset < content.contentLength, units[offset] != 0x09, units[offset] != 0x2028 {
            width += CGFloat(advances[offset])
            offset += 1
        }
        return width
    }
}
