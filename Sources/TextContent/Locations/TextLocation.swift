import Foundation

/// A position in a document, compared in logical (storage) order.
///
/// Locations are opaque: a content manager hands them out (`documentRange`,
/// `location(_:offsetBy:)`) and converts them back to offsets (`offset(from:to:)`).
/// Two locations are equal when they name the same position.
public protocol TextLocation: Sendable, CustomStringConvertible {
    /// Logical order of `self` relative to `location`.
    func compare(_ location: any TextLocation) -> ComparisonResult
}

extension TextLocation {
    /// Whether both locations name the same position.
    public func isEqual(to location: any TextLocation) -> Bool {
        compare(location) == .orderedSame
    }
}
