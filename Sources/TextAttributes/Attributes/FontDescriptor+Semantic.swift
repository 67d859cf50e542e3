import Foundation

/// Semantic fonts, as SwiftUI's `Font` has them: text styles whose size comes from the
/// resolution context, system fonts of a design, named families that scale, and modifiers.
///
/// ```swift
/// text.font = .body.bold()
/// text.font = .system(size: 20, weight: .medium, design: .serif)
/// text.font = .custom("DejaVu Serif", size: 15, relativeTo: .body)
/// ```
extension FontDescriptor {
    /// A system font of `style`: its size from the resolution context, its family from
    /// `design` (in the context), headlines semibold unless `weight` says otherwise.
    public static func system(
        _ style: TextStyle, design: FontDesign? = nil, weight: FontWeight? = nil
    ) -> FontDescriptor {
        let design = design ?? .default
        return FontDescriptor(
            family: design.genericFamily, size: style.pointSize(in: .standard), weight: weight ?? style.defaultWeight,
            italic: false,
            width: .normal, features: [], textStyle: style, design: design, relativeTextStyle: nil)
    }

    /// A system font of a fixed size: its family comes from the context, its size does not
    /// change with the context's text-size scale (as SwiftUI's does not).
    public static func system(size: Double, weight: FontWeight? = nil, design: FontDesign? = nil) -> FontDescriptor {
        let design = design ?? .default
        return FontDescriptor(
            family: design.genericFamily, size: size, weight: weight ?? .regular, italic: false, width: .normal,
            features: [],
            textStyle: nil, design: design, relativeTextStyle: nil)
    }

    /// A named family of `size` points at the standard text size, scaled with the context's
    /// text-size scale like body text (SwiftUI's `custom(_:size:)` scales too).
    public static func custom(_ name: String, size: Double) -> FontDescriptor {
        custom(name, size: size, relativeTo: .body)
    }

    /// A named family of `size` points at the standard text size, scaled with the context's
    /// text-size scale like `textStyle`.
    public static func custom(_ name: String, size: Double, relativeTo textStyle: TextStyle) -> FontDescriptor {
        FontDescriptor(
            family: name, size: size, weight: .regular, italic: false, width: .normal, features: [],
            textStyle: nil, design: nil, relativeTextStyle: textStyle)
    }

    /// A named family of a fixed size, whatever the context (`FontDescriptor(family:size:)`).
    public static func custom(_ name: String, fixedSize: Double) -> FontDescriptor {
        FontDescriptor(family: name, size: fixedSize)
    }

    /// The body style, the engine's default text.
    public static var body: FontDescriptor { system(.body) }
    /// The largest title style.
    public static var largeTitle: FontDescriptor { system(.largeTitle) }
    /// The first-level title style.
    public static var title: FontDescriptor { system(.title) }
    /// The second-level title style.
    public static var title2: FontDescriptor { system(.title2) }
    /// The third-level title style.
    public static var title3: FontDescriptor { system(.title3) }
    /// The headline style: body-sized and semibold.
    public static var headline: FontDescriptor { system(.headline) }
    /// The subheadline style.
    public static var subheadline: FontDescriptor { system(.subheadline) }
    /// The callout style.
    public static var callout: FontDescriptor { system(.callout) }
    /// The footnote style.
    public static var footnote: FontDescriptor { system(.footnote) }
    /// The caption style.
    public static var caption: FontDescriptor { system(.caption) }
    /// The second caption style, the smallest.
    public static var caption2: FontDescriptor { system(.caption2) }
    /// The font text takes when it says none: body (SwiftUI's `Font.default`).
    public static var `default`: FontDescriptor { body }

    /// Whether the font is semantic: its size comes from the resolution context.
    public var isSemantic: Bool { textStyle != nil }

    /// Whether the font is a system font: its family comes from the resolution context.
    public var isSystemFont: Bool { design != nil }

    // MARK: - Modifiers

    /// Bold (weight 700 or more) when `isActive`; otherwise a bold weight (semibold or more)
    /// goes back to regular. `font.bold(!font.resolve(in: context).isBold)` toggles bold.
    public func bold(_ isActive: Bool = true) -> FontDescriptor {
        if isActive { return weight >= .bold ? self : weight(.bold) }
        return weight >= .semibold ? weight(.regular) : self
    }

