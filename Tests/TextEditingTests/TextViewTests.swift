import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

let notFound = NSRange(location: NSNotFound, length: 0)

/// Records what an input delegate is told.
final class RecordingInputDelegate: TextInputDelegate {
    var calls: [String] = []
    func selectionWillChange(_ textInput: TextView) { calls.append("selectionWillChange") }
    func selectionDidChange(_ textInput: TextView) { calls.append("selectionDidChange") }
    func textWillChange(_ textInput: TextView) { calls.append("textWillChange") }
    func textDidChange(_ textInput: TextView) { calls.append("textDidChange") }
}

func makeView(_ text: String, caret: Int? = nil) -> TextView {
    let view = TextView(storage: TextContentStorage(string: text))
    view.setSelectedRange(NSRange(location: caret ?? text.utf16.count, length: 0))
    return view
}

@Suite struct TextViewTests {
    @Test func typingIsOneUndoStepUntilTheCaretMoves() {
        let view = makeView("Hi ")
        for character in "there, مرحبا" { view.insertText(String(character), replacementRange: notFound) }
        #expect(view.textContentStorage.string == "Hi there, مرحبا")
        #expect(view.selectedRange() == NSRange(location: 15, length: 0))
        #expect(view.undoStack.undoSteps.count == 1)
        // One record for the whole run of typing, not one a character.
        #expect(view.undoStack.undoSteps[0].batches.joined().count == 1)
        view.doCommand(by: "moveBackward:")
        view.doCommand(by: "moveBackward:")
        view.insertText("!", replacementRange: notFound)
        #expect(view.undoStack.undoSteps.count == 2)
        view.undo()
        #expect(view.textContentStorage.string == "Hi there, مرحبا")
        view.undo()
        #expect(view.textContentStorage.string == "Hi ")
        #expect(view.selectedRange() == NSRange(location: 3, length: 0))
        view.redo()
        #expect(view.textContentStorage.string == "Hi there, مرحبا")
        view.redo()
        #expect(view.textContentStorage.string == "Hi there, مرح!با")
    }

    @Test func severalCursorsTypeAndDeleteAtOnce() throws {
        let view = makeView("one\ntwo\nthree")
        let storage = view.textContentStorage
        view.textLayoutManager.textSelections = [0, 4, 8].map {
            TextSelection(storage.textRange(for: $0 ..< $0)!.location)
        }
        view.insertText("- ", replacementRange: notFound)
        view.insertText("x", replacementRange: notFound)
        #expect(storage.string == "- xone\n- xtwo\n- xthree")
        view.doCommand(by: "deleteBackward:")
        #expect(storage.string == "- one\n- two\n- three")
        view.undo()
        #expect(storage.string == "- xone\n- xtwo\n- xthree")
        view.undo()
        #expect(storage.string == "one\ntwo\nthree")
        #expect(view.textLayoutManager.textSelections.count == 3)
    }

    /// Selections extended into each other become one, and carets that meet one caret (as
    /// AppKit keeps its selected ranges apart).
    @Test func selectionsThatMeetBecomeOne() {
        let view = makeView("one two three four")
        let storage = view.textContentStorage
        view.textLayoutManager.textSelections = [4, 8].map {
            TextSelection(storage.textRange(for: $0 ..< $0)!.location)
        }
        view.doCommand(by: "moveWordRightAndModifySelection:")
        #expect(view.selectionOffsets == [[4 ..< 7], [8 ..< 13]])
        view.doCommand(by: "moveWordRightAndModifySelection:")
        #expect(view.selectionOffsets == [[4 ..< 18]])
        view.textLayoutManager.textSelections = [1, 2].map {
            TextSelection(storage.textRange(for: $0 ..< $0)!.location)
        }
        view.doCommand(by: "moveToBeginningOfLine:")
        #expect(view.selectionOffsets == [[0 ..< 0]])
        // Two carets in one word select it once.
        view.textLayoutManager.textSelections = [9, 11].map {
            TextSelection(storage.textRange(for: $0 ..< $0)!.location)
        }
        view.doCommand(by: "selectWord:")
        #expect(view.selectionOffsets == [[8 ..< 13]])
    }

    @Test func replacingASelectionAndUndoingRestoresIt() {
        let view = makeView("The quick brown fox")
        view.setSelectedRange(NSRange(location: 4, length: 5))
        view.insertText("slow", replacementRange: notFound)
        #expect(view.textContentStorage.string == "The slow brown fox")
        view.undo()
        #expect(view.textContentStorage.string == "The quick brown fox")
        #expect(view.selectedRange() == NSRange(location: 4, length: 5))
    }

