import Foundation

/// The font a run of text asks for: a family, a size and a style. The typography layer matches it
/// against the installed fonts (fontconfig) and falls back per script when the family lacks a
/// character.
///
/// A font can also be semantic, as SwiftUI's `Font` is: `.body`, `.title`, `.headline.bold()`
/// say what the text is, and their size (and, for system designs, their family) come from the
/// ``FontResolutionContext`` it is resolved in; see FontDescriptor+Semantic.swift.
///
/// ```swift
/// let fixed = FontDescriptor(family: "DejaVu Serif", size: 13)   // 13 pt whatever the context
/// let title = FontDescriptor.title.bold()                        // 28/17 of the body size
/// let scaled = FontDescriptor.custom("DejaVu Serif", size: 13)   // 13 pt times the text-size scale
/// ```
public struct FontDescriptor: Hashable, Sendable, Codable {
    /// The family name, such as "Noto Sans" or a generic "sans-serif", "serif", "monospace".
    /// For a system font (``design`` set) the design's generic family: the family drawn comes
    /// from the resolution context.
    public let family: String
    /// The size in points. The typography layer refuses a size that is not finite and greater
    /// than 0 with a clear error (`FontRequest`); the document format never reads one. For a
    /// semantic font (``textStyle`` set) the size in the standard context: the size drawn comes
    /// from the resolution context.
    public let size: Double
    /// The weight.
    public let weight: FontWeight
    /// Whether the italic (or oblique) style is wanted.
    public let italic: Bool
    /// The width.
    public let width: FontWidth
    /// OpenType feature settings, applied in order.
    public let features: [FontFeature]
    /// The text style of a semantic font (`.body`, `.title`): its size comes from the
    /// resolution context. Nil for a font of a given size.
    public let textStyle: TextStyle?
    /// The design of a system font (`.body`, `.system(size:weight:design:)`): its family comes
    /// from the resolution context. Nil for a named family.
    public let design: FontDesign?
    /// For a named family whose given size scales with the context's text-size scale
    /// (`.custom(_:size:relativeTo:)`), the style it scales like. Nil: the size is fixed.
    public let relativeTextStyle: TextStyle?

    /// The font text is set in when nothing says otherwise: DejaVu Sans, 13 points (installed
    /// with fontconfig on Debian, and every script falls back from it). The one place the
    /// default is written: layout managers, the renderer, standalone lines and Markdown's
    /// presentation start from it.
    public static let defaultText = FontDescriptor(family: "DejaVu Sans", size: 13)

    /// A font descriptor of a named family at a fixed size (it does not scale with the context).
    public init(
        family: String,
        size: Double,
        weight: FontWeight = .regular,
        italic: Bool = false,
        width: FontWidth = .normal,
        features: [FontFeature] = []
    ) {
        self.init(
            family: family, size: size, weight: weight, italic: italic, width: width, features: features,
            textStyle: nil, design: nil, relativeTextStyle: nil)
    }

