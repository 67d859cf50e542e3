public import TextContent

/// A font resolved in a context: the concrete traits of what is drawn, as SwiftUI's
/// `Font.Resolved` has them, read from the face fontconfig chose.
///
/// ```swift
/// let resolved = FontDescriptor.body.bold().resolve(in: context)
/// resolved.isBold            // true: what a toolbar's bold button shows
/// resolved.family            // "Noto Sans", the face fontconfig chose
/// if let fallback = resolved.fallback { print(fallback) }  // never silent
/// ```
public struct ResolvedFont: Hashable, Sendable, CustomStringConvertible {
    /// The font to measure and shape with, at ``pointSize``; nil only when no font is
    /// installed at all (``fallback`` says so).
    public let font: Font?
    /// The size in points in the context.
    public let pointSize: Double
    /// The weight drawn (the face's; bold when emboldened by synthesis).
    public let weight: FontWeight
    /// Whether the weight drawn is semibold or heavier.
    public var isBold: Bool { weight >= .semibold }
    /// Whether the text is drawn slanted (an italic face, or a synthetic italic).
    public let isItalic: Bool
    /// Whether the face chosen is monospaced.
    public let isMonospaced: Bool
    /// The family of the face fontconfig chose.
    public let family: String
    /// The family asked for: the named family, or a system design's family in the context.
    public let requestedFamily: String
    /// Set when the requested family is not what is drawn: which it was and what is used.
    public private(set) var fallback: FontFallback?
    /// The descriptor's text style, when it is semantic.
    public let textStyle: FontDescriptor.TextStyle?
    /// The descriptor's design, for a system font.
    public let design: FontDesign?

    init(
        descriptor: FontDescriptor, request: FontRequest, requestedFamily: String, match: FontMatch,
        fallbackReason: String?
    ) {
        font = match.font
        pointSize = request.size
        weight = FontWeight(match.font.weight)
        isItalic = match.font.isItalic
        isMonospaced = match.font.isMonospaced
        family = match.font.familyName
        self.requestedFamily = requestedFamily
        textStyle = descriptor.textStyle
        design = descriptor.design
        if let fallbackReason {
            fallback = FontFallback(requestedFamily: requestedFamily, chosenFamily: family, reason: fallbackReason)
        } else {
            fallback = nil
        }
    }

    /// What stands in for a font that cannot be resolved at all (no font is installed): the
    /// descriptor's traits, the body size, and the reason.
    init(unresolvable descriptor: FontDescriptor, in context: FontResolutionContext, reason: String) {
        font = nil
        pointSize = FontDescriptor.TextStyle.body.pointSize(in: context)
        weight = descriptor.weight
        isItalic = descriptor.italic
        isMonospaced = false
        family = descriptor.family(in: context)
        requestedFamily = family
        textStyle = descriptor.textStyle
        design = descriptor.design
        fallback = FontFallback(requestedFamily: family, chosenFamily: "", reason: reason)
    }

    /// The same font, standing in for another that could not be resolved (`fallback`).
    func standingIn(for fallback: FontFallback) -> ResolvedFont {
        var copy = self
        copy.fallback = fallback
        return copy
    }

    public var description: String {
        "\(family) \(pointSize)pt weight "
            + "\(weight.value)\(isItalic ? " italic" : "")\(isMonospaced ? " monospaced" : "")"
            + (fallback.map { " (\($0))" } ?? "")
    }
}
