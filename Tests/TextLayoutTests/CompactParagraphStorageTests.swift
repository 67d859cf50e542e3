import Foundation
import TestFixtures
import Testing
@testable import TextContent
@_spi(Typesetting) import TextTypography
@_spi(Rendering) @testable import TextLayout

/// What a shaped paragraph keeps in a compact form (grapheme boundaries without flags, shared
/// attribute runs, inline short arrays) must read back as the full form would.
@Suite struct CompactParagraphStorageTests {
    private func content(_ text: String) throws -> TextLayout.ParagraphContent {
        try ParagraphContent(
            TextParagraph(attributedString: AttributedString(text)),
            defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13))
    }

    @Test func graphemeBoundariesAreICUsInEitherForm() throws {
        let samples =
            LayoutSamples.mixed.map(\.text) + [
                LayoutSamples.english, "plain line\r\n", "crlf only\r\n", "e\u{301}\r\n", "", "\r\n",
                "tab\tand\u{2028}break\n",
            ]
        for text in samples {
            let content = try content(text)
            let boundaries = ShapedParagraph.graphemeBoundaries(of: content)
            let units = content.units
            let icu = Set(
                try TextBoundaryAnalyzer.boundaries(in: String(decoding: units, as: UTF16.self), kind: .character))
            #expect(boundaries.count == units.count + 1, "\(text.prefix(20))")
            for offset in 0 ... units.count {
                #expect(
                    boundaries.contains(offset) == (icu.contains(offset) || offset == 0),
                    "\(text.prefix(20)) at \(offset)")
            }
            // The flag form of the same boundaries is equal, and gives the same flags back.
            let flags = GraphemeBoundarySet(flags: boundaries.flags(in: 0 ..< boundaries.count))
            #expect(flags == boundaries)
            #expect(flags.flags(in: 0 ..< flags.count) == boundaries.flags(in: 0 ..< boundaries.count))
        }
        // Simple text keeps no flags but still knows the LF of a closing CR LF is inside a cluster.
        let crlf = ShapedParagraph.graphemeBoundaries(of: try content("abc\r\n"))
        #expect(crlf == GraphemeBoundarySet(everyOffsetOf: 5, endsWithCRLF: true))
        #expect(crlf.contains(3) && !crlf.contains(4) && crlf.contains(5))
        #expect(
            GraphemeBoundarySet(everyOffsetOf: 5, endsWithCRLF: true)
                != GraphemeBoundarySet(everyOffsetOf: 5, endsWithCRLF: false))
    }

    /// Whether a paragraph is printable ASCII is found while its bytes are read; it must agree
    /// with the scans it saves (controls, right-to-left, grapheme clusters), separators aside.
    @Test func printableASCIIIsFoundWhileReading() throws {
        let samples =
            LayoutSamples.mixed.map(\.text) + [
                LayoutSamples.english, "plain line\r\n", "plain\n", "bare\r", "", "\n", "tab\there\n", "del\u{7F}\n",
                "bell\u{07}",
                "inner\rreturn", "line\u{2028}break", "caf\u{E9}", "~ !\"#$%&'()*+,-./0123456789:;<=>?@[\\]^_`{|}\n",
            ]
        for text in samples {
            // A plain paragraph, as a storage reads it from a file.
            let length = text.utf16.count
            let paragraph = TextParagraph(plainText: text, document: 0, start: 0, contentEnd: length, end: length)
            let content = try ParagraphContent(paragraph, defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13))
            #expect(content.isPlain)
            let body = content.units[0 ..< content.contentLength]
            #expect(
                content.isPrintableASCII == body.allSatisfy { (0x20 ... 0x7E).contains($0) }, "\(text.debugDescription)"
            )
            if content.isPrintableASCII {
                #expect(!ShapedParagraph.mayHoldRightToLeft(body))
                #expect(body.withUnsafeBufferPointer { GraphemeSegmenter.isAllSimple($0) })
                #expect(!body.contains { ParagraphContent.isControl($0) })
            }
        }
        // Text with attributes is read another way, and not marked (its style may set a direction).
        var styled = AttributedString("abc 123 def")
        styled.paragraphStyle = ParagraphStyle(baseWritingDirection: .rightToLeft)
        let content = try ParagraphContent(
            TextParagraph(attributedString: styled), defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13))
        #expect(!content.isPrintableASCII)
    }

    @Test func plainRunsCoverTheirParagraphAtEveryLength() throws {
        let request = try FontRequest(FontDescriptor(family: "DejaVu Sans", size: 13))
        let runs = PlainAttributeRuns(font: request, features: [])
        for count in [0, 1, 2, 37, PlainAttributeRuns.maximumLength, PlainAttributeRuns.maximumLength + 1, 5_000] {
            let first = runs.runs(count: count)
            #expect(first.count == 1 && first[0].range == 0 ..< count && first[0].font == request && first[0].kern == 0)
            #expect(runs.runs(count: count).map(\.range) == first.map(\.range))
        }
        // Plain paragraphs of every script read with shared runs are what a fresh read gives.
        for text in LayoutSamples.mixed.map(\.text) + [LayoutSamples.english] {
            let paragraph = TextParagraph(attributedString: AttributedString(text))
            let shared = try TextLayout.ParagraphContent(
                paragraph, defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13), plainRuns: runs)
            let alone = try content(text)
            #expect(
                shared.units == alone.units && shared.runs.map(\.range) == alone.runs.map(\.range)
                    && shared.style == alone.style)
        }
    }

    @Test func smallArrayBehavesLikeAnArray() {
        var array: [Int] = []
        var small = SmallArray<2, Int>()
        #expect(small.isEmpty)
        for value in [5, -1, 9, 0, 3, 3, 12] {
            array.append(value)
            small.append(value)
            #expect(Array(small) == array)
        }
        small[1] = 40
        small[4] = 41
        array[1] = 40
        array[4] = 41
        small.sort()
        array.sort()
        #expect(Array(small) == array)
        #expect(Array(SmallArray<2, Int>(array.reversed())) == array.reversed())
        // One inline (a fragment's lines, a paragraph's pieces) behaves the same.
        var one = SmallArray<1, Int>()
        for value in array { one.append(value) }
        #expect(Array(one) == array && one.count == array.count)
        #expect(SmallArray<1, Int>().isEmpty && Array(SmallArray<1, Int>(CollectionOfOne(4))) == [4])
    }

    @Test func repeatedLinesAreComparedByTheirText() throws {
        // Same length in UTF-8 and UTF-16, one accent apart, and a line whose UTF-8 is longer
        // than its UTF-16: none may share another's shaping.
        let lines = ["café au lait", "cafè au lait", "café au lait", "مرحبا", "مرحبا", "abcdefghij"]
        let (_, manager) = makeLayout(lines.joined(separator: "\n"), width: 400)
        let shaped = allFragments(manager).map(\.shapedParagraph)
        #expect(shaped[0] === shaped[2] && shaped[3] === shaped[4])
        #expect(shaped[0] !== shaped[1] && shaped[3] !== shaped[5])
        for (index, line) in lines.enumerated() {
            #expect(
                shaped[index].map { String(decoding: $0.content.units, as: UTF16.self) } == line
                    + (index < lines.count - 1 ? "\n" : ""))
        }
    }
}
