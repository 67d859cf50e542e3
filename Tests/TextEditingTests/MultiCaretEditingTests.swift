import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// Several carets and selections: every caret outlives a deletion that has nothing to delete
/// at it, one user action is one undo step, and after every command the selections are
/// normalized (sorted, disjoint, touching ones joined).
@Suite struct MultiCaretEditingTests {
    static let texts = ["abcdef", "אבגדהו", "مرحبا بكم", "สวัสดีครับ", "ನಮಸ್ಕಾರ", "👍🏽👎✌️🤞👨‍👩‍👧"]

    /// The UTF-16 offset after the first `count` clusters (navigation's clusters: the view's).
    static func offset(_ text: String, clusters count: Int) -> Int {
        String(text.prefix(count)).utf16.count
    }

    static func setCarets(_ view: TextView, _ offsets: [Int]) {
        let storage = view.textContentStorage
        view.textLayoutManager.textSelections = offsets.map {
            TextSelection(storage.textRange(for: $0 ..< $0)!.location)
        }
    }

    /// The flat, sorted ranges of every selection are apart: none overlap, none touch.
    static func areNormalized(_ view: TextView) -> Bool {
        let flat = view.selectionOffsets.joined().map { $0 }
        return zip(flat, flat.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound }
    }

    /// The case, then the class: carets at the start and inside, `deleteBackward:` and
    /// the other backward deletions, in every script; typing then types at both.
    @Test(arguments: texts)
    func aCaretWithNothingToDeleteBackwardStays(_ text: String) {
        let view = makeView(text)
        let third = Self.offset(text, clusters: 3), second = Self.offset(text, clusters: 2)
        Self.setCarets(view, [0, third])
        view.doCommand(by: "deleteBackward:")
        // The third cluster went; the caret at the start is still there.
        var characters = Array(text)
        characters.remove(at: 2)
        #expect(view.textContentStorage.string == String(characters))
        #expect(view.selectionOffsets == [[0 ..< 0], [second ..< second]])
        view.insertText("X", replacementRange: notFound)
        characters.insert("X", at: 2)
        characters.insert("X", at: 0)
        #expect(view.textContentStorage.string == String(characters))
        if text == "abcdef" { #expect(view.textContentStorage.string == "XabXdef") }
        // Other backward deletions whose range stops short of the caret at the start (a word
        // deletion goes past emoji, which are not words, and meets it).
        for command in ["deleteWordBackward:", "deleteBackwardByDecomposingPreviousCharacter:"]
        where text.first?.isLetter == true || !command.hasPrefix("deleteWord") {
            let view = makeView("ab " + text)
            Self.setCarets(view, [0, 3 + third])
            view.doCommand(by: command)
            #expect(view.selectionOffsets.count == 2, "\(command) on \(text): \(view.selectionOffsets)")
            #expect(view.selectionOffsets.first == [0 ..< 0], "\(command) on \(text)")
        }
    }

    /// The same going forward with a caret at the end.
    @Test(arguments: texts)
    func aCaretWithNothingToDeleteForwardStays(_ text: String) {
        let view = makeView(text)
        let length = text.utf16.count
        let second = Self.offset(text, clusters: 2)
        Self.setCarets(view, [second, length])
        view.doCommand(by: "deleteForward:")
        var characters = Array(text)
        characters.remove(at: 2)
        let shorter = String(characters)
        #expect(view.textContentStorage.string == shorter)
        #expect(view.selectionOffsets == [[second ..< second], [shorter.utf16.count ..< shorter.utf16.count]])
        view.insertText("X", replacementRange: notFound)
        characters.append("X")
        characters.insert("X", at: 2)
        #expect(view.textContentStorage.string == String(characters))
        // Two undo steps (the deletion, the typing), back to the text.
        view.undo()
        view.undo()
        #expect(view.textContentStorage.string == text)
        // Another forward deletion whose range stops short of the caret at the end.
        guard text.first?.isLetter == true else { return }
        let longer = makeView(text + " ab")
        Self.setCarets(longer, [second, length + 3])
        longer.doCommand(by: "deleteWordForward:")
        let end = longer.textContentStorage.utf16Length
        #expect(
            longer.selectionOffsets.count == 2 && longer.selectionOffsets.last == [end ..< end],
            "\(text): \(longer.selectionOffsets)")
    }

