import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// Edits and replace-all inside one long paragraph (a file with no line breaks), in every
/// script: the text always equals a plain-string model, undo brings back each state, and the
/// laid-out lines still tile the paragraph. Speed is measured with `otk edit --stats`, not here.
@Suite struct LongParagraphEditTests {
    /// About 120 KB in one paragraph: English words with Arabic, Hebrew, Thai, Kannada, Devanagari
    /// and emoji among them, read from a file's bytes as a document is.
    static func makeView() throws -> (TextView, [UInt16]) {
        let samples =
            ["word", "the LORD", "word"]
            + MixedSamples.all.map(\.text).map { $0.replacingOccurrences(of: "\n", with: " ") }
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
        manager.enumerateTextLayoutFragments(
            from: view.textContentStorage.documentRange.location, options: [.ensuresLayout]
        ) { fragment in
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
                let end = Self.boundary(
                    atOrBefore: min(model.count, at + Int.random(in: 1 ... 40, using: &random)), in: model)
                view.setSelectedRange(NSRange(location: at, length: end - at))
                view.doCommand(by: "deleteBackward:")
                model.removeSubrange(at ..< end)
            } else {
                view.setSelectedRange(NSRange(location: at, length: 0))
                // Several keystrokes in a row, as typing is.
                Self.typeThree(of: insertions, into: view, model: &model, random: &random)
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

    /// About 120 KB of Latin words in one paragraph (the text whose edits are reshaped around
    /// the edit), read from a file's bytes.
    static func makeLatinView() throws -> (TextView, [UInt16]) {
        let words = ["word", "the LORD", "office", "AVAWAV", "fi", "Wave", "1.5", "(x)"]
        var text = ""
        var index = 0
        while text.utf8.count < 120_000 {
            text += words[index % words.count] + " "
            index += 1
        }
        let storage = try TextContentStorage(utf8: Data(text.utf8))
        let view = TextView(storage: storage)
        view.textLayoutManager.ensureLayout(for: storage.documentRange)
        return (view, Array(text.utf16))
    }

    /// Each line's range and rectangle, as numbers.
    static func lines(_ manager: TextLayoutManager, _ storage: TextContentStorage) -> [[Double]] {
        manager.ensureLayout(for: storage.documentRange)
        var result: [[Double]] = []
        manager.enumerateTextLayoutFragments(from: storage.documentRange.location, options: [.ensuresLayout]) {
            fragment in
            let origin = fragment.layoutFragmentFrame.origin
            for line in fragment.textLineFragments {
                let range = line.characterRange, bounds = line.typographicBounds
                result.append([
                    Double(range.location), Double(range.length), origin.x + bounds.minX, origin.y + bounds.minY,
                    bounds.width, bounds.height,
                ])
            }
            return true
        }
        return result
    }

    /// The view's lines (ranges and positions) are those of a fresh layout of its text.
    static func expectLinesOfAFreshLayout(_ view: TextView, _ comment: Comment) {
        let storage = view.textContentStorage
        let fresh = TextContentStorage(attributedString: storage.attributedString)
        let manager = TextLayoutManager(textContainer: view.textLayoutManager.textContainer)
        fresh.addTextLayoutManager(manager)
        let edited = lines(view.textLayoutManager, storage), expected = lines(manager, fresh)
        let difference = edited.count != expected.count ? -1 : edited.indices.first { edited[$0] != expected[$0] }
        #expect(
            difference == nil,
            "\(comment): lines \(edited.count) and \(expected.count), first difference at \(difference ?? 0)")
    }

    /// A long paragraph with a bold stretch in it (what `otk edit` makes before typing): typing,
    /// backspace and undo, inside the bold run, inside the plain ones and where they meet, keep
    /// the text equal to a plain-string model and the lines equal to a fresh layout's; in Latin
    /// text (reshaped around each edit) and in text of every script.
    @Test(arguments: [true, false]) func editsInALongParagraphWithAttributesMatchAModelAndAFreshLayout(
        latin: Bool
    ) throws {
        let (view, original) = latin ? try Self.makeLatinView() : try Self.makeView()
        let bold =
            Self.boundary(atOrBefore: original.count / 3, in: original)
            ..< Self.boundary(atOrBefore: original.count * 2 / 3, in: original)
        view.setSelectedRange(NSRange(location: bold.lowerBound, length: bold.count))
        var selection = view.attributedTextSelection
        view.transformAttributes(in: &selection) {
            $0.font = ($0.font ?? FontDescriptor(family: "DejaVu Sans", size: 13)).with(weight: .bold)
        }
        view.textLayoutManager.ensureLayout(for: view.textContentStorage.documentRange)
        view.undoStack.removeAllActions()
        var model = original
        var states: [[UInt16]] = [model]
        var random = SplitMix64(seed: latin ? 261 : 262)
        let insertions =
            latin ? ["a", " ", "fi", "AV", "word "] : ["a", " ", "مرحبا", "שלום", "สวัสดี", "ಕನ್ನಡ", "👍🏽", "e\u{301}"]
        for step in 0 ..< 24 {
            // Inside the bold run, at its edges, or anywhere.
            let near = [
                bold.lowerBound, bold.upperBound, (bold.lowerBound + bold.upperBound) / 2,
                Int.random(in: 0 ... model.count, using: &random),
            ][step % 4]
            let at = Self.boundary(
                atOrBefore: min(model.count, near + Int.random(in: -2 ... 2, using: &random)), in: model)
            view.setSelectedRange(NSRange(location: at, length: 0))
            if step % 3 == 2 {
                for _ in 0 ..< 2 where view.selectedRange().location > 0 {
                    let caret = view.selectedRange().location
                    view.doCommand(by: "deleteBackward:")
                    let after = view.selectedRange().location
                    model.removeSubrange(after ..< caret)
                }
            } else {
                Self.typeThree(of: insertions, into: view, model: &model, random: &random)
            }
            #expect(Self.same(view, String(decoding: model, as: UTF16.self)), "step \(step)")
            if step % 6 == 5 { Self.expectLinesOfAFreshLayout(view, "step \(step)") }
            states.append(model)
        }
        #expect(view.textContentStorage.paragraphCount == 1)
        for (index, state) in states.reversed().dropFirst().enumerated() {
            view.undo()
            #expect(Self.same(view, String(decoding: state, as: UTF16.self)), "undo \(index)")
            if index % 8 == 7 { Self.expectLinesOfAFreshLayout(view, "undo \(index)") }
        }
        #expect(Self.same(view, String(decoding: original, as: UTF16.self)))
        Self.expectLinesOfAFreshLayout(view, "undone")
    }

    /// Types three random pieces of `insertions` at the caret, as typing does, and into `model`.
    static func typeThree(of insertions: [String], into view: TextView, model: inout [UInt16], random: inout SplitMix64)
    {
        for _ in 0 ..< 3 {
            let typed = insertions[Int.random(in: 0 ..< insertions.count, using: &random)]
            let caret = view.selectedRange().location
            view.insertText(typed, replacementRange: NSRange(location: NSNotFound, length: 0))
            model.insert(contentsOf: typed.utf16, at: caret)
        }
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
            let expected = ReplaceAllSelectionTests.model(
                current, pattern, replacement, selection: currentCaret ..< currentCaret)
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
