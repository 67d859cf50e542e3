import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) @testable import TextLayout

/// `TextLineFragment(attributedString:range:)` and `init(string:attributes:range:)`: lines made
/// outside a layout manager that measure like laid-out ones.
@Suite struct StandaloneLineFragmentTests {
    static let samples: [(tag: String, text: String)] =
        [("en", "Hello, world"), ("emoji", "👩‍👩‍👧 and 🇺🇦")]
        + ["ar_Arab", "he_Hebr", "th_Thai", "kn_Knda"].map { ($0, String(MixedSamples.text($0).prefix(30))) }

    @Test func aWholeStringMeasuresAsLayoutMeasuresIt() throws {
        for sample in Self.samples {
            let length = sample.text.utf16.count
            let line = try TextLineFragment(
                attributedString: AttributedString(sample.text), range: NSRange(location: 0, length: length))
            #expect(line.characterRange == NSRange(location: 0, length: length), "\(sample.tag)")
            #expect(line.typographicBounds.width > 10 && line.typographicBounds.height > 10, "\(sample.tag)")
            #expect(line.baseline > 0 && line.baseline < line.typographicBounds.height, "\(sample.tag)")
            // The same width as the layout manager gives the text on one unwrapped line.
            let (_, manager) = makeLayout(sample.text, width: .infinity) { $0.lineFragmentPadding = 0 }
            let laidOut = try #require(allFragments(manager).first?.textLineFragments.first)
            #expect(abs(laidOut.typographicBounds.width - line.typographicBounds.width) < 0.5, "\(sample.tag)")
            #expect(abs(laidOut.typographicBounds.height - line.typographicBounds.height) < 0.5, "\(sample.tag)")
            // Caret positions: one per grapheme edge; a click at a caret gives its character.
            let graphemes = sample.text.count
            #expect(line.caretStops.count >= graphemes, "\(sample.tag)")
            for stop in line.caretStops {
                #expect(stop.x >= -0.01 && stop.x <= line.typographicBounds.width + 0.01, "\(sample.tag)")
                let index = line.characterIndex(for: CGPoint(x: stop.x, y: line.baseline))
                #expect((0 ... length).contains(index), "\(sample.tag)")
            }
            var offset = 0
            for character in sample.text {
                let location = line.locationForCharacter(at: offset)
                #expect(
                    line.characterIndex(for: location) == offset
                        || line.characterIndex(for: location) == offset + character.utf16.count
                        || abs(line.locationForCharacter(at: line.characterIndex(for: location)).x - location.x) < 0.01,
                    "\(sample.tag) \(offset)")
                offset += character.utf16.count
            }
        }
    }

    @Test func aRangeShowsOnlyItsCharacters() throws {
        let text = "Hello brave new world"
        let whole = try TextLineFragment(
            string: text, attributes: AttributeContainer(), range: NSRange(location: 0, length: 21))
        let part = try TextLineFragment(
            string: text, attributes: AttributeContainer(), range: NSRange(location: 6, length: 5))
        #expect(part.characterRange == NSRange(location: 6, length: 5))
        #expect(part.typographicBounds.width > 10 && part.typographicBounds.width < whole.typographicBounds.width / 2)
        #expect(part.caretStops.map(\.characterIndex).sorted() == Array(6 ... 11))
        #expect(part.attributedString.characters.count == 21)
        let empty = try TextLineFragment(
            string: text, attributes: AttributeContainer(), range: NSRange(location: 3, length: 0))
        #expect(empty.typographicBounds.width == 0 && empty.typographicBounds.height > 0)
        // A bigger font, a taller and wider line.
        var big = AttributeContainer()
        big.font = FontDescriptor(family: "DejaVu Sans", size: 40)
        let large = try TextLineFragment(string: text, attributes: big, range: NSRange(location: 0, length: 21))
        #expect(large.typographicBounds.height > whole.typographicBounds.height * 2)
        #expect(large.typographicBounds.width > whole.typographicBounds.width * 2)
        // A right-to-left string starts at x = 0 too, its first character on the right.
        let hebrew = try TextLineFragment(
            string: "שלום עולם", attributes: AttributeContainer(), range: NSRange(location: 0, length: 9))
        #expect(hebrew.locationForCharacter(at: 0).x > hebrew.locationForCharacter(at: 8).x)
        #expect(hebrew.caretStops.allSatisfy { $0.x >= -0.01 && $0.x <= hebrew.typographicBounds.width + 0.01 })
    }

    @Test func badRangesAndFontsThrow() throws {
        let text = "a😀b"
        for range in [
            NSRange(location: 0, length: 5), NSRange(location: 5, length: 0), NSRange(location: -1, length: 1),
            NSRange(location: 2, length: 1), NSRange(location: 0, length: 2), NSRange(location: NSNotFound, length: 0),
            NSRange(location: 1, length: Int.max),
        ] {
            #expect(throws: TextLayoutError.self, "\(range)") {
                try TextLineFragment(string: text, attributes: AttributeContainer(), range: range)
            }
        }
        var bad = AttributeContainer()
        bad.font = FontDescriptor(family: "DejaVu Sans", size: .nan)
        #expect(throws: TextLayoutError.self) {
            try TextLineFragment(string: "x", attributes: bad, range: NSRange(location: 0, length: 1))
        }
        // A line break inside the range is shown, not a trap.
        let broken = try TextLineFragment(
            string: "one\ntwo", attributes: AttributeContainer(), range: NSRange(location: 0, length: 7))
        #expect(broken.typographicBounds.width > 0)
    }
}

extension StandaloneLineFragmentTests {
    /// Lines made on several threads at once (they share a few kept layout scratches, one thread
    /// each) measure as lines made one at a time.
    @Test func linesMadeOnManyThreadsAtOnceMeasureTheSame() async throws {
        let texts = Self.samples.map(\.text) + (1 ... 40).map { "\($0 * 7919)" }
        func widths() throws -> [CGFloat] {
            try texts.map { text in
                try TextLineFragment(
                    string: text, attributes: AttributeContainer(),
                    range: NSRange(location: 0, length: text.utf16.count)
                ).typographicBounds.width
            }
        }
        let expected = try widths()
        let results = try await withThrowingTaskGroup(of: [CGFloat].self) { group in
            for _ in 0 ..< 8 { group.addTask { try widths() } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == expected })
    }
}
