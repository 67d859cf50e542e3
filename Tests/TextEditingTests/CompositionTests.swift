import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// Records what an input delegate is told, and how often the composition was discarded.
final class DiscardRecordingDelegate: TextInputDelegate {
    var calls: [String] = []
    func selectionWillChange(_ textInput: TextView) { calls.append("selectionWillChange") }
    func selectionDidChange(_ textInput: TextView) { calls.append("selectionDidChange") }
    func textWillChange(_ textInput: TextView) { calls.append("textWillChange") }
    func textDidChange(_ textInput: TextView) { calls.append("textDidChange") }
    func discardMarkedText(_ textInput: TextView) { calls.append("discardMarkedText") }
}

/// A composition as one session: whatever ends it (a commit, an edit from any other path),
/// the marked range never points at old text, and its one undo step gives back the text from
/// before it; a call the storage refuses leaves nothing behind.
@Suite struct CompositionTests {
    /// Short texts in several scripts and both directions; the caret goes after their first
    /// half (on a cluster boundary).
    static let texts = ["hello world", "مرحبا بالعالم", "שלום עולם", "สวัสดีชาวโลก", "ನಮಸ್ಕಾರ ಜಗತ್ತು", "👍🏽 hi 👨‍👩‍👧 ok"]

    static func middle(_ text: String) -> Int {
        String(text.prefix(text.count / 2)).utf16.count
    }

    /// The paths an edit can come by while text is marked, each a change the input method did
    /// not make.
    enum Path: String, CaseIterable, CustomTestStringConvertible {
        case setAttributedText, pasteString, pasteAttributed, cut, transformAttributes, replaceSelection,
            replaceSelectionWithCharacters, findReplace, replaceAll, command, undo, otherView, storage,
            storageOverMarkedText

        var testDescription: String { rawValue }
    }

