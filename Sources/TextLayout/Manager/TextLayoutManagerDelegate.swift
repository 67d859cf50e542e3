import Foundation
import TextContent

/// Hooks into how a layout manager makes fragments: TextKit's `NSTextLayoutManagerDelegate`.
public protocol TextLayoutManagerDelegate: AnyObject {
    /// The fragment to use for `textElement`, given the one the engine laid out. Return an
    /// instance of your own subclass made with `init(copying:)` to draw differently (a bubble
    /// behind a paragraph, a different surface); return `fragment` to keep the engine's. Called
    /// whenever a fragment is laid out or moved (an edit above it), so keep it cheap.
    ///
    /// ```swift
    /// final class BubbleFragment: TextLayoutFragment {
    ///     override var renderingSurfaceBounds: CGRect { super.renderingSurfaceBounds.insetBy(dx: -8, dy: -4) }
    /// }
    /// func textLayoutManager(_ manager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
    ///                        in textElement: TextParagraph, laidOut fragment: TextLayoutFragment) -> TextLayoutFragment {
    ///     BubbleFragment(copying: fragment)
    /// }
    /// ```
    func textLayoutManager(_ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
                           in textElement: TextParagraph, laidOut fragment: TextLayoutFragment) -> TextLayoutFragment
}
