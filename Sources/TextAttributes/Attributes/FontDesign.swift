import Foundation

/// The design of a system font, as SwiftUI's `Font.Design` has it: which generic family a
/// semantic font (`.body`) or a `.system(size:weight:design:)` font is drawn in. The family
/// itself comes from the ``FontResolutionContext`` (fontconfig's generic families by default).
public enum FontDesign: String, Hashable, Sendable, Codable, CaseIterable {
    /// The system's sans-serif ("sans-serif").
    case `default`
    /// A serif family ("serif").
    case serif
    /// A family with rounded strokes, when one is installed; otherwise sans-serif, and the
    /// resolved font names that fallback.
    case rounded
    /// A family whose characters all have one width ("monospace").
    case monospaced

    /// The generic family this design asks fontconfig for unless the context names another.
    public var genericFamily: String {
        switch self {
        case .default: return "sans-serif"
        case .serif: return "serif"
        case .rounded: return "ui-rounded"
        case .monospaced: return "monospace"
        }
    }

    /// Decodes one of the case names, with an error listing them for anything else.
    public init(from decoder: any Decoder) throws {
        self = try NamedCaseCoding.decode(FontDesign.self, from: decoder, valueName: "font design")
    }

    /// Encodes the case name.
    public func encode(to encoder: any Encoder) throws { try NamedCaseCoding.encode(self, to: encoder) }
}