    /// Italic when `isActive`, upright otherwise.
    public func italic(_ isActive: Bool = true) -> FontDescriptor {
        FontDescriptor(
            family: family, size: size, weight: weight, italic: isActive, width: width, features: features,
            textStyle: textStyle, design: design, relativeTextStyle: relativeTextStyle)
    }

    /// The font at `weight`.
    public func weight(_ weight: FontWeight) -> FontDescriptor {
        FontDescriptor(
            family: family, size: size, weight: weight, italic: italic, width: width, features: features,
            textStyle: textStyle, design: design, relativeTextStyle: relativeTextStyle)
    }

    /// The font at `width`.
    public func width(_ width: FontWidth) -> FontDescriptor {
        FontDescriptor(
            family: family, size: size, weight: weight, italic: italic, width: width, features: features,
            textStyle: textStyle, design: design, relativeTextStyle: relativeTextStyle)
    }

    /// A system font in the monospaced design when `isActive` (back to the default design
    /// otherwise). A named family has no monospaced variant to switch to: as in SwiftUI, the
    /// modifier leaves it as it is.
    public func monospaced(_ isActive: Bool = true) -> FontDescriptor {
        guard let design else { return self }
        let newDesign: FontDesign = isActive ? .monospaced : (design == .monospaced ? .default : design)
        return FontDescriptor(
            family: newDesign.genericFamily, size: size, weight: weight, italic: italic, width: width,
            features: features,
            textStyle: textStyle, design: newDesign, relativeTextStyle: relativeTextStyle)
    }

    /// Figures of equal width, the rest as it was (SwiftUI's `monospacedDigit()`).
    public func monospacedDigit() -> FontDescriptor { adding(.tabularFigures) }

    /// Small capitals from lowercase letters (SwiftUI's `smallCaps()`).
    public func smallCaps() -> FontDescriptor { adding(.smallCaps) }

    // MARK: - Resolution in a context (what needs no font files)

    /// The size the font is drawn at in `context`, in points: a semantic font's style size, a
    /// scaling family's size times the text-size scale, or the fixed size.
    public func pointSize(in context: FontResolutionContext) -> Double {
        if let textStyle { return textStyle.pointSize(in: context) }
        if relativeTextStyle != nil { return size * context.textSizeScale }
        return size
    }

    /// The family asked of the font system in `context`: a system font's design family there,
    /// or the named family.
    public func family(in context: FontResolutionContext) -> String {
        design.map(context.family(for:)) ?? family
    }

    /// Whether resolving the font depends on `context` at all (a fixed-size named family does
    /// not): what a layout keeps across a context change.
    public var dependsOnContext: Bool { textStyle != nil || design != nil || relativeTextStyle != nil }

    /// The text style whose standard size is nearest this font's (body on a tie): what a
    /// semantic-only editor turns a font of a given size into.
    public var nearestTextStyle: TextStyle {
        if let textStyle { return textStyle }
        let size = pointSize(in: .standard)
        var best = TextStyle.body
        for style in TextStyle.allCases where style != .headline {
            let distance = abs(style.pointSize(in: .standard) - size)
            if distance < abs(best.pointSize(in: .standard) - size) { best = style }
        }
        return best
    }

    /// This font as a semantic one: a text style (the nearest by size, for a font of a given
    /// size) in a system design (a named family becomes the default design, a generic "serif"
    /// or "monospace" family its design), keeping weight, italic, width and features.
    public var semantic: FontDescriptor {
        if textStyle != nil { return self }
        let design = self.design ?? Self.design(ofGenericFamily: family) ?? .default
        let style = nearestTextStyle
        return FontDescriptor(
            family: design.genericFamily, size: style.pointSize(in: .standard), weight: weight, italic: italic,
            width: width,
            features: features, textStyle: style, design: design, relativeTextStyle: nil)
    }

    private static func design(ofGenericFamily family: String) -> FontDesign? {
        switch family.lowercased() {
        case "serif", "ui-serif": return .serif
        case "monospace", "mono", "ui-monospace": return .monospaced
        case "ui-rounded": return .rounded
        case "sans-serif", "sans", "system-ui", "ui-sans-serif": return .default
        default: return nil
        }
    }
}
