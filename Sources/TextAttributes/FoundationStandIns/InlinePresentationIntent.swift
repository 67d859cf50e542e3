import Foundation

/// How a run of text is presented within its block, as Foundation's `InlinePresentationIntent`
/// (which Foundation on Linux lacks): an option set with Foundation's raw values.
public struct InlinePresentationIntent: OptionSet, Hashable, Sendable, Codable, CustomDebugStringConvertible {
    public let rawValue: UInt

    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Emphasis, usually italic (`*text*`).
    public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
    /// Strong emphasis, usually bold (`**text**`).
    public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
    /// Code (`` `text` ``), usually monospaced.
    public static let code = InlinePresentationIntent(rawValue: 1 << 2)
    /// Struck-through text (`~~text~~`).
    public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
    /// A soft line break: a line end inside a paragraph, shown as a space.
    public static let softBreak = InlinePresentationIntent(rawValue: 1 << 6)
    /// A hard line break (two spaces or a backslash before a line end).
    public static let lineBreak = InlinePresentationIntent(rawValue: 1 << 7)
    /// HTML within a paragraph, kept as text.
    public static let inlineHTML = InlinePresentationIntent(rawValue: 1 << 8)
    /// A block of HTML, kept as text.
    public static let blockHTML = InlinePresentationIntent(rawValue: 1 << 9)

    /// Every option this version knows.
    public static let all: InlinePresentationIntent = [
        .emphasized, .stronglyEmphasized, .code, .strikethrough, .softBreak, .lineBreak, .inlineHTML, .blockHTML,
    ]

    public var debugDescription: String {
        let names: [(InlinePresentationIntent, String)] = [
            (.emphasized, "emphasized"), (.stronglyEmphasized, "stronglyEmphasized"), (.code, "code"),
            (.strikethrough, "strikethrough"), (.softBreak, "softBreak"), (.lineBreak, "lineBreak"),
            (.inlineHTML, "inlineHTML"), (.blockHTML, "blockHTML"),
        ]
        return "[" + names.filter { contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }

    /// Decodes the raw value, refusing bits no option has.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decodeNumber(UInt.self)
        guard raw & ~Self.all.rawValue == 0 else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(raw) holds bits that are no inline presentation intent")
        }
        rawValue = raw
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