    /// Every field; the semantic constructors keep them consistent (a text style implies a
    /// design, a design means the family is its generic one, a relative style only for a named
    /// family).
    init(
        family: String, size: Double, weight: FontWeight, italic: Bool, width: FontWidth, features: [FontFeature],
        textStyle: TextStyle?, design: FontDesign?, relativeTextStyle: TextStyle?
    ) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.width = width
        self.features = features
        self.textStyle = textStyle
        self.design = design
        self.relativeTextStyle = relativeTextStyle
    }

    /// A copy with the given fields changed; nil keeps the current value. A new family makes a
    /// system font a named one (a semantic font's family then scales like its style); a new
    /// size makes a semantic font one of that size (a system font stays of its design).
    public func with(
        family: String? = nil,
        size: Double? = nil,
        weight: FontWeight? = nil,
        italic: Bool? = nil,
        width: FontWidth? = nil,
        features: [FontFeature]? = nil
    ) -> FontDescriptor {
        var textStyle = self.textStyle, design = self.design, relative = self.relativeTextStyle
        if family != nil {
            relative = relative ?? textStyle
            textStyle = nil
            design = nil
        }
        if size != nil, textStyle != nil {
            textStyle = nil
        }
        return FontDescriptor(
            family: family ?? self.family,
            size: size ?? self.size,
            weight: weight ?? self.weight,
            italic: italic ?? self.italic,
            width: width ?? self.width,
            features: features ?? self.features,
            textStyle: textStyle, design: design, relativeTextStyle: relative)
    }

    /// A copy with `feature` appended to the feature settings.
    public func adding(_ feature: FontFeature) -> FontDescriptor {
        with(features: features + [feature])
    }

    private enum CodingKeys: String, CodingKey {
        case family, size, weight, italic, width, features, textStyle, design, relativeTo
    }

    /// Decodes one of three forms, each field checked:
    /// - a named family: `family` and `size` (required), `relativeTo` (a text style: the size
    ///   scales with the context's text size);
    /// - a system font of a given size: `design` and `size`, no `family`;
    /// - a semantic font: `textStyle` (and `design`, default `default`), neither `family` nor
    ///   `size` (they come from the resolution context);
    ///
    /// and `weight`, `italic`, `width`, `features` (defaulted when absent; a semantic font's
    /// weight defaults to its style's). Documents written before semantic fonts are the first form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let textStyle = try container.decodeIfPresent(TextStyle.self, forKey: .textStyle)
        let design = try container.decodeIfPresent(FontDesign.self, forKey: .design)
        let relative = try container.decodeIfPresent(TextStyle.self, forKey: .relativeTo)
        let weight = try container.decodeIfPresent(FontWeight.self, forKey: .weight)
        let italic = try container.decodeIfPresent(Bool.self, forKey: .italic) ?? false
        let width = try container.decodeIfPresent(FontWidth.self, forKey: .width) ?? .normal
        let features = try container.decodeIfPresent([FontFeature].self, forKey: .features) ?? []
        func refuse(_ key: CodingKeys, _ why: String) -> DecodingError {
            DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: why)
        }
        func decodeSize() throws -> Double {
            let size = try container.decodeNumber(Double.self, forKey: .size)
            guard size.isFinite, size > 0 else {
                throw refuse(.size, "font size \(size) is not finite and greater than 0")
            }
            return size
        }
        if let textStyle {
            if container.contains(.family) {
                throw refuse(.family, "a font with a text style takes its family from its design, not \"family\"")
            }
            if container.contains(.size) {
                throw refuse(.size, "a font with a text style takes its size from the resolution context, not \"size\"")
            }
            if relative != nil {
                throw refuse(.relativeTo, "\"relativeTo\" is for a named family, not a font with a text style")
            }
            let design = design ?? .default
            self.init(
                family: design.genericFamily, size: textStyle.pointSize(in: .standard),
                weight: weight ?? textStyle.defaultWeight,
                italic: italic, width: width, features: features, textStyle: textStyle, design: design,
                relativeTextStyle: nil)
        } else if let design {
            if container.contains(.family) {
                throw refuse(.family, "a system font takes its family from its design, not \"family\"")
            }
            if relative != nil { throw refuse(.relativeTo, "\"relativeTo\" is for a named family, not a system font") }
            self.init(
                family: design.genericFamily, size: try decodeSize(), weight: weight ?? .regular, italic: italic,
                width: width,
                features: features, textStyle: nil, design: design, relativeTextStyle: nil)
        } else {
            let family = try container.decode(String.self, forKey: .family)
            self.init(
                family: family, size: try decodeSize(), weight: weight ?? .regular, italic: italic, width: width,
                features: features, textStyle: nil, design: nil, relativeTextStyle: relative)
        }
    }

    /// Encodes the form ``init(from:)`` reads: only the fields that form has.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let textStyle {
            try container.encode(textStyle, forKey: .textStyle)
            try container.encode(design ?? .default, forKey: .design)
        } else if let design {
            try container.encode(design, forKey: .design)
            try container.encode(size, forKey: .size)
        } else {
            try container.encode(family, forKey: .family)
            try container.encode(size, forKey: .size)
            try container.encodeIfPresent(relativeTextStyle, forKey: .relativeTo)
        }
        try container.encode(weight, forKey: .weight)
        try container.encode(italic, forKey: .italic)
        try container.encode(width, forKey: .width)
        try container.encode(features, forKey: .features)
    }
}
