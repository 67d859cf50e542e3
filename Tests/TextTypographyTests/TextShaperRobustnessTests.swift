import Foundation
import Testing
@_spi(Typesetting) @testable import TextTypography

/// Bad and pathological input: clear errors, no traps, bounded time and memory.
@Suite struct TextShaperRobustnessTests {
    let shaper = TextShaper(matcher: FontMatcher())
    let request: FontRequest

    init() throws {
        request = try FontRequest(family: "DejaVu Sans", size: 13)
    }

    /// A hang guard, not a speed test: far above the seconds a debug build takes on a loaded
    /// machine, so it fails only on a hang or quadratic work. Speed lives in the benchmarks.
    static let hangGuard: Duration = .seconds(120)

    @Test func emptyTextAndEmptyRangesGiveNoRuns() throws {
        #expect(try shaper.shape(text: [], range: 0 ..< 0, request: request).isEmpty)
        let text = Array("abc".utf16)
        #expect(try shaper.shape(text: text, range: 2 ..< 2, request: request).isEmpty)
        #expect(try shaper.shape(text: text, range: 3 ..< 3, request: request).isEmpty)
    }

    @Test func aRangeOutsideTheTextThrows() {
        let text = Array("abc".utf16)
        #expect(throws: ShapingError.rangeOutOfBounds(range: 2 ..< 4, textLength: 3)) {
            try shaper.shape(text: text, range: 2 ..< 4, request: request)
        }
        #expect(throws: ShapingError.rangeOutOfBounds(range: -1 ..< 1, textLength: 3)) {
            try shaper.shape(text: text, range: -1 ..< 1, request: request)
        }
    }

    @Test func aMissingFamilyStillShapesWithAFallback() throws {
        let text = Array("Hello".utf16)
        let runs = try shaper.shape(
            text: text, range: 0 ..< 5, request: FontRequest(family: "No Such Family Qwxz", size: 13))
        #expect(runs.count == 1)
        #expect(runs[0].glyphs.count == 5)
        #expect(runs[0].glyphs.allSatisfy { $0.id != 0 })
    }

    @Test func controlsLoneSurrogatesAndIgnorablesDrawNoNotdef() throws {
        let text: [UInt16] = Array("a\tb\nc\r\nd\u{200B}e\u{2028}f\u{00AD}".utf16) + [0xD800, 0x61, 0xDC00]
        let runs = try shaper.shape(text: text, range: 0 ..< text.count, request: request)
        let glyphs = runs.flatMap(\.glyphs)
        // Lone surrogates become U+FFFD, which DejaVu Sans draws; controls become invisible.
        #expect(glyphs.allSatisfy { $0.id != 0 })
        #expect(runs.last?.range.upperBound == text.count)
        let tab = try #require(glyphs.first { $0.cluster == 1 })
        #expect(tab.advance == 0)
    }

    @Test func aClusterNoFontHasIsTheOnlyNotdef() throws {
        let text = Array("a\u{0378}b".utf16)
        let runs = try shaper.shape(text: text, range: 0 ..< text.count, request: request)
        let glyphs = runs.flatMap(\.glyphs)
        #expect(glyphs.map(\.id).filter { $0 == 0 }.count == 1)
        #expect(glyphs.first { $0.id == 0 }?.cluster == 1)
    }

    /// 100,000 combining marks on one base: one grapheme cluster, shaped in bounded (linear) time.
    @Test func aHundredThousandCombiningMarksShapeInBoundedTime() throws {
        let text = Array(("a" + String(repeating: "\u{0301}", count: 100_000)).utf16)
        let clock = ContinuousClock()
        var runs: [ShapedRun] = []
        let elapsed = try clock.measure {
            runs = try shaper.shape(text: text, range: 0 ..< text.count, request: request)
        }
        #expect(runs.count == 1)
        // HarfBuzz composes the base with the first mark (á): one glyph fewer than code units.
        #expect(runs[0].glyphs.count == text.count - 1)
        #expect(runs[0].glyphs.allSatisfy { $0.cluster == 0 && $0.id != 0 })
        // A quadratic pass over 100,000 marks would take far longer than the guard.
        #expect(elapsed < Self.hangGuard, "\(elapsed)")
        // Reshaping the same marks with a different base after them is also fine.
        let twice = text + Array("b".utf16) + text
        let again = try shaper.shape(text: twice, range: 0 ..< twice.count, request: request)
        let glyphs = again.flatMap(\.glyphs)
        #expect(glyphs.count == twice.count - 2)
        #expect(Set(glyphs.map(\.cluster)) == [0, text.count, text.count + 1])
    }

    /// The same with 100,000 different-looking marks (pseudo-random, so no piece comes from the
    /// word cache): every piece is shaped by HarfBuzz, still in bounded time.
    @Test func aHundredThousandVariedMarksShapeInBoundedTime() throws {
        var state: UInt32 = 12345
        var text: [UInt16] = [0x61]
        for _ in 0 ..< 100_000 {
            state = state &* 1_103_515_245 &+ 12345
            text.append(0x0300 + UInt16((state >> 16) % 0x70))
        }
        let clock = ContinuousClock()
        var runs: [ShapedRun] = []
        let elapsed = try clock.measure {
            runs = try shaper.shape(text: text, range: 0 ..< text.count, request: request)
        }
        let glyphs = runs.flatMap(\.glyphs)
        #expect(glyphs.count >= text.count - 1)
        #expect(glyphs.allSatisfy { $0.cluster == 0 })
        #expect(elapsed < Self.hangGuard, "\(elapsed)")
    }

    /// 1 MB of text without a single space: shaped in 1,024-unit words with the text around each as
    /// context, so HarfBuzz's buffer stays small; the runs still tile the text.
    @Test func aMegabyteWithoutSpacesShapesInBoundedPieces() throws {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf16)
        let text = (0 ..< 1_000_000).map { alphabet[($0 * 7 + $0 / 13) % alphabet.count] }
        let clock = ContinuousClock()
        var runs: [ShapedRun] = []
        let elapsed = try clock.measure {
            runs = try shaper.shape(text: text, range: 0 ..< text.count, request: request)
        }
        #expect(runs.count == (text.count + TextShaper.maximumRunLength - 1) / TextShaper.maximumRunLength)
        #expect(runs.first?.range.lowerBound == 0)
        #expect(runs.last?.range.upperBound == text.count)
        #expect(zip(runs, runs.dropFirst()).allSatisfy { $0.range.upperBound == $1.range.lowerBound })
        let glyphCount = runs.reduce(0) { $0 + $1.glyphs.count }
        #expect(glyphCount == text.count)
        #expect(runs.allSatisfy { run in zip(run.clusters, run.clusters.dropFirst()).allSatisfy { $0 < $1 } })
        #expect(elapsed < Self.hangGuard, "\(elapsed)")
        // Words longer than the cacheable length are not cached: the cache stays small.
        #expect(shaper.statistics.cost < 2 * text.count)
    }

    /// A long Arabic "word" cut into pieces still joins across the cuts (the context carries the
    /// joining), and gives the same glyphs as shaping it whole.
    @Test func cutsInsideALongArabicWordKeepTheJoining() throws {
        let word = String(repeating: "بسم", count: 700) // 2,100 code units: three pieces
        let text = Array(word.utf16)
        let arabic = try FontRequest(family: "Noto Sans Arabic", size: 13)
        let runs = try shaper.shape(text: text, range: 0 ..< text.count, request: arabic, isRightToLeft: true)
        let font = try #require(runs.first?.font)
        let raw = try #require(
            RawHarfBuzz.shape(word, path: font.filePath, index: font.faceIndex, size: 13, rightToLeft: true))
        #expect(runs.flatMap(\.glyphIDs) == raw.glyphs)
    }

    @Test func theWordCacheIsBounded() throws {
        let small = TextShaper(matcher: FontMatcher(), wordCapacity: 10, wordCostLimit: 1_000)
        let words = (0 ..< 100).map { "w\($0)" }.joined(separator: " ")
        let text = Array(words.utf16)
        _ = try small.shape(text: text, range: 0 ..< text.count, request: request)
        let statistics = small.statistics
        #expect(statistics.count <= 10)
        #expect(statistics.cost <= 1_000)
        #expect(statistics.evictions > 0)
    }
}
