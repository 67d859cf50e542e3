import Foundation
@_spi(Layout) import TextContent

/// How far past its glyphs' outlines a paragraph's drawing may reach: its shadows (offset and
/// blur), outlines (half the stroke width) and skewed glyphs (the obliqueness times the font
/// size). Read once with the paragraph's attributes, only when one of those is set (nil, and no
/// cost, otherwise); the fragment's rendering surface grows by it, so a view that clips to the
/// surface keeps the shadow.
struct InkOutset: Sendable, Equatable {
    var left: CGFloat = 0
    var top: CGFloat = 0
    var right: CGFloat = 0
    var bottom: CGFloat = 0

    /// The outset of a run drawn at `fontSize` with these attributes (values as the drawing
    /// clamps them); nil when it draws within its outlines.
    init?(fontSize: Double, shadow: Shadow?, strokeWidth: Double?, obliqueness: Double?) {
        let size = fontSize.isFinite ? CGFloat(fontSize) : 0
        let stroke = CGFloat(abs(AttributeValueLimits.strokeWidth(strokeWidth ?? 0))) / 100 * size / 2
        let skew = CGFloat(abs(AttributeValueLimits.obliqueness(obliqueness ?? 0))) * size * 1.2
        guard shadow != nil || stroke > 0 || skew > 0 else { return nil }
        left = stroke + skew
        right = stroke + skew
        top = stroke
        bottom = stroke
        if let shadow {
            let blur = CGFloat(shadow.shadowBlurRadius)
            left += max(0, -shadow.shadowOffset.width) + blur
            right += max(0, shadow.shadowOffset.width) + blur
            top += max(0, -shadow.shadowOffset.height) + blur
            bottom += max(0, shadow.shadowOffset.height) + blur
        }
    }

    /// The larger outset of the two on each side.
    func union(_ other: InkOutset?) -> InkOutset {
        guard let other else { return self }
        var result = self
        result.left = max(left, other.left)
        result.top = max(top, other.top)
        result.right = max(right, other.right)
        result.bottom = max(bottom, other.bottom)
        return result
    }

    /// `rect` grown by the outset.
    func applied(to rect: CGRect) -> CGRect {
        CGRect(
            x: rect.minX - left, y: rect.minY - top, width: rect.width + left + right,
            height: rect.height + top + bottom)
    }
}
