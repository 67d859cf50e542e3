import Foundation

/// The region text is laid out in: TextKit's `NSTextContainer`, as a value.
///
/// ```swift
/// var container = TextContainer(size: CGSize(width: 600, height: 0))   // height 0: unbounded
/// container.exclusionPaths = [.rectangle(CGRect(x: 400, y: 0, width: 200, height: 120))]
/// ```
public struct TextContainer: Sendable, Hashable {
    /// The container's size. A height of 0 or infinity means unbounded; so does a width of
    /// infinity (no wrapping).
    public var size: CGSize
    /// Space left empty at each end of every line fragment (TextKit's default is 5).
    public var lineFragmentPadding: CGFloat
    /// Regions that text flows around.
    public var exclusionPaths: [ExclusionPath]
    /// The most lines a container holds; 0 means no limit.
    public var maximumNumberOfLines: Int
    /// How lines that do not fit are broken or shortened.
    public var lineBreakMode: LineBreakMode
    /// The layout manager this is the container of (TextKit's weak `textLayoutManager`): set
    /// on the value a layout manager holds (`textLayoutManager.textContainer`), nil on one made
    /// by hand or once the manager is gone. It plays no part in comparing containers. Use the
    /// manager from its own isolation domain.
    public internal(set) var textLayoutManager: TextLayoutManager? {
        get { managerLink.manager }
        set { managerLink.manager = newValue }
    }
    private var managerLink = LayoutManagerLink()

    public init(
        size: CGSize,
        lineFragmentPadding: CGFloat = 5,
        exclusionPaths: [ExclusionPath] = [],
        maximumNumberOfLines: Int = 0,
        lineBreakMode: LineBreakMode = .byWordWrapping
    ) {
        self.size = size
        self.lineFragmentPadding = lineFragmentPadding
        self.exclusionPaths = exclusionPaths
        self.maximumNumberOfLines = maximumNumberOfLines
        self.lineBreakMode = lineBreakMode
    }

    /// True without exclusion paths or a line limit: every line has the same width, so layout
    /// can start anywhere (noncontiguously).
    public var isSimpleRectangularTextContainer: Bool {
        exclusionPaths.isEmpty && maximumNumberOfLines == 0
    }

    /// The width lines may use; infinity when the container does not wrap.
    public var layoutWidth: CGFloat {
        size.width.isFinite ? max(0, size.width) : .infinity
    }

    /// The height text may fill; infinity when unbounded.
    public var layoutHeight: CGFloat {
        size.height.isFinite && size.height > 0 ? size.height : .infinity
    }

    /// The pieces of `proposedRect` (a line's band, in container coordinates) left free by the
    /// exclusion paths and the container's width, left to right, padding not yet removed.
    /// A line that crosses an exclusion path is split into the pieces on either side of it.
    public func lineFragmentRects(forProposedRect proposedRect: CGRect) -> [CGRect] {
        let band = proposedRect.standardized
        let right = min(band.maxX, layoutWidth)
        guard band.minX < right else { return [] }
        var blocked: [ClosedRange<CGFloat>] = exclusionPaths.compactMap {
            $0.blockedInterval(minY: band.minY, maxY: band.maxY)
        }
        blocked.sort { $0.lowerBound < $1.lowerBound }
        var pieces: [CGRect] = []
        var x = band.minX
        for interval in blocked {
            if interval.lowerBound > x {
                pieces.append(
                    CGRect(x: x, y: band.minY, width: min(interval.lowerBound, right) - x, height: band.height))
            }
            x = max(x, interval.upperBound)
            if x >= right { break }
        }
        if x < right {
            pieces.append(CGRect(x: x, y: band.minY, width: right - x, height: band.height))
        }
        return pieces.filter { $0.width > 0 }
    }
}

/// A weak reference to a layout manager that every container value compares equal through:
/// which manager holds a container is not part of its geometry. The reference sits in a box of
/// its own, made anew for each manager set, so copies of a container only share it.
private struct LayoutManagerLink: @unchecked Sendable, Hashable {
    private final class Box {
        weak var manager: TextLayoutManager?
        init(_ manager: TextLayoutManager?) { self.manager = manager }
    }
    private var box: Box?

    var manager: TextLayoutManager? {
        get { box?.manager }
        set { box = newValue.map { Box($0) } }
    }

    static func == (lhs: Self, rhs: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
}
