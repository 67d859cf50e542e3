import Foundation
import TestFixtures
import Testing
import TextContent
import TextEditing
@_spi(Rendering) import TextLayout

/// The text input methods of `TextView` are open, as `NSTextView`'s are: a subclass sees every
/// keystroke, composition and command, changes or refuses it, and calls super.
@Suite struct TextInputOverrideTests {
    /// A subclass as an editor writes one: it logs what comes in, closes brackets, refuses
    /// `deleteToEndOfParagraph:`, and shows marked text in capitals (where the script has them).
    final class EditorView: TextView {
        var log: [String] = []

        init(text: String) {
            super.init(
                storage: TextContentStorage(string: text),
                layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 400, height: 0))))
        }

        override func insertText(_ string: String, replacementRange: NSRange) {
            log.append("insert \(string)")
            super.insertText(string == "(" ? "()" : string, replacementRange: replacementRange)
        }

        override func setMarkedText(_ string: String, selectedRange: NSRange, replacementRange: NSRange) {
            log.append("mark \(string)")
            super.setMarkedText(string.uppercased(), selectedRange: selectedRange, replacementRange: replacementRange)
        }

        override func unmarkText() {
            log.append("unmark")
            super.unmarkText()
        }

        override func setSelectedRange(_ range: NSRange) {
            log.append("select \(range.location)")
            super.setSelectedRange(range)
        }

        override func doCommand(by selector: String) -> Bool {
            log.append(selector)
            guard selector != "deleteToEndOfParagraph:" else { return false }
            return super.doCommand(by: selector)
        }
    }

    static let notFound = NSRange(location: NSNotFound, length: 0)

    @Test(arguments: [
        "Hello", MixedSamples.text("ar_Arab"), MixedSamples.text("th_Thai"), MixedSamples.text("kn_Knda"),
    ])
    func aSubclassSeesEveryInputAndCallsSuper(_ text: String) throws {
        let view = EditorView(text: text)
        let end = text.utf16.count
        view.setSelectedRange(NSRange(location: end, length: 0))
        view.insertText("(", replacementRange: Self.notFound)
        #expect(view.textContentStorage.string == text + "()")
        // The input method's composition goes through the overrides too.
        view.setMarkedText("ab", selectedRange: NSRange(location: 2, length: 0), replacementRange: Self.notFound)
        #expect(view.textContentStorage.string == text + "()AB")
        #expect(view.markedRange() == NSRange(location: end + 2, length: 2))
        view.unmarkText()
        #expect(!view.hasMarkedText)
        #expect(view.textContentStorage.string == text + "()AB")
        // A refused command changes nothing; an allowed one goes through.
        let before = view.textContentStorage.string
        view.setSelectedRange(NSRange(location: 0, length: 0))
        #expect(view.doCommand(by: "deleteToEndOfParagraph:") == false)
        #expect(view.textContentStorage.string == before)
        #expect(view.doCommand(by: "moveToEndOfParagraph:"))
        #expect(view.selectedRange().location == before.utf16.count)
        #expect(
            view.log == [
                "select \(end)", "insert (", "mark ab", "unmark", "select 0", "deleteToEndOfParagraph:",
                "moveToEndOfParagraph:",
            ])
        // Undo still sees one step per edit made through super.
        view.undo()
        #expect(view.textContentStorage.string != before)
    }

    @Test func typingThroughAnOverrideIsOneUndoStep() {
        let view = EditorView(text: "")
        for letter in "abc" { view.insertText(String(letter), replacementRange: Self.notFound) }
        #expect(view.textContentStorage.string == "abc")
        view.undo()
        #expect(view.textContentStorage.string == "")
        #expect(view.log == ["insert a", "insert b", "insert c"])
    }
}

/// UIKit's key input (`insertText(_:)`, `deleteBackward()`), `firstRect(for:)`, and position
/// arithmetic that never traps.
@Suite struct UIKitKeyInputTests {
    @Test(arguments: ["Hello", MixedSamples.text("ar_Arab"), MixedSamples.text("kn_Knda"), "👩‍👩‍👧 family"])
    func keyInputTypesAndDeletesAsTheKeysDo(_ text: String) {
        let view = TextView(storage: TextContentStorage(string: text))
        view.setSelectedRange(NSRange(location: text.utf16.count, length: 0))
        view.insertText("x")
        view.insertText("y")
        #expect(view.textContentStorage.string == text + "xy")
        view.deleteBackward()
        #expect(view.textContentStorage.string == text + "x")
        // The last grapheme before "x" is deleted whole, as the delete key deletes it.
        view.deleteBackward()
        view.deleteBackward()
        #expect(view.textContentStorage.string == String(text.dropLast()))
        // The deletions are one undo step, the typing before them another.
        view.undo()
        #expect(view.textContentStorage.string == text + "xy")
        view.undo()
        #expect(view.textContentStorage.string == text)
    }

    @Test func firstRectForIsTheAppKitOnesRectangle() {
        let view = TextView(storage: TextContentStorage(string: "Hello " + MixedSamples.text("he_Hebr")))
        var actual: NSRange?
        for range in [
            NSRange(location: 0, length: 3), NSRange(location: 6, length: 4), NSRange(location: 0, length: 0),
            NSRange(location: NSNotFound, length: 0), NSRange(location: -1, length: 2),
            NSRange(location: 999, length: 1),
        ] {
            #expect(view.firstRect(for: range) == view.firstRect(forCharacterRange: range, actualRange: &actual))
        }
        #expect(!view.firstRect(for: NSRange(location: 0, length: 3)).isNull)
        #expect(view.firstRect(for: NSRange(location: NSNotFound, length: 0)).isNull)
    }

    @Test func offsetsBetweenAnyPositionsNeverTrap() {
        let view = TextView(storage: TextContentStorage(string: "abc"))
        let positions = [Int.min, -1, 0, 1, 3, 4, NSNotFound, Int.max]
        for from in positions {
            for to in positions {
                let offset = view.offset(from: from, to: to)
                // Outside the document a position counts as its nearer end.
                #expect(offset == min(max(0, to), 3) - min(max(0, from), 3), "\(from) → \(to)")
            }
        }
        #expect(view.offset(from: 1, to: 3) == 2 && view.offset(from: 3, to: 0) == -3)
    }
}
