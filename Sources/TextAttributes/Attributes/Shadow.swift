import Foundation

/// A shadow drawn under a run's glyphs, as AppKit's and UIKit's `NSShadow` describes one: an
/// offset, a blur radius and a colour.
///
/// ```swift
/// text.shadow = Shadow(shadowOffset: CGSize(width: 2, height: 2), shadowBlurRadius: 3,
///                      shadowColor: TextColor(white: 0, alpha: 0.5))
/// ```
///
/// The offset is in the text's coordinates, y growing downward (as UIKit's: a positive height
/// puts the shadow below the glyphs; AppKit's unflipped views put it above). Values the engine
/// could not draw are clamped when the shadow is made: a non-finite offset or radius counts as
/// 0, offsets are kept within ±``maximumOffset`` points and the radius within
/// 0...``maximumBlurRadius``.
public struct Shadow: Hashable, Sendable, Codable {
    /// The largest offset, either way, in points.
    public static let maximumOffset: Double = 1000
    /// The largest blur radius, in points.
    public static let maximumBlurRadius: Double = 100
    /// `NSShadow`'s default colour: black at a third of full opacity.
    public static let defaultColor = TextColor(white: 0, alpha: 1.0 / 3.0)

    /// How far the shadow is drawn from the glyphs, in points (y grows downward).
    public let shadowOffset: CGSize
    /// How far the shadow's edges are blurred, in points; 0 draws a sharp shadow.
    public let shadowBlurRadius: Double
    /// The shadow's colour; its alpha is the shadow's opacity.
    public let shadowColor: TextColor

    /// A shadow; see the type's description for how out-of-range values are clamped.
    public init(
        shadowOffset: CGSize = .zero, shadowBlurRadius: Double = 0, shadowColor: TextColor = Shadow.defaultColor
    ) {
        self.shadowOffset = CGSize(
            width: Self.clamp(Double(shadowOffset.width), to: Self.maximumOffset),
            height: Self.clamp(Double(shadowOffset.height), to: Self.maximumOffset))
        self.shadowBlurRadius = max(0, Self.clamp(shadowBlurRadius, to: Self.maximumBlurRadius))
        self.shadowColor = shadowColor
    }

    private static func clamp(_ value: Double, to limit: Double) -> Double {
        value.isFinite ? min(max(value, -limit), limit) : 0
    }

    private enum CodingKeys: String, CodingKey {
        case shadowOffset, shadowBlurRadius, shadowColor
    }

    /// Decodes `{"shadowOffset": [w, h], "shadowBlurRadius": r, "shadowColor": ...}`, clamped as
    /// the initializer clamps; a key it does not know is an error (a document's next save would
    /// otherwise lose it).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let offset = try container.decodeIfPresent([Double].self, forKey: .shadowOffset) ?? [0, 0]
        guard offset.count == 2 else {
            throw DecodingError.dataCorruptedError(
                forKey: .shadowOffset, in: container, debugDescription: "a shadow offset is [width, height]")
        }
        self.init(
            shadowOffset: CGSize(width: offset[0], height: offset[1]),
            shadowBlurRadius: try container.decodeNumberIfPresent(Double.self, forKey: .shadowBlurRadius) ?? 0,
            shadowColor: try container.decodeIfPresent(TextColor.self, forKey: .shadowColor) ?? Self.defaultColor)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([Double(shadowOffset.width), Double(shadowOffset.height)], forKey: .shadowOffset)
        try container.encode(shadowBlurRadius, forKey: .shadowBlurRadius)
        try container.encode(shadowColor, forKey: .shadowColor)
    }
}
