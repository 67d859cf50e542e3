import CFreeType
import Testing
import TextContent
@_spi(Typesetting) @testable import TextTypography

@Suite struct FontMatchingTests {
    let matcher = FontMatcher()

    @Test func dejaVuSansMatchesExactlyWithItsMetrics() throws {
        let match = try matcher.match(FontRequest(family: "DejaVu Sans", size: 13))
        #expect(match.isExactFamily)
        #expect(match.font.familyName == "DejaVu Sans")
        #expect(match.font.styleName == "Book")
        #expect(match.font.filePath.hasSuffix("/DejaVuSans.ttf"))
        #expect(match.font.faceIndex == 0)
        #expect(!match.font.isSyntheticBold && !match.font.isSyntheticItalic)
        let metrics = match.font.metrics
        // DejaVu Sans: 2048 units per em, hhea ascender 1901, descender -483, cap height 1493,
        // x-height 1120 (OS/2), underline -130 thick 90 (post).
        #expect(metrics.unitsPerEm == 2048)
        #expect(abs(metrics.ascent - 13 * 1901 / 2048) < 0.01)
        #expect(abs(metrics.descent - 13 * 483 / 2048) < 0.01)
        #expect(metrics.leading == 0)
        #expect(abs(metrics.capHeight - 13 * 1493 / 2048) < 0.02)
        #expect(abs(metrics.xHeight - 13 * 1120 / 2048) < 0.01)
        #expect(metrics.underlinePosition > 0 && metrics.underlinePosition < metrics.descent)
        #expect(metrics.underlineThickness > 0.3 && metrics.underlineThickness < 1)
        #expect(metrics.strikethroughPosition > 0 && metrics.strikethroughPosition < metrics.capHeight)
        #expect(abs(metrics.lineHeight - (metrics.ascent + metrics.descent)) < 1e-9)
    }

    @Test func weightSlantAndWidthPickTheFaces() throws {
        let bold = try matcher.match(FontRequest(family: "DejaVu Sans", size: 13, weight: 700)).font
        #expect(bold.styleName == "Bold")
        #expect(!bold.isSyntheticBold)
        let italic = try matcher.match(FontRequest(family: "DejaVu Sans", size: 13, italic: true)).font
        #expect(italic.styleName == "Oblique")
        #expect(!italic.isSyntheticItalic)
        let boldItalic = try matcher.match(FontRequest(family: "DejaVu Sans", size: 13, weight: 700, italic: true)).font
        #expect(boldItalic.styleName == "Bold Oblique")
        let condensed = try matcher.match(FontRequest(family: "DejaVu Sans", size: 13, width: 75))
        #expect(condensed.isExactFamily)
        #expect(condensed.font.filePath.hasSuffix("/DejaVuSansCondensed.ttf"))
        let light = try matcher.match(FontRequest(family: "DejaVu Sans", size: 13, weight: 200)).font
        #expect(light.filePath.hasSuffix("/DejaVuSans-ExtraLight.ttf"))
    }

    @Test func aFamilyWithoutBoldOrItalicIsSynthesized() throws {
        let match = try matcher.match(FontRequest(family: "Noto Music", size: 13, weight: 700, italic: true))
        #expect(match.isExactFamily)
        #expect(match.font.isSyntheticBold)
        #expect(match.font.isSyntheticItalic)
        let regular = try matcher.match(FontRequest(family: "Noto Music", size: 13)).font
        #expect(regular != match.font)
    }

    @Test func aFamilyThatDoesNotExistFallsBackAndSaysSo() throws {
        let match = try matcher.match(FontRequest(family: "No Such Family Qwxz", size: 13))
        #expect(!match.isExactFamily)
        #expect(!match.font.familyName.isEmpty)
        #expect(match.font.hasGlyph(for: "A"))
    }

    @Test(arguments: ["sans-serif", "serif", "monospace", "Sans-Serif"])
    func genericFamiliesCountAsExact(family: String) throws {
        #expect(try matcher.match(FontRequest(family: family, size: 12)).isExactFamily)
    }

    @Test func familyNamesMatchCaseInsensitively() throws {
        let match = try matcher.match(FontRequest(family: "dejavu sans", size: 12))
        #expect(match.isExactFamily)
        #expect(match.font.familyName == "DejaVu Sans")
    }