    @Test func backspaceTakesClustersOrCodePoints() {
        let view = makeView("ab👨‍👩‍👧क्षि")
        view.doCommand(by: "deleteBackwardByDecomposingPreviousCharacter:")
        #expect(view.textContentStorage.string == "ab👨‍👩‍👧क्ष")
        view.doCommand(by: "deleteBackward:")
        #expect(view.textContentStorage.string == "ab👨‍👩‍👧")
        view.doCommand(by: "deleteBackward:")
        #expect(view.textContentStorage.string == "ab")
        // Consecutive deletions are one step.
        view.undo()
        #expect(view.textContentStorage.string == "ab👨‍👩‍👧क्षि")
        view.setSelectedRange(NSRange(location: 0, length: 0))
        view.doCommand(by: "deleteForward:")
        #expect(view.textContentStorage.string == "b👨‍👩‍👧क्षि")
        view.doCommand(by: "deleteWordForward:")
        #expect(view.textContentStorage.string == "👨‍👩‍👧क्षि")
    }

    /// Japanese: kana typed as marked text, converted, committed: one undo step for the commit,
    /// none for the composing.
    @Test func aJapaneseCompositionIsOneUndoStep() {
        let view = makeView("日本語: ")
        let delegate = RecordingInputDelegate()
        view.inputDelegate = delegate
        for composing in ["k", "か", "かn", "かん", "かんj", "かんじ"] {
            view.setMarkedText(
                composing, selectedRange: NSRange(location: composing.utf16.count, length: 0),
                replacementRange: notFound)
        }
        #expect(view.hasMarkedText)
        #expect(view.markedRange() == NSRange(location: 5, length: 3))
        #expect(view.textContentStorage.string == "日本語: かんじ")
        // Conversion: the first clause selected, then the second.
        view.setMarkedText("漢字", selectedRange: NSRange(location: 0, length: 2), replacementRange: notFound)
        #expect(view.selectedRange() == NSRange(location: 5, length: 2))
        view.insertText("漢字", replacementRange: notFound)
        #expect(!view.hasMarkedText)
        #expect(view.markedRange().location == NSNotFound)
        #expect(view.textContentStorage.string == "日本語: 漢字")
        #expect(view.selectedRange() == NSRange(location: 7, length: 0))
        #expect(view.undoStack.undoSteps.count == 1)
        // The input method's own changes are not reported to it.
        #expect(!delegate.calls.contains("textWillChange"))
        view.undo()
        #expect(view.textContentStorage.string == "日本語: ")
        #expect(delegate.calls.contains("textWillChange"))
        view.redo()
        #expect(view.textContentStorage.string == "日本語: 漢字")
    }

    @Test func aDeadKeyAndKoreanJamo() {
        let view = makeView("caf")
        view.setMarkedText("´", selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound)
        view.insertText("é", replacementRange: notFound)
        #expect(view.textContentStorage.string == "café")
        let korean = makeView("")
        for composing in ["ㅎ", "하", "한"] {
            korean.setMarkedText(composing, selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound)
        }
        korean.unmarkText()
        for composing in ["ㄱ", "그", "글"] {
            korean.setMarkedText(composing, selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound)
        }
        korean.insertText("글", replacementRange: notFound)
        #expect(korean.textContentStorage.string == "한글")
        #expect(korean.undoStack.undoSteps.count == 2)
        // An emoji picker inserts a ZWJ sequence at once.
        korean.insertText("👩‍💻", replacementRange: notFound)
        #expect(korean.textContentStorage.string == "한글👩‍💻")
        korean.doCommand(by: "deleteBackward:")
        #expect(korean.textContentStorage.string == "한글")
    }

    @Test func markedTextIsDrawnNotStored() throws {
        let view = makeView("abc ")
        view.setMarkedText("かんじ", selectedRange: NSRange(location: 0, length: 2), replacementRange: notFound)
        let storage = view.textContentStorage
        #expect(storage.attributedString.runs.allSatisfy { $0.underlineStyle == nil })
        var underlines: [TextDecorationStyle] = []
        view.textLayoutManager.enumerateRenderingAttributes(from: storage.documentRange.location, reverse: false) {
            _, attributes, _ in
            if let style = attributes[.underlineStyle] as? TextDecorationStyle { underlines.append(style) }
            return true
        }
        #expect(underlines.contains(.thick) && underlines.contains(.single))
        view.unmarkText()
        underlines.removeAll()
        view.textLayoutManager.enumerateRenderingAttributes(from: storage.documentRange.location, reverse: false) {
            _, attributes, _ in
            if attributes[.underlineStyle] != nil { underlines.append(.single) }
            return true
        }
        #expect(underlines.isEmpty)
    }

