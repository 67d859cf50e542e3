import Foundation

/// An OpenType feature setting: a four-character feature tag and its value, as HarfBuzz takes it.
///
/// A value of 0 turns a feature off and 1 turns it on; features with alternates (`salt`, `cv01`)
/// take the index of the alternate. Later settings of the same tag win.
public struct FontFeature: Hashable, Sendable, Codable {
    /// The feature tag: four ASCII characters from space to tilde, spaces only at the end.
    public let tag: String
    /// The feature's value, 0 or more.
    public let value: Int

    /// A feature setting, or nil when `tag` is not a valid OpenType tag or `value` is negative.
    public init?(tag: String, value: Int = 1) {
        guard Self.isValidTag(tag), value >= 0 else { return nil }
        self.tag = tag
        self.value = value
    }

    private init(known tag: String, _ value: Int) {
        self.tag = tag
        self.value = value
    }

    /// Whether `tag` is a valid OpenType tag: four characters in U+0020...U+007E that do not start
    /// with a space and have no letter after a space.
    public static func isValidTag(_ tag: String) -> Bool {
        let bytes = Array(tag.utf8)
        guard bytes.count == 4, bytes[0] != 0x20 else { return false }
        var sawSpace = false
        for byte in bytes {
            guard (0x20 ... 0x7E).contains(byte) else { return false }
            if byte == 0x20 { sawSpace = true } else if sawSpace { return false }
        }
        return true
    }

    /// Pair kerning (`kern`), on by default in every shaper.
    public static func kerning(_ enabled: Bool) -> FontFeature { FontFeature(known: "kern", enabled ? 1 : 0) }
    /// Standard ligatures such as "fi" (`liga`), on by default.
    public static func ligatures(_ enabled: Bool) -> FontFeature { FontFeature(known: "liga", enabled ? 1 : 0) }
    /// Contextual alternates (`calt`), on by default.
    public static func contextualAlternates(_ enabled: Bool) -> FontFeature {
        FontFeature(known: "calt", enabled ? 1 : 0)
    }
    /// Discretionary ligatures (`dlig`), off by default.
    public static func discretionaryLigatures(_ enabled: Bool) -> FontFeature {
        FontFeature(known: "dlig", enabled ? 1 : 0)
    }
    /// Figures of equal width, for columns of numbers (`tnum`).
    public static let tabularFigures = FontFeature(known: "tnum", 1)
    /// Figures of their natural widths (`pnum`).
    public static let proportionalFigures = FontFeature(known: "pnum", 1)
    /// Old-style figures with ascenders and descenders (`onum`).
    public static let oldStyleFigures = FontFeature(known: "onum", 1)
    /// Lining figures of cap height (`lnum`).
    public static let liningFigures = FontFeature(known: "lnum", 1)
    /// Small capitals from lowercase letters (`smcp`).
    public static let smallCaps = FontFeature(known: "smcp", 1)
    /// A zero with a slash (`zero`).
    public static let slashedZero = FontFeature(known: "zero", 1)
    /// Diagonal fractions such as 1/2 (`frac`).
    public static let fractions = FontFeature(known: "frac", 1)

    private enum CodingKeys: String, CodingKey {
        case tag, value
    }

    /// Decodes `{"tag": "kern", "value": 0}`; `value` defaults to 1.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let tag = try container.decode(String.self, forKey: .tag)
        guard Self.isValidTag(tag) else {
            throw DecodingError.dataCorruptedError(
                forKey: .tag, in: container,
                debugDescription: "\"\(tag)\" is not an OpenType tag of four ASCII characters")
        }
        let value = try container.decodeNumberIfPresent(Int.self, forKey: .value) ?? 1
        guard value >= 0 else {
            throw DecodingError.dataCorruptedError(
                forKey: .value, in: container, debugDescription: "feature value \(value) is negative")
        }
        self.init(known: tag, value)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tag, forKey: .tag)
        try container.encode(value, forKey: .value)
    }
}
