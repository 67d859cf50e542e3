import Synchronization
import TextContent

/// Finds fonts: matches requests through fontconfig, loads faces, and picks a fallback font per
/// grapheme cluster (see FontMatcher+Fallback.swift). Thread-safe; every answer is cached in a
/// bounded cache.
///
/// ```swift
/// let match = try FontMatcher.shared.match(FontRequest(family: "DejaVu Sans", size: 13))
/// if !match.isExactFamily { print("using \(match.font.familyName) instead") }
/// let font = try FontMatcher.shared.font(for: "ಕ್ಷ", request: request)  // Noto Sans Kannada
/// ```
public final class FontMatcher: Sendable {
    /// The matcher of ``TypesettingContext/standard``: the one the engine uses unless given another.
    public static var shared: FontMatcher { TypesettingContext.standard.fontMatcher }

    /// The families every cluster no other font has falls back to, in order, before fontconfig's
    /// own sort by coverage (see FontMatcher+Fallback.swift): DejaVu Sans unless told otherwise.
    public static let standardFallbackFamilies = [FontDescriptor.defaultText.family]

    /// Generic families fontconfig resolves through its configuration: any match satisfies them.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "ui-sans-serif", "ui-serif",
        "ui-monospace", "cursive", "fantasy", "emoji", "math",
    ]

    /// The limits this matcher's caches were created with.
    public let limits: FontCacheLimits
    /// The families a cluster falls back to after its script's own families, in order.
    public let fallbackFamilies: [String]

    let faceCache: BoundedCache<FontFaceKey, FontFace>
    let fontCache: BoundedCache<FontInstanceKey, FontInstance>
    let matchCache: BoundedCache<MatchKey, MatchedStyle>
    let fallbackCache: BoundedCache<FallbackKey, FallbackChoice>
    /// See `installedRoundedFamily`: nil until first asked, then the answer.
    let roundedFamily = Mutex<String??>(nil)

    /// A matcher with its own caches, falling back last to `fallbackFamilies` (a name that is
    /// not installed is skipped).
    public init(limits: FontCacheLimits = FontCacheLimits(), fallbackFamilies: [String] = standardFallbackFamilies) {
        self.limits = limits
        self.fallbackFamilies = fallbackFamilies
        faceCache = BoundedCache(capacity: limits.faces)
        fontCache = BoundedCache(capacity: limits.fonts)
        matchCache = BoundedCache(capacity: limits.matches)
        fallbackCache = BoundedCache(capacity: limits.fallbacks)
    }

    /// The installed font that best matches `request`, and whether it is of the requested family.
    /// Throws only when no font can be found or loaded at all.
    public func match(_ request: FontRequest) throws(FontError) -> FontMatch {
        let style = try primaryStyle(request.style)
        return FontMatch(font: Font(instance(style.selection, size: request.size)), isExactFamily: style.isExactFamily)
    }

    /// The font that draws `cluster` (one grapheme cluster) for `request`: the requested font if it
    /// has the cluster (and the cluster is not an emoji presentation sequence, which prefers a
    /// colour emoji font), else the first font of the fallback cascade that has every scalar of it.
    /// When no installed font has the cluster, the requested font, which will draw .notdef.
    /// `language` (BCP 47) chooses between the regional variants of CJK fonts.
    public func font(
        for cluster: some StringProtocol, request: FontRequest, language: String? = nil
    ) throws(FontError) -> Font {
        let primary = try primaryStyle(request.style).selection
        let codePoints = cluster.unicodeScalars.map(\.value)
        let selection = fallbackSelection(
            cluster: String(cluster), codePoints: codePoints, style: request.style, primary: primary,
            hanPreference: HanPreference(language: language) ?? .simplifiedChinese)
        return Font(instance(selection ?? primary, size: request.size))
    }

    /// Hits and misses of every cache.
    public var statistics: FontCacheStatistics {
        FontCacheStatistics(
            faces: faceCache.statistics, fonts: fontCache.statistics, matches: matchCache.statistics,
            fallbacks: fallbackCache.statistics)
    }

    /// Empties every cache (fonts already handed out stay valid).
    public func removeAll() {
        faceCache.removeAll()
        fontCache.removeAll()
        matchCache.removeAll()
        fallbackCache.removeAll()
        roundedFamily.withLock { $0 = nil }
    }

    // MARK: - Internals shared with the fallback cascade and the shaper

    /// fontconfig's answer for the requested family and style.
    func primaryStyle(_ style: FontStyleKey) throws(FontError) -> (selection: FaceSelection, isExactFamily: Bool) {
        let matched = try matchCache.value(for: MatchKey(style: style, exactFamilyOnly: false)) {
            () throws(FontError) -> MatchedStyle in
            guard let found = Fontconfig.match(style) else { throw .noFontAvailable(family: style.family) }
            let isExact =
                Self.genericFamilies.contains(style.family.lowercased())
                || found.families.contains { $0.caseInsensitiveEquals(style.family) }
            return MatchedStyle(selection: try selection(found, style: style), isExactFamily: isExact)
        }
        guard let selection = matched.selection else { throw .noFontAvailable(family: style.family) }
        return (selection, matched.isExactFamily)
    }

    /// The face of exactly `family` in `style`'s weight, slant and width, or nil if the family is
    /// not installed or cannot be loaded (remembered, so a missing family costs one query).
    func exactFamilySelection(_ family: String, style: FontStyleKey) -> FaceSelection? {
        var style = style
        style.family = family
        return matchCache.value(for: MatchKey(style: style, exactFamilyOnly: true)) { () -> MatchedStyle in
            guard let found = Fontconfig.match(style),
                found.families.contains(where: { $0.caseInsensitiveEquals(family) }),
                let selection = try? selection(found, style: style)
            else { return MatchedStyle(selection: nil, isExactFamily: false) }
            return MatchedStyle(selection: selection, isExactFamily: true)
        }.selection
    }

    /// The loaded face for what fontconfig found, with the synthetic styles it needs.
    func selection(_ found: FontconfigFace, style: FontStyleKey) throws(FontError) -> FaceSelection {
        FaceSelection(
            face: try face(path: found.path, index: found.index),
            syntheticBold: found.embolden,
            syntheticItalic: style.italic && found.needsSyntheticItalic)
    }

    /// Face `index` of `path`, loaded once.
    func face(path: String, index: Int) throws(FontError) -> FontFace {
        try faceCache.value(for: FontFaceKey(path: path, index: index)) { () throws(FontError) -> FontFace in
            try FontFace(path: path, index: index)
        }
    }

    /// A face at a size.
    func instance(_ selection: FaceSelection, size: Double) -> FontInstance {
        let key = FontInstanceKey(
            face: selection.face.key, size: size, syntheticBold: selection.syntheticBold,
            syntheticItalic: selection.syntheticItalic)
        return fontCache.value(for: key) {
            FontInstance(
                face: selection.face, size: size, syntheticBold: selection.syntheticBold,
                syntheticItalic: selection.syntheticItalic)
        }
    }
}

/// A loaded face and the synthetic styles to apply to it.
struct FaceSelection: Sendable {
    var face: FontFace
    var syntheticBold: Bool
    var syntheticItalic: Bool

    func isSame(as other: FaceSelection) -> Bool {
        face === other.face && syntheticBold == other.syntheticBold && syntheticItalic == other.syntheticItalic
    }
}

/// The match cache's key: a style, and whether only its exact family will do (fallback lists)
/// or any match (primary requests).
struct MatchKey: Hashable, Sendable {
    var style: FontStyleKey
    var exactFamilyOnly: Bool
}

/// A cached match; no selection when an exact family was asked for and is not installed.
struct MatchedStyle: Sendable {
    var selection: FaceSelection?
    var isExactFamily: Bool
}

extension String {
    func caseInsensitiveEquals(_ other: String) -> Bool {
        lowercased() == other.lowercased()
    }
}
