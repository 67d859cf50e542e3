import Foundation
import OpenTextKit
import OpenTextKitExamples
import TestFixtures
import Testing

@Suite struct LineNumberGutterTests {
    /// 3,000 lines of code-like text in every script; some long enough to wrap.
    static let text = (0 ..< 3_000).map { index -> String in
        let sample = MixedSamples.all.isEmpty ? "مرحبا ಕನ್ನಡ" : MixedSamples.all[index % MixedSamples.all.count].text
        return index % 5 == 0 ? "// \(index): " + sample : "let value\(index) = \"\(sample.prefix(20))\""
    }.joined(separator: "\n")

    @Test func numbersAndFramesOfTheVisibleLines() throws {
        let storage = TextContentStorage(string: Self.text)
        let layoutManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 500, height: 0)))
        storage.addTextLayoutManager(layoutManager)
        let gutter = LineNumberGutter(storage: storage, layoutManager: layoutManager, visibleRect: CGRect(x: 0, y: 20_000, width: 500, height: 400))
        layoutManager.textViewportLayoutController.layoutViewport()
        let lines = gutter.lines
        #expect(!lines.isEmpty)
        // The numbers are the paragraphs' (1-based), counted from the document's start.
        let first = try #require(layoutManager.textViewportLayoutController.visibleFragments.first?.rangeInElement)
        let expected = try #require(storage.paragraphIndex(for: first.location)) + 1
        #expect(gutter.firstVisibleLineNumber == expected)
        #expect(expected > 100)
        // Numbers never decrease; wrapped lines share their paragraph's number; lines stack.
        for (above, below) in zip(lines, lines.dropFirst()) {
            #expect(below.number == above.number + (below.isContinuation ? 0 : 1))
            #expect(abs(below.frame.minY - above.frame.maxY) < 1e-6)
        }
        #expect(lines.contains { $0.isContinuation }, "some paragraphs wrap at 500 pt")
        // Every line lies in the viewport.
        let viewport = layoutManager.textViewportLayoutController.viewportBounds
        #expect(lines.allSatisfy { $0.frame.maxY > viewport.minY && $0.frame.minY < viewport.maxY })

        // Typing a new line above shifts every number by one.
        try storage.replaceContents(in: TextRange(location: storage.documentRange.location), with: "#include <stdio.h>\n")
        layoutManager.textViewportLayoutController.layoutViewport()
        // The viewport stays on the same text (its anchor moved with the edit).
        #expect(gutter.firstVisibleLineNumber == expected + 1)
    }
}

@Suite struct CollapsibleSectionsTests {
    static let text = (0 ..< 60).map { section in
        (["# Section \(section) ಕನ್ನಡ"] + (0 ..< 8).map { "Line \($0) of \(section): مرحبا بالعالم, English words, ภาษาไทย." }).joined(separator: "\n")
    }.joined(separator: "\n")

    @Test func collapsingAboveTheViewportKeepsTheVisibleTextStill() throws {
        let storage = TextContentStorage(string: Self.text)
        let layoutManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 400, height: 0)))
        storage.addTextLayoutManager(layoutManager)
        let sections = CollapsibleSections(storage: storage, layoutManager: layoutManager)
        #expect(sections.headings.count == 60)
        let gutter = LineNumberGutter(storage: storage, layoutManager: layoutManager, visibleRect: CGRect(x: 0, y: 6_000, width: 400, height: 300))
        let controller = layoutManager.textViewportLayoutController
        controller.layoutViewport()
        func onScreen() -> [Int: CGFloat] {
            Dictionary(gutter.lines.filter { !$0.isContinuation }.map { ($0.number, $0.frame.minY - controller.viewportBounds.minY) }, uniquingKeysWith: { a, _ in a })
        }
        let before = onScreen()
        let heightBefore = layoutManager.usageBoundsForTextContainer.height
        #expect(!before.isEmpty)

        // Collapse the first section (far above): the visible lines stay where they are on screen.
        #expect(sections.toggle(headingAt: sections.headings[0]))
        controller.layoutViewport()
        #expect(onScreen() == before)
        #expect(layoutManager.usageBoundsForTextContainer.height < heightBefore)

        // Its paragraphs are gone from the layout: the heading is followed by the next heading.
        var shown: [String] = []
        layoutManager.enumerateTextLayoutFragments(from: nil) { fragment in
            shown.append(String(fragment.textElement.attributedString.characters))
            return shown.count < 3
        }
        #expect(shown[0].hasPrefix("# Section 0"))
        #expect(shown[1].hasPrefix("# Section 1"))

        // Expanding brings it back, and the text on screen still does not move.
        sections.toggle(headingAt: sections.headings[0])
        controller.layoutViewport()
        #expect(onScreen() == before)
        #expect(!sections.toggle(headingAt: 3), "not a heading")
    }
}
