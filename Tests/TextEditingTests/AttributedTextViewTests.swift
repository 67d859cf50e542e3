import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// The text view's content and selection as SwiftUI's rich-text editor sees them, both ways.
@Suite struct AttributedTextViewTests {
    static let text = "Bold me, مرحبا ಕನ್ನಡ, then ไทย 👩‍👩‍👧 end\nSecond paragraph"

    func nsRange(_ view: TextView, _ word: String) -> NSRange {
        NSRange(view.textContentStorage.string.range(of: word)!, in: view.textContentStorage.string)
    }

    @Test func theSelectionIsTheViewsBothWays() throws {
        let view = makeView(Self.text, caret: 0)
        view.setSelectedRange(nsRange(view, "مرحبا"))
        let selection = view.attributedTextSelection
        let text = view.attributedText
        guard case .ranges(let ranges) = selection.indices(in: text) else {
            Issue.record("a range became a caret")
            return
        }
        #expect(ranges.ranges.map { String(text[$0].characters) } == ["مرحبا"])
        // Setting it selects, several ranges as several cursors.
        let words = [text.range(of: "Bold")!, text.range(of: "ไทย")!]
        view.attributedTextSelection = AttributedTextSelection(ranges: RangeSet(words))
        #expect(view.textLayoutManager.textSelections.count == 2)
        #expect(view.selectedRange() == nsRange(view, "Bold"))
    }

    @Test func transformAttributesIsOneUndoStepAndKeepsTheSelection() throws {
        let view = makeView(Self.text, caret: 0)
        view.setSelectedRange(nsRange(view, "ಕನ್ನಡ"))
        var selection = view.attributedTextSelection
        view.transformAttributes(in: &selection) { $0.underlineStyle = .single }
        let text = view.attributedText
        let underlined = text.runs.filter { $0.underlineStyle == .single }.map { String(text[$0.range].characters) }
        #expect(underlined == ["ಕನ್ನಡ"])
        #expect(view.selectedRange() == nsRange(view, "ಕನ್ನಡ"))
        #expect(selection == view.attributedTextSelection)
        #expect(selection.attributes(in: text)[\.underlineStyle] == [.single])
        view.undo()
        #expect(view.attributedText.runs.allSatisfy { $0.underlineStyle == nil })
        view.redo()
        #expect(view.attributedText.runs.contains { $0.underlineStyle == .single })
    }

    @Test func aCaretsTypingAttributesAndItsParagraph() throws {
        let view = makeView(Self.text, caret: 0)
        view.setSelectedRange(NSRange(location: nsRange(view, "then").location, length: 0))
        var selection = view.attributedTextSelection
        view.transformAttributes(in: &selection) {
            $0.strikethroughStyle = .single; $0.alignment = .center
        }
        #expect(view.typingAttributes?.strikethroughStyle == .single)
        view.insertText("new ", replacementRange: NSRange(location: NSNotFound, length: 0))
        let text = view.attributedText
        #expect(text[text.range(of: "new ")!].runs.first?.strikethroughStyle == .single)
        // The caret's paragraph is centred, the other is not.
        let styles = text.runs.map { ($0.paragraphStyle?.alignment, String(text[$0.range].characters)) }
        #expect(styles.first?.0 == .center)
        #expect(styles.last?.0 != .center)
    }

    @Test func replaceSelectionReplacesAndLeavesACaret() throws {
        let view = makeView(Self.text, caret: 0)
        view.setSelectedRange(nsRange(view, "Bold me"))
        var selection = view.attributedTextSelection
        var replacement = AttributedString("Gras")
        replacement.underlineStyle = .double
        view.replaceSelection(&selection, with: replacement)
        #expect(view.textContentStorage.string.hasPrefix("Gras, مرحبا"))
        #expect(view.selectedRange() == NSRange(location: 4, length: 0))
        view.replaceSelection(&selection, withCharacters: "!")
        #expect(view.textContentStorage.string.hasPrefix("Gras!, مرحبا"))
        // Typed after the double underline, the character takes it (typing attributes).
        #expect(view.attributedText.runs.first?.underlineStyle == .double)
        view.undo()
        view.undo()
        #expect(view.textContentStorage.string == Self.text)
        // A substring goes in as it is, as SwiftUI's takes any AttributedStringProtocol.
        let source = AttributedString("ಕನ್ನಡ ไทย")
        view.setSelectedRange(nsRange(view, "Bold me"))
        selection = view.attributedTextSelection
        view.replaceSelection(&selection, with: source[try #require(source.range(of: "ไทย"))])
        #expect(view.textContentStorage.string.hasPrefix("ไทย, مرحبا"))
    }
}
