internal import CCairo
import Foundation
import TextContent
@_spi(Rendering) import TextLayout

/// The rendering context is where layout fragments draw: what their overridable
/// `draw(at:in:)` is given.
extension RenderingContext: TextDrawingContext {
    /// Draws `line` with its top-left corner at `point`, with the rendering attributes of the
    /// fragment being drawn (see `TextLayoutFragment.draw(at:in:renderingAttributes:)`).
    public func drawLine(_ line: TextLineFragment, at point: CGPoint) {
        line.draw(at: point, in: self, renderingAttributes: fragmentRenderingAttributes)
    }

    /// Runs `body` with `renderingAttributes` on every line it draws, then puts back those of
    /// an outer fragment.
    public func withRenderingAttributes(_ renderingAttributes: [RenderingAttributeRun], _ body: () -> Void) {
        let outer = fragmentRenderingAttributes
        fragmentRenderingAttributes = renderingAttributes
        defer { fragmentRenderingAttributes = outer }
        body()
    }

    /// The clip's extent in the current coordinates: what drawing can still change.
    public var visibleBounds: CGRect? {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite, x2 >= x1, y2 >= y1 else { return nil }
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Fills `rect` with its corners rounded by `cornerRadius` (at most half its shorter side).
    public func fill(_ rect: CGRect, cornerRadius: CGFloat, color: TextColor) {
        let rect = rect.standardized
        guard rect.width.isFinite, rect.height.isFinite, !rect.isNull, rect.width > 0, rect.height > 0 else { return }
        let radius = cornerRadius.isFinite ? Double(max(0, min(cornerRadius, rect.width / 2, rect.height / 2))) : 0
        guard radius > 0 else { return fill(rect, color: color) }
        let (minX, minY, maxX, maxY) = (Double(rect.minX), Double(rect.minY), Double(rect.maxX), Double(rect.maxY))
        withSavedState {
            cairo_new_path(cairo)
            cairo_arc(cairo, maxX - radius, minY + radius, radius, -Double.pi / 2, 0)
            cairo_arc(cairo, maxX - radius, maxY - radius, radius, 0, Double.pi / 2)
            cairo_arc(cairo, minX + radius, maxY - radius, radius, Double.pi / 2, Double.pi)
            cairo_arc(cairo, minX + radius, minY + radius, radius, Double.pi, 3 * Double.pi / 2)
            cairo_close_path(cairo)
            setColor(color)
            cairo_fill(cairo)
        }
    }
}
