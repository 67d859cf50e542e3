import Foundation

/// The width of a font as a percentage of its normal width, from 50 (ultra-condensed) to 200
/// (ultra-expanded): the scale of CSS `font-stretch` and of fontconfig's `FC_WIDTH`.
public struct FontWidth: Hashable, Sendable, Codable, Comparable {
    /// The widths a font can have.
    public static let range: ClosedRange<Double> = 50 ... 200

    /// The width, inside `range`; 100 is normal.
    public let value: Double

    /// A width; values outside 50...200 are clamped, and NaN gives `normal`.
    public init(_ value: Double) {
        self.value = value.isNaN ? 100 : min(max(value, Self.range.lowerBound), Self.range.upperBound)
    }

    /// 50.
    public static let ultraCondensed = FontWidth(50)
    /// 62.5.
    public static let extraCondensed = FontWidth(62.5)
    /// 75.
    public static let condensed = FontWidth(75)
    /// 87.5.
    public static let semiCondensed = FontWidth(87.5)
    /// 100.
    public static let normal = FontWidth(100)
    /// 112.5.
    public static let semiExpanded = FontWidth(112.5)
    /// 125.
    public static let expanded = FontWidth(125)
    /// 150.
    public static let extraExpanded = FontWidth(150)
    /// 200.
    public static let ultraExpanded = FontWidth(200)

    public static func < (lhs: FontWidth, rhs: FontWidth) -> Bool { lhs.value < rhs.value }

    /// Decodes a bare number, which must lie in 50...200.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decodeNumber(Double.self)
        guard Self.range.contains(value) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "font width \(value) is outside 50...200")
        }
        self.value = value
    }

    /// Encodes a bare number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
