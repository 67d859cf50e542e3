import Foundation
@_spi(Layout) import TextContent

/// What a paragraph being read asks an attachment's view provider (when it tracks its view's
/// bounds) or the attachment's own layout (`TextAttachmentLayout`) for its bounds in.
struct AttachmentBoundsRequest {
    let container: TextContainer
    /// The paragraph read (its location is looked up only for an attachment that asks).
    let paragraph: TextParagraph

    /// The bounds asked for the attachment whose U+FFFC is at paragraph offset `offset`, in a run
    /// of `attributes`, and whether its provider gave them; nil when neither its provider nor
    /// its layout has any of its own.
    func bounds(
        of attachment: TextAttachment, attributes: AttributeContainer, offset: Int
    ) -> (bounds: CGRect, fromProvider: Bool)? {
        let location = paragraph.location(atOffset: offset)
        // The line's height depends on the bounds: only its width is proposed.
        let proposed = CGRect(x: 0, y: 0, width: container.size.width, height: 0)
        if let provider = container.textLayoutManager?.textAttachmentViewProviderCache.trackingProvider(for: attachment)
        {
            let bounds = provider.attachmentBounds(
                for: attributes, location: location, textContainer: container, proposedLineFragment: proposed,
                position: .zero)
            return (bounds, true)
        }
        guard let layout = attachment as? any TextAttachmentLayout else { return nil }
        let bounds = layout.attachmentBounds(
            for: attributes, location: location, textContainer: container, proposedLineFragment: proposed,
            position: .zero)
        return (bounds, false)
    }
}
