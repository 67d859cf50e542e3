import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

@Suite struct FindAndReplaceTests {
    static let text = "And the LORD said, Let there be light.\nThe Lord's café, the lord and the LORDS.\nمرحبا LORD"

    @Test func optionsFindWhatTheySay() throws {
        let view = makeView(Self.text, caret: 0)
        #expect(try view.countMatches(of: "LORD") == 3)
        #expect(try view.countMatches(of: "lord", options: .caseInsensitive) == 5)
        #expect(try view.countMatches(of: "LORD", options: .wholeWord) == 2)
        #expect(try view.countMatches(of: "lord", options: [.caseInsensitive, .wholeWord]) == 4) // not LORDS
        #expect(try view.countMatches(of: "cafe", options: .diacriticInsensitive) == 1)
        #expect(try view.countMatches(of: "L[O0]RDS?\\b", options: .regularExpression) == 3)
        #expect(try view.ranges(of: "مرحبا").first == NSRange(location: 80, length: 5))
        #expect(throws: TextFindError.emptyPattern) { try view.countMatches(of: "") }
        #expect { try view.countMatches(of: "(", options: .regularExpression) } throws: { error in
            guard case .invalidRegularExpression = error as? TextFindError else { return false }
            return true
        }
    }

    @Test func findGoesForwardAndBackwardAndWraps() throws {
        let view = makeView(Self.text, caret: 0)
        #expect(try view.find("LORD") == NSRange(location: 8, length: 4))
        #expect(try view.find("LORD") == NSRange(location: 73, length: 4))
        #expect(try view.find("LORD") == NSRange(location: 86, length: 4))
        #expect(try view.find("LORD") == NSRange(location: 8, length: 4)) // round the end
        #expect(try view.find("LORD", backward: true) == NSRange(location: 86, length: 4))
        #expect(try view.find("LORD", backward: true) == NSRange(location: 73, length: 4))
        #expect(try view.find("LORD", wraps: false) == NSRange(location: 86, length: 4))
        #expect(try view.find("LORD", wraps: false) == nil)
        #expect(try view.find("nothing") == nil)
    }

    @Test func replaceAllIsOneUndoStep() throws {
        let view = makeView(Self.text, caret: 3)
        #expect(try view.replaceAll("LORD", with: "Lord", options: .wholeWord) == 2)
        #expect(
            view.textContentStorage.string
                == Self.text.replacingOccurrences(of: "LORD said", with: "Lord said").replacingOccurrences(
                    of: "مرحبا LORD", with: "مرحبا Lord"))
        #expect(view.selectedRange() == NSRange(location: 3, length: 0))
        view.undo()
        #expect(view.textContentStorage.string == Self.text)
        try view.find("light")
        try view.replace("light", with: "day")
        #expect(view.textContentStorage.string.contains("Let there be day."))
    }

    /// Hundreds of matches in paragraphs of every script (replace-all's one walk over the
    /// paragraphs; with a link in the first, edits one by one): the text is what String gives,
    /// undo and redo bring back each state, and the view lays out as a fresh one does.
    @Test(arguments: [false, true])
    func manyMatchesInEveryScriptAreReplacedAndUndone(withALink: Bool) throws {
        let paragraphs = MixedSamples.all.map { "LORD " + $0.text.replacingOccurrences(of: "\n", with: " ") + " LORD" }
        let text = (0 ..< 8).map { _ in paragraphs.joined(separator: "\n") }.joined(separator: "\r\n")
        let view = makeView(text, caret: 0)
        let storage = view.textContentStorage
        if withALink {
            var link = AttributeContainer()
            link.link = URL(string: "https://example.org")
            try storage.addAttributes(link, in: try #require(storage.textRange(for: 0 ..< 3)))
        }
        view.textLayoutManager.ensureLayout(for: storage.documentRange)
        let count = try view.replaceAll("LORD", with: "ಕನ್ನಡ")
        #expect(count == paragraphs.count * 8 * 2)
        let replaced = text.replacingOccurrences(of: "LORD", with: "ಕನ್ನಡ")
        #expect(storage.string == replaced)
        // What was typed over the link's text takes its attributes, but not the link.
        #expect(storage.attributedString.runs.allSatisfy { $0.link == nil })
        let fresh = makeView(replaced, caret: 0)
        fresh.textLayoutManager.ensureLayout(for: fresh.textContentStorage.documentRange)
        view.textLayoutManager.ensureLayout(for: storage.documentRange)
        #expect(
            view.textLayoutManager.usageBoundsForTextContainer == fresh.textLayoutManager.usageBoundsForTextContainer)
        view.undo()
        #expect(storage.string == text)
        view.redo()
        #expect(storage.string == replaced)
        view.undo()
        #expect(storage.string == text)
        // Edited paragraphs are searched one by one, the others in runs: every match is found.
        let units = Array(text.utf16), needle = Array("LORD".utf16)
        let expected = (0 ... units.count - needle.count).filter {
            units[$0 ..< $0 + needle.count].elementsEqual(needle)
        }
        #expect(try view.ranges(of: "LORD").map(\.location) == expected)
        #expect(try view.countMatches(of: "LORD") == expected.count)
    }

    /// Replace-all of every character of a one-paragraph document empties it, and the view lays
    /// out as an empty one.
    @Test func replacingEveryCharacterEmptiesTheView() throws {
        let view = makeView(String(repeating: "a", count: 100), caret: 0)
        view.textLayoutManager.ensureLayout(for: view.textContentStorage.documentRange)
        #expect(try view.replaceAll("a", with: "") == 100)
        view.textLayoutManager.ensureLayout(for: view.textContentStorage.documentRange)
        let fresh = makeView("", caret: 0)
        fresh.textLayoutManager.ensureLayout(for: fresh.textContentStorage.documentRange)
        #expect(
            view.textLayoutManager.usageBoundsForTextContainer
                == fresh.textLayoutManager.usageBoundsForTextContainer)
        view.undo()
        #expect(view.textContentStorage.string == String(repeating: "a", count: 100))
    }

    /// Fewer pieces than ranges: the ranges past them take the typed text (none here).
    @Test func fewerPiecesThanRangesTypeNothingPastThem() throws {
        let view = makeView("ಕನ್ನಡ word مرحبا", caret: 0)
        #expect(view.replace([0 ..< 1, 6 ..< 7], with: nil, kind: .other, pieces: [AttributedString("X")]))
        #expect(view.textContentStorage.string == "Xನ್ನಡ ord مرحبا")
    }

    @Test func highlightsAreRenderingAttributes() throws {
        let view = makeView(Self.text, caret: 0)
        try view.highlightMatches(of: "LORD", in: NSRange(location: 0, length: view.textContentStorage.utf16Length))
        var highlighted: [NSRange] = []
        let storage = view.textContentStorage
        view.textLayoutManager.enumerateRenderingAttributes(from: storage.documentRange.location, reverse: false) {
            _, attributes, range in
            if attributes[.backgroundColor] != nil { highlighted.append(storage.nsRange(for: range)) }
            return true
        }
        #expect(highlighted == (try view.ranges(of: "LORD")))
        #expect(storage.attributedString.runs.allSatisfy { $0.backgroundColor == nil })
    }
}

