import Foundation

/// A tab stop: where text after a tab character goes, and how it lines up there.
public struct TextTab: Hashable, Sendable, Codable {
    /// How the text after the tab lines up with the stop.
    public enum Alignment: String, Hashable, Sendable, Codable, CaseIterable {
        /// The text starts at the stop.
        case left
        /// The text ends at the stop.
        case right
        /// The text is centred on the stop.
        case center
        /// The text's decimal separator sits at the stop (right alignment when it has none).
        case decimal
    }

    /// How text lines up with the stop.
    public let alignment: Alignment
    /// The stop's distance in points from the paragraph's leading margin.
    public let location: Double

    /// A tab stop.
    public init(alignment: Alignment = .left, location: Double) {
        self.alignment = alignment
        self.location = location
    }

    private enum CodingKeys: String, CodingKey {
        case alignment, location
    }

    /// Decodes `{"alignment": "left", "location": 56}`; `alignment` defaults to left.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        alignment = try container.decodeIfPresent(Alignment.self, forKey: .alignment) ?? .left
        location = try container.decodeFinite(.location)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(alignment, forKey: .alignment)
        try container.encode(location, forKey: .location)
    }
}
