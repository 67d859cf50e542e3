import Foundation
import OpenTextKit
import OpenTextKitExamples
import TestFixtures
import Testing

/// The WWDC26 session's collapsible sections: a `TextView` subclass hiding the paragraphs of
/// collapsed sections through its storage's delegate, and finding the headings on screen
/// through the viewport delegate's overrides.
@Suite struct CollapsibleSectionsTextViewTests {
    /// 60 sections of a heading and 8 lines, in English, Arabic, Hebrew, Thai and Kannada.
    static let paragraphs: [String] = (0 ..< 60).flatMap { section in
        ["# Section \(section) ಕನ್ನಡ"]
            + (0 ..< 8).map { line in
                [
                    "Line \(line) of \(section): English words, then مرحبا بالعالم.",
                    "שורה \(line) של \(section): שלום עולם, and English.",
                    "บรรทัด \(line) ของ \(section): สวัสดีชาวโลก ภาษาไทย.",
                    "ಸಾಲು \(line) of \(section): ನಮಸ್ಕಾರ ಪ್ರಪಂಚ, ಕನ್ನಡ.",
                ][line % 4]
            }
    }
    static let text = paragraphs.joined(separator: "\n")
    static let paragraphStarts: [Int] = paragraphs.reduce(into: [0]) { $0.append($0.last! + $1.utf16.count + 1) }
    /// The heading of section `n`, as an offset.
    static func heading(_ section: Int) -> Int { paragraphStarts[section * 9] }