    /// Runs `path` on `view` (marked text at `caret`) and says whether the storage was edited
    /// from outside the view (then its undo history does not know the edit).
    @discardableResult
    static func run(_ path: Path, on view: TextView, caret: Int) throws -> Bool {
        let storage = view.textContentStorage
        switch path {
        case .setAttributedText:
            view.attributedText = AttributedString("X")
        case .pasteString:
            view.paste("pasted")
        case .pasteAttributed:
            var text = AttributedString("bold")
            text.underlineStyle = .single
            view.paste(text)
        case .cut:
            view.setSelectedRange(NSRange(location: 0, length: 2))
            view.cut()
        case .transformAttributes:
            var selection = AttributedTextSelection(utf16Offsets: [0 ..< 2])
            view.transformAttributes(in: &selection) { $0.underlineStyle = .single }
        case .replaceSelection:
            var selection = AttributedTextSelection(utf16Offsets: [0 ..< 0])
            view.replaceSelection(&selection, with: AttributedString("new "))
        case .replaceSelectionWithCharacters:
            var selection = AttributedTextSelection(utf16Offsets: [storage.utf16Length ..< storage.utf16Length])
            view.replaceSelection(&selection, withCharacters: " end")
        case .findReplace:
            // The marked text is found, selected and replaced.
            try view.find("ni")
            try view.replace("ni", with: "NI")
        case .replaceAll:
            try view.replaceAll("ni", with: "nini")
        case .command:
            view.doCommand(by: "deleteBackward:")
        case .undo:
            view.undo()
        case .otherView:
            let other = TextView(
                storage: storage,
                layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0))))
            other.setSelectedRange(NSRange(location: 0, length: 0))
            other.insertText("AB", replacementRange: NSRange(location: NSNotFound, length: 0))
            return true
        case .storage:
            try storage.replaceContents(in: #require(storage.textRange(for: 0 ..< 0)), with: "AB")
            return true
        case .storageOverMarkedText:
            // An edit taking the marked text away with what is around it.
            let around = max(0, caret - 1) ..< min(storage.utf16Length, caret + 3)
            try storage.replaceContents(in: #require(storage.textRange(for: around)), with: "Z")
            return true
        }
        return false
    }

    /// For every path and every script: the composition ends (the input delegate told to
    /// discard it), no marked range is left, the next commit-style insert neither traps nor
    /// lands in old text, and (for the view's own paths) undoing everything gives the original.
    @Test(arguments: Path.allCases)
    func anEditFromAnyOtherPathEndsTheComposition(_ path: Path) throws {
        for text in Self.texts {
            let caret = Self.middle(text)
            let view = makeView(text, caret: caret)
            let delegate = DiscardRecordingDelegate()
            view.inputDelegate = delegate
            view.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0), replacementRange: notFound)
            #expect(view.markedRange() == NSRange(location: caret, length: 2))
            let outside = try Self.run(path, on: view, caret: caret)
            #expect(!view.hasMarkedText, "\(path) on \(text): the composition did not end")
            #expect(view.markedRange().location == NSNotFound)
            #expect(delegate.calls.contains("discardMarkedText"), "\(path) on \(text): the input delegate was not told")
            // What follows types at the caret, over nothing old.
            let before = view.textContentStorage.string
            let selected = view.selectedRange()
            #expect(selected.location != NSNotFound && selected.location + selected.length <= before.utf16.count)
            view.insertText("你", replacementRange: notFound)
            var expected = Array(before.utf16)
            expected.replaceSubrange(selected.location ..< selected.location + selected.length, with: "你".utf16)
            #expect(Array(view.textContentStorage.string.utf16) == expected, "\(path) on \(text)")
            if !outside {
                while view.undoStack.canUndo { view.undo() }
                #expect(view.textContentStorage.string == text, "\(path) on \(text): undoing everything")
            }
        }
    }

    /// The case exactly: no trap, the typed text after "X".
    @Test func settingTheTextWhileComposingThenTypingDoesNotTrap() {
        let view = makeView("hello world", caret: 5)
        view.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0), replacementRange: notFound)
        view.attributedText = AttributedString("X")
        view.insertText("你", replacementRange: notFound)
        #expect(view.textContentStorage.string == "X你")
        view.undo()
        #expect(view.textContentStorage.string == "X")
        view.undo()
        #expect(view.textContentStorage.string == "helloni world")
        view.undo()
        #expect(view.textContentStorage.string == "hello world")
    }

    /// An edit made elsewhere moves the composition with its text: the step that ends it takes
    /// away exactly the marked text, where it now is.
    @Test(arguments: [Path.otherView, .storage])
    func anEditElsewhereMovesTheCompositionWithTheText(_ path: Path) throws {
        for text in Self.texts {
            let caret = Self.middle(text)
            let view = makeView(text, caret: caret)
            view.setMarkedText("ni", selectedRange: NSRange(location: 2, length: 0), replacementRange: notFound)
            try Self.run(path, on: view, caret: caret)
            var units = Array(text.utf16)
            units.insert(contentsOf: "ni".utf16, at: caret)
            #expect(view.textContentStorage.string == "AB" + String(decoding: units, as: UTF16.self))
            // The caret followed the text.
            #expect(view.selectedRange() == NSRange(location: caret + 4, length: 0))
            view.undo()
            #expect(view.textContentStorage.string == "AB" + text, "\(path) on \(text)")
        }
    }

    /// A commit whose replacement range covers part of the marked text, all of it, or more
    /// (text before it too), or lies beside it: the result is the text with that range replaced,
    /// and one undo gives back the text from before the composition, whatever the script.
    @Test(arguments: [
        (NSRange(location: 1, length: 2), "A日本んご"), (NSRange(location: 3, length: 2), "Aにほ日本"),
        (NSRange(location: 1, length: 4), "A日本"), (NSRange(location: 0, length: 3), "日本んご"),
        (NSRange(location: 0, length: 0), "日本Aにほんご"), (NSRange(location: 5, length: 0), "Aにほんご日本"),
    ])
    func aCommitOverPartOfTheMarkedTextUndoesToTheTextBefore(_ replacement: NSRange, _ expected: String) {
        let view = makeView("A")
        view.setMarkedText("にほんご", selectedRange: NSRange(location: 4, length: 0), replacementRange: notFound)
        #expect(view.textContentStorage.string == "Aにほんご")
        view.insertText("日本", replacementRange: replacement)
        #expect(view.textContentStorage.string == expected)
        #expect(!view.hasMarkedText)
        #expect(view.undoStack.undoStepCount == 1)
        view.undo()
        #expect(view.textContentStorage.string == "A")
        #expect(view.selectedRange() == NSRange(location: 1, length: 0))
        view.redo()
        #expect(view.textContentStorage.string == expected)
    }

    /// The same with right-to-left and Indic text around, and a composition that the input
    /// method moves (a replacement range outside the marked text) before committing.
    @Test(arguments: texts)
    func aCompositionMovedAroundUndoesInOneStep(_ text: String) {
        let caret = Self.middle(text)
        let view = makeView(text, caret: caret)
        view.setMarkedText("kan", selectedRange: NSRange(location: 3, length: 0), replacementRange: notFound)
        // The input method takes the text before the caret into the composition (reconversion).
        view.setMarkedText(
            "漢字", selectedRange: NSRange(location: 2, length: 0),
            replacementRange: NSRange(location: 0, length: caret + 2))
        #expect(view.markedRange() == NSRange(location: 0, length: 2))
        view.insertText("感じ", replacementRange: notFound)
        var units = Array(text.utf16)
        units.insert(contentsOf: "n".utf16, at: caret)
        units.replaceSubrange(0 ..< caret, with: "感じ".utf16)
        #expect(Array(view.textContentStorage.string.utf16) == units)
        #expect(view.undoStack.undoStepCount == 1)
        view.undo()
        #expect(view.textContentStorage.string == text)
    }

    /// A call the storage refuses (its range splits a surrogate pair) changes nothing and
    /// records nothing, before a composition and during one: the sequence, then every
    /// refusable call.
    @Test func aRefusedMarkedTextLeavesNoUndoRecord() {
        let view = makeView("a👍b", caret: 4)
        view.setMarkedText(
            "か", selectedRange: NSRange(location: 1, length: 0), replacementRange: NSRange(location: 2, length: 0))
        #expect(!view.hasMarkedText)
        #expect(view.textContentStorage.string == "a👍b")
        view.setMarkedText("か", selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound)
        view.insertText("ok", replacementRange: notFound)
        #expect(view.textContentStorage.string == "a👍bok")
        view.undo()
        #expect(view.textContentStorage.string == "a👍b")
        #expect(!view.undoStack.canUndo)
    }

    /// Every refusable call, with and without marked text, in a text of several surrogate pairs.
    @Test(arguments: [false, true])
    func refusedCallsRecordNothing(_ composing: Bool) {
        let text = "a👍b😀c👨‍👩‍👧"
        let splits = [
            NSRange(location: 2, length: 0), NSRange(location: 2, length: 2), NSRange(location: 1, length: 1),
            NSRange(location: 5, length: 1), NSRange(location: 8, length: 0),
        ]
        for split in splits {
            var calls: [(String, (TextView) -> Void)] = [
                (
                    "setMarkedText",
                    { $0.setMarkedText("か", selectedRange: NSRange(location: 1, length: 0), replacementRange: split) }
                ),
                ("insertText", { $0.insertText("x", replacementRange: split) }),
                ("insertText attributed", { $0.insertText(AttributedString("x"), replacementRange: split) }),
                // A selection splitting the pair (set through the app's API) refuses what edits
                // it, and a refused edit does not end the composition either.
                (
                    "paste",
                    {
                        $0.setSelectedRange(split); $0.paste("x")
                    }
                ),
                (
                    "replaceSelection",
                    { view in
                        var selection = AttributedTextSelection(utf16Offsets: [
                            split.location ..< split.location + split.length
                        ])
                        view.replaceSelection(&selection, with: AttributedString("x"))
                    }
                ),
            ]
            if !composing {
                calls.append(
                    (
                        "typing",
                        {
                            $0.setSelectedRange(split); $0.insertText("x", replacementRange: notFound)
                        }
                    ))
            }
            for (name, call) in calls {
                // One step before: the text typed at the end.
                let view = makeView(text)
                view.insertText("z", replacementRange: notFound)
                if composing {
                    view.setMarkedText("に", selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound)
                }
                let textBefore = view.textContentStorage.string
                let steps = view.undoStack.undoStepCount
                call(view)
                #expect(view.textContentStorage.string == textBefore, "\(name) at \(split) changed the text")
                #expect(view.undoStack.undoStepCount == steps, "\(name) at \(split) recorded a step")
                #expect(view.hasMarkedText == composing, "\(name) at \(split)")
                // The composition (or a new one at the end) goes on and undoes to the text before it.
                if !composing {
                    view.setSelectedRange(NSRange(location: view.textContentStorage.utf16Length, length: 0))
                }
                view.setMarkedText("にほ", selectedRange: NSRange(location: 2, length: 0), replacementRange: notFound)
                view.insertText("ok", replacementRange: notFound)
                view.undo()
                #expect(
                    view.textContentStorage.string == text + "z",
                    "\(name) at \(split): undo gave \(view.textContentStorage.string)")
            }
        }
    }
}

