import Foundation
import Testing
import TextContent
@_spi(Typesetting) @testable import TextTypography

@Suite struct TextShaperTests {
    let shaper = TextShaper(matcher: FontMatcher())

    func shape(
        _ string: String, family: String = "DejaVu Sans", size: Double = 13, features: [FontFeature] = [],
        rightToLeft: Bool = false, language: String? = nil
    ) throws -> [ShapedRun] {
        let text = Array(string.utf16)
        return try shaper.shape(
            text: text, range: 0 ..< text.count, request: FontRequest(family: family, size: size), features: features,
            isRightToLeft: rightToLeft, language: language)
    }

    /// Runs tile the range in logical order, every glyph's cluster lies in its run, each run's
    /// first cluster has a glyph, and glyphs are in visual order.
    func checkWellFormed(_ runs: [ShapedRun], range: Range<Int>) {
        var position = range.lowerBound
        for run in runs {
            #expect(run.range.lowerBound == position)
            #expect(!run.range.isEmpty)
            position = run.range.upperBound
            #expect(run.glyphs.allSatisfy { run.range.contains($0.cluster) })
            #expect(run.clusters.min() == run.range.lowerBound)
            // Visual order: clusters never decrease left to right in LTR, never increase in RTL.
            let clusters = run.clusters
            #expect(zip(clusters, clusters.dropFirst()).allSatisfy { run.isRightToLeft ? $0 >= $1 : $0 <= $1 })
        }
        #expect(position == range.upperBound)
    }

    @Test(arguments: ["DejaVu Sans", "Noto Sans", "No Such Family Qwxz"])
    func fallbackCoversEveryClusterOfEverySample(primary: String) throws {
        let samples = try MixedSampleFixture.samples()
        #expect(Set(samples.map(\.tag)) == Set(MixedSampleFixture.tags))
        for sample in samples {
            let runs = try shape(sample.text, family: primary, rightToLeft: sample.isRightToLeft)
            checkWellFormed(runs, range: 0 ..< sample.text.utf16.count)
            for run in runs {
                let notdefs = run.glyphs.filter { $0.id == 0 }
                #expect(notdefs.isEmpty, "\(sample.tag): .notdef in \(run.font) at \(notdefs.map(\.cluster))")
                #expect(run.glyphs.allSatisfy { $0.advance >= 0 && $0.advance < 40 })
            }
        }
    }

