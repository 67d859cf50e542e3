import Foundation
import TestFixtures
import Testing
import TextContent
import TextLayout
@testable import TextEditing

/// Edits and replace-all inside one long paragraph (a file with no line breaks), in every
/// script: the text always equals a plain-string model, undo brings back each state, and the
/// laid-out lines still tile the paragraph. Speed is measured with `otk edit --stats`, not here.
@Suite struct LongParagraphEditTests {
    /// About 120 KB in one paragraph: English words with Arabic, Hebrew, Thai, Kannada, Devanagari
    /// and emoji among them, read from a file's bytes as a document is.
    static func makeView() throws -> (TextView, [UInt16]) {
        let samples = ["word", "the LORD", "word"] + MixedSamples.all.map(\.text).map { $0.replacingOccurrences(of: "\n", with: " ") }
        #expect(samples.count > 3)
        var text = ""
        var index = 0
        while text.utf8.count < 120_000 {
            text += samples[index % samples.count] + " word "
            index += 1
        }
        let storage = try TextContentStorage(utf8: Data(text.utf8))
        #expect(storage.paragraphCount == 1)
        let view = TextView(storage: storage)
        view.textLayoutManager.ensureLayout(for: storage.documentRange)
        return (view, Array(text.utf16))
    }

    /// Whether the view's text is `text` (a Bool, so that a failure does not print 120 KB).
    static func same(_ view: TextView, _ text: String) -> Bool {
        view.textContentStorage.string == text
    }

    /// The grapheme boundary at or before `offset` of `units`.
    static func boundary(atOrBefore offset: Int, in units: [UInt16]) -> Int {
        let text = String(decoding: units, as: UTF16.self)
        var position = 0
        for character in text {
            let next = position + character.utf16.count
            if next > offset { break }
            position = next
        }
        return position
    }

    /// Lines of the (one) paragraph cover it from its start to its end, in order.
    static func expectLinesTile(_ view: TextView, length: Int) {
        let manager = view.textLayoutManager
        manager.ensureLayout(for: view.textContentStorage.documentRange)
        var end = 0
        var lines = 0
        manager.enumerateTextLayoutFragments(from: view.textContentStorage.documentRange.location, options: [.ensuresLayout]) { fragment in
            for line in fragment.textLineFragments {
                let range = line.characterRange
                #expect(range.location == end, "a line starts where the last one ended")
                end = range.location + range.length
                lines += 1
            }
            return true
        }
        #expect(end == length)
        #expect(lines > 100)
    }

    @Test func typingDeletingAndUndoingMatchAModel() throws {
        let (view, original) = try Self.makeView()
        var model = original
        var states: [[UInt16]] = [model]
        var random = SplitMix64(seed: 26)
        let insertions = ["a", " ", "مرحبا", "שלום", "สวัสดี", "ಕನ್ನಡ", "नमस्ते", "👨‍👩‍👧", "👍🏽", "e\u{301}", "x y"]
        for step in 0 ..< 60 {
            let at = Self.boundary(atOrBefore: Int.random(in: 0 ... model.count, using: &random), in: model)
            if step % 3 == 2 {
                let end = Self.boundary(atOrBefore: min(model.count, at + Int.random(in: 1 ... 40, using: &random)), in: model)
                view.setSelectedRange(NSRange(location: at, length: end - at))
                view.doCommand(by: "deleteBackward:")
                model.removeSubrange(at ..< end)
            } else {
                view.setSelectedRange(NSRange(location: at, length: 0))
                // Several keystrokes in a row, as typing is.
                for _ in 0 ..< 3 {
                    let typed = insertions[Int.random(in: 0 ..< insertions.count, using: &random)]
                    let caret = view.selectedRange().location
                    view.insertText(typed, replacementRange: notFound)
                    model.insert(contentsOf: typed.utf16, at: caret)
                }
            }
            #expect(Self.same(view, String(decoding: model, as: UTF16.self)), "step \(step)")
            if step % 10 == 9 { Self.expectLinesTile(view, length: model.count) }
            states.append(model)
        }
        #expect(view.textContentStorage.paragraphCount == 1)
        for state in states.reversed().dropFirst() {
            view.undo()
            #expect(Self.same(view, String(decoding: state, as: UTF16.self)))
        }
        #expect(Self.same(view, String(decoding: original, as: UTF16.self)))
        Self.expectLinesTile(view, length: original.count)
    }

    @Test func replaceAllInOneParagraphMatchesAModel() throws {
        let (view, original) = try Self.makeView()
        let text = String(decoding: original, as: UTF16.self)
        let caret = Self.boundary(atOrBefore: original.count / 2, in: original)
        view.setSelectedRange(NSRange(location: caret, length: 0))
        var current = text
        var currentCaret = caret
        var history: [(String, Int)] = []
        for (pattern, replacement) in [("word", "wörd👍"), ("LORD", "ಕನ್ನಡ"), ("wörd👍", ""), ("ا", "ש"), ("🏽", "x")] {
            let expected = ReplaceAllSelectionTests.model(current, pattern, replacement, selection: currentCaret ..< currentCaret)
            let count = try view.replaceAll(pattern, with: replacement)
            #expect(count > 0, "\(pattern)")
            #expect(Self.same(view, expected.text), "\(pattern) -> \(replacement)")
            #expect(view.selectionOffsets == [[expected.selection]], "\(pattern) -> \(replacement)")
            history.append((current, currentCaret))
            (current, currentCaret) = (expected.text, expected.selection.lowerBound)
            Self.expectLinesTile(view, length: current.utf16.count)
        }
        for (text, caret) in history.reversed() {
            view.undo()
            #expect(Self.same(view, text))
            #expect(view.selectionOffsets == [[caret ..< caret]])
        }
        Self.expectLinesTile(view, length: original.count)
    }
}
