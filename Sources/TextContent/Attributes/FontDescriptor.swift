import Foundation

/// The font a run of text asks for: a family, a size and a style. The typography layer matches it
/// against the installed fonts (fontconfig) and falls back per script when the family lacks a
/// character.
public struct FontDescriptor: Hashable, Sendable, Codable {
    /// The family name, such as "Noto Sans" or a generic "sans-serif", "serif", "monospace".
    public let family: String
    /// The size in points. The typography layer refuses a size that is not finite and greater
    /// than 0 with a clear error (`FontRequest`); the document format never reads one.
    public let size: Double
    /// The weight.
    public let weight: FontWeight
    /// Whether the italic (or oblique) style is wanted.
    public let italic: Bool
    /// The width.
    public let width: FontWidth
    /// OpenType feature settings, applied in order.
    public let features: [FontFeature]

    /// A font descriptor.
    public init(
        family: String,
        size: Double,
        weight: FontWeight = .regular,
        italic: Bool = false,
        width: FontWidth = .normal,
        features: [FontFeature] = []
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.width = width
        self.features = features
    }

    /// A copy with the given fields changed; nil keeps the current value.
    public func with(
        family: String? = nil,
        size: Double? = nil,
        weight: FontWeight? = nil,
        italic: Bool? = nil,
        width: FontWidth? = nil,
        features: [FontFeature]? = nil
    ) -> FontDescriptor {
        FontDescriptor(
            family: family ?? self.family,
            size: size ?? self.size,
            weight: weight ?? self.weight,
            italic: italic ?? self.italic,
            width: width ?? self.width,
            features: features ?? self.features)
    }

    /// A copy with `feature` appended to the feature settings.
    public func adding(_ feature: FontFeature) -> FontDescriptor {
        with(features: features + [feature])
    }

    private enum CodingKeys: String, CodingKey {
        case family, size, weight, italic, width, features
    }

    /// Decodes `family` and `size` (required) and the other fields (defaulted when absent).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let family = try container.decode(String.self, forKey: .family)
        let size = try container.decodeNumber(Double.self, forKey: .size)
        guard size.isFinite, size > 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .size, in: container, debugDescription: "font size \(size) is not finite and greater than 0")
        }
        self.init(
            family: family,
            size: size,
            weight: try container.decodeIfPresent(FontWeight.self, forKey: .weight) ?? .regular,
            italic: try container.decodeIfPresent(Bool.self, forKey: .italic) ?? false,
            width: try container.decodeIfPresent(FontWidth.self, forKey: .width) ?? .normal,
            features: try container.decodeIfPresent([FontFeature].self, forKey: .features) ?? [])
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(family, forKey: .family)
        try container.encode(size, forKey: .size)
        try container.encode(weight, forKey: .weight)
        try container.encode(italic, forKey: .italic)
        try container.encode(width, forKey: .width)
        try container.encode(features, forKey: .features)
    }
}
