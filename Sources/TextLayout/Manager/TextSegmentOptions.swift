import Foundation
@_spi(Layout) import TextContent

/// Options of `enumerateTextSegments`.
public struct TextSegmentOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The block gets no range (nil): cheaper when only rectangles are wanted.
    public static let rangeNotRequired = TextSegmentOptions(rawValue: 1 << 0)
    /// Only the first and last lines of the range give segments.
    public static let middleFragmentsExcluded = TextSegmentOptions(rawValue: 1 << 1)
    /// The range's first segment reaches its line's leading edge.
    public static let headSegmentExtended = TextSegmentOptions(rawValue: 1 << 2)
    /// The range's last segment reaches its line's trailing edge.
    public static let tailSegmentExtended = TextSegmentOptions(rawValue: 1 << 3)
    /// For an empty range at a line wrap: the caret at the end of the line before, not at the
    /// start of the next.
    public static let upstreamAffinity = TextSegmentOptions(rawValue: 1 << 4)
}
