import Foundation
@_spi(Layout) import TextContent

/// Hooks into how a layout manager makes fragments: TextKit's `NSTextLayoutManagerDelegate`.
/// Both methods have default implementations; implement the one that fits.
public protocol TextLayoutManagerDelegate: AnyObject {
    /// The fragment to lay `textElement` out into, before layout (TextKit's
    /// `textLayoutManager(_:textLayoutFragmentFor:in:)`). Return an instance of your own
    /// subclass made with `init(textElement:range:)`: the manager lays the paragraph out with
    /// its ``TextLayoutFragment/leadingPadding``, ``TextLayoutFragment/trailingPadding``,
    /// ``TextLayoutFragment/topMargin`` and ``TextLayoutFragment/bottomMargin``, gives it that
    /// layout, and draws it with its ``TextLayoutFragment/draw(at:in:)``. Return a new fragment
    /// each time: the manager asks again whenever the paragraph is laid out or moved, and a
    /// fragment already laid out is never changed (the engine's own is used in its place). The
    /// default returns a plain `TextLayoutFragment`, which keeps the engine's own. A paragraph
    /// that only moves keeps the layout it has: when the kind (or the paddings) a paragraph
    /// gets changes, call `invalidateLayout(for:)` on its range.
    ///
    /// ```swift
    /// func textLayoutManager(_ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
    ///                        in textElement: TextParagraph) -> TextLayoutFragment {
    ///     BubbleLayoutFragment(textElement: textElement, range: textElement.elementRange)
    /// }
    /// ```
    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph
    ) -> TextLayoutFragment

    /// The method above as TextKit spells it, with `NSTextElement` as `any TextElement`: seed
    /// code written that way is called too (the default of the method above calls this one).
    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: any TextElement
    ) -> TextLayoutFragment

    /// The fragment to use for `textElement`, given the one the engine laid out (after the
    /// method above). Return an instance of your own subclass made with `init(copying:)` to draw
    /// differently (a bubble behind a paragraph, a different surface); return `fragment` to keep
    /// it (the default). Called whenever a fragment is laid out or moved (an edit above it), so
    /// keep it cheap. Paddings and margins of a fragment made here do not change the layout it
    /// copies: return the fragment from the method above for those.
    ///
    /// ```swift
    /// final class BubbleFragment: TextLayoutFragment {
    ///     override var renderingSurfaceBounds: CGRect { super.renderingSurfaceBounds.insetBy(dx: -8, dy: -4) }
    /// }
    /// func textLayoutManager(
    ///     _ manager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
    ///     in textElement: TextParagraph, laidOut fragment: TextLayoutFragment
    /// ) -> TextLayoutFragment {
    ///     BubbleFragment(copying: fragment)
    /// }
    /// ```
    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph, laidOut fragment: TextLayoutFragment
    ) -> TextLayoutFragment

    /// `viewProvider`, the provider of `textAttachment` in a fragment laid out again (an edit in
    /// its paragraph, a new width), is about to be invalidated: keep it to hand it back from the
    /// method below (TextKit's `textLayoutManager(_:cacheTextAttachmentViewProvider:for:)`). The
    /// default keeps it when the text view's reuse policies say so
    /// (`textLayoutManager.textAttachmentViewProviderCache`).
    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager,
        cacheTextAttachmentViewProvider viewProvider: TextAttachmentViewProvider,
        for textAttachment: TextAttachment
    )

    /// A provider kept for `attachment`, for the new fragment that shows it, or nil to make a
    /// new one (TextKit's `textLayoutManager(_:retrieveCachedTextAttachmentViewProviderFor:)`).
    /// The default takes it from `textLayoutManager.textAttachmentViewProviderCache`.
    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, retrieveCachedTextAttachmentViewProviderFor attachment: TextAttachment
    ) -> TextAttachmentViewProvider?
}

extension TextLayoutManagerDelegate {
    public func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph
    ) -> TextLayoutFragment {
        self.textLayoutManager(textLayoutManager, textLayoutFragmentFor: location, in: textElement as any TextElement)
    }

    public func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: any TextElement
    ) -> TextLayoutFragment {
        TextLayoutFragment(textElement: textElement, range: textElement.elementRange)
    }

    public func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph, laidOut fragment: TextLayoutFragment
    ) -> TextLayoutFragment {
        fragment
    }

    public func textLayoutManager(
        _ textLayoutManager: TextLayoutManager,
        cacheTextAttachmentViewProvider viewProvider: TextAttachmentViewProvider,
        for textAttachment: TextAttachment
    ) {
        textLayoutManager.textAttachmentViewProviderCache.cache(viewProvider, for: textAttachment)
    }

    public func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, retrieveCachedTextAttachmentViewProviderFor attachment: TextAttachment
    ) -> TextAttachmentViewProvider? {
        textLayoutManager.textAttachmentViewProviderCache.retrieveCachedProvider(for: attachment)
    }
}