    @Test func eachSampleUsesItsScriptsFont() throws {
        let expected: [String: String] = [
            "hi_Deva": "Noto Sans Devanagari", "kn_Knda": "Noto Sans Kannada", "th_Thai": "Noto Sans Thai",
            "zh_Hans": "Noto Sans CJK SC", "ja_Jpan": "Noto Sans CJK JP", "ar_Arab": "Noto Sans Arabic",
            "he_Hebr": "Noto Sans Hebrew",
        ]
        for sample in try MixedSampleFixture.samples() {
            guard let family = expected[sample.tag] else { continue }
            let runs = try shape(sample.text, family: "Noto Sans", rightToLeft: sample.isRightToLeft)
            let families = Set(runs.map(\.font.familyName))
            #expect(families.contains(family), "\(sample.tag): \(families)")
            // Japanese Han ideographs stay in the Japanese font next to kana.
            if sample.tag == "ja_Jpan" { #expect(!families.contains("Noto Sans CJK SC")) }
        }
    }

    /// The family of the run holding each UTF-16 offset of `string`.
    func families(
        _ string: String, family: String = "DejaVu Sans", range: Range<Int>? = nil, language: String? = nil
    ) throws -> [String] {
        let text = Array(string.utf16)
        let range = range ?? 0 ..< text.count
        let runs = try shaper.shape(
            text: text, range: range, request: FontRequest(family: family, size: 13), language: language)
        return range.map { offset in runs.first { $0.range.contains(offset) }?.font.familyName ?? "none" }
    }

    /// Spaces, digits and punctuation (the Common script) between words of a script the requested
    /// font lacks stay in that script's font, as Pango keeps them: line widths then agree.
    @Test func commonCharactersTakeTheFontOfTheRunTheySitIn() throws {
        let cases: [(String, String)] = [
            ("नमस्ते दुनिया। १२ 34, ठीक", "Noto Sans Devanagari"),
            ("ಕನ್ನಡ ಭಾಷೆ, 2024", "Noto Sans Kannada"),
            ("ภาษา ไทย ภาษา", "Noto Sans Thai"),
        ]
        for (text, family) in cases {
            #expect(Set(try families(text)) == [family], "\(text)")
        }
        // A Latin word after them goes back to the requested font; the space before it stays.
        let mixed = "नमस्ते world"
        let found = try families(mixed)
        #expect(found.prefix(7).allSatisfy { $0 == "Noto Sans Devanagari" })
        #expect(found.suffix(5).allSatisfy { $0 == "DejaVu Sans" })
        // Shaping from the middle of a paragraph gives what shaping all of it gives there.
        let text = "नमस्ते 123 दुनिया"
        let whole = try families(text)
        #expect(try families(text, range: 7 ..< text.utf16.count) == Array(whole[7...]))
        // Emoji keep the colour font, and text without a fallback is untouched.
        #expect(try families("नमस्ते 😀").suffix(2) == ["Noto Color Emoji", "Noto Color Emoji"])
        #expect(Set(try families("Hello, world 123.")) == ["DejaVu Sans"])
    }

    /// Han ideographs take the regional CJK font of their language: a language given, else kana
    /// (Japanese) or Hangul (Korean) in the paragraph, else Simplified Chinese.
    @Test func hanIdeographsTakeTheFontOfTheirLanguage() throws {
        #expect(Set(try families("漢字")) == ["Noto Sans CJK SC"])
        #expect(Set(try families("漢字", language: "ja")) == ["Noto Sans CJK JP"])
        #expect(Set(try families("漢字", language: "zh-Hant")) == ["Noto Sans CJK TC"])
        #expect(Set(try families("漢字", language: "ko-KR")) == ["Noto Sans CJK KR"])
        let korean = try families("한국어 漢字")
        #expect(Array(korean.suffix(2)) == ["Noto Sans CJK KR", "Noto Sans CJK KR"])
        let japanese = try families("漢字とかな")
        #expect(Set(japanese) == ["Noto Sans CJK JP"])
    }

    @Test func arabicLettersJoin() throws {
        let word = "مستقبل" // no lam-alef: one glyph per letter
        let joined = try shape(word, family: "Noto Sans Arabic", rightToLeft: true)
        #expect(joined.count == 1)
        let joinedGlyphs = joined[0].glyphIDs
        var isolated: [UInt32] = []
        for letter in word.reversed() {
            isolated += try shape(String(letter), family: "Noto Sans Arabic", rightToLeft: true).flatMap(\.glyphIDs)
        }
        #expect(joinedGlyphs.count == isolated.count)
        #expect(joinedGlyphs != isolated)
        // Most letters change form: initial, medial, final.
        let differing = zip(joinedGlyphs, isolated).filter { $0 != $1 }.count
        #expect(differing >= word.count / 2)
        // The same, reached by fallback from a Latin font, with the rest of the paragraph around.
        let sentence = Array("word \(word) word".utf16)
        let arabicRuns = try shaper.shape(
            text: sentence, range: 5 ..< (5 + word.utf16.count), request: FontRequest(family: "Noto Sans", size: 13),
            isRightToLeft: true)
        #expect(arabicRuns.count == 1)
        #expect(arabicRuns.first?.font.familyName == "Noto Sans Arabic")
        #expect(arabicRuns.first?.glyphIDs == joinedGlyphs)
    }

    @Test func arabicJoinsAcrossARangeEdgeThroughContext() throws {
        // "بب": the first beh shaped alone (range 0..<1) still takes its initial form, because
        // the paragraph around the range is context.
        let text = Array("بب".utf16)
        let request = try FontRequest(family: "Noto Sans Arabic", size: 13)
        let first = try shaper.shape(text: text, range: 0 ..< 1, request: request, isRightToLeft: true)
        let whole = try shaper.shape(text: text, range: 0 ..< 2, request: request, isRightToLeft: true)
        let alone = try shaper.shape(text: Array("ب".utf16), range: 0 ..< 1, request: request, isRightToLeft: true)
        #expect(first[0].glyphIDs.count == 1)
        #expect(first[0].glyphIDs[0] == whole[0].glyphs.first { $0.cluster == 0 }?.id)
        #expect(first[0].glyphIDs != alone[0].glyphIDs)
    }

    /// Kannada and Devanagari conjuncts come out exactly as HarfBuzz makes them with the same
    /// font: same glyphs, same clusters, fewer glyphs than scalars.
    @Test(arguments: ["kn_Knda", "hi_Deva"])
    func indicConjunctsMatchRawHarfBuzz(tag: String) throws {
        for sample in try MixedSampleFixture.samples() where sample.tag == tag {
            let runs = try shape(sample.text, family: "Noto Sans")
            // The script's runs, compared with raw hb-ft shaping of the same text in the same font.
            let scriptRuns = runs.filter { $0.font.familyName.hasPrefix("Noto Sans ") }
            let font = try #require(scriptRuns.first?.font)
            let raw = try #require(RawHarfBuzz.shape(sample.text, path: font.filePath, index: font.faceIndex, size: 13))
            let utf16 = Array(sample.text.utf16)
            let ours = runs.flatMap { run in run.glyphs.filter { _ in run.font == font } }
            let rawInScript = zip(raw.glyphs, raw.clusters).filter { pair in
                scriptRuns.contains { $0.range.contains(Int(pair.1)) }
            }
            #expect(ours.map(\.id) == rawInScript.map(\.0))
            #expect(ours.map(\.cluster) == rawInScript.map { Int($0.1) })
            let scalars = String(decoding: scriptRuns.flatMap { utf16[$0.range] }, as: UTF16.self).unicodeScalars.count
            #expect(Set(ours.map(\.cluster)).count < scalars, "conjuncts merge clusters")
        }
        // A conjunct word: fewer glyphs than scalars.
        let word = tag == "kn_Knda" ? "ಸ್ವತಂತ್ರ" : "स्वतंत्र"
        let glyphs = try shape(word, family: "Noto Sans").flatMap(\.glyphs)
        #expect(glyphs.count < word.unicodeScalars.count)
    }

    @Test func emojiSequencesAreOneColourGlyphScaledToTheSize() throws {
        let emojiFont = try FontMatcher.shared.match(FontRequest(family: "Noto Color Emoji", size: 13)).font
        for cluster in ["👨‍👩‍👧‍👦", "🇦🇩", "🧑🏾‍🦯", "👨🏼‍❤️‍💋‍👨🏼", "1️⃣", "🏴󠁧󠁢󠁳󠁣󠁴󠁿"] {
            let runs = try shape(cluster, size: 13)
            #expect(runs.count == 1)
            let run = try #require(runs.first)
            #expect(run.font.familyName == "Noto Color Emoji")
            #expect(run.glyphs.count == 1, "\(cluster): \(run.glyphIDs)")
            #expect(run.glyphs[0].id != 0)
            // Noto Color Emoji advances 2550 units of 2048 per em: 16.19 points at 13 points,
            // the same as hb-ft at its 109-ppem strike scaled by 13/109.
            #expect(abs(run.advance - 13 * 2550 / 2048) < 0.01, "\(run.advance)")
            let raw = try #require(RawHarfBuzz.shape(cluster, path: emojiFont.filePath, size: 13))
            #expect(raw.glyphs == run.glyphIDs)
            #expect(abs(raw.advances.reduce(0, +) - run.advance) < 0.2)
        }
        let sentence = try shape("Flags 🇦🇩🇰🇾 and 👨‍❤️‍👨.", size: 26)
        let emojiRuns = sentence.filter { $0.font.familyName == "Noto Color Emoji" }
        #expect(emojiRuns.flatMap(\.glyphs).count == 3)
        #expect(emojiRuns.allSatisfy { $0.glyphs.allSatisfy { abs(Double($0.advance) - 26 * 2550 / 2048) < 0.01 } })
    }

    @Test func ligaturesTurnOffWithAFeature() throws {
        let font = "Noto Sans"
        let ligated = try shape("office", family: font).flatMap(\.glyphs)
        let plain = try shape("office", family: font, features: [.ligatures(false)]).flatMap(\.glyphs)
        #expect(plain.count == 6)
        #expect(ligated.count < plain.count)
        // The ligature glyph's cluster is its first character's.
        #expect(ligated.map(\.cluster).contains(1))
        let discretionary = try shape(
            "office", family: font,
            features: [FontFeature(tag: "liga", value: 0)!, FontFeature(tag: "liga", value: 1)!])
        #expect(discretionary.flatMap(\.glyphs).count == ligated.count, "a later setting wins")
    }

    @Test func kerningIsTheFontsAndCanBeTurnedOff() throws {
        let kerned = try shape("AVAVAV", family: "DejaVu Sans")[0].advance
        let unkerned = try shape("AVAVAV", family: "DejaVu Sans", features: [.kerning(false)])[0].advance
        #expect(kerned < unkerned - 1)
    }

    @Test func rightToLeftRunsAreInVisualOrder() throws {
        let text = "שלום עולם"
        let runs = try shape(text, family: "Noto Sans Hebrew", rightToLeft: true)
        #expect(runs.count == 1)
        let clusters = runs[0].clusters
        #expect(clusters.first == text.utf16.count - 1)
        #expect(clusters.last == 0)
        #expect(runs[0].isRightToLeft)
        // Mirroring: a parenthesis in a right-to-left run is mirrored.
        let open = try shape("(", rightToLeft: false)[0].glyphIDs
        let mirrored = try shape("(", rightToLeft: true)[0].glyphIDs
        #expect(open != mirrored)
    }

    @Test func shapingASubrangeReportsParagraphOffsets() throws {
        let text = Array("Hello world again".utf16)
        let runs = try shaper.shape(text: text, range: 6 ..< 11, request: FontRequest(family: "DejaVu Sans", size: 13))
        #expect(runs.map(\.range) == [6 ..< 11])
        #expect(runs[0].clusters == [6, 7, 8, 9, 10])
    }

    @Test func scriptAndLanguageCanBeGiven() throws {
        // Serbian italic/localized forms are not in DejaVu Sans upright; the result must at least
        // agree with the guess for plain Latin and be a distinct cache entry.
        let text = Array("abc".utf16)
        let request = try FontRequest(family: "DejaVu Sans", size: 13)
        let guessed = try shaper.shape(text: text, range: 0 ..< 3, request: request)
        let given = try shaper.shape(text: text, range: 0 ..< 3, request: request, script: "Latn", language: "en")
        #expect(guessed.map(\.glyphIDs) == given.map(\.glyphIDs))
    }

    @Test func reshapingTheSameWordsHitsTheCache() throws {
        // Without the table of characters that shape alone, which places some of these words
        // without the cache.
        let shaper = TextShaper(matcher: FontMatcher(), usesContextFreeGlyphs: false)
        let text = Array("the cat and the hat and the bat".utf16)
        let request = try FontRequest(family: "DejaVu Sans", size: 13)
        let first = try shaper.shape(text: text, range: 0 ..< text.count, request: request)
        let afterFirst = shaper.statistics
        // 8 words, 5 of them distinct; plain spaces are placed without the cache.
        #expect(afterFirst.misses == 5) // "the", "cat", "and", "hat", "bat"
        #expect(afterFirst.hits == 3) // "the" twice more, "and" once more
        let second = try shaper.shape(text: text, range: 0 ..< text.count, request: request)
        let afterSecond = shaper.statistics
        #expect(afterSecond.misses == afterFirst.misses)
        #expect(afterSecond.hits == afterFirst.hits + 8)
        #expect(first == second)
        // Another size is another font: new entries.
        _ = try shaper.shape(text: text, range: 0 ..< text.count, request: request.withSize(14))
        #expect(shaper.statistics.misses == afterFirst.misses + 5)
        // Cached words give what shaping the paragraph whole gives.
        let raw = try #require(
            RawHarfBuzz.shape(String(decoding: text, as: UTF16.self), path: first[0].font.filePath, size: 13))
        #expect(first[0].glyphIDs == raw.glyphs)
    }

    @Test func concurrentShapingGivesIdenticalResults() async throws {
        let samples = try MixedSampleFixture.samples()
        let reference = try samples.map { try shape($0.text, rightToLeft: $0.isRightToLeft) }
        let shared = TextShaper(matcher: FontMatcher())
        let results = try await withThrowingTaskGroup(of: [[ShapedRun]].self) { group in
            for task in 0 ..< 8 {
                group.addTask {
                    // Each task walks the samples from a different start, so they race on every cache.
                    let order = samples.indices.map { (($0 + task) % samples.count) }
                    var results = [[ShapedRun]](repeating: [], count: samples.count)
                    for index in order {
                        let text = Array(samples[index].text.utf16)
                        results[index] = try shared.shape(
                            text: text, range: 0 ..< text.count, request: FontRequest(family: "DejaVu Sans", size: 13),
                            isRightToLeft: samples[index].isRightToLeft)
                    }
                    return results
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for result in results { #expect(result == reference) }
        #expect(shared.statistics.hits > 0)
    }
}
