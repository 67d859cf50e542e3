import Foundation
import TextContent

/// A paragraph's lines stacked down its container, as `ParagraphLayout.layout(_:shaped:at:from:...)`
/// lays them out: band by band (a band is the width between the paragraph's margins, one
/// estimated line tall, split by exclusion paths into rectangles), a line broken and placed in
/// each rectangle, until the paragraph ends, a page's bottom is reached, or the line limit.
struct LineStack {
    private let layout: ParagraphLayout
    private let shaped: ShapedParagraph
    /// The paragraph's top, in container coordinates.
    private let y: CGFloat
    /// A page's bottom, when lines must end above it.
    private let bottom: CGFloat?
    /// The most lines the paragraph may have; 0 for no limit.
    private let maximumLines: Int
    private let style: ParagraphStyle
    private let breaker: LineBreaker
    private let placement: LinePlacer
    /// A line's height in the paragraph's default font: a band's height before its line is placed.
    private let estimate: CGFloat
    private let length: Int
    private(set) var lines = LineRecords()
    /// How far down the paragraph the stack reaches, from its top.
    private(set) var top: CGFloat
    /// Where the next line starts.
    private var start: Int
    /// Where the paragraph's rest starts when it did not fit above `bottom`.
    private(set) var rest: Int?
    /// Bands in a row that exclusion paths blocked.
    private var blockedBands = 0

    /// A stack from offset `start` (a line boundary; 0 for the whole paragraph) at `y`.
    init(
        _ layout: ParagraphLayout, shaped: ShapedParagraph, at y: CGFloat, from start: Int, bottom: CGFloat?,
        maximumLines: Int
    ) {
        (self.layout, self.shaped, self.y, self.bottom, self.maximumLines) = (layout, shaped, y, bottom, maximumLines)
        style = shaped.content.style
        let tabs = TabStops(of: shaped)
        // A paragraph that does not wrap (a code block) runs past the edge, as clipping does.
        breaker = LineBreaker(
            paragraph: shaped, mode: style.wrapsLines ? layout.container.lineBreakMode : .byClipping, tabStops: tabs,
            scratch: layout.scratch)
        placement = LinePlacer(paragraph: shaped, tabStops: tabs)
        let metrics = shaped.defaultMetrics
        estimate =
            layout.lineHeight(
                ascent: CGFloat(metrics.ascent), descent: CGFloat(metrics.descent), leading: CGFloat(metrics.leading),
                style: style
            ).height
        length = shaped.content.units.count
        top = start == 0 ? ParagraphLayout.spacing(style.paragraphSpacingBefore) + layout.insets.top : 0
        self.start = start
    }

    private var isFull: Bool { maximumLines > 0 && lines.count >= maximumLines }

    /// Stacks the lines, band by band.
    mutating func fill() throws(TextLayoutError) {
        repeat {
            let band = nextBand()
            guard let rects = rectangles(in: band) else {
                if rest != nil { break }
                continue // blocked: `top` moved below the band
            }
            try fill(band, rectangles: rects)
            if rest != nil || isFull { break }
        } while start < length
    }

    /// Where the next line goes: between the paragraph's margins, at `top`, a line tall.
    private func nextBand() -> CGRect {
        let margins = layout.margins(
            style: style, firstLine: start == 0, rightToLeft: shaped.levels.isRightToLeft,
            width: layout.container.layoutWidth)
        return CGRect(
            x: margins.lowerBound, y: y + top, width: margins.upperBound - margins.lowerBound, height: estimate)
    }

    /// The rectangles of `band` lines fill ([] for the whole band, without exclusion paths);
    /// nil when exclusion paths block it: then `top` moved below it, or past a page's bottom
    /// `rest` is set. After many blocked bands, the band whole, so that layout always ends.
    private mutating func rectangles(in band: CGRect) -> [CGRect]? {
        let container = layout.container
        guard !container.exclusionPaths.isEmpty else { return [] }
        let rects = container.lineFragmentRects(forProposedRect: band)
        guard rects.isEmpty else { return rects }
        if let bottom, y + top + estimate > bottom {
            rest = start
            return nil
        }
        blockedBands += 1
        guard blockedBands < 1_000, y + top < container.layoutHeight else { return [band] }
        top += max(estimate, 1)
        return nil
    }

    /// A line in each of the band's rectangles while the paragraph lasts; `top` moves below
    /// the band's tallest line.
    private mutating func fill(_ band: CGRect, rectangles rects: [CGRect]) throws(TextLayoutError) {
        var bandHeight: CGFloat = 0
        for index in 0 ..< max(rects.count, 1) where start < length || lines.isEmpty {
            guard let height = try placeLine(in: rects.isEmpty ? band : rects[index]) else { break }
            bandHeight = max(bandHeight, height)
            if isFull { break }
        }
        top += bandHeight
    }

    /// Breaks the next line, places it in `rect` and stacks it; its height, or nil when it
    /// does not fit above a page's bottom (then `rest` is set).
    private mutating func placeLine(in rect: CGRect) throws(TextLayoutError) -> CGFloat? {
        let width = max(0, rect.width)
        let span = try breaker.nextLine(from: start, width: width)
        let (request, placed) = place(span, width: width)
        let metrics = layout.lineHeight(
            ascent: placed.ascent, descent: placed.descent, leading: placed.leading, style: style)
        if let bottom, lines.isEmpty, y <= 0, top > 0, y + top + metrics.height > bottom {
            // At a page's top, space before the paragraph never pushes its first line below the
            // page (where it would be drawn nowhere): it shrinks to what the page has room for.
            top = max(0, bottom - y - metrics.height)
        }
        if let bottom, !lines.isEmpty || y > 0, y + top + metrics.height > bottom {
            rest = start
            return nil
        }
        let bounds = CGRect(x: rect.minX, y: top, width: width.isFinite ? width : placed.width, height: metrics.height)
        lines.append(
            LineRecord(
                typographicBounds: bounds, glyphOriginX: placed.items.first?.x ?? 0, baseline: metrics.baseline,
                placement: request))
        start = span.range.upperBound
        return metrics.height
    }

    /// `span` placed in `width`; truncated (and the paragraph's last line) when the container
    /// truncates and it is wider.
    private func place(_ span: LineSpan, width: CGFloat) -> (LinePlacer.Request, PlacedLine) {
        var request = LinePlacer.Request.span(
            span, width: width, isLastLine: span.range.upperBound >= length, truncation: nil)
        var placed = placement.place(request)
        if layout.container.lineBreakMode.truncates, width.isFinite, placed.width > width,
            let truncation = layout.truncation(of: span, in: shaped, width: width)
        {
            request = .span(span, width: width, isLastLine: true, truncation: truncation)
            placed = placement.place(request)
        }
        return (request, placed)
    }
}
