import Foundation

/// The location type of `TextContentStorage`: a UTF-16 offset from the start of the document,
/// tagged with the document it belongs to so that a location from another document is
/// recognised (and refused) instead of being silently misread.
public struct TextContentLocation: TextLocation, Hashable, Comparable {
    /// UTF-16 code units from the start of the document.
    public let offset: Int
    /// Identifies the content manager that made this location.
    public let documentIdentifier: UInt64

    @_spi(Layout) public init(offset: Int, documentIdentifier: UInt64) {
        self.offset = offset
        self.documentIdentifier = documentIdentifier
    }

    /// Orders by offset within one document. Locations of other documents or other types are
    /// ordered deterministically (never a trap) but the order carries no meaning.
    public func compare(_ location: any TextLocation) -> ComparisonResult {
        guard let other = location as? TextContentLocation else {
            return String(describing: Self.self) < String(describing: type(of: location))
                ? .orderedAscending : .orderedDescending
        }
        if documentIdentifier != other.documentIdentifier {
            return documentIdentifier < other.documentIdentifier ? .orderedAscending : .orderedDescending
        }
        if offset == other.offset { return .orderedSame }
        return offset < other.offset ? .orderedAscending : .orderedDescending
    }

    /// Orders by document, then by offset.
    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.documentIdentifier, lhs.offset) < (rhs.documentIdentifier, rhs.offset)
    }

    /// The offset, as a number.
    public var description: String { "\(offset)" }
}
