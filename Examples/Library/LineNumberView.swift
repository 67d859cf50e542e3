import Foundation
import OpenTextKit

/// The gutter a `LineNumberGutter` draws its numbers in (the seed's `lineNumberView`): the
/// labels of the last layout, in viewport coordinates, which it can draw into a
/// `RenderingContext` (each laid out with the engine, as `NSString.draw(at:withAttributes:)`
/// lays out its string).
public final class LineNumberView {
    /// One number drawn: its text, the top-left point of its text, and its attributes.
    public struct Label: Equatable, Sendable {
        public let string: String
        public let point: CGPoint
        public let attributes: AttributeContainer
    }

    /// What was drawn after the last layout, top to bottom.
    public private(set) var labels: [Label] = []

    public init() {}

    /// Draws `string` with its top-left corner at `point` (`NSString.draw(at:withAttributes:)`).
    public func draw(_ string: String, at point: CGPoint, withAttributes attributes: AttributeContainer) {
        labels.append(Label(string: string, point: point, attributes: attributes))
    }

    func removeAllLabels() {
        labels.removeAll()
    }

    /// Draws the labels into `context`, translated by `origin` (where the gutter's top-left
    /// corner is in the context).
    public func render(in context: RenderingContext, at origin: CGPoint = .zero) {
        for label in labels {
            let storage = TextContentStorage(
                attributedString: AttributedString(label.string, attributes: label.attributes))
            let layoutManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 10_000, height: 0)))
            storage.addTextLayoutManager(layoutManager)
            layoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
                let frame = fragment.layoutFragmentFrame
                fragment.draw(
                    at: CGPoint(x: origin.x + label.point.x + frame.minX, y: origin.y + label.point.y + frame.minY),
                    in: context)
                return true
            }
        }
    }
}