    @Test(arguments: [0, -1, -0.0, Double.nan, .infinity, -.infinity, 10_000.5, 1e300])
    func badSizesThrow(size: Double) {
        #expect {
            try FontRequest(family: "DejaVu Sans", size: size)
        } throws: { error in
            guard case .invalidSize = error as? FontError else { return false }
            return true
        }
    }

    @Test func badWeightsWidthsAndFamiliesThrow() {
        #expect(throws: FontError.invalidWeight(0)) { try FontRequest(family: "A", size: 12, weight: 0) }
        #expect(throws: FontError.invalidWeight(1001)) { try FontRequest(family: "A", size: 12, weight: 1001) }
        #expect(throws: FontError.invalidWidth(10)) { try FontRequest(family: "A", size: 12, width: 10) }
        #expect(throws: FontError.invalidFamily("")) { try FontRequest(family: "", size: 12) }
        #expect(throws: FontError.invalidFamily("  ")) { try FontRequest(family: "  ", size: 12) }
        #expect(throws: FontError.invalidFamily("a\0b")) { try FontRequest(family: "a\0b", size: 12) }
        #expect {
            try FontRequest(family: "A", size: 12, weight: .nan)
        } throws: { error in
            guard case .invalidWeight = error as? FontError else { return false }
            return true
        }
        #expect(FontError.invalidSize(0).description.contains("font size 0"))
    }

    @Test func theLargestSizeLoadsAndMeasures() throws {
        let font = try matcher.match(FontRequest(family: "DejaVu Sans", size: FontRequest.maximumSize)).font
        #expect(abs(font.metrics.ascent - FontRequest.maximumSize * 1901 / 2048) < 1)
        let tiny = try matcher.match(FontRequest(family: "DejaVu Sans", size: 0.01)).font
        #expect(tiny.metrics.ascent > 0 && tiny.metrics.ascent < 0.02)
    }

    @Test func aContentModelDescriptorBecomesARequest() throws {
        let descriptor = FontDescriptor(family: "DejaVu Sans", size: 15, weight: .bold, italic: true, width: .condensed)
        let request = try FontRequest(descriptor)
        #expect(request == (try FontRequest(family: "DejaVu Sans", size: 15, weight: 700, italic: true, width: 75)))
        #expect(try matcher.match(request).font.filePath.hasSuffix("/DejaVuSansCondensed-BoldOblique.ttf"))
    }

    @Test func fontsAreEqualByFaceAndSize() throws {
        let a = try matcher.match(FontRequest(family: "DejaVu Sans", size: 13)).font
        let b = try FontMatcher().match(FontRequest(family: "DejaVu Sans", size: 13)).font
        let c = try matcher.match(FontRequest(family: "DejaVu Sans", size: 14)).font
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
    }

    @Test func coverageIgnoresDefaultIgnorablesAndControls() throws {
        let dejaVu = try matcher.match(FontRequest(family: "DejaVu Sans", size: 13)).font
        #expect(dejaVu.hasGlyph(for: "A"))
        #expect(!dejaVu.hasGlyph(for: "\u{0C95}"))
        #expect(dejaVu.covers("e\u{301}"))
        #expect(dejaVu.covers("a\u{200D}b\u{FE0F}\t\n"))
        #expect(!dejaVu.covers("ಕ"))
        #expect(!dejaVu.covers("👨‍👩‍👧"))
    }

    @Test func notoColorEmojiIsABitmapFaceScaledFromItsStrike() throws {
        let match = try matcher.match(FontRequest(family: "Noto Color Emoji", size: 13))
        #expect(match.isExactFamily)
        #expect(match.font.hasColorGlyphs)
        // One strike of 109 pixels per em (reference/linux-toolchain.md).
        let scale = try #require(match.font.bitmapScale)
        #expect(abs(scale - 13.0 / 109) < 1e-9)
        #expect(match.font.metrics.ascent > 10 && match.font.metrics.ascent < 14)
        let dejaVu = try matcher.match(FontRequest(family: "DejaVu Sans", size: 13)).font
        #expect(dejaVu.bitmapScale == nil)
    }

    @Test func shapingFacesOwnAFreeTypeFaceOfTheSameFile() throws {
        let emoji = try matcher.match(FontRequest(family: "Noto Color Emoji", size: 13)).font
        let (ppem, scalable, glyphs) = emoji.instance.face.withFreeTypeFace { face in
            (
                Int(face.pointee.size.pointee.metrics.y_ppem),
                face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0,
                Int(face.pointee.num_glyphs)
            )
        }
        #expect(ppem == 109)
        #expect(!scalable)
        #expect(glyphs > 1000)
        let cjk = try matcher.match(FontRequest(family: "Noto Sans CJK JP", size: 13)).font
        #expect(cjk.filePath.hasSuffix(".ttc"))
        let family = cjk.instance.face.withFreeTypeFace { String(cString: $0.pointee.family_name) }
        #expect(family == "Noto Sans CJK JP")
        #expect(cjk.familyName == family)
    }

    @Test func cachesCountHitsAndStayBounded() throws {
        let small = FontMatcher(limits: FontCacheLimits(faces: 2, fonts: 2, matches: 2, fallbacks: 2))
        for size in [10.0, 11, 12, 13, 14] {
            _ = try small.match(FontRequest(family: "DejaVu Sans", size: size))
        }
        let statistics = small.statistics
        #expect(statistics.fonts.count == 2)
        #expect(statistics.fonts.evictions == 3)
        #expect(statistics.matches.misses == 1)
        #expect(statistics.matches.hits == 4)
        _ = try small.match(FontRequest(family: "DejaVu Sans", size: 14))
        #expect(small.statistics.fonts.hits == statistics.fonts.hits + 1)
    }

    @Test func matchingFromManyTasksAgrees() async throws {
        let shared = FontMatcher()
        let families = ["DejaVu Sans", "Noto Sans", "Noto Sans Kannada", "No Such Family", "Noto Color Emoji", "serif"]
        let expected = try families.map { try FontMatcher().match(FontRequest(family: $0, size: 13)) }
        let results = try await withThrowingTaskGroup(of: [FontMatch].self) { group in
            for _ in 0 ..< 8 {
                group.addTask { try families.map { try shared.match(FontRequest(family: $0, size: 13)) } }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        for result in results { #expect(result == expected) }
    }
}
