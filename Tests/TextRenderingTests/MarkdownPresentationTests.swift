import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
import TextMarkdown
@testable import TextRendering

/// Parsed Markdown drawn: headings larger, code on its background without wrapping, tables as
/// a grid whose cells keep to their columns, lists with their markers and task boxes.
@Suite struct MarkdownPresentationTests {
    static let markdown = """
        # Heading مرحبا

        Body text with *emphasis* and `code`, ಕನ್ನಡ and ไทย.

        | Left | Centre | Right |
        |:-----|:------:|------:|
        | a | مرحبا | 1 |
        | ಕನ್ನಡ text | b | 22 |

        1. First
        2. Second
           - nested
        - [x] done
        - [ ] open

        > quoted

        ```swift
        let value = someFunction(withAVeryLongArgumentName: 1, andAnotherOne: 2, andMore: 3, evenMore: 4)
        ```
        """

    func laidOut(width: Double = 480) throws -> (TextContentStorage, TextLayoutManager, [TextLayoutFragment]) {
        var text = try AttributedString(markdown: Self.markdown, options: .init(interpretedSyntax: .full))
        MarkdownPresentation().apply(to: &text, width: width - 10)
        let (storage, manager) = makeLayout(text, width: CGFloat(width))
        return (storage, manager, fragments(of: manager))
    }

    func fragment(_ fragments: [TextLayoutFragment], containing text: String) throws -> TextLayoutFragment {
        try #require(fragments.first { String($0.textElement.attributedString.characters).contains(text) })
    }

    /// One paragraph's attributes, asked for alone, are what presenting a document gives it:
    /// an editor making a paragraph a heading draws it as a heading read from Markdown.
    @Test func aParagraphsAttributesAloneAreWhatTheDocumentGivesIt() throws {
        let presentation = MarkdownPresentation()
        for (markdown, word) in [
            ("## Second level ಕನ್ನಡ", "Second"), ("Plain *emphasised* مرحبا", "emphasised"),
            ("> quoted **strong** ไทย", "strong"),
        ] {
            var text = try AttributedString(markdown: markdown, options: .init(interpretedSyntax: .full))
            presentation.apply(to: &text, width: 500)
            let range = try #require(text.range(of: word))
            let run = try #require(text[range].runs.first)
            let alone = presentation.attributes(
                for: run.presentationIntent, inline: run.inlinePresentationIntent ?? [], width: 500)
            #expect(alone.font == run.font, "\(markdown)")
            #expect(alone.paragraphStyle == run.paragraphStyle, "\(markdown)")
            #expect(alone.blockDecoration == run.blockDecoration, "\(markdown)")
        }
        let heading = presentation.attributes(for: PresentationIntent(.header(level: 1), identity: 1), width: 500)
        let body = presentation.attributes(for: PresentationIntent(.paragraph, identity: 2), width: 500)
        #expect(try #require(heading.font?.size) == 2 * (try #require(body.font?.size)))
        #expect(heading.font?.weight == .bold)
    }

