import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Pathological paragraphs through the public layout path (DESIGN.md, principle 7): a 10 MB line
/// with no break opportunity, 100,000 combining marks on one base, and right-to-left and Indic
/// words ~1 MB long. Layout must end without a trap or an error, in bounded time, and its lines
/// must tile the paragraph. The suite's small cases are in ParagraphLayoutTests.swift.
extension LayoutBadInputTests {
    /// The container of these tests, 600 pt wide (lines are 590 pt: 5 pt padding at each end).
    static let containerWidth: CGFloat = 600

    /// A hang guard for laying out one pathological paragraph, far above the few seconds a
    /// debug build takes: it catches a hang or a blow-up (quadratic work), not a slowdown.
    static let hangGuard: Duration = .seconds(120)

    /// `text` as one paragraph laid out in a 600 pt container with DejaVu Sans 13, through the
    /// public path, and how long the layout took.
    static func layOut(_ text: String) -> (storage: TextContentStorage, manager: TextLayoutManager, duration: Duration)
    {
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: containerWidth, height: 0)),
            defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13))
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        let duration = ContinuousClock().measure { manager.ensureLayoutForEntireDocument() }
        return (storage, manager, duration)
    }

    /// Lays `text` out as ``layOut(_:)`` does and checks what every case must hold: layout
    /// ends within the hang guard, reports no error, and its lines tile the paragraph.
    static func layOutAndCheckTiling(
        _ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [TextLineFragment] {
        let (storage, manager, duration) = layOut(text)
        #expect(duration < hangGuard, "laying out \(what) took \(duration)", sourceLocation: sourceLocation)
        #expect(manager.layoutFailures == [], sourceLocation: sourceLocation)
        // The manager lays out from its content, which it holds weakly.
        let lines = try withExtendedLifetime(storage) { try self.lines(of: manager, sourceLocation: sourceLocation) }
        expectTiling(lines, length: text.utf16.count, sourceLocation: sourceLocation)
        return lines
    }

    /// The lines of the document's only layout fragment.
    static func lines(
        of manager: TextLayoutManager, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [TextLineFragment] {
        var fragments: [TextLayoutFragment] = []
        manager.enumerateTextLayoutFragments(from: nil) {
            fragments.append($0); return true
        }
        #expect(fragments.count == 1, "one paragraph, one layout fragment", sourceLocation: sourceLocation)
        return try #require(fragments.first, sourceLocation: sourceLocation).textLineFragments
    }

    /// Whether `lines` tile 0 ..< `length`: each starts where the one before it ended, none is
    /// empty, the first starts at 0 and the last ends at `length`. Records one issue (the first
    /// gap or overlap), not one per line.
    static func expectTiling(
        _ lines: [TextLineFragment], length: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(lines.first?.characterRange.location == 0, "the first line starts at 0", sourceLocation: sourceLocation)
        var next = 0
        for (index, line) in lines.enumerated() {
            guard line.characterRange.location == next, line.characterRange.length > 0 else {
                Issue.record(
                    "line \(index) of \(lines.count) is \(line.characterRange) after a line ending at \(next)",
                    sourceLocation: sourceLocation)
                return
            }
            next = NSMaxRange(line.characterRange)
        }
        #expect(next == length, "the last line ends at the paragraph's end", sourceLocation: sourceLocation)
    }

    /// Whether every glyph of every line starts inside the line's bounds (origins only: the
    /// engine keeps no advances in its public results). Records the first glyph outside.
    static func expectGlyphsInsideTheirLines(
        _ lines: [TextLineFragment], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (index, line) in lines.enumerated() {
            #expect(line.typographicBounds.width <= containerWidth, sourceLocation: sourceLocation)
            for run in line.glyphRuns {
                guard
                    let outside = run.positions.first(where: {
                        $0.x < -0.5 || $0.x > line.typographicBounds.width + 0.5
                    })
                else { continue }
                Issue.record("line \(index) \(line): a glyph at x = \(outside.x)", sourceLocation: sourceLocation)
                return
            }
        }
    }

    // MARK: - A 10 MB paragraph with no break opportunity

    @Test func aTenMegabyteWordBreaksBetweenGraphemes() throws {
        let pattern = "abcdefghij"
        let text = String(repeating: pattern, count: 1_000_000)
        let length = text.utf16.count
        #expect(length == 10_000_000)

        // The advance of each letter of the pattern, from the same engine on a short line: the
        // 10 MB line is checked against widths measured apart from it.
        let (sampleStorage, sample, _) = Self.layOut(String(repeating: pattern, count: 3))
        let sampleRun = try withExtendedLifetime(sampleStorage) {
            try #require(try Self.lines(of: sample).first?.glyphRuns.first)
        }
        #expect(sampleRun.positions.count == 30)
        let advances = (0 ..< 10).map { sampleRun.positions[10 + $0 + 1].x - sampleRun.positions[10 + $0].x }
        #expect(advances.allSatisfy { $0 > 1 && $0 < 20 }, "\(advances)")

        let lines = try Self.layOutAndCheckTiling(text, "10 MB")
        // No line may be a 10 MB line: at 13 pt no letter is narrower than 3 pt, so 590 pt
        // lines hold at most ~200 letters.
        #expect(lines.count > length / 200, "\(lines.count) lines")
        Self.expectGlyphsInsideTheirLines(lines)

        // Every line is filled greedily, grapheme by grapheme: its letters fit in its width, and
        // the next letter would not have.
        var reported = false
        for (index, line) in lines.enumerated() where !reported {
            let range = line.characterRange
            let width = (range.location ..< NSMaxRange(range)).reduce(CGFloat(0)) { $0 + advances[$1 % 10] }
            let available = line.typographicBounds.width
            let fits = width <= available + 0.5 || range.length == 1
            let full = index == lines.count - 1 || width + advances[NSMaxRange(range) % 10] > available - 0.5
            if !fits || !full {
                Issue.record(
                    "line \(index) \(line): \(width) pt of letters in \(available) pt (fits: \(fits), full: \(full))")
                reported = true
            }
        }
    }

    // MARK: - 100,000 combining marks on one base

    /// The cluster at the end of a short word, as asked, and in the middle of a word far longer
    /// than a line, where lines must break between graphemes close to the cluster.
    static let combiningContexts: [(before: String, after: String)] = [
        ("before a", " after"),
        (
            String(repeating: "word ", count: 60) + String(repeating: "x", count: 150) + "a",
            String(repeating: "y", count: 150) + String(repeating: " word", count: 60)
        ),
    ]

    @Test(arguments: combiningContexts.indices)
    func aHundredThousandCombiningMarksStayOneCluster(_ context: Int) throws {
        let (before, after) = Self.combiningContexts[context]
        let marks = String(repeating: "\u{301}", count: 100_000)
        let text = before + marks + after
        // The base "a" and its marks: one grapheme cluster.
        let cluster = (before.utf16.count - 1) ..< (before.utf16.count + 100_000)
        #expect(text.count == before.count + after.count, "the marks join the base's grapheme")

        let lines = try Self.layOutAndCheckTiling(text, "100,000 marks")
        let inside = lines.map(\.characterRange.location).filter { $0 > cluster.lowerBound && $0 < cluster.upperBound }
        #expect(inside.isEmpty, "lines start inside the cluster \(cluster) at \(inside)")
        if context == 1 { #expect(lines.count > 3, "the words around the cluster wrap") }
    }

    // MARK: - Right-to-left and Indic words of ~1 MB

    /// An Arabic and a Kannada sample with their spaces taken out, repeated to ~1 MB of UTF-8:
    /// one word with no break opportunity (1 MB, not 10, so that a debug build stays quick).
    @Test(arguments: ["ar_Arab", "kn_Knda"])
    func aMegabyteWordInAnotherScriptTiles(_ tag: String) throws {
        let sample = MixedSamples.text(tag).filter { !$0.isWhitespace }
        try #require(!sample.isEmpty, "no \(tag) row in Tests/Fixtures/mixed-sample.tsv")
        let text = String(repeating: sample, count: 1_000_000 / sample.utf8.count + 1)
        let length = text.utf16.count

        let lines = try Self.layOutAndCheckTiling(text, "\(text.utf8.count) bytes of \(tag)")
        #expect(lines.count > length / 200, "\(lines.count) lines")
        Self.expectGlyphsInsideTheirLines(lines)
        for run in lines.flatMap(\.glyphRuns) where run.glyphs.contains(0) {
            Issue.record("\(tag): .notdef in \(run.font.familyName) at \(run.characterRange)")
            break
        }
    }
}
