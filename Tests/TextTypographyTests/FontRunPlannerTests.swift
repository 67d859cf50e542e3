import Testing
import TestFixtures
import TextContent
@_spi(Typesetting) @testable import TextTypography

/// The planner takes printable ASCII a block at a time; the words and runs it plans must be
/// those of planning every cluster on its own.
@Suite struct FontRunPlannerTests {
    struct Plan: Equatable {
        var runs: [[Int]]
        var words: [String]
    }

    func plan(_ text: [UInt16], byBlock: Bool, matcher: FontMatcher) throws -> Plan {
        let request = try FontRequest(family: "DejaVu Sans", size: 13)
        let primary = try matcher.primaryStyle(request.style).selection
        return text.withUnsafeBufferPointer { units in
            var planner = FontRunPlanner(
                matcher: matcher, units: units, style: request.style, primary: primary, language: nil,
                plansASCIIByBlock: byBlock)
            var words: [FontRunPlan.Word] = [], runs: [FontRunPlan] = []
            planner.plan(0 ..< units.count, words: &words, runs: &runs)
            return Plan(
                runs: runs.map {
                    [$0.face, $0.range.lowerBound, $0.range.upperBound, $0.words.lowerBound, $0.words.upperBound]
                },
                words: words.map { "\($0.range)\($0.isSeparator ? "s" : "")\($0.clusterStart.map { "@\($0)" } ?? "")" })
        }
    }

    @Test func blocksPlanAsClustersDo() throws {
        let matcher = FontMatcher()
        let pieces = [
            "a", "Word", " ", "   ", "x\u{301}", "o\u{93C}", "e\u{200D}", "\t", "中文。", "مرحبا", "🇫🇷", "👍🏽", "\u{3002}",
            "ಕನ್ನಡ", "ไทย", "\r\n", "~", String(repeating: "long", count: 300), String(repeating: " ", count: 1_100),
        ]
        var random = SplitMix64(seed: 42)
        var samples = try MixedSampleFixture.samples().map(\.text)
        for _ in 0 ..< 400 {
            samples.append(
                (0 ..< Int.random(in: 1 ... 12, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                    .joined())
        }
        for sample in samples {
            let text = Array(sample.utf16)
            #expect(
                try plan(text, byBlock: true, matcher: matcher) == plan(text, byBlock: false, matcher: matcher),
                "\(sample.debugDescription)")
        }
    }
}
