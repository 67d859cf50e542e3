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

    /// Forgets the labels drawn (a view drawn afresh), keeping their laid-out lines.
    public func removeAllLabels() {
        labels.removeAll()
    }

    /// Draws the labels into `context`, translated by `origin` (where the gutter's top-left
    /// corner is in the context).
    public func render(in context: RenderingContext, at origin: CGPoint = .zero) {
        for label in labels {
            render(label, in: context, at: CGPoint(x: origin.x + label.point.x, y: origin.y + label.point.y))
        }
    }

    /// Draws one label with its top-left corner at `point` (a view that keeps each number's
    /// drawing draws each one once).
    public func render(_ label: Label, in context: RenderingContext, at point: CGPoint) {
        line(of: label)?.draw(at: point, in: context)
    }

    /// Each label's string as a line of its own (TextKit's `NSTextLineFragment(string:attributes:range:)`,
    /// as `NSString.draw(at:withAttributes:)` lays out its string: no storage, no layout manager),
    /// kept for the next frames: a gutter draws the same numbers while its text scrolls. At most
    /// `layoutCacheLimit` are kept, all in `lineAttributes` (a gutter draws its numbers alike; the
    /// lines are keyed by their string, as hashing attributes at every frame costs more): labels
    /// drawn in changing attributes are laid out again each time.
    private var lines: [String: TextLineFragment] = [:]
    private var lineAttributes = AttributeContainer()
    private let layoutCacheLimit = 1_024

    private func line(of label: Label) -> TextLineFragment? {
        if label.attributes != lineAttributes {
            lines.removeAll()
            lineAttributes = label.attributes
        }
        if let kept = lines[label.string] { return kept }
        guard
            let line = try? TextLineFragment(
                string: label.string, attributes: label.attributes,
                range: NSRange(location: 0, length: label.string.utf16.count))
        else { return nil }
        if lines.count >= layoutCacheLimit { lines.removeAll() }
        lines[label.string] = line
        return line
    }
}
