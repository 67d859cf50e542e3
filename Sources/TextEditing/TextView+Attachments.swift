import Foundation
import TextLayout

/// An attachment's live view in a text view's viewport: what a host places, at `frame`.
public struct TextAttachmentViewPlacement {
    /// The attachment's view provider; its `view` is what the host shows (read it to load it).
    public let provider: TextAttachmentViewProvider
    /// Where the attachment is, in container coordinates.
    public let frame: CGRect
    /// The fragment that shows it.
    public let textLayoutFragment: TextLayoutFragment
}

extension TextView {
    /// Keeps view providers of `type` (and its subclasses) by `policies` (TextKit's
    /// `register(_:forTextAttachmentViewProviderType:)`): `.onEditingInlineParagraphs` keeps a
    /// provider and its view when its paragraph is edited (or laid out again at a new width);
    /// `.onScrollingOutOfViewport` keeps its view while it is scrolled out of the viewport, up
    /// to `textLayoutManager.textAttachmentViewProviderCache.outOfViewportLimit`. Without a
    /// policy, TextKit's behaviour: new providers for an edited paragraph, and a view scrolled
    /// out let go (loaded again when it comes back). The counts are in
    /// `textLayoutManager.textAttachmentViewProviderCache.statistics`.
    ///
    /// ```swift
    /// textView.register([.onEditingInlineParagraphs], forTextAttachmentViewProviderType: PlayerProvider.self)
    /// ```
    public func register(
        _ policies: TextAttachmentViewProviderReusePolicy,
        forTextAttachmentViewProviderType type: TextAttachmentViewProvider.Type
    ) {
        textLayoutManager.textAttachmentViewProviderCache.register(policies, forTextAttachmentViewProviderType: type)
    }

    /// The attachments' views of the fragments just laid out become `textAttachmentViewPlacements`,
    /// and the cache lets go of (or keeps) those that left.
    func placeAttachmentViews() {
        var placements: [TextAttachmentViewPlacement] = []
        for surface in renderingSurfaces {
            let fragment = surface.textLayoutFragment
            let origin = fragment.layoutFragmentFrame.origin
            for provider in fragment.textAttachmentViewProviders {
                let frame = fragment.frameForTextAttachment(at: provider.location)
                placements.append(
                    TextAttachmentViewPlacement(
                        provider: provider, frame: frame.offsetBy(dx: origin.x, dy: origin.y),
                        textLayoutFragment: fragment))
            }
        }
        guard !placements.isEmpty || !textAttachmentViewPlacements.isEmpty else { return }
        textAttachmentViewPlacements = placements
        textLayoutManager.textAttachmentViewProviderCache.viewportDidShow(placements.map(\.provider))
    }
}
