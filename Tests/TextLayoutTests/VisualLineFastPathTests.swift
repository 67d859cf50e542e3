import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// A left-to-right line's caret positions are made in one pass straight from its glyphs; they
/// must be exactly what the general way (grouping every edge by x) makes, in every script and
/// in both directions (a right-to-left or mixed line is made the general way).
@Suite struct VisualLineFastPathTests {
    static let paragraphs: [String] =
        [
            LayoutSamples.english,
            "Tabs\tin\tthe line, ligatures ffi ffl, combining e\u{301}\u{301} marks, a flag 🇺🇦 and 👩‍👩‍👧 a family.",
            "Kannada ಕನ್ನಡ ಸ್ತ್ರೀ and Thai ภาษาไทยไม่มีช่องว่าง and Devanagari हिन्दी क्षत्रिय, keycap 1️⃣ end",
            "English العربية 123 שלום mixed, then English again to wrap the line several times over.",
            "العربية أولا ثم English في الوسط",
            "  leading spaces and a zero\u{200B}width space, a ZWJ\u{200D}here, soft\u{00AD}hyphen  ",
            "\u{2028}line separator\u{2028}\u{2028}",
            "",
        ] + LayoutSamples.mixed.map(\.text)

    @Test(arguments: [90.0, 300.0, 2000.0])
    func oneLineMadeBothWaysIsTheSame(width: Double) throws {
        let (storage, manager) = makeLayout(Self.paragraphs.joined(separator: "\n"), width: width)
        var compared = 0, fast = 0
        for fragment in allFragments(manager) {
            let lines = fragment.textLineFragments
            let paragraphStart = try #require(try fragment.rangeInElement.map { try storage.offset(of: $0.location) })
            for (index, line) in lines.enumerated() {
                let lineEnd = line.characterRange.location + line.characterRange.length
                let contentEnd = line.contentEnd
                let wraps = index < lines.count - 1 && contentEnd == lineEnd
                let edges = line.graphemeEdges
                guard !edges.isEmpty else { continue }
                let general = VisualLine(
                    range: line.characterRange.location ..< lineEnd, contentEnd: contentEnd, endsInSoftWrap: wraps,
                    isRightToLeft: line.paragraphIsRightToLeft, graphemes: edges, emptyX: 0
                ).translated(offset: paragraphStart, x: 7)
                let made = line.visualLine(endsInSoftWrap: wraps, contentEnd: contentEnd, offset: paragraphStart, x: 7)
                #expect(made.stops == general.stops, "line \(line.characterRange) of \(paragraphStart)")
                #expect(made.positions == general.positions, "line \(line.characterRange) of \(paragraphStart)")
                #expect(
                    made.range == general.range && made.contentEnd == general.contentEnd
                        && made.isRightToLeft == general.isRightToLeft)
                compared += 1
                if !line.paragraphIsRightToLeft, Set(edges.map(\.isRightToLeft)) == [false] { fast += 1 }
            }
        }
        #expect(compared > 10)
        #expect(fast > 5)
    }
}
