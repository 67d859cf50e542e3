import Foundation
@_spi(Layout) import TextContent

extension TextLayoutFragment {
    /// Draws the fragment with its origin at `point` (usually `layoutFragmentFrame.origin`, in
    /// the coordinates the container is drawn in), with `renderingAttributes` over the content's
    /// attributes: pass the layout manager's `renderingAttributes(for: fragment)` to draw what
    /// it set. It calls the fragment's overridable `draw(at:in:)`, so a subclass's own drawing
    /// (a bubble behind the text) is part of every PNG, SVG and PDF. A fragment with only an
    /// estimated size has no lines and draws no text. Without rendering attributes, call
    /// `draw(at:in:)` itself.
    ///
    /// ```swift
    /// layoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
    ///     fragment.draw(at: fragment.layoutFragmentFrame.origin, in: context,
    ///                   renderingAttributes: layoutManager.renderingAttributes(for: fragment))
    ///     return true
    /// }
    /// ```
    public func draw(
        at point: CGPoint, in context: any TextDrawingContext, renderingAttributes: [RenderingAttributeRun]
    ) {
        context.withRenderingAttributes(renderingAttributes) { draw(at: point, in: context) }
    }
}
