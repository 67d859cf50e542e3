import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Repeated short lines of plain text are shaped once and their shaping shared; the layout
/// must be what laying each line out alone gives.
@Suite struct RecentShapedParagraphsTests {
    private func shapings(_ manager: TextLayoutManager) -> [ShapedParagraph?] {
        allFragments(manager).map(\.shapedParagraph)
    }

    @Test func repeatedLinesShareOneShaping() throws {
        let arabic = try #require(LayoutSamples.mixed.first { $0.tag.hasPrefix("ar") }?.text.prefix(60))
        let lines = ["}", "    return 0;", String(arabic), "}", "", "    return 0;", String(arabic), "end"]
        let (_, manager) = makeLayout(lines.joined(separator: "\n"), width: 400)
        let shaped = shapings(manager)
        #expect(shaped[0] != nil && shaped[0] === shaped[3])
        #expect(shaped[1] != nil && shaped[1] === shaped[5])
        #expect(shaped[2] != nil && shaped[2] === shaped[6])
        #expect(shaped[0] !== shaped[1])
        // Each fragment is laid out as the same line alone would be.
        for (index, fragment) in allFragments(manager).enumerated().dropLast() where !lines[index].isEmpty {
            let alone = allFragments(makeLayout(lines[index] + "\nx", width: 400).1)[0]
            #expect(fragment.textLineFragments.map(\.characterRange) == alone.textLineFragments.map(\.characterRange))
            #expect(fragment.layoutFragmentFrame.size == alone.layoutFragmentFrame.size, "line \(index)")
        }
    }

    @Test func longAndAttributedParagraphsAreNotShared() throws {
        let long = String(repeating: LayoutSamples.english + " ", count: 2)
        let (_, manager) = makeLayout(long + "\n" + long, width: 400)
        let shaped = shapings(manager)
        #expect(shaped[0] !== shaped[1])

        var document = AttributedString("same\nsame\n")
        document[document.range(of: "same")!].kern = 3
        let storage = TextContentStorage(attributedString: document)
        let attributedManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        storage.addTextLayoutManager(attributedManager)
        attributedManager.ensureLayoutForEntireDocument()
        let fragments = allFragments(attributedManager)
        #expect(fragments[0].shapedParagraph !== fragments[1].shapedParagraph)
        // The kerned line is wider than the plain one: the plain one did not reuse its shaping.
        #expect(
            fragments[0].textLineFragments[0].locationForCharacter(at: 4).x
                > fragments[1].textLineFragments[0].locationForCharacter(at: 4).x)
    }

    @Test func anotherDefaultFontIsShapedAgain() throws {
        let storage = TextContentStorage(string: "same line\nsame line")
        let sans = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: 300, height: 0)),
            defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13))
        let mono = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: 300, height: 0)),
            defaultFont: FontDescriptor(family: "DejaVu Sans Mono", size: 13))
        storage.addTextLayoutManager(sans)
        storage.addTextLayoutManager(mono)
        sans.ensureLayoutForEntireDocument()
        mono.ensureLayoutForEntireDocument()
        let sansShaped = try #require(allFragments(sans)[0].shapedParagraph)
        let monoShaped = try #require(allFragments(mono)[0].shapedParagraph)
        #expect(sansShaped !== monoShaped)
        #expect(sansShaped.pieces[0].font != monoShaped.pieces[0].font)
    }

    @Test func thousandsOfDistinctLinesStayBounded() throws {
        // More distinct lines than the memo holds: it forgets and goes on, and repeats after
        // the forgetting are still laid out right.
        let count = RecentShapedParagraphs.capacity + 500
        let text = (0 ..< count).map { "line \($0)" }.joined(separator: "\n") + "\nline 7"
        let (_, manager) = makeLayout(text, width: 300)
        let fragments = allFragments(manager)
        #expect(fragments.count == count + 1)
        let last = try #require(fragments.last?.textLineFragments.first),
            seventh = try #require(fragments[7].textLineFragments.first)
        #expect(
            (0 ... 6).map { last.locationForCharacter(at: $0) }
                == (0 ... 6).map { seventh.locationForCharacter(at: $0) })
        #expect(manager.layoutFailures == [])
    }
}
