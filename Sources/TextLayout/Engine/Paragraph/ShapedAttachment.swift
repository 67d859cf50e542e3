import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// An attachment of a shaped paragraph and the room it takes in a line, worked out once when
/// the paragraph is shaped: its U+FFFC is one unbreakable object as wide as the attachment,
/// drawn by no font.
struct ShapedAttachment: Sendable {
    /// The U+FFFC's UTF-16 offset in the paragraph.
    let offset: Int
    let attachment: TextAttachment
    /// Where it is drawn from its pen position on the baseline, in points, y up: the
    /// attachment's bounds (or its image's size, or a default), raised by its run's baseline offset.
    let bounds: CGRect
    /// What its line needs above the baseline: the top of the image, and at least the ascent of
    /// its run's font (the U+FFFC is text in that font, as in TextKit).
    let ascent: CGFloat
    /// What its line needs below the baseline: the bottom of an image that drops below it, and
    /// at least its font's descent.
    let descent: CGFloat
    let leading: CGFloat
    /// Whether the bounds came from a view provider that tracks its view's bounds.
    let hasProviderBounds: Bool

    /// The largest extent or offset taken from an attachment, in points: advances are Floats
    /// and a renderer turns frames into pixels, so an absurd size must not reach either.
    static let maximumExtent: CGFloat = 100_000

    /// `attachment` on its U+FFFC at `offset`, in a run of font `metrics` raised by
    /// `baselineOffset`; `requestedBounds` are its layout's or its provider's, if it has them.
    init(
        offset: Int, attachment: TextAttachment, requestedBounds: (bounds: CGRect, fromProvider: Bool)?,
        metrics: FontMetrics, baselineOffset: Double
    ) {
        self.offset = offset
        self.attachment = attachment
        hasProviderBounds = requestedBounds?.fromProvider ?? false
        var bounds = Self.bounds(
            of: attachment, requested: requestedBounds?.bounds, lineHeight: CGFloat(metrics.lineHeight))
        if baselineOffset.isFinite {
            bounds.origin.y += Self.clamped(CGFloat(baselineOffset), to: -Self.maximumExtent ... Self.maximumExtent)
        }
        self.bounds = bounds
        ascent = max(CGFloat(metrics.ascent), bounds.maxY)
        descent = max(CGFloat(metrics.descent), -bounds.minY)
        leading = CGFloat(metrics.leading)
    }

    /// The attachment's bounds: those its layout or its provider gave (`requested`), else its
    /// own, `.zero` taking its image's size (a PNG's pixels at a point each) on the baseline.
    /// Bounds that cannot be used, or no image to take a size from, take a square of the font's
    /// line height.
    static func bounds(of attachment: TextAttachment, requested: CGRect? = nil, lineHeight: CGFloat) -> CGRect {
        let side = lineHeight.isFinite && lineHeight > 0 ? min(lineHeight, maximumExtent) : 0
        let fallback = CGRect(x: 0, y: 0, width: side, height: side)
        let bounds = requested ?? attachment.standardAttachmentBounds()
        if bounds == .zero { return fallback }
        guard bounds.origin.x.isFinite, bounds.origin.y.isFinite, bounds.size.width.isFinite,
            bounds.size.height.isFinite
        else {
            return fallback
        }
        // A negative size is measured the other way from its origin, as CGRect does.
        let standard = bounds.standardized
        let origin = -maximumExtent ... maximumExtent, size = 0 ... maximumExtent
        return CGRect(
            x: clamped(standard.minX, to: origin), y: clamped(standard.minY, to: origin),
            width: clamped(standard.width, to: size), height: clamped(standard.height, to: size))
    }

    private static func clamped(_ value: CGFloat, to range: ClosedRange<CGFloat>) -> CGFloat {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
