import Foundation
import TextLayout

/// What a `TextView` keeps for each layout fragment in its viewport (the layer or view
/// `NSTextView` and `UITextView` place for one): the fragment and where it is drawn. A surface
/// lives as long as its fragment's layout is unchanged (its `renderingSurfaceKey`), so a host
/// that draws into something of its own (a texture, a render node) keeps it with the surface
/// and draws it again only for a new surface, or makes its own subclass of this one
/// (`TextView.makeRenderingSurface(for:)`).
open class TextLayoutFragmentSurface: TextViewportRenderingSurface {
    /// The key of the layout this surface shows.
    public let renderingSurfaceKey: RenderingSurfaceKey
    /// The fragment as of the last layout: the same layout, possibly moved (an edit above it).
    public internal(set) var textLayoutFragment: TextLayoutFragment

    /// A surface for `textLayoutFragment`, under its `renderingSurfaceKey`.
    public init(textLayoutFragment: TextLayoutFragment) {
        self.renderingSurfaceKey = textLayoutFragment.renderingSurfaceKey
        self.textLayoutFragment = textLayoutFragment
    }

    /// Where the surface is placed, in container coordinates: the fragment's frame.
    public var frame: CGRect { textLayoutFragment.layoutFragmentFrame }

    /// What the surface inks, in container coordinates: the fragment's rendering surface
    /// bounds (which may reach beyond its frame) placed at its frame.
    public var drawingBounds: CGRect {
        textLayoutFragment.renderingSurfaceBounds.offsetBy(dx: frame.minX, dy: frame.minY)
    }

    /// Draws the fragment at its frame, with `renderingAttributes` over its own (the layout
    /// manager's, as `TextLayoutManager.renderingAttributes(for:)` gives them).
    open func draw(in context: any TextDrawingContext, renderingAttributes: [RenderingAttributeRun] = []) {
        textLayoutFragment.draw(at: frame.origin, in: context, renderingAttributes: renderingAttributes)
    }
}
