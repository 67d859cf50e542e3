import Foundation

/// The engine's attributes Markdown's extended syntax can set, by their property names:
/// `^[text](foregroundColor: "mint", underlineStyle: "dash", kern: 1.5)`.
///
/// A colour is a name SwiftUI has (`"mint"`, `"primary"`), `"#RRGGBB"`/`"#RRGGBBAA"`, or the
/// document format's object (`{red: 1, green: 0.5, blue: 0}`); an underline or strikethrough
/// is `"single"`, `"double"`, `"thick"`, a pattern (`"dot"`, `"dash"`, `"dashDot"`,
/// `"dashDotDot"`), `"byWord"`, or the object (`{pattern: "dash", byWord: true}`); `kern`,
/// `tracking` and `baselineOffset` are finite numbers of points.
extension AttributeScopes.OpenTextKitAttributes.ForegroundColorAttribute: MarkdownDecodableAttributedStringKey {
    public static var markdownName: String { "foregroundColor" }
    public static func decodeMarkdown(from decoder: any Decoder) throws -> TextColor {
        try TextColor(markdownFrom: decoder)
    }
}

extension AttributeScopes.OpenTextKitAttributes.BackgroundColorAttribute: MarkdownDecodableAttributedStringKey {
    public static var markdownName: String { "backgroundColor" }
    public static func decodeMarkdown(from decoder: any Decoder) throws -> TextColor {
        try TextColor(markdownFrom: decoder)
    }
}

extension AttributeScopes.OpenTextKitAttributes.UnderlineColorAttribute: MarkdownDecodableAttributedStringKey {
    public static var markdownName: String { "underlineColor" }
    public static func decodeMarkdown(from decoder: any Decoder) throws -> TextColor {
        try TextColor(markdownFrom: decoder)
    }
}

extension AttributeScopes.OpenTextKitAttributes.StrikethroughColorAttribute: MarkdownDecodableAttributedStringKey {
    public static var markdownName: String { "strikethroughColor" }
    public static func decodeMarkdown(from decoder: any Decoder) throws -> TextColor {
        try TextColor(markdownFrom: decoder)
    }
}

extension AttributeScopes.OpenTextKitAttributes.UnderlineStyleAttribute: MarkdownDecodableAttributedStringKey {
    public static var markdownName: String { "underlineStyle" }
    public static func decodeMarkdown(from decoder: any Decoder) throws -> TextDecorationStyle {
        try TextDecorationStyle(markdownFrom: decoder)
    }
}

extension AttributeScopes.OpenTextKitAttributes.StrikethroughStyleAttribute: MarkdownDecodableAttributedStringKey {
    public static var markdownName: String { "strikethroughStyle" }
    public static func decodeMarkdown(from decoder: any Decoder) throws -> TextDecorationStyle {
        try TextDecorationStyle(markdownFrom: decoder)
    }
}

extension AttributeScopes.OpenTextKitAttributes.KernAttribute: MarkdownDecodableAttributedStringKey {
    public static var markdownName: String { "kern" }
    public static func decodeMarkdown(from decoder: any Decoder) throws -> Double { try finitePoints(from: decoder) }
}

extension AttributeScopes.OpenTextKitAttributes.TrackingAttribute: MarkdownDecodableAttributedStringKey {
    public static var markdownName: String { "tracking" }
    public static func decodeMarkdown(from decoder: any Decoder) throws -> Double { try finitePoints(from: decoder) }
}

extension AttributeScopes.OpenTextKitAttributes.BaselineOffsetAttribute: MarkdownDecodableAttributedStringKey {
    public static var markdownName: String { "baselineOffset" }
    public static func decodeMarkdown(from decoder: any Decoder) throws -> Double { try finitePoints(from: decoder) }
}

/// A finite number (JSON5 also writes `Infinity` and `NaN`, which no length is).
private func finitePoints(from decoder: any Decoder) throws -> Double {
    let container = try decoder.singleValueContainer()
    let value = try container.decode(Double.self)
    guard value.isFinite else {
        throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "\(value) is not a finite number of points")
    }
    return value
}

extension TextColor {
    /// A colour as Markdown's extended syntax writes it: a name, a hex string or an object.
    init(markdownFrom decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer(), let name = try? container.decode(String.self) {
            guard let color = TextColor(named: name) ?? TextColor(hex: name) else {
                throw DecodingError.dataCorruptedError(
                    in: container,
                    debugDescription:
                        "\"\(name.prefix(40))\" is not a colour name "
                        + "(\(TextColor.named.map(\.name).joined(separator: ", "))) or #RRGGBB[AA]"
                )
            }
            self = color
            return
        }
        try self.init(from: decoder)
    }
}

extension TextDecorationStyle {
    /// A decoration as Markdown's extended syntax writes it: a name or an object.
    init(markdownFrom decoder: any Decoder) throws {
        if let container = try? decoder.singleValueContainer(), let name = try? container.decode(String.self) {
            switch name {
            case "single": self = .single
            case "double": self = .double
            case "thick": self = .thick
            case "byWord": self = .byWord
            default:
                guard let pattern = Pattern(rawValue: name) else {
                    throw DecodingError.dataCorruptedError(
                        in: container,
                        debugDescription:
                            "\"\(name.prefix(40))\" is not a line style (single, double, thick, byWord, "
                            + "\(Pattern.allCases.map(\.rawValue).joined(separator: ", ")))"
                    )
                }
                self = TextDecorationStyle(pattern: pattern)
            }
            return
        }
        try self.init(from: decoder)
    }
}
