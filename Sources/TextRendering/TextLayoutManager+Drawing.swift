import Foundation
import TextTypography
import TextContent
@_spi(Rendering) import TextLayout

extension TextLayoutManager {
    /// Fills the selection of `ranges` from the text segments (the code a text view draws its
    /// selection with), with the container's origin at `origin`, in `color` (by default the
    /// selection colour of the manager's typesetting context, a light blue). Mixed-direction text
    /// gives several rectangles per line.
    public func drawSelection(
        _ ranges: [TextRange], color: TextColor? = nil, in context: RenderingContext, origin: CGPoint = .zero
    ) {
        let color = color ?? typesettingContext.colors.selection
        for range in ranges where !range.isEmpty {
            enumerateTextSegments(in: range, type: .selection, options: .rangeNotRequired) { _, rect, _, _ in
                context.fill(rect.offsetBy(dx: origin.x, dy: origin.y), color: color)
                return true
            }
        }
    }

    /// Draws a caret `width` points wide at `location` (the text segment of the empty range
    /// there), with the container's origin at `origin`, in `color` (by default the text colour
    /// of the manager's typesetting context).
    public func drawCaret(
        at location: any TextLocation, color: TextColor? = nil, width: CGFloat = 1.5, in context: RenderingContext,
        origin: CGPoint = .zero
    ) {
        let color = color ?? typesettingContext.colors.text
        let range = TextRange(location: location)
        enumerateTextSegments(in: range, type: .standard, options: .rangeNotRequired) { _, rect, _, _ in
            let caret = CGRect(x: rect.minX - width / 2, y: rect.minY, width: width, height: rect.height)
            context.fill(caret.offsetBy(dx: origin.x, dy: origin.y), color: color)
            return false
        }
    }
}
