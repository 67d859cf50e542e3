import Foundation

/// An sRGB colour with straight (not premultiplied) alpha; every component is in 0...1.
public struct TextColor: Hashable, Sendable, Codable {
    /// The red component, 0...1.
    public let red: Double
    /// The green component, 0...1.
    public let green: Double
    /// The blue component, 0...1.
    public let blue: Double
    /// The opacity, 0 (transparent) ... 1 (opaque).
    public let alpha: Double

    /// A colour; components outside 0...1 are clamped and NaN becomes 0.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.clamp(red)
        self.green = Self.clamp(green)
        self.blue = Self.clamp(blue)
        self.alpha = Self.clamp(alpha)
    }

    /// A grey of the given brightness.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// The colour written `#RRGGBB` or `#RRGGBBAA` (hex digits in either case), or nil for any
    /// other string.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var components: [Double] = []
        var index = 1
        while index < digits.count {
            guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else {
                return nil
            }
            components.append(Double(high * 16 + low) / 255)
            index += 2
        }
        self.init(
            red: components[0], green: components[1], blue: components[2],
            alpha: components.count == 4 ? components[3] : 1)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when the colour is not opaque, rounding each component to 8 bits.
    public var hex: String {
        let parts = alpha == 1 ? [red, green, blue] : [red, green, blue, alpha]
        return "#"
            + parts.map { component in
                let byte = Int((component * 255).rounded())
                return String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }.joined()
    }

    /// A colour with SwiftUI's spelling of the alpha, `Color(red:green:blue:opacity:)`.
    public init(red: Double, green: Double, blue: Double, opacity: Double) {
        self.init(red: red, green: green, blue: blue, alpha: opacity)
    }

    /// A grey with SwiftUI's spelling of the alpha, `Color(white:opacity:)`.
    public init(white: Double, opacity: Double) {
        self.init(white: white, alpha: opacity)
    }

    /// `color` with its opacity multiplied by `opacity` (clamped to 0...1), as SwiftUI's
    /// `Color(_:opacity:)`.
    public init(_ color: TextColor, opacity: Double) {
        self = color.opacity(opacity)
    }

    /// A copy with another opacity.
    public func withAlpha(_ alpha: Double) -> TextColor {
        TextColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// A copy whose opacity is this one's times `opacity` (clamped to 0...1; NaN gives 0), as
    /// SwiftUI's `Color.opacity(_:)`: `.blue.opacity(0.5)` is half as opaque as `.blue`.
    public func opacity(_ opacity: Double) -> TextColor {
        let factor = opacity.isNaN ? 0 : min(max(opacity, 0), 1)
        return withAlpha(alpha * factor)
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    private enum CodingKeys: String, CodingKey {
        case red, green, blue, alpha
    }

    /// Decodes `{"red": 1, "green": 0.5, "blue": 0, "alpha": 1}`; every component must lie in
    /// 0...1 (nothing is clamped on the way in), and `alpha` defaults to 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        red = try container.decode(.red, in: 0 ... 1)
        green = try container.decode(.green, in: 0 ... 1)
        blue = try container.decode(.blue, in: 0 ... 1)
        alpha = try container.hasValue(.alpha) ? try container.decode(.alpha, in: 0 ... 1) : 1
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(red, forKey: .red)
        try container.encode(green, forKey: .green)
        try container.encode(blue, forKey: .blue)
        try container.encode(alpha, forKey: .alpha)
    }
}

private extension String {
    func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