    @Test func aHeadingIsLargerAndCodeHasItsBackgroundWithoutWrapping() throws {
        let (_, manager, fragments) = try laidOut()
        let heading = try fragment(fragments, containing: "Heading")
        let body = try fragment(fragments, containing: "Body text")
        #expect(
            heading.textLineFragments[0].typographicBounds.height > body.textLineFragments[0].typographicBounds.height)
        let headingSize = try #require(heading.textElement.attributedString.runs.first?.font?.size)
        let bodySize = try #require(body.textElement.attributedString.runs.first?.font?.size)
        #expect(headingSize >= 1.8 * bodySize)
        // Its glyphs are larger too: the heading's ink is taller than the body line's.
        #expect(heading.textLineFragments[0].inkBounds.height > 1.5 * CGFloat(bodySize))
        let code = try fragment(fragments, containing: "let value")
        #expect(code.textLineFragments.count == 1, "a code line runs on")
        #expect(code.textElement.attributedString.runs.first?.font?.family == "DejaVu Sans Mono")
        let pixels = try drawDocument(manager, scale: 1) { context in
            for fragment in fragments {
                BlockDecorations.draw(for: fragment, at: fragment.layoutFragmentFrame.origin, in: context)
            }
        }
        let frame = code.layoutFragmentFrame
        let background = MarkdownPresentation().codeBackground
        let grey = UInt8((background.red * 255).rounded())
        let onBackground = pixels.count(in: CGRect(x: 5, y: frame.minY + 1, width: 4, height: max(1, frame.height - 2)))
        {
            abs(Int($0.red) - Int(grey)) <= 2 && $0.alpha > 250
        }
        #expect(onBackground > 5)
    }

    /// The presentation's fonts scale like body text: a larger text size in the context draws
    /// the document larger, headings and code included.
    @Test func theTextFollowsTheFontResolutionContext() throws {
        let (_, manager, initial) = try laidOut()
        let texts = ["Heading", "Body text", "let value"]
        let before = try texts.map { try fragment(initial, containing: $0).layoutFragmentFrame.height }
        manager.fontResolutionContext.textSizeScale = 1.5
        let larger = fragments(of: manager)
        for (text, height) in zip(texts, before) {
            let fragment = try fragment(larger, containing: text)
            #expect(fragment.layoutFragmentFrame.height > 1.3 * height, "\(text)")
            let font = try #require(fragment.textElement.attributedString.runs.first?.font)
            #expect(font.pointSize(in: manager.fontResolutionContext) == 1.5 * font.size, "\(text)")
        }
        // A fixed body font keeps its size.
        var fixed = MarkdownPresentation()
        fixed.bodyFont = FontDescriptor(family: "DejaVu Sans", size: 13)
        #expect(!fixed.bodyFont.dependsOnContext && MarkdownPresentation().bodyFont.dependsOnContext)
    }

    @Test func tableCellsKeepToTheirColumns() throws {
        let (storage, manager, fragments) = try laidOut()
        for row in fragments where String(row.textElement.attributedString.characters).contains("\t") {
            let decoration = try #require(row.textElement.attributedString.runs.first?.blockDecoration)
            #expect(decoration.tableColumnEdges.count == 4)
            let rowText = String(row.textElement.attributedString.characters)
            let rowStart = try storage.offset(of: row.rangeInElement!.location)
            var offset = rowStart
            var previousMaxX = -CGFloat.infinity
            for (column, cell) in rowText.trimmingCharacters(in: .newlines).components(separatedBy: "\t").enumerated() {
                let range = storage.textRange(for: offset ..< offset + cell.utf16.count)!
                offset += cell.utf16.count + 1
                var rects: [CGRect] = []
                manager.enumerateTextSegments(in: range, type: .standard) { _, rect, _, _ in
                    rects.append(rect); return true
                }
                let minX = rects.map(\.minX).min()!, maxX = rects.map(\.maxX).max()!
                // Inside its column (edges count from the line padding), after the cell before it.
                #expect(
                    minX >= 5 + CGFloat(decoration.tableColumnEdges[column]) - 0.5, "\(cell) starts before its column")
                #expect(
                    maxX <= 5 + CGFloat(decoration.tableColumnEdges[column + 1]) + 0.5, "\(cell) runs past its column")
                #expect(minX >= previousMaxX)
                previousMaxX = maxX
            }
        }
    }

    @Test func listsShowTheirMarkersAndTaskBoxes() throws {
        let (_, _, fragments) = try laidOut()
        var markers = ListMarkers(defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13))
        var found: [String: String] = [:]
        for fragment in fragments {
            let text = String(fragment.textElement.attributedString.characters).trimmingCharacters(in: .newlines)
            if let marker = markers.marker(for: fragment) { found[text] = marker }
        }
        #expect(found["First"] == "1.")
        #expect(found["Second"] == "2.")
        #expect(found["nested"] == "•")
        #expect(found["done"] == "\u{2611}")
        #expect(found["open"] == "\u{2610}")
        let quote = try fragment(fragments, containing: "quoted")
        #expect(quote.textElement.attributedString.runs.first?.blockDecoration?.quoteBars.count == 1)
    }
}

/// Opening Markdown straight into a storage gives what parsing into an AttributedString and
/// drawing it does, run for run.
@Suite struct MarkdownStorageImportTests {
    @Test func theStorageHoldsWhatTheAttributedStringDoes() throws {
        let markdown =
            MarkdownPresentationTests.markdown
            + "\n\nLast *paragraph* with a [link](https://example.com) and `code`.\r\nCRLF line.\n"
        var expected = try AttributedString(markdown: markdown, options: .init(interpretedSyntax: .full))
        MarkdownPresentation().apply(to: &expected, width: 470)
        let storage = try TextContentStorage(markdown: markdown, width: 470)
        let actual = storage.attributedString
        #expect(String(actual.characters) == String(expected.characters))
        #expect(storage.paragraphCount > 10)
        // Run by run: the same attributes over the same characters.
        let expectedRuns = expected.runs.map { (String(expected[$0.range].characters), $0.attributes) }
        let actualRuns = actual.runs.map { (String(actual[$0.range].characters), $0.attributes) }
        #expect(expectedRuns.count == actualRuns.count)
        for (left, right) in zip(expectedRuns, actualRuns) {
            #expect(left.0 == right.0)
            #expect(left.1 == right.1, "\(left.0.debugDescription)")
        }
        // Bytes that are not UTF-8 are a clear error.
        #expect(throws: MarkdownError.self) { try TextContentStorage(markdown: Data([0x23, 0x20, 0xFF, 0xFE])) }
    }
}
