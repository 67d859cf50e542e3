public import TextContent

extension FontDescriptor {
    /// The font in `context`: its size there, its family matched by fontconfig, and the traits
    /// of the face chosen. A family that is not installed (or a rounded design with no rounded
    /// family) resolves to fontconfig's choice and says so in ``ResolvedFont/fallback``. Throws
    /// ``FontError`` for a size or family that cannot be asked for, or when no font is found.
    public func resolve(in context: FontResolutionContext, matcher: FontMatcher = .shared) throws(FontError) -> ResolvedFont {
        let request = try FontRequest(self, in: context, matcher: matcher)
        let match = try matcher.match(request)
        var requested = request.family
        var reason: String?
        if design == .rounded, context.designFamilies[.rounded] == nil, matcher.installedRoundedFamily == nil {
            // The rounded design was asked for as sans-serif: no rounded family is installed.
            requested = family(in: context)
            reason = "no rounded family is installed (looked for \(FontMatcher.roundedFamilies.joined(separator: ", ")))"
        } else if !match.isExactFamily {
            reason = "fontconfig has no family of that name"
        }
        return ResolvedFont(descriptor: self, request: request, requestedFamily: requested, match: match, fallbackReason: reason)
    }
}

extension FontRequest {
    /// The request for `descriptor` in `context`: its size there (a semantic font's style size,
    /// a scaling family's size times the text-size scale), its family there (a system design's
    /// family; for the rounded design, the first rounded family installed, else sans-serif).
    /// What layout asks for every run; costs a few multiplications.
    public init(_ descriptor: FontDescriptor, in context: FontResolutionContext, matcher: FontMatcher = .shared) throws(FontError) {
        var family = descriptor.family(in: context)
        if descriptor.design == .rounded, context.designFamilies[.rounded] == nil {
            family = matcher.installedRoundedFamily ?? FontDesign.default.genericFamily
        }
        try self.init(
            family: family, size: descriptor.pointSize(in: context), weight: descriptor.weight.value, italic: descriptor.italic,
            width: descriptor.width.value)
    }
}
