import TextContent

/// The fallback cascade: which font draws a grapheme cluster the requested font cannot.
///
/// In order, the first font that has a glyph for every scalar of the cluster (default-ignorables
/// such as ZWJ and VS16 excepted, see ``GlyphCoverage``) wins:
/// 1. for an emoji presentation sequence, Noto Color Emoji;
/// 2. the requested font;
/// 3. the families listed for the cluster's script (``FallbackScript``): Noto Sans Arabic, Noto
///    Sans Kannada, Noto Sans CJK in the regional variant the language asks for...;
/// 4. the matcher's ``FontMatcher/fallbackFamilies``: DejaVu Sans unless told otherwise, which
///    covers much of Latin, Greek, Cyrillic and symbols;
/// 5. fontconfig's own sort by coverage of the cluster (FcFontSort with its character set).
/// Each family is asked for in the requested weight, slant and width. The decision is cached per
/// (requested style, cluster); "no installed font has it" is cached too.
extension FontMatcher {
    /// The face that draws a cluster, or nil when no installed font has it (the caller then uses
    /// the primary face, which draws .notdef). `codePoints` are the cluster's scalars.
    func fallbackSelection(
        cluster: String, codePoints: [UInt32], style: FontStyleKey, primary: FaceSelection,
        hanPreference: HanPreference
    ) -> FaceSelection? {
        let required = codePoints.filter(GlyphCoverage.needsGlyph)
        let script = FallbackScript.of(codePoints)
        if script != .emoji || primary.face.hasColorGlyphs, required.allSatisfy(primary.face.hasGlyph) {
            return primary
        }
        let key = FallbackKey(style: style, hanPreference: script == .han ? hanPreference : nil, cluster: cluster)
        return fallbackCache.value(for: key) {
            FallbackChoice(
                selection: cascade(
                    required: required, script: script, style: style, primary: primary, hanPreference: hanPreference))
        }.selection
    }

    private func cascade(
        required: [UInt32], script: FallbackScript?, style: FontStyleKey, primary: FaceSelection,
        hanPreference: HanPreference
    ) -> FaceSelection? {
        func covers(_ selection: FaceSelection) -> Bool { required.allSatisfy(selection.face.hasGlyph) }

        var families = script?.families(hanPreference: hanPreference) ?? []
        if script == .emoji {
            if let emoji = families.lazy.compactMap({ self.exactFamilySelection($0, style: style) }).first(
                where: covers)
            {
                return emoji
            }
            families = []
        }
        if covers(primary) { return primary }
        for family in families + fallbackFamilies {
            if let selection = exactFamilySelection(family, style: style), covers(selection) { return selection }
        }
        guard let found = Fontconfig.firstFace(covering: required, style: style) else { return nil }
        return try? selection(found, style: style)
    }
}

/// The fallback cache's key: the requested style (which determines the primary font), the CJK
/// preference when the cluster is Han, and the cluster.
struct FallbackKey: Hashable, Sendable {
    var style: FontStyleKey
    var hanPreference: HanPreference?
    var cluster: String
}

/// A cached fallback decision: nil when no installed font has the cluster.
struct FallbackChoice: Sendable {
    var selection: FaceSelection?
}