/// Random input-method sessions interleaved with everything else that edits (paste, deletion,
/// typing, undo, redo, setting the text), at random and explicit replacement ranges, some of
/// them splitting surrogate pairs: no trap; while text is marked the marked range holds what
/// was last marked; undo and redo go through the texts the history had, and undoing everything
/// gives the original back.
@Suite struct RandomCompositionTests {
    @Test(arguments: 0 ..< 16)
    func compositionsInterleavedWithOtherEdits(_ run: Int) {
        var random = SplitMix64(seed: 0xC0_3905_0000 + UInt64(run))
        let original = ["日本語: ", "hello ", "שלום ", "مرحبا ", "👍🏽x👨‍👩‍👧 "].shuffled(using: &random).joined()
        let view = makeView(original)
        let storage = view.textContentStorage
        var textAtDepth = [0: original]
        var lastMarked: String?
        let kana = ["に", "ほ", "ん", "ご", "か", "な", "😀", "ni", "漢字"]
        func randomRange() -> NSRange {
            let length = storage.utf16Length
            let lower = Int.random(in: 0 ... length, using: &random)
            return NSRange(location: lower, length: Int.random(in: 0 ... min(4, length - lower), using: &random))
        }
        for step in 0 ..< 300 {
            let depthBefore = view.undoStack.undoStepCount
            let wasComposing = view.hasMarkedText
            let roll = Int.random(in: 0 ..< 100, using: &random)
            var action: String
            var isHistory = false
            switch roll {
            case 0 ..< 30:
                let string = (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
                    kana.randomElement(using: &random)!
                }.joined()
                let explicit = Int.random(in: 0 ..< 5, using: &random) == 0
                let replacement = explicit ? randomRange() : notFound
                action = "setMarkedText(\(string), \(replacement))"
                // Refused when an explicit range splits a surrogate pair.
                let units = Array(storage.string.utf16)
                func splits(_ offset: Int) -> Bool {
                    offset > 0 && offset < units.count && UTF16.isTrailSurrogate(units[offset])
                }
                let refused =
                    explicit && (splits(replacement.location) || splits(replacement.location + replacement.length))
                view.setMarkedText(
                    string, selectedRange: NSRange(location: string.utf16.count, length: 0),
                    replacementRange: replacement)
                if !refused { lastMarked = string.isEmpty ? nil : string }
            case 30 ..< 45:
                let explicit = Int.random(in: 0 ..< 4, using: &random) == 0
                let replacement = explicit ? randomRange() : notFound
                let string = ["日本", "語", "x", "😀"].randomElement(using: &random)!
                action = "insertText(\(string), \(replacement))"
                let wasMarked = view.hasMarkedText
                view.insertText(string, replacementRange: replacement)
                if wasMarked, view.hasMarkedText { /* refused: the composition goes on */  } else { lastMarked = nil }
            case 45 ..< 55:
                action = "paste"
                view.paste("p")
                lastMarked = nil
            case 55 ..< 65:
                action = ["deleteBackward:", "deleteForward:", "moveLeft:", "moveRightAndModifySelection:"]
                    .randomElement(using: &random)!
                view.doCommand(by: action)
                lastMarked = nil
            case 65 ..< 70:
                action = "attributedText"
                view.attributedText = AttributedString(["a b", "", "שלום 😀"].randomElement(using: &random)!)
                lastMarked = nil
            case 70 ..< 85:
                action = "undo"
                isHistory = true
                view.undo()
                lastMarked = nil
            default:
                action = "redo"
                isHistory = true
                view.redo()
                lastMarked = nil
            }
            let context = "run \(run) step \(step) \(action) -> \(storage.string.debugDescription)"
            if let lastMarked {
                let marked = view.markedRange()
                #expect(marked.location != NSNotFound, "\(context): the marked text is gone")
                if marked.location != NSNotFound {
                    #expect(marked.location + marked.length <= storage.utf16Length, "\(context)")
                    #expect(
                        storage.string.utf16.dropFirst(marked.location).prefix(marked.length).elementsEqual(
                            lastMarked.utf16),
                        "\(context): the marked range \(marked) does not hold \(lastMarked)")
                }
            } else {
                #expect(!view.hasMarkedText, "\(context): marked text left behind")
            }
            let depth = view.undoStack.undoStepCount
            if !isHistory || wasComposing {
                // A new step (an edit, or a composition an undo ended first) drops the redo
                // history, and any step made unseen.
                textAtDepth = textAtDepth.filter { $0.key <= min(depth, depthBefore) }
            }
            guard !view.hasMarkedText else { continue }
            if isHistory, let expected = textAtDepth[depth] {
                #expect(storage.string == expected, "\(context): depth \(depth) should be \(expected.debugDescription)")
            }
            textAtDepth[depth] = storage.string
        }
        view.unmarkText()
        while view.undoStack.canUndo { view.undo() }
        #expect(storage.string == original, "run \(run): undoing everything")
    }
}
