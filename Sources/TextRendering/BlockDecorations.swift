import Foundation
import TextContent
@_spi(Rendering) import TextLayout

/// Draws what a paragraph's `blockDecoration` asks for around its text, under it: a background
/// margin to margin, the bars of its block quotes, a rule, a table row's grid. Call it for each
/// fragment before drawing the fragment's text.
public enum BlockDecorations {
    /// Draws `fragment`'s decoration with the fragment's origin at `point`.
    public static func draw(for fragment: TextLayoutFragment, at point: CGPoint, in context: RenderingContext) {
        // Plain paragraphs carry no attributes; reading them is not worth it.
        if fragment.textLineFragments.first?.paragraphIsPlain ?? false { return }
        guard let decoration = fragment.textElement.attributedString.runs.first?.blockDecoration, !decoration.isEmpty
        else { return }
        let frame = fragment.layoutFragmentFrame
        let width = frame.width.isFinite ? frame.width : 0
        let area = CGRect(x: point.x, y: point.y, width: width, height: frame.height)
        guard area.height > 0, area.height.isFinite else { return }
        let rightToLeft = fragment.textLineFragments.first?.paragraphIsRightToLeft ?? false
        // Edges are measured from where the paragraph's lines start (the container's line
        // padding in), on the leading side.
        var inset: CGFloat = 0
        if let line = fragment.textLineFragments.first {
            let indent = CGFloat(
                fragment.textElement.attributedString.runs.first?.paragraphStyle?.firstLineHeadIndent ?? 0)
            inset =
                rightToLeft
                ? max(0, frame.width - line.typographicBounds.maxX - indent)
                : max(0, line.typographicBounds.minX - indent)
        }
        func x(_ edge: Double) -> CGFloat {
            rightToLeft ? area.maxX - inset - CGFloat(edge) : area.minX + inset + CGFloat(edge)
        }

        if let background = decoration.background { context.fill(area, color: background) }
        let edges = decoration.tableColumnEdges.map(x).sorted()
        if let header = decoration.tableHeaderBackground {
            let row =
                edges.count >= 2
                ? CGRect(x: edges[0], y: area.minY, width: edges[edges.count - 1] - edges[0], height: area.height)
                : area
            context.fill(row, color: header)
        }
        for bar in decoration.quoteBars {
            let barWidth = CGFloat(max(0, decoration.quoteBarWidth))
            context.fill(
                CGRect(x: rightToLeft ? x(bar) - barWidth : x(bar), y: area.minY, width: barWidth, height: area.height),
                color: decoration.quoteBarColor)
        }
        // Lines are filled one point wide on whole points, so that they stay crisp.
        func vertical(_ x: CGFloat, color: TextColor) {
            context.fill(CGRect(x: x.rounded(.down), y: area.minY, width: 1, height: area.height), color: color)
        }
        func horizontal(_ y: CGFloat, from left: CGFloat, to right: CGFloat, color: TextColor) {
            context.fill(CGRect(x: left, y: y.rounded(.down), width: max(0, right - left), height: 1), color: color)
        }
        if let rule = decoration.rule { horizontal(area.midY, from: area.minX, to: area.maxX, color: rule) }
        if edges.count >= 2 {
            let color = decoration.tableBorderColor
            for edge in edges { vertical(edge, color: color) }
            horizontal(area.minY, from: edges[0], to: edges[edges.count - 1] + 1, color: color)
            // On the row's bottom edge, where the next row's top line falls: one line between rows.
            horizontal(area.maxY, from: edges[0], to: edges[edges.count - 1] + 1, color: color)
        }
    }
}
