import Foundation

/// A half-open range of locations: `location` is in the range, `endLocation` is not.
///
/// ```swift
/// let range = TextRange(location: start, end: storage.location(start, offsetBy: 5))
/// range?.contains(start)   // true
/// ```
public struct TextRange: Sendable, Equatable, CustomStringConvertible {
    /// The first location in the range.
    public let location: any TextLocation
    /// The location just past the range.
    public let endLocation: any TextLocation

    /// A range from `location` to `end`; `nil` when `end` precedes `location`.
    /// A nil `end` makes an empty range at `location`.
    public init?(location: any TextLocation, end: (any TextLocation)?) {
        let end = end ?? location
        guard location.compare(end) != .orderedDescending else { return nil }
        self.location = location
        self.endLocation = end
    }

    /// A range whose ends the caller knows are in order (a storage's own paragraphs): the
    /// comparison, a dynamic cast of each end, is skipped.
    init(orderedLocation location: any TextLocation, end: any TextLocation) {
        self.location = location
        self.endLocation = end
    }

    /// An empty range at `location`.
    public init(location: any TextLocation) {
        self.location = location
        self.endLocation = location
    }

    /// True when `location` equals `endLocation`.
    public var isEmpty: Bool { location.compare(endLocation) == .orderedSame }

    /// Whether `location <= other < endLocation`.
    public func contains(_ other: any TextLocation) -> Bool {
        location.compare(other) != .orderedDescending && other.compare(endLocation) == .orderedAscending
    }

    /// Whether `other` lies entirely within this range (an empty range at `endLocation` included).
    public func contains(_ other: TextRange) -> Bool {
        location.compare(other.location) != .orderedDescending
            && other.endLocation.compare(endLocation) != .orderedDescending
    }

    /// Whether the two ranges share at least one location; an empty range intersects a range
    /// that contains its location.
    public func intersects(_ other: TextRange) -> Bool {
        if isEmpty { return other.contains(location) || other.location.isEqual(to: location) }
        if other.isEmpty { return contains(other.location) }
        return location.compare(other.endLocation) == .orderedAscending
            && other.location.compare(endLocation) == .orderedAscending
    }

    /// The overlap of the two ranges, or nil when they are disjoint.
    public func intersection(_ other: TextRange) -> TextRange? {
        guard intersects(other) else { return nil }
        let start = location.compare(other.location) == .orderedDescending ? location : other.location
        let end = endLocation.compare(other.endLocation) == .orderedAscending ? endLocation : other.endLocation
        return TextRange(location: start, end: end)
    }

    /// The smallest range that contains both ranges.
    public func union(_ other: TextRange) -> TextRange {
        let start = location.compare(other.location) == .orderedAscending ? location : other.location
        let end = endLocation.compare(other.endLocation) == .orderedDescending ? endLocation : other.endLocation
        return TextRange(location: start, end: end) ?? self
    }

    /// Ranges are equal when both ends name the same positions.
    public static func == (lhs: TextRange, rhs: TextRange) -> Bool {
        lhs.location.isEqual(to: rhs.location) && lhs.endLocation.isEqual(to: rhs.endLocation)
    }

    /// `[start, end)`.
    public var description: String { "[\(location.description), \(endLocation.description))" }
}
