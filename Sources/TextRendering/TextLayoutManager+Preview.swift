import Foundation
import TextContent
import TextLayout

extension TextLayoutManager {
    /// The laid-out text within `rect` (container coordinates) drawn as a PNG image, `scale`
    /// pixels a point, on a transparent background: the picture of a line an animation moves
    /// (Writing Tools' text previews). Nil for a rectangle that is empty, not finite or larger
    /// than an image may be.
    ///
    /// ```swift
    /// tools.previewImage = { [manager] rect in manager.previewImage(of: rect, scale: 2) }
    /// ```
    public func previewImage(of rect: CGRect, scale: Double = 1) -> TextImage? {
        guard !rect.isEmpty, rect.minX.isFinite, rect.minY.isFinite, rect.width.isFinite, rect.height.isFinite,
            let surface = try? DrawingSurface.image(size: rect.size, scale: scale),
            let context = try? surface.makeContext(typesettingContext: typesettingContext)
        else { return nil }
        // From the fragment at the rectangle's top, not the document's start.
        let start = textLayoutFragment(for: CGPoint(x: rect.minX, y: rect.minY))?.rangeInElement?.location
        enumerateTextLayoutFragments(from: start, options: [.ensuresLayout]) { fragment in
            let frame = fragment.layoutFragmentFrame
            if frame.minY > rect.maxY { return false }
            guard frame.maxY >= rect.minY else { return true }
            let origin = CGPoint(x: frame.minX - rect.minX, y: frame.minY - rect.minY)
            fragment.draw(at: origin, in: context, renderingAttributes: renderingAttributes(for: fragment))
            return true
        }
        return (try? surface.pngData()).flatMap(TextImage.init(pngData:))
    }
}
