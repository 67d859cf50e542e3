import Foundation
import TestFixtures
import Testing
@testable import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// The view's keystroke path on paragraphs kept as trees (`LongParagraphText`): typing,
/// backspace and forward delete, paragraph breaks typed in (splitting) and deleted (joining),
/// marked text, undo and redo, in text of every script, against a model of every state. The
/// storage's threshold is small so that the runs stay fast; one test uses the real one.
@Suite struct LongParagraphUndoTests {
    /// Mixed scripts with surrogate pairs and combining marks, no separator.
    static func mixedText(utf16Count: Int) -> String {
        let samples = MixedSamples.all.map {
            $0.text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
        }
        var text = ""
        var index = 0
        while text.utf16.count < utf16Count {
            text += samples[index % samples.count] + " 👍🏽 e\u{301} "
            index += 1
        }
        return text
    }

    /// How many paragraphs the storage keeps as trees.
    static func trees(_ storage: TextContentStorage) -> Int {
        var count = 0
        storage.index.forEach(from: 0, reverse: false) { position in
            if case .long = position.entry.content { count += 1 }
            return true
        }
        return count
    }

    static func same(_ view: TextView, _ text: String) -> Bool {
        view.textContentStorage.string == text
    }

    /// Random keystrokes at random carets, each its own undo step; then every step undone and
    /// redone, each state checked.
    @Test(arguments: [UInt64(31), 32, 33])
    func keystrokesUndoAndRedoInLongParagraphs(seed: UInt64) throws {
        let initial = "title\r\n" + Self.mixedText(utf16Count: 2_000) + "\n" + Self.mixedText(utf16Count: 900)
        let storage = try TextContentStorage(utf8: Data(initial.utf8))
        storage.longParagraphThreshold = 256
        let view = TextView(storage: storage)
        var states = [initial]
        var random = SplitMix64(seed: seed)
        var sawTrees = false
        let typed = ["a", " ", "\n", "\r\n", "مرحبا", "ಕನ್ನಡ", "ภาษา", "👍🏽", "e\u{301}", "\u{2029}"]
        for step in 0 ..< 150 {
            let text = view.textContentStorage.string
            let boundaries = graphemeBoundaries(text).sorted()
            let caret = boundaries[Int.random(in: 0 ..< boundaries.count, using: &random)]
            view.setSelectedRange(NSRange(location: caret, length: 0))
            view.undoStack.closeStep()
            switch Int.random(in: 0 ..< 10, using: &random) {
            case 0 ..< 5:
                view.insertText(
                    typed.randomElement(using: &random)!, replacementRange: NSRange(location: NSNotFound, length: 0))
            case 5 ..< 7:
                view.doCommand(by: "deleteBackward:")
            case 7:
                view.doCommand(by: "deleteForward:")
            case 8:
                view.doCommand(by: "insertNewline:")
            default:
                // A composition committed: one undo step.
                view.setMarkedText(
                    "k", selectedRange: NSRange(location: 1, length: 0),
                    replacementRange: NSRange(location: NSNotFound, length: 0))
                view.setMarkedText(
                    "ಕನ್", selectedRange: NSRange(location: 3, length: 0),
                    replacementRange: NSRange(location: NSNotFound, length: 0))
                view.insertText("ಕನ್ನಡ", replacementRange: NSRange(location: NSNotFound, length: 0))
            }
            let now = view.textContentStorage.string
            if now != states.last { states.append(now) }
            sawTrees = sawTrees || Self.trees(storage) > 0
            #expect(
                storage.paragraphCount == ParagraphScanner.paragraphs(ofUTF16: now.utf16).count,
                "seed \(seed) step \(step): paragraph count")
        }
        #expect(sawTrees, "seed \(seed): no paragraph was kept as a tree")
        for (index, state) in states.reversed().dropFirst().enumerated() {
            view.undo()
            #expect(Self.same(view, state), "seed \(seed): undo \(index)")
        }
        #expect(Self.same(view, initial))
        for (index, state) in states.dropFirst().enumerated() {
            view.redo()
            #expect(Self.same(view, state), "seed \(seed): redo \(index)")
        }
    }

    /// At the real threshold: a ~200 KB paragraph typed into, split by a paragraph break, joined
    /// again by backspace, and all of it undone and redone exactly; the paragraph stays a tree.
    @Test func aRealLongParagraphTypedSplitJoinedAndUndone() throws {
        let initial = Self.mixedText(utf16Count: 110_000)
        let storage = try TextContentStorage(utf8: Data(initial.utf8))
        #expect(storage.longParagraphThreshold == 65_536)
        let view = TextView(storage: storage)
        let boundaries = graphemeBoundaries(initial).sorted()
        let caret = boundaries[boundaries.count / 2]
        view.setSelectedRange(NSRange(location: caret, length: 0))
        var model = Array(initial.utf16)
        for (index, typed) in ["a", "ಕ", "👍🏽", "\n", "b", "\r\n", "c"].enumerated() {
            let at = view.selectedRange().location
            view.insertText(typed, replacementRange: NSRange(location: NSNotFound, length: 0))
            model.insert(contentsOf: typed.utf16, at: at)
            #expect(Self.same(view, String(decoding: model, as: UTF16.self)), "keystroke \(index)")
            #expect(Self.trees(storage) >= 1, "keystroke \(index)")
        }
        #expect(storage.paragraphCount == 3)
        let typedText = String(decoding: model, as: UTF16.self)
        // Backspace over "c", the CRLF, "b" and the LF: joined again.
        for _ in 0 ..< 4 { view.doCommand(by: "deleteBackward:") }
        #expect(storage.paragraphCount == 1)
        #expect(Self.trees(storage) == 1)
        let joined = view.textContentStorage.string
        #expect(joined.utf16.count == model.count - 5)
        view.undo()
        #expect(Self.same(view, typedText))
        view.undo()
        #expect(Self.same(view, initial))
        view.redo()
        #expect(Self.same(view, typedText))
        view.redo()
        #expect(Self.same(view, joined))
    }
}
