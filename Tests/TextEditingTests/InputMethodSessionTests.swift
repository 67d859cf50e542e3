import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// Whole input-method sessions as an input method drives the input client: marked text
/// composed and converted, then committed with `insertText`. Each ends with the right text, one
/// undo step for each commit and none for the marked text.
@Suite struct InputMethodSessionTests {
    /// Sets marked text and checks what the input client then answers.
    func mark(
        _ view: TextView, _ text: String, selected: NSRange, at start: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let steps = view.undoStack.undoSteps.count
        view.setMarkedText(text, selectedRange: selected, replacementRange: notFound)
        #expect(view.hasMarkedText, sourceLocation: sourceLocation)
        #expect(
            view.markedRange() == NSRange(location: start, length: text.utf16.count), sourceLocation: sourceLocation)
        #expect(
            view.selectedRange() == NSRange(location: start + selected.location, length: selected.length),
            sourceLocation: sourceLocation)
        #expect(
            view.undoStack.undoSteps.count == steps, "marked text made an undo step", sourceLocation: sourceLocation)
    }

    /// The ranges (offsets) drawn with a thick underline: the clause being converted.
    func thickUnderlines(_ view: TextView) -> [Range<Int>] {
        let storage = view.textContentStorage
        var ranges: [Range<Int>] = []
        view.textLayoutManager.enumerateRenderingAttributes(from: storage.documentRange.location, reverse: false) {
            _, attributes, range in
            if attributes[.underlineStyle] as? TextDecorationStyle == .thick,
                let offsets = try? storage.offsets(of: range)
            {
                ranges.append(offsets)
            }
            return true
        }
        return ranges
    }

    /// Pinyin: the letters typed are marked ("n", "ni", "ni h", "ni hao"), then a candidate
    /// chosen replaces them; a second phrase the same way: two undo steps, one a phrase.
    @Test func chinesePinyinWithACandidateChosen() {
        let view = makeView("他说: ")
        let delegate = RecordingInputDelegate()
        view.inputDelegate = delegate
        for composing in ["n", "ni", "ni h", "ni hao"] {
            mark(view, composing, selected: NSRange(location: composing.utf16.count, length: 0), at: 4)
            #expect(view.textContentStorage.string == "他说: " + composing)
        }
        view.insertText("你好", replacementRange: notFound)
        #expect(!view.hasMarkedText)
        #expect(view.markedRange().location == NSNotFound)
        #expect(view.textContentStorage.string == "他说: 你好")
        #expect(view.selectedRange() == NSRange(location: 6, length: 0))
        #expect(view.undoStack.undoSteps.count == 1)
        for composing in ["s", "sh", "shi", "shi j", "shi jie"] {
            mark(view, composing, selected: NSRange(location: composing.utf16.count, length: 0), at: 6)
        }
        view.insertText("世界", replacementRange: notFound)
        #expect(view.textContentStorage.string == "他说: 你好世界")
        #expect(view.undoStack.undoSteps.count == 2)
        // The input method's own changes are not reported back to it.
        #expect(!delegate.calls.contains("textWillChange"))
        view.undo()
        #expect(view.textContentStorage.string == "他说: 你好")
        #expect(view.selectedRange() == NSRange(location: 6, length: 0))
        view.undo()
        #expect(view.textContentStorage.string == "他说: ")
        #expect(view.selectedRange() == NSRange(location: 4, length: 0))
        view.redo()
        view.redo()
        #expect(view.textContentStorage.string == "他说: 你好世界")
    }

    /// Composing over a selection replaces it; the commit is one step that gives the selected
    /// text back when undone.
    @Test func pinyinOverASelection() {
        let view = makeView("hello world")
        view.setSelectedRange(NSRange(location: 6, length: 5))
        for composing in ["s", "sh", "shi jie"] {
            mark(view, composing, selected: NSRange(location: composing.utf16.count, length: 0), at: 6)
        }
        view.insertText("世界", replacementRange: notFound)
        #expect(view.textContentStorage.string == "hello 世界")
        #expect(view.undoStack.undoSteps.count == 1)
        view.undo()
        #expect(view.textContentStorage.string == "hello world")
        #expect(view.selectedRange() == NSRange(location: 6, length: 5))
    }

    /// Japanese: kana typed, the whole converted, the selected clause moved from the first
    /// ("今日は") to the second ("良い天気"), then committed: one undo step.
    @Test func japaneseConvertedClauseByClause() {
        let view = makeView("メモ: ")
        for composing in [
            "k", "き", "きょ", "きょう", "きょうは", "きょうはい", "きょうはいい", "きょうはいいt", "きょうはいいて",
            "きょうはいいてn", "きょうはいいてん", "きょうはいいてんk", "きょうはいいてんき",
        ] {
            mark(view, composing, selected: NSRange(location: composing.utf16.count, length: 0), at: 4)
        }
        #expect(view.textContentStorage.string == "メモ: きょうはいいてんき")
        // Converted: the first clause selected.
        mark(view, "今日は良い天気", selected: NSRange(location: 0, length: 3), at: 4)
        #expect(view.textContentStorage.string == "メモ: 今日は良い天気")
        #expect(thickUnderlines(view) == [4 ..< 7])
        // The second clause.
        mark(view, "今日は良い天気", selected: NSRange(location: 3, length: 4), at: 4)
        #expect(thickUnderlines(view) == [7 ..< 11])
        #expect(view.textContentStorage.string == "メモ: 今日は良い天気")
        // Another candidate for it, then back.
        mark(view, "今日はいい天気", selected: NSRange(location: 3, length: 4), at: 4)
        mark(view, "今日は良い天気", selected: NSRange(location: 3, length: 4), at: 4)
        #expect(view.undoStack.undoSteps.isEmpty)
        view.insertText("今日は良い天気", replacementRange: notFound)
        #expect(!view.hasMarkedText)
        #expect(view.markedRange() == notFound)
        #expect(view.selectedRange() == NSRange(location: 11, length: 0))
        #expect(view.textContentStorage.string == "メモ: 今日は良い天気")
        #expect(thickUnderlines(view).isEmpty)
        #expect(view.undoStack.undoSteps.count == 1)
        view.undo()
        #expect(view.textContentStorage.string == "メモ: ")
        #expect(view.selectedRange() == NSRange(location: 4, length: 0))
        view.redo()
        #expect(view.textContentStorage.string == "メモ: 今日は良い天気")
    }

    /// The emoji picker inserts a ZWJ sequence (and a flag, a keycap) at several carets at once:
    /// one undo step each; a backspace takes each sequence whole.
    @Test func anEmojiPickerAtSeveralCarets() {
        let view = makeView("a\nb\nc")
        let storage = view.textContentStorage
        view.textLayoutManager.textSelections = [1, 3, 5].map {
            TextSelection(storage.textRange(for: $0 ..< $0)!.location)
        }
        let technologist = "👩🏽‍💻"
        let length = technologist.utf16.count
        view.insertText(technologist, replacementRange: notFound)
        #expect(storage.string == "a\(technologist)\nb\(technologist)\nc\(technologist)")
        #expect(view.selectionOffsets == [1 + length, 3 + 2 * length, 5 + 3 * length].map { [$0 ..< $0] })
        #expect(view.undoStack.undoSteps.count == 1)
        view.undoStack.closeStep()
        view.insertText("🇯🇵", replacementRange: notFound)
        view.undoStack.closeStep()
        view.insertText("#️⃣", replacementRange: notFound)
        #expect(storage.string == "a\(technologist)🇯🇵#️⃣\nb\(technologist)🇯🇵#️⃣\nc\(technologist)🇯🇵#️⃣")
        #expect(view.undoStack.undoSteps.count == 3)
        for expected in [
            "a\(technologist)🇯🇵\nb\(technologist)🇯🇵\nc\(technologist)🇯🇵",
            "a\(technologist)\nb\(technologist)\nc\(technologist)", "a\nb\nc",
        ] {
            view.doCommand(by: "deleteBackward:")
            #expect(storage.string == expected)
        }
        // The deletions are one step; undoing it and then each insertion gives each text back.
        view.undo()
        #expect(storage.string == "a\(technologist)🇯🇵#️⃣\nb\(technologist)🇯🇵#️⃣\nc\(technologist)🇯🇵#️⃣")
        view.undo()
        view.undo()
        #expect(storage.string == "a\(technologist)\nb\(technologist)\nc\(technologist)")
        view.undo()
        #expect(storage.string == "a\nb\nc")
        #expect(view.selectionOffsets == [[1 ..< 1], [3 ..< 3], [5 ..< 5]])
    }

    /// A picker that composes first (marked text, then the sequence committed over it) makes
    /// one step too.
    @Test func anEmojiCommittedOverMarkedText() {
        let view = makeView("I ")
        mark(view, ":heart", selected: NSRange(location: 6, length: 0), at: 2)
        view.insertText("❤️‍🔥", replacementRange: notFound)
        #expect(view.textContentStorage.string == "I ❤️‍🔥")
        #expect(view.undoStack.undoSteps.count == 1)
        view.doCommand(by: "deleteBackward:")
        #expect(view.textContentStorage.string == "I ")
        view.undo()
        view.undo()
        #expect(view.textContentStorage.string == "I ")
        #expect(!view.undoStack.canUndo)
    }
}
