import Foundation

/// What a viewport layout controller asks of the view it lays out for: TextKit's
/// `NSTextViewportLayoutControllerDelegate`. The headless `TextView` (TextEditing) is its layout
/// manager's, as `NSTextView` and `UITextView` are; an app hooks in by subclassing it and
/// overriding these methods, calling super.
public protocol TextViewportLayoutControllerDelegate: AnyObject {
    /// The rectangle to lay out, in container coordinates: the visible area plus any overdraw.
    func viewportBounds(for textViewportLayoutController: TextViewportLayoutController) -> CGRect

    /// Layout of the viewport is about to start (the controller's state is not current yet).
    func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: TextViewportLayoutController)

    /// Called for each fragment in the viewport, top to bottom, while laying out: place (or draw)
    /// its surface at `fragment.layoutFragmentFrame`. The controller's state is not current
    /// here; the fragment is.
    func textViewportLayoutController(
        _ textViewportLayoutController: TextViewportLayoutController,
        configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment)

    /// Layout of the viewport is done: `viewportBounds`, `viewportRange` and the scroll
    /// correction are current. A view moves its scroll offset to `viewportBounds.minY` here.
    func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: TextViewportLayoutController)

    /// The viewport needs layout again (an edit, a new container); a view schedules
    /// `layoutViewport()`.
    func textViewportLayoutControllerReceivedSetNeedsLayout(
        _ textViewportLayoutController: TextViewportLayoutController)

    /// A surface the controller no longer holds (its fragment left the viewport): keep it to
    /// reuse, or let it go.
    func textViewportLayoutController(
        _ textViewportLayoutController: TextViewportLayoutController,
        cacheRenderingSurface surface: any TextViewportRenderingSurface, forKey key: RenderingSurfaceKey)

    /// A surface kept by `cacheRenderingSurface` for `key`, or nil.
    func textViewportLayoutController(
        _ textViewportLayoutController: TextViewportLayoutController,
        retrieveCachedRenderingSurfaceForKey key: RenderingSurfaceKey
    ) -> (any TextViewportRenderingSurface)?
}

extension TextViewportLayoutControllerDelegate {
    public func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: TextViewportLayoutController) {}
    public func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: TextViewportLayoutController) {}
    public func textViewportLayoutControllerReceivedSetNeedsLayout(
        _ textViewportLayoutController: TextViewportLayoutController
    ) {}
    public func textViewportLayoutController(
        _ textViewportLayoutController: TextViewportLayoutController,
        cacheRenderingSurface surface: any TextViewportRenderingSurface, forKey key: RenderingSurfaceKey
    ) {}
    public func textViewportLayoutController(
        _ textViewportLayoutController: TextViewportLayoutController,
        retrieveCachedRenderingSurfaceForKey key: RenderingSurfaceKey
    ) -> (any TextViewportRenderingSurface)? { nil }
}
