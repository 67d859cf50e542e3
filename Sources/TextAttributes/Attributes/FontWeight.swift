import Foundation

/// The weight of a font on the OpenType and CSS scale, from 1 (thinnest) to 1000 (heaviest).
///
/// The named weights use Apple's names in Apple's order, so `ultraLight` (100) is lighter than
/// `thin` (200); in CSS these are "Thin" and "Extra Light". Variable fonts accept any value.
public struct FontWeight: Hashable, Sendable, Codable, Comparable {
    /// The weights a font can have.
    public static let range: ClosedRange<Double> = 1 ... 1000

    /// The weight, inside `range`.
    public let value: Double

    /// A weight; values outside 1...1000 are clamped, and NaN gives `regular`.
    public init(_ value: Double) {
        self.value = value.isNaN ? 400 : min(max(value, Self.range.lowerBound), Self.range.upperBound)
    }

    /// 100.
    public static let ultraLight = FontWeight(100)
    /// 200.
    public static let thin = FontWeight(200)
    /// 300.
    public static let light = FontWeight(300)
    /// 400, the weight of body text.
    public static let regular = FontWeight(400)
    /// 500.
    public static let medium = FontWeight(500)
    /// 600.
    public static let semibold = FontWeight(600)
    /// 700.
    public static let bold = FontWeight(700)
    /// 800.
    public static let heavy = FontWeight(800)
    /// 900.
    public static let black = FontWeight(900)

    public static func < (lhs: FontWeight, rhs: FontWeight) -> Bool { lhs.value < rhs.value }

    /// Decodes a bare number, which must lie in 1...1000.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value = try container.decodeNumber(Double.self)
        guard Self.range.contains(value) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "font weight \(value) is outside 1...1000")
        }
        self.value = value
    }

    /// Encodes a bare number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
