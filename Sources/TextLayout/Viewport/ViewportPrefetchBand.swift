import Foundation

/// How far beyond the viewport a layout walks: a band `height` tall above its top and below
/// its bottom, laid out in batches. While the last walk reached half a band or more past an
/// edge, the walk goes no farther there than it did; when less, a whole band. Most small
/// scrolls then lay nothing new out, and a scroll's cost is spread over the bands.
struct ViewportPrefetchBand {
    /// The band's height, in points (a fraction of the viewport's).
    let height: CGFloat
    /// What the last layout walked, top to bottom (container y); nil before the first.
    let lastWalked: ClosedRange<CGFloat>?

    init(height: CGFloat, lastWalked: ClosedRange<CGFloat>?) {
        self.height = max(0, height)
        self.lastWalked = lastWalked
    }

    /// Where the walk starts, for a viewport whose top is at `viewTop`.
    func top(above viewTop: CGFloat) -> CGFloat {
        if let last = lastWalked, last.lowerBound <= viewTop - height / 2 {
            return max(last.lowerBound, viewTop - height)
        }
        return viewTop - height
    }

    /// Where the walk stops, for a viewport whose bottom is at `bottom`.
    func bottom(below bottom: CGFloat) -> CGFloat {
        if let last = lastWalked, last.upperBound >= bottom + height / 2 {
            return min(last.upperBound, bottom + height)
        }
        return bottom + height
    }
}
