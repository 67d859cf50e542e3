import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout

/// A location of `LineListContent`: a UTF-16 offset of its own type (not the storage's).
struct LineListLocation: TextLocation {
    let offset: Int
    func compare(_ location: any TextLocation) -> ComparisonResult {
        guard let other = location as? LineListLocation else { return .orderedAscending }
        return offset == other.offset ? .orderedSame : (offset < other.offset ? .orderedAscending : .orderedDescending)
    }
    var description: String { "\(offset)" }
}

/// An app's own content manager, written with the public API only: a list of lines, each a
/// paragraph ended by "\n" (the last by nothing), with locations of its own type.
final class LineListContent: TextContentManager {
    private(set) var lines: [String]

    init(lines: [String]) {
        self.lines = lines
        super.init()
    }

    private var lengths: [Int] {
        lines.enumerated().map { $0.element.utf16.count + ($0.offset < lines.count - 1 ? 1 : 0) }
    }
    private var length: Int { lengths.reduce(0, +) }

    override var documentRange: TextRange {
        TextRange(location: LineListLocation(offset: 0), end: LineListLocation(offset: length))!
    }

    override func location(_ location: any TextLocation, offsetBy offset: Int) -> (any TextLocation)? {
        guard let base = location as? LineListLocation else { return nil }
        let target = base.offset + offset
        return (0 ... length).contains(target) ? LineListLocation(offset: target) : nil
    }

    override func offset(from: any TextLocation, to: any TextLocation) -> Int {
        guard let from = from as? LineListLocation, let to = to as? LineListLocation else { return NSNotFound }
        return to.offset - from.offset
    }

    override func enumerateTextElements(
        from textLocation: (any TextLocation)?, options: TextContentManagerEnumerationOptions = [],
        using block: (any TextElement) -> Bool
    ) -> (any TextLocation)? {
        let target = (textLocation as? LineListLocation)?.offset ?? 0
        var start = 0
        for (index, line) in lines.enumerated() {
            let end = start + lengths[index]
            if end > target || (index == lines.count - 1 && target == end) {
                let content = start + line.utf16.count
                let paragraph = TextParagraph(
                    attributedString: AttributedString(line + (end > content ? "\n" : "")),
                    elementRange: TextRange(
                        location: LineListLocation(offset: start), end: LineListLocation(offset: end))!,
                    paragraphContentRange: TextRange(
                        location: LineListLocation(offset: start), end: LineListLocation(offset: content))!)
                guard block(paragraph) else { return LineListLocation(offset: end) }
            }
            start = end
        }
        return LineListLocation(offset: start)
    }

    /// Replaces line `index` and tells the layout managers, as a subclass must.
    func replaceLine(_ index: Int, with text: String) {
        let start = lengths[..<index].reduce(0, +)
        let old = lines[index].utf16.count
        lines[index] = text
        recordEditAction(TextContentEdit(range: start ..< start + old, replacementLength: text.utf16.count))
    }
}

@Suite struct CustomContentManagerTests {
    static let lines = [LayoutSamples.english] + MixedSamples.all.prefix(12).map(\.text) + ["", "the end"]

    /// The line ranges a layout of `manager`'s content gives, by paragraph.
    static func lineRanges(_ manager: TextLayoutManager) -> [[NSRange]] {
        var result: [[NSRange]] = []
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            result.append(fragment.textLineFragments.map(\.characterRange))
            return true
        }
        return result
    }

    @Test func anAppsOwnContentManagerLaysOutAsTheStorageDoes() throws {
        let custom = LineListContent(lines: Self.lines)
        let storage = TextContentStorage(string: Self.lines.joined(separator: "\n"))
        let container = TextContainer(size: CGSize(width: 320, height: 0))
        let customLayout = TextLayoutManager(textContainer: container)
        let storageLayout = TextLayoutManager(textContainer: container)
        custom.addTextLayoutManager(customLayout)
        storage.addTextLayoutManager(storageLayout)
        let expected = Self.lineRanges(storageLayout)
        #expect(expected.count == Self.lines.count)
        #expect(Self.lineRanges(customLayout) == expected)
        #expect(customLayout.usageBoundsForTextContainer == storageLayout.usageBoundsForTextContainer)
        // Hit testing and locations go through the manager's own location type.
        let fragment = try #require(customLayout.textLayoutFragment(for: CGPoint(x: 10, y: 5)))
        #expect(fragment.rangeInElement?.location is LineListLocation)
        let last = try #require(
            customLayout.textLayoutFragment(
                for: LineListLocation(
                    offset: custom.offset(from: custom.documentRange.location, to: custom.documentRange.endLocation))))
        #expect(last.textLineFragments.first.map { String($0.attributedString.characters) } == "the end")

        // An edit the subclass records relays out what changed, as for the storage.
        custom.replaceLine(2, with: "قصير")
        try storage.replaceContents(
            in: try #require(
                storage.textRange(
                    for: NSRange(
                        location: Self.lines[0 ..< 2].map { $0.utf16.count + 1 }.reduce(0, +),
                        length: Self.lines[2].utf16.count))), with: "قصير")
        #expect(Self.lineRanges(customLayout) == Self.lineRanges(storageLayout))
        #expect(customLayout.usageBoundsForTextContainer == storageLayout.usageBoundsForTextContainer)
    }

    @Test func aViewportOverAnAppsOwnContentManager() throws {
        let custom = LineListContent(lines: Array(repeating: Self.lines, count: 40).flatMap { $0 })
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 800, height: 0)))
        manager.recordLayoutFailures()
        custom.addTextLayoutManager(manager)
        let view = ViewportTestView(visibleRect: CGRect(x: 0, y: 0, width: 800, height: 600))
        manager.textViewportLayoutController.delegate = view
        manager.textViewportLayoutController.layoutViewport()
        #expect(!manager.textViewportLayoutController.visibleFragments.isEmpty)
        view.visibleRect.origin.y += 900
        manager.textViewportLayoutController.layoutViewport()
        let first = try #require(manager.textViewportLayoutController.visibleFragments.first)
        #expect(first.layoutFragmentFrame.minY <= manager.textViewportLayoutController.viewportBounds.minY)
        #expect(manager.layoutFailures == [])
    }
}
