import Foundation
import TextContent
import TextLayout

extension TextLayoutFragment {
    /// Draws the fragment's lines with the fragment's origin at `point` (usually
    /// `layoutFragmentFrame.origin`, in the coordinates the container is drawn in), with
    /// `renderingAttributes` over the content's attributes: pass the layout manager's
    /// `renderingAttributes(for: fragment)` to draw what it set. A fragment with only an
    /// estimated size has no lines and draws nothing.
    ///
    /// ```swift
    /// layoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
    ///     fragment.draw(at: fragment.layoutFragmentFrame.origin, in: context,
    ///                   renderingAttributes: layoutManager.renderingAttributes(for: fragment))
    ///     return true
    /// }
    /// ```
    public func draw(at point: CGPoint, in context: RenderingContext, renderingAttributes: [RenderingAttributeRun] = []) {
        for line in textLineFragments {
            let origin = CGPoint(x: point.x + line.typographicBounds.minX, y: point.y + line.typographicBounds.minY)
            line.draw(at: origin, in: context, renderingAttributes: renderingAttributes)
        }
    }
}
