public import TextContent

extension FontDescriptor {
    /// The font in `context`, as SwiftUI's `Font.resolve(in:)`: it never fails. Its size
    /// there, its family matched by fontconfig, and the traits of the face chosen. A family
    /// that is not installed resolves to fontconfig's choice; a font that cannot be asked for
    /// (a size that is not a positive number, an empty family) resolves as the context's body
    /// font of its weight and slant. Either way ``ResolvedFont/fallback`` says what and why;
    /// `resolve(in:matcher:)` throws for what cannot be asked for instead.
    ///
    /// ```swift
    /// let font = attributes.font ?? .default
    /// attributes.font = font.bold(!font.resolve(in: context).isBold)   // a bold button
    /// ```
    public func resolve(in context: FontResolutionContext) -> ResolvedFont {
        do {
            return try resolve(in: context, matcher: .shared)
        } catch {
            let requested = family(in: context)
            let standIn = FontDescriptor.body.with(weight: weight, italic: italic)
            guard let resolved = try? standIn.resolve(in: context, matcher: .shared) else {
                return ResolvedFont(unresolvable: self, in: context, reason: "\(error)")
            }
            return resolved.standingIn(
                for: FontFallback(requestedFamily: requested, chosenFamily: resolved.family, reason: "\(error)"))
        }
    }

    /// The font in `context`, matched by `matcher`: as `resolve(in:)`, but a size or family
    /// that cannot be asked for, or no font found at all, is a ``FontError``. A family that is
    /// not installed (or a rounded design with no rounded family) resolves to fontconfig's
    /// choice and says so in ``ResolvedFont/fallback``.
    public func resolve(in context: FontResolutionContext, matcher: FontMatcher) throws(FontError) -> ResolvedFont {
        let request = try FontRequest(self, in: context, matcher: matcher)
        let match = try matcher.match(request)
        var requested = request.family
        var reason: String?
        if design == .rounded, context.designFamilies[.rounded] == nil, matcher.installedRoundedFamily == nil {
            // The rounded design was asked for as sans-serif: no rounded family is installed.
            requested = family(in: context)
            reason =
                "no rounded family is installed (looked for \(FontMatcher.roundedFamilies.joined(separator: ", ")))"
        } else if !match.isExactFamily {
            reason = "fontconfig has no family of that name"
        }
        return ResolvedFont(
            descriptor: self, request: request, requestedFamily: requested, match: match, fallbackReason: reason)
    }
}

extension FontRequest {
    /// The request for `descriptor` in `context`: its size there (a semantic font's style size,
    /// a scaling family's size times the text-size scale), its family there (a system design's
    /// family; for the rounded design, the first rounded family installed, else sans-serif).
    /// What layout asks for every run; costs a few multiplications.
    public init(
        _ descriptor: FontDescriptor, in context: FontResolutionContext, matcher: FontMatcher = .shared
    ) throws(FontError) {
        var family = descriptor.family(in: context)
        if descriptor.design == .rounded, context.designFamilies[.rounded] == nil {
            family = matcher.installedRoundedFamily ?? FontDesign.default.genericFamily
        }
        try self.init(
            family: family, size: descriptor.pointSize(in: context), weight: descriptor.weight.value,
            italic: descriptor.italic,
            width: descriptor.width.value)
    }
}
