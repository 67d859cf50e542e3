import Foundation
@_spi(Layout) import TextContent

/// How an attachment is laid out and drawn at a location (TextKit's `NSTextAttachmentLayout`):
/// its image, its bounds in the line, and the view provider that shows it as a live view.
///
/// TextKit's attachment conforms to it and a subclass overrides its methods. In Swift a
/// subclass cannot override what an extension in another module adds, so here a subclass of
/// `TextAttachment` adopts the protocol itself and implements what it changes; the rest keeps
/// TextKit's behaviour (the protocol's defaults, also callable as
/// `TextAttachment.standardImage(...)`, `standardAttachmentBounds(...)` and
/// `standardViewProvider(...)` where TextKit's subclass would call `super`).
///
/// ```swift
/// final class BadgeAttachment: TextAttachment, TextAttachmentLayout {
///     func attachmentBounds(for attributes: AttributeContainer, location: any TextLocation,
///                           textContainer: TextContainer?, proposedLineFragment: CGRect,
///                           position: CGPoint) -> CGRect {
///         CGRect(x: 0, y: -4, width: 48, height: 18)
///     }
/// }
/// ```
///
/// The bounds are asked when the paragraph is read for layout, with the run's attributes, the
/// U+FFFC's location, the container and a proposed line as wide as the container (the line's
/// height depends on the bounds, so it is not known yet); a paragraph shaped before with the
/// same text and attachment keeps the bounds it had.
public protocol TextAttachmentLayout: TextAttachment {
    /// The image drawn for the attachment in `bounds` (TextKit's
    /// `image(for:attributes:location:textContainer:)`); nil draws a box where it goes.
    func image(
        for bounds: CGRect, attributes: AttributeContainer, location: any TextLocation, textContainer: TextContainer?
    ) -> TextImage?

    /// Where the attachment is drawn, origin on the baseline, y up (TextKit's
    /// `attachmentBounds(for:location:textContainer:proposedLineFragment:position:)`).
    func attachmentBounds(
        for attributes: AttributeContainer, location: any TextLocation, textContainer: TextContainer?,
        proposedLineFragment: CGRect, position: CGPoint
    ) -> CGRect

    /// The provider of the live view that shows the attachment, or nil to draw its image
    /// (TextKit's `viewProvider(for:location:textContainer:)`).
    func viewProvider(
        for parentView: AnyObject?, location: any TextLocation, textContainer: TextContainer?
    ) -> TextAttachmentViewProvider?
}

extension TextAttachmentLayout {
    public func image(
        for bounds: CGRect, attributes: AttributeContainer, location: any TextLocation, textContainer: TextContainer?
    ) -> TextImage? {
        standardImage()
    }

    public func attachmentBounds(
        for attributes: AttributeContainer, location: any TextLocation, textContainer: TextContainer?,
        proposedLineFragment: CGRect, position: CGPoint
    ) -> CGRect {
        standardAttachmentBounds()
    }

    public func viewProvider(
        for parentView: AnyObject?, location: any TextLocation, textContainer: TextContainer?
    ) -> TextAttachmentViewProvider? {
        standardViewProvider(for: parentView, location: location, textContainer: textContainer)
    }
}

extension TextAttachment {
    /// TextKit's image for an attachment: its `image`, else its `contents` when they are a PNG.
    public func standardImage() -> TextImage? {
        image ?? contents.flatMap(TextImage.init(pngData:))
    }

    /// TextKit's bounds for an attachment: its `bounds` unless they are `.zero`, else its
    /// image's size on the baseline (`.zero` without an image: layout then gives it a square of
    /// its font's line height).
    public func standardAttachmentBounds() -> CGRect {
        let bounds = bounds
        guard bounds == .zero else { return bounds }
        guard let image = standardImage() else { return .zero }
        return CGRect(origin: .zero, size: image.size)
    }

    /// TextKit's view provider for an attachment: when it allows a view and a provider class is
    /// registered for its `fileType`, a new instance of that class (its
    /// `init(textAttachment:parentView:textLayoutManager:location:)`); otherwise nil.
    public func standardViewProvider(
        for parentView: AnyObject?, location: any TextLocation, textContainer: TextContainer?
    ) -> TextAttachmentViewProvider? {
        guard allowsTextAttachmentView, let fileType,
            let type = Self.viewProviderClass(forFileType: fileType) as? TextAttachmentViewProvider.Type
        else { return nil }
        return type.init(
            textAttachment: self, parentView: parentView, textLayoutManager: textContainer?.textLayoutManager,
            location: location)
    }

    /// The image drawn for the attachment: its layout's, or the standard one.
    func layoutImage(
        for bounds: CGRect, attributes: AttributeContainer, location: any TextLocation, textContainer: TextContainer?
    ) -> TextImage? {
        guard let layout = self as? any TextAttachmentLayout else { return standardImage() }
        return layout.image(for: bounds, attributes: attributes, location: location, textContainer: textContainer)
    }

    /// The attachment's view provider at `location`: its layout's, or the standard one.
    func layoutViewProvider(
        for parentView: AnyObject?, location: any TextLocation, textContainer: TextContainer?
    ) -> TextAttachmentViewProvider? {
        guard let layout = self as? any TextAttachmentLayout else {
            return standardViewProvider(for: parentView, location: location, textContainer: textContainer)
        }
        return layout.viewProvider(for: parentView, location: location, textContainer: textContainer)
    }
}
