import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// Edits of a whole document, or of every match in it, through the view: one step each, undone
/// exactly, with the text read from a file kept as its paragraphs rather than copied.
@Suite struct LargeEditTests {
    /// Genesis read from its file (plain paragraphs slicing the file's bytes), with some
    /// paragraphs styled and mixed scripts and CRLF endings after it.
    static func makeDocument() throws -> TextView {
        let genesis = try Data(contentsOf: Fixtures.kjvGenesis)
        var bytes = Data(genesis.prefix(60_000))
        bytes.append(Data(("\r\n" + MixedSamples.all.map(\.text).joined(separator: "\r\n") + "\nLORD at the end").utf8))
        let storage = try TextContentStorage(utf8: bytes)
        let range = try #require(storage.textRange(for: 200 ..< 900))
        try storage.addAttributes(AttributeContainer().foregroundColor(TextColor(red: 1, green: 0, blue: 0)), in: range)
        let view = TextView(storage: storage)
        view.setSelectedRange(NSRange(location: 10, length: 0))
        return view
    }

    @Test func deletingEverythingAndUndoingRestoresTextAndAttributes() throws {
        let view = try Self.makeDocument()
        let before = view.textContentStorage.attributedString
        let paragraphs = view.textContentStorage.paragraphCount
        view.doCommand(by: "selectAll:")
        #expect(view.selectedRange() == NSRange(location: 0, length: view.textContentStorage.utf16Length))
        view.doCommand(by: "deleteBackward:")
        #expect(view.textContentStorage.utf16Length == 0)
        #expect(view.undoStack.undoStepCount == 1)
        view.undo()
        #expect(view.textContentStorage.attributedString == before)
        #expect(view.textContentStorage.paragraphCount == paragraphs)
        #expect(view.selectedRange() == NSRange(location: 0, length: before.utf16.count))
        view.redo()
        #expect(view.textContentStorage.utf16Length == 0)
        view.undo()
        #expect(view.textContentStorage.attributedString == before)
    }

    @Test func deletingAcrossParagraphsKeepsTheEdgesAndUndoes() throws {
        let view = try Self.makeDocument()
        let before = view.textContentStorage.string
        // From inside one paragraph to inside another far below.
        view.setSelectedRange(NSRange(location: 150, length: 40_000))
        view.doCommand(by: "deleteForward:")
        let units = Array(before.utf16)
        #expect(view.textContentStorage.string == String(decoding: units[..<150] + units[40_150...], as: UTF16.self))
        view.undo()
        #expect(view.textContentStorage.string == before)
        // A layout after it all agrees with the text.
        let manager = view.textLayoutManager
        manager.ensureLayout(for: view.textContentStorage.documentRange)
        #expect(manager.usageBoundsForTextContainer.height > 0)
    }

    @Test func replaceAllCountsLikeTheTextAndUndoesInOneStep() throws {
        let view = try Self.makeDocument()
        let before = view.textContentStorage.attributedString
        let text = view.textContentStorage.string
        let expected = text.components(separatedBy: "LORD").count - 1
        #expect(try view.countMatches(of: "LORD") == expected)
        #expect(try view.ranges(of: "LORD").count == expected)
        #expect(try view.replaceAll("LORD", with: "Lord") == expected)
        #expect(view.textContentStorage.string == text.replacingOccurrences(of: "LORD", with: "Lord"))
        #expect(view.undoStack.undoStepCount == 1)
        view.undo()
        #expect(view.textContentStorage.attributedString == before)
    }

    /// A viewport in the middle of the document shows the same text after a replace-all that
    /// changed lengths above it, and after its undo: the anchor follows its text.
    @Test func replaceAllKeepsTheViewportOnItsText() throws {
        let view = try Self.makeDocument()
        let host = Host()
        let controller = view.textLayoutManager.textViewportLayoutController
        controller.delegate = host
        let storage = view.textContentStorage
        controller.relocateViewport(
            to: try #require(storage.location(storage.documentRange.location, offsetBy: 30_000)))
        controller.layoutViewport()
        func shown() -> [String] {
            controller.visibleFragments.prefix(3).map { String($0.textElement.attributedString.characters) }
        }
        let before = shown()
        #expect(!before.isEmpty)
        #expect(try view.replaceAll("LORD", with: "the LORD God") > 0)
        controller.layoutViewport()
        #expect(shown().first == before.first?.replacingOccurrences(of: "LORD", with: "the LORD God"))
        view.undo()
        controller.layoutViewport()
        #expect(shown() == before)
    }

    /// With a delegate hiding paragraphs, find and replace-all see what it shows, as layout does.
    @Test func findSearchesWhatTheDelegateShows() throws {
        let storage = TextContentStorage(string: "a LORD\n» the LORD is hidden\nb LORD")
        let delegate = HidingDelegate()
        storage.delegate = delegate
        let view = TextView(storage: storage)
        #expect(try view.ranges(of: "LORD") == [NSRange(location: 2, length: 4), NSRange(location: 30, length: 4)])
        #expect(try view.replaceAll("LORD", with: "Lord") == 2)
        #expect(storage.string == "a Lord\n» the LORD is hidden\nb Lord")
    }

    final class HidingDelegate: TextContentManagerDelegate {
        func textContentManager(
            _ textContentManager: TextContentManager, shouldEnumerate element: any TextElement,
            options: TextContentManagerEnumerationOptions
        ) -> Bool {
            guard let paragraph = element as? TextParagraph else { return true }
            return !String(paragraph.attributedString.characters).hasPrefix("»")
        }
    }

    final class Host: TextViewportLayoutControllerDelegate {
        var visibleRect = CGRect(x: 0, y: 0, width: 600, height: 400)
        func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { visibleRect }
        func textViewportLayoutController(
            _ controller: TextViewportLayoutController,
            configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
        ) {}
        func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
            visibleRect.origin.y = controller.viewportBounds.minY
        }
    }

    /// Matches found in the bytes of a paragraph have the UTF-16 offsets of the text, also
    /// after characters beyond the BMP and in every script.
    @Test(arguments: MixedSamples.tags)
    func matchesHaveUTF16Offsets(_ tag: String) throws {
        let sample = MixedSamples.text(tag)
        let needle = String(sample.prefix(3))
        let text = "😀 \(sample) é \(sample)\n\(needle)"
        let view = makeView(text, caret: 0)
        let units = Array(text.utf16), pattern = Array(needle.utf16)
        var expected: [NSRange] = []
        var i = 0
        while i + pattern.count <= units.count {
            if Array(units[i ..< i + pattern.count]) == pattern {
                expected.append(NSRange(location: i, length: pattern.count))
                i += pattern.count
            } else {
                i += 1
            }
        }
        #expect(try view.ranges(of: needle) == expected)
    }
}