@Suite struct PasteboardTests {
    @Test func copyJoinsSelectionsAndPasteSplitsLines() throws {
        let view = makeView("alpha\nbeta\nשלום")
        let storage = view.textContentStorage
        view.textLayoutManager.textSelections = [0 ..< 5, 6 ..< 10, 11 ..< 15].map {
            TextSelection(range: storage.textRange(for: $0)!)
        }
        #expect(String(view.copy().characters) == "alpha\nbeta\nשלום")
        let cut = view.cut()
        #expect(String(cut.characters) == "alpha\nbeta\nשלום")
        #expect(storage.string == "\n\n")
        view.paste(cut)
        #expect(storage.string == "alpha\nbeta\nשלום")
        view.paste("!")
        #expect(storage.string == "alpha!\nbeta!\nשלום!")
        view.undo()
        view.undo()
        view.undo()
        #expect(storage.string == "alpha\nbeta\nשלום")
    }

    @Test func typedTextTakesTheAttributesBeforeItButNotALink() throws {
        var text = AttributedString("link")
        text.link = URL(string: "https://example.com")
        text.foregroundColor = TextColor(red: 1, green: 0, blue: 0)
        let view = TextView(storage: TextContentStorage(attributedString: text))
        view.setSelectedRange(NSRange(location: 4, length: 0))
        view.insertText("ed", replacementRange: notFound)
        let typed = view.textContentStorage.attributedString.runs.last!
        #expect(typed.link == nil)
        #expect(typed.foregroundColor == TextColor(red: 1, green: 0, blue: 0))
        view.typingAttributes = AttributeContainer().foregroundColor(TextColor(red: 0, green: 0, blue: 1))
        view.insertText("!", replacementRange: notFound)
        #expect(
            view.textContentStorage.attributedString.runs.last?.foregroundColor == TextColor(red: 0, green: 0, blue: 1))
    }
}
