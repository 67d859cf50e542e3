import Foundation
import TestFixtures
import Testing
@testable import TextLayout

/// The line-break opportunities of plain ASCII prose are worked out without ICU: they must be
/// ICU's, and whatever the fast rules do not cover must be left to ICU.
@Suite struct ProseBreakOpportunitiesTests {
    private static let flag: UInt8 = 1

    /// ICU's opportunities for `text`, as `ShapedParagraph` read them before the fast path.
    private func icu(_ units: [UInt16], scratch: LayoutScratch) throws -> [UInt8] {
        var flags = [UInt8](repeating: 0, count: units.count + 1)
        let iterator = try units.withUnsafeBufferPointer { try scratch.lineBreaks(for: $0) }
        iterator.first()
        while let boundary = iterator.next(), boundary <= units.count { flags[boundary] = Self.flag }
        return flags
    }

    private func fast(_ units: [UInt16]) -> [UInt8]? {
        units.withUnsafeBufferPointer { ProseBreakOpportunities.flags($0, flag: Self.flag) }
    }

    @Test func everyVerseOfGenesisBreaksWhereICUBreaksIt() throws {
        let text = try String(contentsOf: Fixtures.kjvGenesis, encoding: .utf8)
        let scratch = LayoutScratch()
        var decided = 0, verses = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let units = Array((line + "\n").utf16)
            verses += 1
            guard let flags = fast(units) else { continue }
            decided += 1
            #expect(flags == (try icu(units, scratch: scratch)), "\(line)")
        }
        // Nearly every verse is decided without ICU (the point of the fast rules).
        #expect(decided * 100 >= verses * 99)
    }

    @Test func randomProseBreaksWhereICUBreaksIt() throws {
        // Every character the fast rules know, spaces doubled up, and some they leave to ICU.
        let alphabet = Array("aZ 19  ,.:;!?'()-\"é\t".utf16)
        var generator = SystemRandomNumberGenerator()
        let scratch = LayoutScratch()
        var decided = 0
        for round in 0 ..< 20_000 {
            let length = Int.random(in: 0 ... 24, using: &generator)
            var units = (0 ..< length).map { _ in alphabet.randomElement(using: &generator)! }
            if round % 2 == 0 { units.append(0x0A) }
            let expected = try icu(units, scratch: scratch)
            guard let flags = fast(units) else { continue }
            decided += 1
            #expect(flags == expected, "\(String(decoding: units, as: UTF16.self).debugDescription)")
        }
        #expect(decided > 2_000)
    }

    @Test func whatTheRulesDoNotCoverIsLeftToICU() {
        for text in [
            "well-known", "a\"b", "caf\u{E9}", "tab\there", "x!y", "a.(b", "see,1", "a)(b", "line\nfeed\n", "\r\n",
        ] {
            #expect(fast(Array(text.utf16)) == nil, "\(text.debugDescription)")
        }
        // Inside numbers, and the places a line cannot start.
        #expect(fast(Array("Genesis 1:1 In the".utf16)) == [0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1])
        #expect(fast(Array("( a ) b ?".utf16)) == [0, 0, 0, 0, 0, 0, 1, 0, 0, 1])
        #expect(fast([]) == [0])
    }
}