    @Test func badInputChangesNothing() {
        let view = makeView("a😀b")
        view.insertText("x", replacementRange: NSRange(location: 99, length: 1))
        view.insertText("x", replacementRange: NSRange(location: 2, length: 0)) // inside the surrogate pair
        view.insertText("x", replacementRange: NSRange(location: -1, length: 0))
        view.insertText("x", replacementRange: NSRange(location: Int.max - 1, length: 2))
        view.setMarkedText(
            "y", selectedRange: NSRange(location: 50, length: 9), replacementRange: NSRange(location: 1, length: 99))
        #expect(view.textContentStorage.string == "a😀b")
        #expect(view.undoStack.undoSteps.isEmpty)
        // A selected range outside the marked text is clamped into it.
        view.setMarkedText("yy", selectedRange: NSRange(location: 50, length: 9), replacementRange: notFound)
        #expect(view.selectedRange() == NSRange(location: 6, length: 0))
        // Undo while composing commits first.
        view.undo()
        #expect(!view.hasMarkedText)
        #expect(view.textContentStorage.string == "a😀b")
        var actual: NSRange?
        #expect(
            view.attributedSubstring(forProposedRange: NSRange(location: 1, length: 100), actualRange: &actual).map {
                String($0.characters)
            } == "😀b")
        #expect(actual == NSRange(location: 1, length: 3))
        #expect(
            view.attributedSubstring(forProposedRange: NSRange(location: 10, length: 1), actualRange: &actual) == nil)
        #expect(view.doCommand(by: "noSuchCommand:") == false)
    }

    @Test func commandsMoveSelectAndTranspose() {
        let view = makeView("abc def\nghi")
        let delegate = RecordingInputDelegate()
        view.inputDelegate = delegate
        view.doCommand(by: "moveToBeginningOfDocument:")
        #expect(view.selectedRange() == NSRange(location: 0, length: 0))
        #expect(delegate.calls == ["selectionWillChange", "selectionDidChange"])
        view.doCommand(by: "moveWordRightAndModifySelection:")
        #expect(view.selectedRange() == NSRange(location: 0, length: 3))
        view.doCommand(by: "moveToEndOfLine:")
        #expect(view.selectedRange() == NSRange(location: 7, length: 0))
        view.doCommand(by: "moveDown:")
        #expect(view.selectedRange() == NSRange(location: 11, length: 0))
        view.doCommand(by: "selectAll:")
        #expect(view.selectedRange() == NSRange(location: 0, length: 11))
        view.setSelectedRange(NSRange(location: 2, length: 0))
        view.doCommand(by: "transpose:")
        #expect(view.textContentStorage.string == "acb def\nghi")
        view.doCommand(by: "insertNewline:")
        #expect(view.textContentStorage.string == "acb\n def\nghi")
    }

    @Test func geometryAgreesWithLayout() throws {
        let text = String(repeating: "word ", count: 60) + "\nשלום עולם and English"
        let view = makeView(text, caret: 0)
        var actual: NSRange?
        let first = view.firstRect(forCharacterRange: NSRange(location: 2, length: 200), actualRange: &actual)
        let line = try #require(
            view.textLayoutManager.textLayoutFragment(for: view.textContentStorage.documentRange.location)?
                .textLineFragments.first)
        // The first line's piece only.
        #expect(abs(first.height - line.typographicBounds.height) < 0.01)
        #expect((actual?.location ?? -1) == 2 && (actual?.length ?? 0) < 200)
        #expect(view.selectionRects(for: NSRange(location: 2, length: 200)).count > 1)
        // The caret's rectangle and the offset at its point agree.
        let caret = view.caretRect(for: 7)
        #expect(view.characterIndex(for: CGPoint(x: caret.minX, y: caret.midY)) == 7)
        #expect(
            view.closestPosition(to: CGPoint(x: caret.minX, y: caret.midY), within: NSRange(location: 0, length: 3))
                == 3)
        let hebrew = text.utf16.count - 19
        #expect(view.baseWritingDirection(for: hebrew) == .rightToLeft)
        #expect(view.position(from: 0, in: .forward, offset: 3) == 3)
        #expect(view.position(from: 0, offset: -1) == nil)
    }

    @Test func theUndoStackStaysSmall() {
        let view = makeView("")
        for index in 0 ..< 10_000 {
            view.insertText(index % 10 == 9 ? " " : "a", replacementRange: notFound)
        }
        #expect(view.textContentStorage.utf16Length == 10_000)
        // One step, one record: the range typed (the text is in the document, not kept twice).
        #expect(view.undoStack.undoSteps.count == 1)
        #expect(view.undoStack.storedUTF16Count == 10_000)
        view.undo()
        #expect(view.textContentStorage.utf16Length == 0)
    }
}
