import Foundation
@_spi(Typesetting) import TextTypography

/// Stage 3 of a line: what layout keeps of it, a value in its fragment's array (the
/// ``LinePlacer/Request`` that places it again, not the ``PlacedLine`` itself). The line's
/// ``TextLineFragment`` object is made only when the fragment's lines are asked for (drawing,
/// hit testing), so laying out a document allocates no object per line.
struct LineRecord: Sendable {
    /// The line's rectangle, relative to its layout fragment's frame.
    var typographicBounds: CGRect
    /// The x of the line's leftmost glyph, in line coordinates.
    var glyphOriginX: CGFloat
    /// Distance from the top of the line to its baseline.
    var baseline: CGFloat
    /// How the line was placed: its items are made again from it when asked for.
    var placement: LinePlacer.Request

    /// The characters the line shows (UTF-16 offsets in the paragraph).
    var characterRange: Range<Int> {
        switch placement {
        case .span(let span, _, _, _): return span.range
        case .extraLine(let offset, _): return offset ..< offset
        }
    }

    /// Whether the line was shortened with an ellipsis.
    var isTruncated: Bool {
        if case .span(_, _, _, .some) = placement { return true }
        return false
    }

    /// The line's items as layout placed them.
    func placed(in shaped: ShapedParagraph) -> PlacedLine {
        LinePlacer(paragraph: shaped).place(placement)
    }

    /// Where the line's glyphs and attachments put ink, relative to the layout fragment; `.null`
    /// without ink.
    func inkBounds(in shaped: ShapedParagraph) -> CGRect {
        Self.inkBounds(of: placed(in: shaped), in: shaped, typographicBounds: typographicBounds, baseline: baseline)
    }

    static func inkBounds(
        of placed: PlacedLine, in shaped: ShapedParagraph, typographicBounds: CGRect, baseline: CGFloat
    ) -> CGRect {
        var ink = CGRect.null
        for run in placed.glyphRuns(in: shaped) {
            if run.horizontalScale != 1 {
                ink = ink.union(stretchedInkBounds(of: run))
                continue
            }
            let positions = run.positions.map { (x: Double($0.x), y: Double($0.y)) }
            guard let bounds = run.font.inkBounds(of: run.glyphs, at: positions) else { continue }
            ink = ink.union(
                CGRect(
                    x: bounds.minX, y: bounds.minY, width: bounds.maxX - bounds.minX, height: bounds.maxY - bounds.minY)
            )
        }
        if !ink.isNull { ink = ink.offsetBy(dx: typographicBounds.minX, dy: typographicBounds.minY + baseline) }
        if let outset = shaped.content.inkOutset, !ink.isNull { ink = outset.applied(to: ink) }
        // Attachments are drawn as images: their frames (line coordinates) are ink too.
        for placement in placed.attachmentPlacements(in: shaped, baseline: baseline) where !placement.frame.isEmpty {
            ink = ink.union(placement.frame.offsetBy(dx: typographicBounds.minX, dy: typographicBounds.minY))
        }
        return ink
    }

    /// The ink of a run drawn stretched (its `expansion`): each glyph's extent scaled about its
    /// origin. Glyph by glyph, but only stretched runs come here.
    private static func stretchedInkBounds(of run: PositionedGlyphRun) -> CGRect {
        var ink = CGRect.null
        for (glyph, position) in zip(run.glyphs, run.positions) {
            guard let bounds = run.font.inkBounds(of: [glyph], at: [(x: 0, y: Double(position.y))]) else { continue }
            let minX = Double(position.x) + bounds.minX * run.horizontalScale
            let maxX = Double(position.x) + bounds.maxX * run.horizontalScale
            ink = ink.union(
                CGRect(x: min(minX, maxX), y: bounds.minY, width: abs(maxX - minX), height: bounds.maxY - bounds.minY))
        }
        return ink
    }
}
