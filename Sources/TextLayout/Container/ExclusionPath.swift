import Foundation

/// A region of a text container that text flows around: TextKit's exclusion paths, as
/// rectangles and polygons in container coordinates (y grows downward).
public enum ExclusionPath: Sendable, Hashable {
    case rectangle(CGRect)
    /// A closed polygon through `points`, in order.
    case polygon([CGPoint])

    /// The smallest rectangle containing the path.
    public var bounds: CGRect {
        switch self {
        case .rectangle(let rect):
            return rect.standardized
        case .polygon(let points):
            guard let first = points.first else { return .null }
            var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
            for point in points.dropFirst() {
                minX = min(minX, point.x); maxX = max(maxX, point.x)
                minY = min(minY, point.y); maxY = max(maxY, point.y)
            }
            return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    /// The horizontal extent the path blocks within the band `minY ..< maxY`, or nil if it does
    /// not reach into the band. For a polygon this is the extent of its part inside the band
    /// (edges clipped to the band), so a line is kept clear of every point of the path there.
    public func blockedInterval(minY: CGFloat, maxY: CGFloat) -> ClosedRange<CGFloat>? {
        switch self {
        case .rectangle(let rect):
            let rect = rect.standardized
            guard rect.width > 0, rect.height > 0, rect.minY < maxY, rect.maxY > minY else { return nil }
            return rect.minX ... rect.maxX
        case .polygon(let points):
            guard points.count >= 3 else { return nil }
            var low = CGFloat.infinity, high = -CGFloat.infinity
            for (index, a) in points.enumerated() {
                let b = points[(index + 1) % points.count]
                guard let (x0, x1) = Self.clip(a, b, minY: minY, maxY: maxY) else { continue }
                low = min(low, x0, x1)
                high = max(high, x0, x1)
            }
            return low <= high ? low ... high : nil
        }
    }

    /// The x range of segment a-b inside the band, or nil if it misses the band.
    private static func clip(_ a: CGPoint, _ b: CGPoint, minY: CGFloat, maxY: CGFloat) -> (CGFloat, CGFloat)? {
        let top = min(a.y, b.y), bottom = max(a.y, b.y)
        guard bottom >= minY, top <= maxY else { return nil }
        if a.y == b.y { return (a.x, b.x) }
        func x(at y: CGFloat) -> CGFloat { a.x + (b.x - a.x) * (y - a.y) / (b.y - a.y) }
        let y0 = max(top, minY), y1 = min(bottom, maxY)
        return (x(at: y0), x(at: y1))
    }
}
