import Testing
@_spi(Typesetting) @testable import TextTypography

@Suite struct FontFallbackTests {
    let matcher = FontMatcher()

    /// Noto Sans has Latin, Greek and Cyrillic only, so every other script falls back.
    func family(
        for cluster: String, primary: String = "Noto Sans", weight: Double = 400, language: String? = nil
    ) throws -> String {
        let font = try matcher.font(
            for: cluster, request: FontRequest(family: primary, size: 13, weight: weight), language: language)
        #expect(font.covers(cluster), "\(font.familyName) does not cover \(cluster)")
        return font.familyName
    }

    @Test func eachScriptGetsItsListedFamily() throws {
        #expect(try family(for: "ب") == "Noto Sans Arabic")
        #expect(try family(for: "لّ") == "Noto Sans Arabic")
        #expect(try family(for: "ש") == "Noto Sans Hebrew")
        #expect(try family(for: "क्ष") == "Noto Sans Devanagari")
        #expect(try family(for: "ಕ್ಷ") == "Noto Sans Kannada") // fontconfig alone picks Noto Serif Kannada
        #expect(try family(for: "ที่") == "Noto Sans Thai")
        #expect(try family(for: "中") == "Noto Sans CJK SC")
        #expect(try family(for: "の") == "Noto Sans CJK JP")
        #expect(try family(for: "中", language: "ja") == "Noto Sans CJK JP")
        #expect(try family(for: "中", language: "zh-Hant-TW") == "Noto Sans CJK TC")
        #expect(try family(for: "한") == "Noto Sans CJK KR")
    }

    @Test func theRequestedFontWinsWhenItHasTheCluster() throws {
        #expect(try family(for: "a") == "Noto Sans")
        #expect(try family(for: "e\u{301}") == "Noto Sans")
        // DejaVu Sans has Arabic and Hebrew of its own.
        #expect(try family(for: "ب", primary: "DejaVu Sans") == "DejaVu Sans")
        #expect(try family(for: "ש", primary: "DejaVu Sans") == "DejaVu Sans")
    }

    @Test func emojiSequencesGoToTheColourFont() throws {
        for cluster in ["😀", "👨‍👩‍👧‍👦", "🇦🇩", "1️⃣", "👍🏽", "©️", "❤️", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🧑🏾‍🦯"] {
            #expect(cluster.count == 1)
            #expect(try family(for: cluster, primary: "DejaVu Sans") == "Noto Color Emoji", "\(cluster)")
        }
        // Text presentation: the requested font keeps what it has.
        #expect(try family(for: "©", primary: "DejaVu Sans") == "DejaVu Sans")
        #expect(try family(for: "❤", primary: "DejaVu Sans") == "DejaVu Sans")
        #expect(try family(for: "1", primary: "DejaVu Sans") == "DejaVu Sans")
    }

    @Test func fallbackKeepsTheRequestedWeight() throws {
        let font = try matcher.font(for: "ب", request: FontRequest(family: "Noto Sans", size: 13, weight: 700))
        #expect(font.familyName == "Noto Sans Arabic")
        #expect(font.styleName == "Bold")
        #expect(font.size == 13)
    }

    @Test func scriptsWithoutAListUseFontconfigsCoverageSort() throws {
        let ethiopic = try family(for: "ሀ", primary: "DejaVu Sans")
        #expect(ethiopic.contains("Ethiopic"))
    }

    @Test func aClusterNoFontHasStaysInTheRequestedFont() throws {
        let request = try FontRequest(family: "DejaVu Sans", size: 13)
        for cluster in ["\u{0378}", "\u{10FFFD}"] {
            let font = try matcher.font(for: cluster, request: request)
            #expect(font.familyName == "DejaVu Sans")
            #expect(!font.covers(cluster))
        }
    }

    @Test func decisionsAreCached() throws {
        let request = try FontRequest(family: "Noto Sans", size: 13)
        _ = try matcher.font(for: "ಕ", request: request)
        let before = matcher.statistics.fallbacks
        _ = try matcher.font(for: "ಕ", request: request)
        let after = matcher.statistics.fallbacks
        #expect(after.hits == before.hits + 1)
        #expect(after.misses == before.misses)
    }

    @Test func scriptDetectionByRanges() {
        #expect(FallbackScript.of([0x0627]) == .arabic)
        #expect(FallbackScript.of([0x0915, 0x094D, 0x0937]) == .devanagari)
        #expect(FallbackScript.of([0x0C95]) == .kannada)
        #expect(FallbackScript.of([0x0E01]) == .thai)
        #expect(FallbackScript.of([0x4E2D]) == .han)
        #expect(FallbackScript.of([0x3001]) == .han)
        #expect(FallbackScript.of([0x306E]) == .kana)
        #expect(FallbackScript.of([0x1F600]) == .emoji)
        #expect(FallbackScript.of([0x31, 0xFE0F, 0x20E3]) == .emoji)
        #expect(FallbackScript.of([0x1F1E6, 0x1F1E9]) == .emoji)
        #expect(FallbackScript.of([0x2764]) == nil)
        #expect(FallbackScript.of([0x2764, 0xFE0F]) == .emoji)
        #expect(FallbackScript.of([0x1F600, 0xFE0E]) == nil)
        #expect(FallbackScript.of([0x41]) == nil)
        #expect(HanPreference(language: "ja_JP") == .japanese)
        #expect(HanPreference(language: "zh-HK") == .hongKong)
        #expect(HanPreference(language: "en") == nil)
    }
}
