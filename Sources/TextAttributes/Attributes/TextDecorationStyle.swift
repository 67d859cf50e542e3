import Foundation

/// How an underline or strikethrough is drawn: its dash pattern, its line, and whether it skips
/// the spaces between words.
public struct TextDecorationStyle: Hashable, Sendable, Codable {
    /// The dash pattern of the line, spelled as SwiftUI's `Text.LineStyle.Pattern`.
    public enum Pattern: String, Hashable, Sendable, Codable, CaseIterable {
        /// An unbroken line.
        case solid
        /// A line of dots (`NSUnderlineStyle.patternDot`).
        case dot
        /// A line of dashes (`.patternDash`).
        case dash
        /// Alternating dashes and dots (`.patternDashDot`).
        case dashDot
        /// A dash and two dots, repeating (`.patternDashDotDot`).
        case dashDotDot

        /// The former name of `dot`.
        @available(*, deprecated, renamed: "dot")
        public static var dotted: Pattern { .dot }
        /// The former name of `dash`.
        @available(*, deprecated, renamed: "dash")
        public static var dashed: Pattern { .dash }

        /// Decodes the pattern's name; the former names "dotted" and "dashed" are read too, so
        /// documents written before the rename open unchanged.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            let name = try container.decode(String.self)
            switch name {
            case "dotted": self = .dot
            case "dashed": self = .dash
            default:
                guard let pattern = Pattern(rawValue: name) else {
                    throw DecodingError.dataCorruptedError(
                        in: container,
                        debugDescription:
                            "\"\(name.prefix(40))\" is not a line pattern "
                            + "(\(Pattern.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                self = pattern
            }
        }
    }

    /// The line itself.
    public enum Line: String, Hashable, Sendable, Codable, CaseIterable {
        /// One line of the font's decoration thickness.
        case single
        /// Two thin lines.
        case double
        /// One line of about twice the normal thickness.
        case thick
    }

    /// The dash pattern.
    public let pattern: Pattern
    /// The line.
    public let line: Line
    /// Whether the decoration is drawn under words only, leaving whitespace bare.
    public let byWord: Bool

    /// A decoration style; the default is a single solid line.
    public init(pattern: Pattern = .solid, line: Line = .single, byWord: Bool = false) {
        self.pattern = pattern
        self.line = line
        self.byWord = byWord
    }

    /// A single solid line.
    public static let single = TextDecorationStyle()
    /// Two solid lines.
    public static let double = TextDecorationStyle(line: .double)
    /// A thick solid line.
    public static let thick = TextDecorationStyle(line: .thick)
    /// A single dotted line, as `NSUnderlineStyle.patternDot`.
    public static let patternDot = TextDecorationStyle(pattern: .dot)
    /// A single dashed line, as `NSUnderlineStyle.patternDash`.
    public static let patternDash = TextDecorationStyle(pattern: .dash)
    /// A single dash-dot line, as `NSUnderlineStyle.patternDashDot`.
    public static let patternDashDot = TextDecorationStyle(pattern: .dashDot)
    /// A single dash-dot-dot line, as `NSUnderlineStyle.patternDashDotDot`.
    public static let patternDashDotDot = TextDecorationStyle(pattern: .dashDotDot)
    /// A single solid line under words only, leaving whitespace bare, as
    /// `NSUnderlineStyle.byWord` with `.single`; `style.with(byWord: true)` makes any style so.
    public static let byWord = TextDecorationStyle(byWord: true)

    /// A copy with the given fields changed; nil keeps the current value.
    public func with(pattern: Pattern? = nil, line: Line? = nil, byWord: Bool? = nil) -> TextDecorationStyle {
        TextDecorationStyle(pattern: pattern ?? self.pattern, line: line ?? self.line, byWord: byWord ?? self.byWord)
    }

    private enum CodingKeys: String, CodingKey {
        case pattern, line, byWord
    }

    /// Decodes `{"pattern": "solid", "line": "single", "byWord": false}`; absent fields take the
    /// defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(
            pattern: try container.decodeIfPresent(Pattern.self, forKey: .pattern) ?? .solid,
            line: try container.decodeIfPresent(Line.self, forKey: .line) ?? .single,
            byWord: try container.decodeIfPresent(Bool.self, forKey: .byWord) ?? false)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(pattern, forKey: .pattern)
        try container.encode(line, forKey: .line)
        try container.encode(byWord, forKey: .byWord)
    }
}
