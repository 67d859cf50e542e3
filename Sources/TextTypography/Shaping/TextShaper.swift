internal import CHarfBuzz
import TextContent

/// Shapes a paragraph's text into glyph runs: splits it into font runs by per-cluster fallback,
/// shapes each word with HarfBuzz in its run's font and caches shaped words, so a paragraph
/// re-broken or laid out again is not reshaped. Thread-safe: shape from any number of tasks at
/// once; the caches are shared.
///
/// ```swift
/// let text = Array("Hello, مرحبا".utf16)
/// let runs = try TypesettingContext.standard.shaper.shape(
///     text: text, range: 0..<7, request: request, isRightToLeft: false)
/// ```
@_spi(Typesetting) public final class TextShaper: Sendable {

    /// Words longer than this many code units are shaped but not cached.
    @_spi(Typesetting) public static let maximumCachedWordLength = WordSegmentation.maximumWordLength
    /// Font runs are cut into shaped runs of at most about this many code units.
    @_spi(Typesetting) public static let maximumRunLength = 65_536

    /// Where fonts and fallback decisions come from.
    @_spi(Typesetting) public let matcher: FontMatcher
    let wordCache: ShapedWordCache
    let optionsRegistry = ShapingOptionsRegistry()
    /// Whether words of characters that shape alone skip the cache and HarfBuzz (see
    /// ``ContextFreeGlyphs``). Off only to check that path against HarfBuzz.
    @_spi(Typesetting) public let usesContextFreeGlyphs: Bool

    /// A shaper with its own word cache of at most `wordCapacity` words and `wordCostLimit` cost
    /// (glyphs plus code units; a glyph costs 20 bytes, a code unit 2).
    @_spi(Typesetting) public init(
        matcher: FontMatcher, wordCapacity: Int = TypesettingContext.standardShapedWordCapacity,
        wordCostLimit: Int = 4_000_000,
        usesContextFreeGlyphs: Bool = true
    ) {
        self.matcher = matcher
        self.usesContextFreeGlyphs = usesContextFreeGlyphs
        self.wordCache = ShapedWordCache(capacity: wordCapacity, costLimit: wordCostLimit)
    }

    /// Hits and misses of the shaped-word cache.
    @_spi(Typesetting) public var statistics: CacheStatistics { wordCache.statistics }

    /// Shapes `text[range]`, where `text` is a whole paragraph's UTF-16 (the text around `range`
    /// is context: Arabic joins across the edges of the range and of font runs).
    ///
    /// - Parameters:
    ///   - request: the font asked for; clusters it lacks fall back per cluster (FontMatcher+Fallback.swift).
    ///   - features: OpenType feature settings for the whole range.
    ///   - isRightToLeft: the direction of the range, one bidi run; the caller splits by level.
    ///   - script: an ISO 15924 tag ("Arab"); nil lets HarfBuzz guess it for each word.
    ///   - language: a BCP 47 tag; also chooses the regional CJK font for Han ideographs.
    /// - Returns: runs in logical order, each in one font, covering `range` without gaps; glyphs in
    ///   each run in visual order. Empty for an empty range.
    @_spi(Typesetting) public func shape(
        text: [UInt16], range: Range<Int>, request: FontRequest, features: [FontFeature] = [],
        isRightToLeft: Bool = false, script: String? = nil, language: String? = nil
    ) throws(ShapingError) -> [ShapedRun] {
        var glyphs: [ShapedGlyph] = []
        var spans: [ShapedRunSpan] = []
        try text.withUnsafeBufferPointer { (units) throws(ShapingError) in
            try shape(
                text: units, range: range, request: request, features: features, isRightToLeft: isRightToLeft,
                script: script, language: language, glyphs: &glyphs, runs: &spans)
        }
        return spans.map {
            ShapedRun(
                font: $0.font, range: $0.range, glyphs: Array(glyphs[$0.glyphRange]), isRightToLeft: $0.isRightToLeft)
        }
    }

