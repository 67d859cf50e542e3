import Foundation
@_spi(Layout) import TextContent

/// Where a line draws one attachment, for the renderer. Not public: like glyph runs, it is what
/// drawing needs, and TextKit's first principle keeps such things out of the public surface.
@_spi(Rendering) public struct AttachmentPlacement: Sendable {
    @_spi(Rendering) public let attachment: TextAttachment
    /// The paragraph UTF-16 offset of the attachment's U+FFFC.
    @_spi(Rendering) public let characterIndex: Int
    /// Where the attachment is drawn, in line coordinates: x from the line's left edge like glyph
    /// positions, y from the line's top, growing downward.
    @_spi(Rendering) public let frame: CGRect
}

extension TextLineFragment {
    /// The image drawn for `placement` (one of ``attachmentPlacements``): its attachment's
    /// layout's (`TextAttachmentLayout.image(for:attributes:location:textContainer:)`, asked
    /// with the U+FFFC's attributes and location; no container: drawing has none), or its own.
    @_spi(Rendering) public func image(for placement: AttachmentPlacement) -> TextImage? {
        guard placement.attachment is any TextAttachmentLayout else { return placement.attachment.standardImage() }
        let text = attributedString
        let utf16 = text.utf16
        guard placement.characterIndex >= 0, placement.characterIndex < utf16.count else {
            return placement.attachment.standardImage()
        }
        let index = utf16.index(utf16.startIndex, offsetBy: placement.characterIndex)
        let attributes = text.runs[index].attributes
        let start = attributedStringLocation(offset: placement.characterIndex)
        return placement.attachment.layoutImage(
            for: CGRect(origin: .zero, size: placement.frame.size), attributes: attributes, location: start,
            textContainer: nil)
    }

    /// The attachments the line shows, left to right.
    @_spi(Rendering) public var attachmentPlacements: [AttachmentPlacement] {
        let placements = placed.attachmentPlacements(in: shaped, baseline: baseline)
        guard unitOffset != 0 else { return placements }
        return placements.map {
            AttachmentPlacement(
                attachment: $0.attachment, characterIndex: $0.characterIndex + unitOffset, frame: $0.frame)
        }
    }
}

extension PlacedLine {
    /// The attachments of the line, left to right, for a line whose baseline is `baseline` below
    /// its top.
    func attachmentPlacements(in paragraph: ShapedParagraph, baseline: CGFloat) -> [AttachmentPlacement] {
        guard !paragraph.attachments.isEmpty else { return [] }
        var placements: [AttachmentPlacement] = []
        for item in items {
            guard case .attachment(let index) = item.source else { continue }
            let attachment = paragraph.attachments[index]
            // Bounds are y up from the pen position on the baseline; line coordinates are y down.
            let bounds = attachment.bounds
            let frame = CGRect(
                x: item.x + bounds.minX, y: baseline - bounds.maxY, width: bounds.width, height: bounds.height)
            placements.append(
                AttachmentPlacement(attachment: attachment.attachment, characterIndex: attachment.offset, frame: frame))
        }
        return placements
    }
}