    static func makeView(y: CGFloat = 0) -> CollapsibleSectionsTextView {
        let layoutManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 400, height: 0)))
        let view = CollapsibleSectionsTextView(storage: TextContentStorage(string: text), layoutManager: layoutManager)
        view.visibleRect = CGRect(x: 0, y: y, width: 400, height: 300)
        view.layoutIfNeeded()
        return view
    }

    /// The paragraphs layout shows, by their first characters, over the whole document.
    static func laidOut(_ view: TextView) -> [String] {
        var shown: [String] = []
        view.textLayoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            shown.append(String(fragment.textElement.attributedString.characters).trimmingCharacters(in: .newlines))
            return true
        }
        return shown
    }

    /// What layout shows with `collapsed` sections collapsed: their bodies gone, headings kept.
    static func expected(collapsing collapsed: Set<Int>) -> [String] {
        paragraphs.enumerated().filter { index, _ in index % 9 == 0 || !collapsed.contains(index / 9) }.map(\.element)
    }

    @Test func aTapOnAHeadingCollapsesItsSectionAndASecondExpandsIt() throws {
        let view = Self.makeView()
        #expect(Self.laidOut(view) == Self.paragraphs)
        let headers = view.sectionHeaders
        #expect(headers.map(\.offset).prefix(1) == [0])
        let first = try #require(headers.first)
        #expect(!view.toggleSection(at: CGPoint(x: 10, y: first.frame.maxY + 5)), "a body line is no heading")
        #expect(view.toggleSection(at: CGPoint(x: first.frame.midX, y: first.frame.midY)))
        #expect(view.collapsedSections == [0])
        #expect(view.needsLayout)
        view.layoutIfNeeded()
        #expect(Self.laidOut(view) == Self.expected(collapsing: [0]))
        // On screen, section 1's heading now follows section 0's.
        let shown = view.renderingSurfaces.prefix(2).map {
            String($0.textLayoutFragment.textElement.attributedString.characters)
        }
        #expect(shown.first?.hasPrefix("# Section 0") == true)
        #expect(shown.last?.hasPrefix("# Section 1") == true)
        #expect(view.sectionHeaders.map(\.offset).prefix(2) == [Self.heading(0), Self.heading(1)])

        let header = try #require(view.sectionHeaders.first)
        #expect(view.toggleSection(at: CGPoint(x: header.frame.midX, y: header.frame.midY)))
        view.layoutIfNeeded()
        #expect(view.collapsedSections.isEmpty)
        #expect(Self.laidOut(view) == Self.paragraphs)
    }

    /// Any set of sections (the first, the last, neighbours, scattered) hides exactly their
    /// bodies, and expanding them in any order brings every paragraph back.
    @Test(arguments: [[0], [59], [3, 4], [1, 7, 30, 59], Array(0 ..< 60)])
    func collapsingAnySetHidesExactlyItsBodies(_ sections: [Int]) throws {
        let view = Self.makeView(y: 2_000)
        #expect(Self.laidOut(view) == Self.paragraphs)
        let heightBefore = view.textLayoutManager.usageBoundsForTextContainer.height
        for section in sections { view.toggleSection(headerOffset: Self.heading(section)) }
        view.layoutIfNeeded()
        #expect(Self.laidOut(view) == Self.expected(collapsing: Set(sections)))
        #expect(view.textLayoutManager.usageBoundsForTextContainer.height < heightBefore)
        for section in sections.reversed() { view.toggleSection(headerOffset: Self.heading(section)) }
        view.layoutIfNeeded()
        #expect(Self.laidOut(view) == Self.paragraphs)
        #expect(abs(view.textLayoutManager.usageBoundsForTextContainer.height - heightBefore) < 1e-6)
    }

    /// Collapsing a section far above the viewport leaves the text on screen where it is.
    @Test func collapsingAboveTheViewportKeepsTheVisibleTextStill() throws {
        let view = Self.makeView(y: 6_000)
        func onScreen() -> [String: CGFloat] {
            Dictionary(
                view.renderingSurfaces.map {
                    (
                        String($0.textLayoutFragment.textElement.attributedString.characters),
                        $0.frame.minY - view.visibleRect.minY
                    )
                },
                uniquingKeysWith: { a, _ in a })
        }
        let before = onScreen()
        #expect(!before.isEmpty)
        view.toggleSection(headerOffset: Self.heading(0))
        view.layoutIfNeeded()
        #expect(onScreen() == before)
        view.toggleSection(headerOffset: Self.heading(0))
        view.layoutIfNeeded()
        #expect(onScreen() == before)
    }

    /// An offset where no heading starts has no section: collapsing it hides nothing.
    @Test(arguments: [1, 5, 40, 1_000_000, -3])
    func anOffsetThatIsNoHeadingHidesNothing(_ offset: Int) {
        let view = Self.makeView()
        #expect(view.sectionBody(headerOffset: offset) == nil)
        view.toggleSection(headerOffset: offset)
        view.layoutIfNeeded()
        #expect(Self.laidOut(view) == Self.paragraphs)
    }

    @Test func aSectionsBodyRunsToTheNextHeading() throws {
        let view = Self.makeView()
        #expect(view.sectionBody(headerOffset: Self.heading(2)) == Self.paragraphStarts[19] ..< Self.heading(3))
        #expect(view.sectionBody(headerOffset: Self.heading(59)) == Self.paragraphStarts[532] ..< Self.text.utf16.count)
    }

    /// Edits above a collapsed section move it with its heading: it stays collapsed, and the
    /// same paragraphs stay hidden. Typing at the heading's start keeps it; deleting the heading's
    /// "#" drops the section, which shows again.
    @Test func collapsedSectionsFollowEdits() throws {
        let view = Self.makeView()
        view.toggleSection(headerOffset: Self.heading(2))
        view.layoutIfNeeded()
        #expect(Self.laidOut(view) == Self.expected(collapsing: [2]))
        // Kannada and Arabic typed into section 0 (above): the heading moves by their length.
        let typed = "ಕನ್ನಡ مرحبا "
        let at = Self.paragraphStarts[1]
        view.selectedTextRange = NSRange(location: at, length: 0)
        view.insertText(typed)
        let moved = Self.heading(2) + typed.utf16.count
        #expect(view.collapsedSections == [moved])
        view.layoutIfNeeded()
        var expected = Self.expected(collapsing: [2])
        expected[1] = typed + expected[1]
        #expect(Self.laidOut(view) == expected)
        // A paragraph removed above (section 1's first line and its newline).
        let line = Self.paragraphStarts[10] + typed.utf16.count ..< Self.paragraphStarts[11] + typed.utf16.count
        view.selectedTextRange = NSRange(line)
        view.deleteBackward()
        #expect(view.collapsedSections == [moved - line.count])
        view.layoutIfNeeded()
        expected.remove(at: 10)
        #expect(Self.laidOut(view) == expected)
        // Text typed at the heading's own start stays in the heading.
        view.selectedTextRange = NSRange(location: moved - line.count, length: 0)
        view.insertText("#")
        #expect(view.collapsedSections.isEmpty, "\"## \" is no heading by the prefix rule")
        view.layoutIfNeeded()
        #expect(Self.laidOut(view).count == Self.paragraphs.count - 1)
    }

    /// With `.presentationIntent`, headings are paragraphs whose intent is a heading (Markdown
    /// read as rich text): their sections collapse as the prefix rule's do.
    @Test func headingsByPresentationIntentCollapse() throws {
        let markdown = "# First ಕನ್ನಡ\n\nBody one\n\nBody two\n\n## Second مرحبا\n\nBody three\n"
        let storage = try TextContentStorage(markdown: markdown)
        let layoutManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 400, height: 0)))
        let view = CollapsibleSectionsTextView(storage: storage, layoutManager: layoutManager)
        view.headingRule = .presentationIntent
        view.visibleRect = CGRect(x: 0, y: 0, width: 400, height: 300)
        view.layoutIfNeeded()
        #expect(Self.laidOut(view) == ["First ಕನ್ನಡ", "Body one", "Body two", "Second مرحبا", "Body three"])
        #expect(view.sectionHeaders.count == 2)
        view.toggleSection(headerOffset: 0)
        view.layoutIfNeeded()
        #expect(Self.laidOut(view) == ["First ಕನ್ನಡ", "Second مرحبا", "Body three"])
        let second = try #require(view.sectionHeaders.last)
        view.toggleSection(headerOffset: second.offset)
        view.layoutIfNeeded()
        #expect(Self.laidOut(view) == ["First ಕನ್ನಡ", "Second مرحبا"])
        view.headingRule = .markdownPrefix
        view.layoutIfNeeded()
        #expect(view.sectionHeaders.isEmpty, "the \"#\" is gone from rich text")
        #expect(Self.laidOut(view).count == 5)
    }
}
