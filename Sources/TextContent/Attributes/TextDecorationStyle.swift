import Foundation

/// How an underline or strikethrough is drawn: its dash pattern, its line, and whether it skips
/// the spaces between words.
public struct TextDecorationStyle: Hashable, Sendable, Codable {
    /// The dash pattern of the line.
    public enum Pattern: String, Hashable, Sendable, Codable, CaseIterable {
        /// An unbroken line.
        case solid
        /// A line of dots.
        case dotted
        /// A line of dashes.
        case dashed
        /// Alternating dashes and dots.
        case dashDot
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
