public import TextContent

/// What typesetting draws on besides the text: the font matcher with its fallback cascade, the
/// shaper with its shaped-word cache, the default font, and the colours drawing gives text,
/// links, selections and spelling marks. A layout manager and a renderer are handed one; those
/// that are not use ``standard``.
///
/// Contexts share no cache: a paragraph laid out in one never takes a font decision or a shaped
/// word from another, and each one's statistics count its own work. (Caches of what a font
/// *file* holds, such as the Cairo faces drawing opens, are keyed by the file and shared: the
/// same file gives the same answer in any context.)
///
/// ```swift
/// let serif = TypesettingContext(
///     defaultFont: FontDescriptor(family: "DejaVu Serif", size: 15), fallbackFamilies: ["DejaVu Serif"])
/// let manager = TextLayoutManager(typesettingContext: serif)   // lays out in DejaVu Serif
/// storage.addTextLayoutManager(manager)
/// ```
public final class TypesettingContext: Sendable {
    /// The context of everything not handed another: DejaVu Sans 13 points, DejaVu Sans as the
    /// last fallback, black text and blue links.
    public static let standard = TypesettingContext()

    /// The colours drawing uses where the content does not say: the colours of a context.
    public struct Colors: Hashable, Sendable {
        /// Text without a foreground colour.
        public var text: TextColor
        /// A link without a foreground colour of its own.
        public var link: TextColor
        /// The fill behind selected text.
        public var selection: TextColor
        /// The wavy underline of a misspelled word (GTK's and LibreOffice's red by default).
        public var spellingMark: TextColor
        /// The wavy underline of a grammatical error.
        public var grammarMark: TextColor

        public init(
            text: TextColor = .black, link: TextColor = .link,
            selection: TextColor = TextColor(red: 0.70, green: 0.84, blue: 1.0),
            spellingMark: TextColor = TextColor(red: 0.87, green: 0.12, blue: 0.12),
            grammarMark: TextColor = TextColor(red: 0.13, green: 0.55, blue: 0.13)
        ) {
            self.text = text
            self.link = link
            self.selection = selection
            self.spellingMark = spellingMark
            self.grammarMark = grammarMark
        }
    }

    /// How many shaped words a context keeps unless told otherwise.
    public static let standardShapedWordCapacity = 100_000

    /// Finds fonts and falls back per cluster; its caches are this context's.
    public let fontMatcher: FontMatcher
    /// The font of text that has no font attribute, for the layout managers made with this
    /// context (each may change its own `defaultFont` after).
    public let defaultFont: FontDescriptor
    /// The colours drawing uses where the content does not say.
    public let colors: Colors
    /// Shapes with `fontMatcher`'s fonts and keeps this context's shaped words.
    @_spi(Typesetting) public let shaper: TextShaper

    /// A context with caches of its own.
    ///
    /// - Parameters:
    ///   - defaultFont: the font of text without a font attribute.
    ///   - fallbackFamilies: the families a cluster falls back to when neither its font nor its
    ///     script's own families have it, in order, before fontconfig's sort by coverage.
    ///   - colors: the colours of text, links, selections and marks where the content does not say.
    ///   - fontCacheLimits: the sizes of the font matcher's caches.
    ///   - shapedWordCapacity: how many shaped words the shaper keeps at most.
    public init(
        defaultFont: FontDescriptor = .defaultText, fallbackFamilies: [String] = FontMatcher.standardFallbackFamilies,
        colors: Colors = Colors(), fontCacheLimits: FontCacheLimits = FontCacheLimits(),
        shapedWordCapacity: Int = standardShapedWordCapacity
    ) {
        let matcher = FontMatcher(limits: fontCacheLimits, fallbackFamilies: fallbackFamilies)
        self.fontMatcher = matcher
        self.defaultFont = defaultFont
        self.colors = colors
        self.shaper = TextShaper(matcher: matcher, wordCapacity: shapedWordCapacity)
    }

    /// A context with this one's fonts, font matcher and colours, and a shaped-word cache of its
    /// own: for a second thread that shapes beside this context's (a cache shared by two threads
    /// that shape at once makes each wait for the other's lookups).
    @_spi(Typesetting) public func sharingFontsWithWordsOfItsOwn() -> TypesettingContext {
        TypesettingContext(
            fontMatcher: fontMatcher, defaultFont: defaultFont, colors: colors,
            shaper: TextShaper(
                matcher: fontMatcher, wordCapacity: shaper.wordCache.capacity,
                wordCostLimit: shaper.wordCache.costLimit,
                usesContextFreeGlyphs: shaper.usesContextFreeGlyphs))
    }

    private init(fontMatcher: FontMatcher, defaultFont: FontDescriptor, colors: Colors, shaper: TextShaper) {
        (self.fontMatcher, self.defaultFont, self.colors, self.shaper) = (fontMatcher, defaultFont, colors, shaper)
    }

    /// Hits and misses of this context's shaped-word cache: what a benchmark reads to tell
    /// shaping from the cache apart from shaping with HarfBuzz.
    public var shapedWordCacheStatistics: CacheStatistics { shaper.statistics }
}
