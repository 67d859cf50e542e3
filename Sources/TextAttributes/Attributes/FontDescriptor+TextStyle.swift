import Foundation

extension FontDescriptor {
    /// The text styles of semantic fonts, as SwiftUI's `Font.TextStyle` has them: a font of a
    /// style takes its size from the ``FontResolutionContext`` (a larger text size makes every
    /// style larger), so the content says what text is, not how many points it has.
    public enum TextStyle: String, Hashable, Sendable, Codable, CaseIterable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2

        /// The style's size in Apple's default Dynamic Type table (the "Large" size, where body
        /// is 17 points). A context scales it by its base size over 17 and its text-size scale.
        public var referenceSize: Double {
            switch self {
            case .largeTitle: return 34
            case .title: return 28
            case .title2: return 22
            case .title3: return 20
            case .headline: return 17
            case .body: return 17
            case .callout: return 16
            case .subheadline: return 15
            case .footnote: return 13
            case .caption: return 12
            case .caption2: return 11
            }
        }

        /// The style's weight unless a modifier sets another: headlines are semibold.
        public var defaultWeight: FontWeight { self == .headline ? .semibold : .regular }

        /// The style's size in points in `context`.
        public func pointSize(in context: FontResolutionContext) -> Double {
            referenceSize * context.baseSize / TextStyle.body.referenceSize * context.textSizeScale
        }

        /// Decodes one of the case names, with an error listing them for anything else.
        public init(from decoder: any Decoder) throws {
            self = try NamedCaseCoding.decode(TextStyle.self, from: decoder, valueName: "text style")
        }

        /// Encodes the case name.
        public func encode(to encoder: any Encoder) throws { try NamedCaseCoding.encode(self, to: encoder) }
    }
}