    /// Transposing at several carets is one user action: one undo step, undone at once.
    @Test(arguments: texts)
    func transposeAtSeveralCaretsIsOneUndoStep(_ text: String) {
        let view = makeView(text)
        let carets = [1, 4].map { Self.offset(text, clusters: $0) }
        Self.setCarets(view, carets)
        view.doCommand(by: "transpose:")
        var characters = Array(text)
        characters.swapAt(0, 1)
        characters.swapAt(3, 4)
        #expect(view.textContentStorage.string == String(characters))
        #expect(view.undoStack.undoStepCount == 1)
        // A caret after each swapped pair.
        #expect(
            view.selectionOffsets
                == [2, 5].map {
                    [Self.offset(String(characters), clusters: $0) ..< Self.offset(String(characters), clusters: $0)]
                })
        view.undo()
        #expect(view.textContentStorage.string == text)
        #expect(!view.undoStack.canUndo)
        view.redo()
        #expect(view.textContentStorage.string == String(characters))
    }

    /// Touching selections join: two paragraphs selected from carets in each are one selection,
    /// and cutting it leaves one caret; a range and a caret at its end join, and typing then
    /// types once.
    @Test func touchingSelectionsAreJoined() {
        let view = makeView("ab\ncd")
        Self.setCarets(view, [1, 4])
        view.doCommand(by: "selectParagraph:")
        #expect(view.selectionOffsets.joined().map { $0 } == [0 ..< 5])
        #expect(view.cut() == AttributedString("ab\ncd"))
        #expect(view.selectionOffsets == [[0 ..< 0]])
        #expect(view.textContentStorage.string == "")

        let extended = makeView("abcde")
        Self.setCarets(extended, [2, 5])
        extended.doCommand(by: "moveToEndOfLineAndModifySelection:")
        #expect(extended.selectionOffsets.joined().map { $0 } == [2 ..< 5])
        extended.insertText("X", replacementRange: notFound)
        #expect(extended.textContentStorage.string == "abX")

        // Ranges that meet after a move, in a right-to-left text.
        let hebrew = makeView("אבגדהו")
        Self.setCarets(hebrew, [1, 3])
        hebrew.doCommand(by: "moveForwardAndModifySelection:")
        hebrew.doCommand(by: "moveForwardAndModifySelection:")
        #expect(hebrew.selectionOffsets.joined().map { $0 } == [1 ..< 5])
        hebrew.doCommand(by: "deleteBackward:")
        #expect(hebrew.textContentStorage.string == "או")
        #expect(hebrew.selectionOffsets == [[1 ..< 1]])
    }

    /// Random commands at several carets on text in several scripts: after every command the
    /// selections are sorted and apart (none touching), and every one of them is in the text.
    @Test(arguments: 0 ..< 12)
    func selectionsAreNormalizedAfterEveryCommand(_ run: Int) {
        var random = SplitMix64(seed: 0x5E1E_C700 + UInt64(run))
        let paragraphs = ["ab cd ef", "שלום עולם", "مرحبا بكم", "ನಮಸ್ಕಾರ ಜಗತ್ತು", "👍🏽 ok 👨‍👩‍👧", "สวัสดีครับ"]
        let text = (0 ..< 3).map { _ in paragraphs[Int.random(in: 0 ..< paragraphs.count, using: &random)] }.joined(
            separator: "\n")
        let view = makeView(text)
        let commands = [
            "moveLeft:", "moveRight:", "moveWordLeft:", "moveWordRight:", "moveUp:", "moveDown:",
            "moveLeftAndModifySelection:", "moveRightAndModifySelection:", "moveWordRightAndModifySelection:",
            "moveWordLeftAndModifySelection:", "moveToEndOfLineAndModifySelection:",
            "moveToBeginningOfLineAndModifySelection:",
            "moveForwardAndModifySelection:", "moveBackwardAndModifySelection:", "moveDownAndModifySelection:",
            "selectWord:", "selectParagraph:", "selectLine:", "deleteBackward:", "deleteForward:",
            "deleteWordBackward:",
            "transpose:", "insertNewline:", "undo:", "redo:",
        ]
        for step in 0 ..< 250 {
            let length = view.textContentStorage.utf16Length
            let roll = Int.random(in: 0 ..< 100, using: &random)
            var action: String
            switch roll {
            case 0 ..< 12:
                // Several carets at cluster boundaries (the app's doing), then a command.
                let bounds = EditingPropertyTests.boundaries(view.textContentStorage.string).sorted()
                let offsets = (0 ..< Int.random(in: 2 ... 4, using: &random)).map { _ in
                    bounds[Int.random(in: 0 ..< bounds.count, using: &random)]
                }
                Self.setCarets(view, Array(Set(offsets)).sorted())
                action = commands[Int.random(in: 0 ..< commands.count, using: &random)]
                view.doCommand(by: action)
            case 12 ..< 20:
                action = "cut"
                view.cut()
            case 20 ..< 26:
                action = "paste"
                view.paste(["x", "ab\ncd", "א"][Int.random(in: 0 ..< 3, using: &random)])
            case 26 ..< 40 where length < 400:
                action = "insertText"
                view.insertText(
                    ["y", "ب", "ಕ್", "👍🏽"][Int.random(in: 0 ..< 4, using: &random)], replacementRange: notFound)
            default:
                action = commands[Int.random(in: 0 ..< commands.count, using: &random)]
                view.doCommand(by: action)
            }
            let total = view.textContentStorage.utf16Length
            #expect(Self.areNormalized(view), "run \(run) step \(step) \(action): \(view.selectionOffsets)")
            #expect(
                view.selectionOffsets.joined().allSatisfy { $0.upperBound <= total },
                "run \(run) step \(step) \(action)")
            if !Self.areNormalized(view) { return }
        }
    }
}