    /// Shapes `text[range]` as the other `shape` does, appending the glyphs to `glyphs` (one
    /// buffer for a whole paragraph, no array per run) and the runs to `runs`. Give a `scratch`
    /// when shaping many paragraphs on one thread: its buffers are reused.
    @_spi(Typesetting) public func shape(
        text: UnsafeBufferPointer<UInt16>, range: Range<Int>, request: FontRequest, features: [FontFeature] = [],
        isRightToLeft: Bool = false, script: String? = nil, language: String? = nil,
        glyphs: inout [ShapedGlyph], runs: inout [ShapedRunSpan], scratch: ShapingScratch = ShapingScratch()
    ) throws(ShapingError) {
        guard range.lowerBound >= 0, range.upperBound <= text.count, text.count <= Int(Int32.max) else {
            throw .rangeOutOfBounds(range: range, textLength: text.count)
        }
        guard !range.isEmpty else { return }
        let primary: FaceSelection
        if let last = scratch.lastStyle, last.key == request.style {
            primary = last.selection
        } else {
            do { primary = try matcher.primaryStyle(request.style).selection } catch { throw .font(error) }
            scratch.lastStyle = (request.style, primary)
        }

        // Most text fails on its first unit, before the font's instance is asked for.
        if usesContextFreeGlyphs, !isRightToLeft, text[range.lowerBound] < 0x80,
            features.isEmpty || OpenTypeFeatures.harfBuzzFeatures(features).isEmpty,
            placeContextFree(
                text: text, range: range, instance: instance(primary, size: request.size, scratch: scratch),
                glyphs: &glyphs, runs: &runs)
        {
            return
        }
        let options = ShapingOptions(
            features: features, isRightToLeft: isRightToLeft,
            script: script.map { hb_script_from_string($0, -1).rawValue } ?? 0, language: language)
        let optionsID: UInt64
        if let last = scratch.lastOptions, last.options == options {
            optionsID = last.id
        } else {
            optionsID = optionsRegistry.id(for: options)
            scratch.lastOptions = (options, optionsID)
        }
        var planner = FontRunPlanner(
            matcher: matcher, units: text, style: request.style, primary: primary, language: language)
        var words: [FontRunPlan.Word] = [], plans: [FontRunPlan] = []
        swap(&words, &scratch.words)
        swap(&plans, &scratch.runs)
        defer {
            swap(&words, &scratch.words)
            swap(&plans, &scratch.runs)
        }
        planner.plan(range, words: &words, runs: &plans)
        let pass = ShapingPass(
            cache: wordCache, units: text, options: options, optionsID: optionsID,
            usesContextFreeGlyphs: usesContextFreeGlyphs, scratch: scratch)
        for plan in plans {
            let instance = instance(planner.selection(plan.face), size: request.size, scratch: scratch)
            let start = glyphs.count
            pass.shape(words[plan.words], with: instance, into: &glyphs)
            runs.append(
                ShapedRunSpan(
                    font: Font(instance), range: plan.range, glyphRange: start ..< glyphs.count,
                    isRightToLeft: isRightToLeft))
        }
    }

    /// Places `text[range]` whole from the requested font's table of characters that shape
    /// alone, when every unit is a plain space or such a character (a line of code in a
    /// monospaced font): the glyphs word-by-word shaping would give, in one pass, without
    /// planning font runs and words or looking words up. False, with nothing appended, otherwise.
    private func placeContextFree(
        text: UnsafeBufferPointer<UInt16>, range: Range<Int>, instance: FontInstance, glyphs: inout [ShapedGlyph],
        runs: inout [ShapedRunSpan]
    ) -> Bool {
        guard let space = instance.space, let table = instance.contextFreeGlyphs,
            table.coversAll(UnsafeBufferPointer(rebasing: text[range]), orSpace: true)
        else { return false }
        let font = Font(instance)
        var start = range.lowerBound
        while start < range.upperBound {
            // Runs no longer than the planner makes them.
            let end = min(range.upperBound, start + Self.maximumRunLength)
            let first = glyphs.count
            for offset in start ..< end {
                let unit = text[offset]
                let (glyph, advance) = unit == 0x20 ? space : table[unit].map { ($0.glyph, $0.advance) }!
                glyphs.append(
                    ShapedGlyph(id: glyph, flags: 0, cluster: offset, advance: advance, xOffset: 0, yOffset: 0))
            }
            runs.append(
                ShapedRunSpan(
                    font: font, range: start ..< end, glyphRange: first ..< glyphs.count, isRightToLeft: false))
            start = end
        }
        return true
    }

    /// The font instance of `selection` at `size`, the scratch's last one when it is the same.
    private func instance(_ selection: FaceSelection, size: Double, scratch: ShapingScratch) -> FontInstance {
        let face = ObjectIdentifier(selection.face)
        if let last = scratch.lastInstance, last.face == face, last.size == size,
            last.syntheticBold == selection.syntheticBold, last.syntheticItalic == selection.syntheticItalic
        {
            return last.instance
        }
        let instance = matcher.instance(selection, size: size)
        scratch.lastInstance = (face, size, selection.syntheticBold, selection.syntheticItalic, instance)
        return instance
    }
}

/// A run of glyphs from one font in a paragraph's glyph buffer (see
/// ``TextShaper/shape(text:range:request:features:isRightToLeft:script:language:glyphs:runs:)``).
@_spi(Typesetting) public struct ShapedRunSpan: Sendable {
    /// The font every glyph of the run is in.
    @_spi(Typesetting) public let font: Font
    /// The UTF-16 range of the paragraph the run covers.
    @_spi(Typesetting) public let range: Range<Int>
    /// Where the run's glyphs are in the buffer, in visual order.
    @_spi(Typesetting) public let glyphRange: Range<Int>
    /// Whether the run was shaped right to left.
    @_spi(Typesetting) public let isRightToLeft: Bool
}
