/// The statistics of each cache a ``FontMatcher`` keeps.
public struct FontCacheStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Loaded faces, by file and face index.
    public var faces: CacheStatistics
    /// Faces at a size with their HarfBuzz fonts, by face, size and synthetic styles.
    public var fonts: CacheStatistics
    /// fontconfig's answers, by family and style (primary requests and fallback families).
    public var matches: CacheStatistics
    /// Fallback decisions, by requested style and grapheme cluster.
    public var fallbacks: CacheStatistics

    public var description: String {
        "faces: \(faces); fonts: \(fonts); matches: \(matches); fallbacks: \(fallbacks)"
    }
}

/// How many entries each cache of a ``FontMatcher`` holds at most.
public struct FontCacheLimits: Hashable, Sendable {
    /// Loaded faces (each keeps a font file mapped).
    public var faces: Int
    /// Faces at a size.
    public var fonts: Int
    /// fontconfig answers.
    public var matches: Int
    /// Fallback decisions (one per distinct cluster the requested font lacks).
    public var fallbacks: Int

    public init(faces: Int = 64, fonts: Int = 512, matches: Int = 512, fallbacks: Int = 16_384) {
        self.faces = faces
        self.fonts = fonts
        self.matches = matches
        self.fallbacks = fallbacks
    }
}
