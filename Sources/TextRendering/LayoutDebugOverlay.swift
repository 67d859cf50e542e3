import Foundation
import TextContent
@_spi(Rendering) import TextLayout

/// The picture a developer wants when a layout looks wrong: each layout fragment's frame (blue),
/// its rendering-surface bounds (magenta, dashed), each line's typographic bounds (green) and
/// baseline (red), and the container's exclusion paths (orange), drawn over the text.
public struct LayoutDebugOverlay: Sendable {
    public var fragmentFrameColor = TextColor(red: 0.1, green: 0.3, blue: 0.9, alpha: 0.8)
    public var renderingSurfaceColor = TextColor(red: 0.85, green: 0.1, blue: 0.75, alpha: 0.8)
    public var lineBoundsColor = TextColor(red: 0.1, green: 0.65, blue: 0.2, alpha: 0.7)
    public var baselineColor = TextColor(red: 0.9, green: 0.1, blue: 0.1, alpha: 0.8)
    public var exclusionColor = TextColor(red: 1.0, green: 0.55, blue: 0.0, alpha: 0.25)
    public var exclusionOutlineColor = TextColor(red: 1.0, green: 0.45, blue: 0.0, alpha: 0.9)

    public init() {}

    /// Draws the container's exclusion paths, with the container's origin at `origin`.
    public func drawExclusionPaths(of container: TextContainer, in context: RenderingContext, origin: CGPoint = .zero) {
        for path in container.exclusionPaths {
            context.fillPolygon(
                path.outline.map { CGPoint(x: $0.x + origin.x, y: $0.y + origin.y) }, color: exclusionColor,
                outline: exclusionOutlineColor)
        }
    }

    /// Draws `fragment`'s boxes, with the container's origin at `origin`.
    public func draw(_ fragment: TextLayoutFragment, in context: RenderingContext, origin: CGPoint = .zero) {
        let frame = fragment.layoutFragmentFrame.offsetBy(dx: origin.x, dy: origin.y)
        for line in fragment.textLineFragments {
            let bounds = line.typographicBounds.offsetBy(dx: frame.minX, dy: frame.minY)
            context.stroke(bounds.insetBy(dx: 0.25, dy: 0.25), color: lineBoundsColor, width: 0.5)
            let y = bounds.minY + line.baseline
            context.strokeLine(
                from: CGPoint(x: bounds.minX, y: y), to: CGPoint(x: bounds.maxX, y: y), color: baselineColor, width: 0.5
            )
        }
        let surface = fragment.renderingSurfaceBounds.offsetBy(dx: frame.minX, dy: frame.minY)
        context.stroke(surface, color: renderingSurfaceColor, width: 0.75, dash: [3, 2])
        context.stroke(frame.insetBy(dx: 0.5, dy: 0.5), color: fragmentFrameColor, width: 1)
    }
}

extension ExclusionPath {
    /// The path's corners in order, as a polygon.
    var outline: [CGPoint] {
        switch self {
        case .rectangle(let rect):
            [
                CGPoint(x: rect.minX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.minY),
                CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY),
            ]
        case .polygon(let points):
            points
        }
    }
}
