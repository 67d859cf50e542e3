import Foundation

/// Options of element enumeration.
public struct TextContentManagerEnumerationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Enumerate backward, from the element before the one containing the start location.
    public static let reverse = TextContentManagerEnumerationOptions(rawValue: 1 << 0)
}
