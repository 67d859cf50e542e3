import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// Records what an input delegate is told, with the text at each call.
final class CheckingInputDelegate: TextInputDelegate {
    var calls: [String] = []
    var texts: [String] = []
    func record(_ call: String, _ view: TextView) {
        calls.append(call)
        texts.append(view.textContentStorage.string)
    }
    func selectionWillChange(_ textInput: TextView) { record("selectionWillChange", textInput) }
    func selectionDidChange(_ textInput: TextView) { record("selectionDidChange", textInput) }
    func textWillChange(_ textInput: TextView) { record("textWillChange", textInput) }
    func textDidChange(_ textInput: TextView) { record("textDidChange", textInput) }
    func discardMarkedText(_ textInput: TextView) { record("discardMarkedText", textInput) }
    func invalidateCharacterCoordinates(_ textInput: TextView) { record("invalidateCharacterCoordinates", textInput) }

    /// The will/did pairs told, as "text" and "selection"; nil if they are not whole pairs one
    /// after another (a did without its will, a pair inside another, a will never ended).
    var pairs: [String]? {
        var result: [String] = []
        var open: String?
        for call in calls where call.hasSuffix("WillChange") || call.hasSuffix("DidChange") {
            let kind = call.hasPrefix("text") ? "text" : "selection"
            if call.hasSuffix("WillChange") {
                guard open == nil else { return nil }
                open = kind
            } else {
                guard open == kind else { return nil }
                result.append(kind)
                open = nil
            }
        }
        return open == nil ? result : nil
    }

    func reset() {
        calls = []
        texts = []
    }
}

/// The input delegate is told of every change the input method did not make, on every path,
/// once per change: a text change as one text pair (the selection moving with it is part of
/// it), a change of the selection alone as one selection pair; nothing for no change, nothing
/// for what the input method does itself. The input context tells it to discard marked text
/// and to ask for character rectangles again.
@Suite struct InputDelegateNotificationTests {
    typealias Operation = (name: String, setUp: (TextView) -> Void, run: (TextView) -> Void, expected: [String])

    static let texts = ["Hello world, again", "שלום עולם 👍🏽 ಕನ್ನಡ भाषा", "مرحبا بالعالم 123 สวัสดี"]

    static func select(_ location: Int, _ length: Int = 0) -> (TextView) -> Void {
        { $0.setSelectedRange(NSRange(location: location, length: length)) }
    }

    static func operations(_ text: String) -> [Operation] {
        let length = text.utf16.count
        let nothing: (TextView) -> Void = { _ in }
        var operations: [Operation] = [
            ("setSelectedRange", nothing, { $0.setSelectedRange(NSRange(location: 2, length: 3)) }, ["selection"]),
            (
                "attributedTextSelection", nothing,
                { view in
                    var selection = view.attributedTextSelection
                    selection = AttributedTextSelection(utf16Offsets: [1 ..< 2], typingAttributes: nil)
                    view.attributedTextSelection = selection
                }, ["selection"]
            ),
            ("find", select(0), { _ = try? $0.find(String(text.dropFirst(3).prefix(2))) }, ["selection"]),
            ("deleteBackward at the start", select(0), { $0.doCommand(by: "deleteBackward:") }, []),
            ("deleteForward at the end", nothing, { $0.doCommand(by: "deleteForward:") }, []),
            ("undo with nothing to undo", nothing, { $0.undo() }, []),
            ("cut at a caret", nothing, { _ = $0.cut() }, []),
            ("paste", select(2), { $0.paste("xy") }, ["text"]),
            ("paste attributed", select(2, 2), { $0.paste(AttributedString("zz")) }, ["text"]),
            ("cut", select(1, 3), { _ = $0.cut() }, ["text"]),
            ("set attributedText", nothing, { $0.attributedText = AttributedString("new text") }, ["text"]),
            (
                "transformAttributes", select(0, 4),
                { view in
                    var selection = view.attributedTextSelection
                    view.transformAttributes(in: &selection) { $0.underlineStyle = .single }
                }, ["text"]
            ),
            (
                "replaceSelection", select(0, 4),
                { view in
                    var selection = view.attributedTextSelection
                    view.replaceSelection(&selection, with: AttributedString("new"))
                }, ["text"]
            ),
            (
                "replaceSelection(withCharacters:)", select(0),
                { view in
                    var selection = view.attributedTextSelection
                    view.replaceSelection(&selection, withCharacters: "ab")
                }, ["text"]
            ),
            ("replaceAll", nothing, { _ = try? $0.replaceAll(String(text.prefix(1)), with: "Q") }, ["text"]),
            // Two changes: the match replaced, then the next one (if any) selected.
            (
                "replace and find the next", select(0, 1), { _ = try? $0.replace(String(text.prefix(1)), with: "Q") },
                text.dropFirst().contains(text.prefix(1)) ? ["text", "selection"] : ["text"]
            ),
            (
                "transformAttributes at a caret", select(2),
                { view in
                    var selection = view.attributedTextSelection
                    view.transformAttributes(in: &selection) { $0.underlineStyle = .single }
                }, ["selection"]
            ),
            ("undo", { $0.doCommand(by: "deleteBackward:") }, { $0.undo() }, ["text"]),
            (
                "redo",
                {
                    $0.doCommand(by: "deleteBackward:"); $0.undo()
                }, { $0.redo() }, ["text"]
            ),
            (
                "several carets deleting",
                { view in
                    view.setSelectedRange(NSRange(location: 3, length: 0))
                    view.textLayoutManager.textSelections +=
                        view.textContentStorage.textRange(for: 8 ..< 8).map { [TextSelection(range: $0)] } ?? []
                }, { $0.doCommand(by: "deleteBackward:") }, ["text"]
            ),
        ]
        for command in [
            "moveLeft:", "moveRight:", "moveWordRightAndModifySelection:", "moveToBeginningOfDocument:", "selectAll:",
            "selectWord:", "selectParagraph:", "pageUp:", "moveUp:", "moveToBeginningOfLineAndModifySelection:",
        ] {
            operations.append((command, nothing, { $0.doCommand(by: command) }, ["selection"]))
        }
        for command in [
            "deleteBackward:", "deleteWordBackward:", "insertNewline:", "insertTab:", "insertLineBreak:", "transpose:",
            "deleteToBeginningOfLine:", "insertParagraphSeparator:",
        ] {
            operations.append((command, nothing, { $0.doCommand(by: command) }, ["text"]))
        }
        for command in ["deleteForward:", "deleteWordForward:"] {
            operations.append((command, select(length / 2), { $0.doCommand(by: command) }, ["text"]))
        }
        // What the input method does itself: never told back.
        operations += [
            ("insertText", nothing, { $0.insertText("x", replacementRange: notFound) }, []),
            (
                "insertText over a range", nothing,
                { $0.insertText("x", replacementRange: NSRange(location: 0, length: 2)) }, []
            ),
            (
                "setMarkedText", nothing,
                { $0.setMarkedText("か", selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound) },
                []
            ),
            (
                "setMarkedText attributed", nothing,
                {
                    $0.setMarkedText(
                        AttributedString("か"), selectedRange: NSRange(location: 1, length: 0),
                        replacementRange: notFound)
                }, []
            ),
            (
                "commit",
                { $0.setMarkedText("か", selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound) },
                { $0.insertText("化", replacementRange: notFound) }, []
            ),
            (
                "unmarkText",
                { $0.setMarkedText("か", selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound) },
                { $0.unmarkText() }, []
            ),
        ]
        return operations
    }

    /// Every path, in English and in mixed scripts: whole pairs, the expected ones, the text
    /// before the change at its will and after it at its did.
    @Test(arguments: texts)
    func everyPathTellsEachChangeOnce(_ text: String) {
        for operation in Self.operations(text) {
            let view = makeView(text)
            let delegate = CheckingInputDelegate()
            view.inputDelegate = delegate
            operation.setUp(view)
            delegate.reset()
            let before = view.textContentStorage.string
            operation.run(view)
            let after = view.textContentStorage.string
            let context = "\(operation.name) on \(text.prefix(12))"
            #expect(delegate.pairs == operation.expected, "\(context): \(delegate.calls)")
            #expect(!delegate.calls.contains("discardMarkedText"), "\(context)")
            if operation.expected.contains("text") {
                #expect(
                    before != after || operation.name.hasPrefix("transformAttributes"), "\(context) changed nothing")
                let will = delegate.calls.firstIndex(of: "textWillChange"),
                    did = delegate.calls.firstIndex(of: "textDidChange")
                #expect(will.map { delegate.texts[$0] } == before, "\(context): the text at textWillChange")
                #expect(did.map { delegate.texts[$0] } == after, "\(context): the text at textDidChange")
            } else if operation.expected.isEmpty,
                !["insertText", "insertText over a range", "setMarkedText", "setMarkedText attributed", "commit"]
                    .contains(operation.name)
            {
                #expect(before == after, "\(context)")
            }
        }
    }

    /// A change the input method did not make, while it composes: the composition is
    /// discarded first (once), then the change is told once.
    @Test(arguments: texts)
    func aChangeWhileComposingDiscardsThenTells(_ text: String) {
        for (command, expected) in [
            ("moveLeft:", ["selection"]), ("deleteBackward:", ["text"]), ("undo:", ["text"]),
            ("insertNewline:", ["text"]),
        ] {
            let view = makeView(text)
            let delegate = CheckingInputDelegate()
            view.inputDelegate = delegate
            view.setMarkedText("かな", selectedRange: NSRange(location: 2, length: 0), replacementRange: notFound)
            #expect(delegate.calls.isEmpty)
            view.doCommand(by: command)
            #expect(delegate.calls.first == "discardMarkedText", "\(command)")
            #expect(delegate.calls.filter { $0 == "discardMarkedText" }.count == 1, "\(command)")
            #expect(delegate.pairs == expected, "\(command): \(delegate.calls)")
            #expect(!view.hasMarkedText)
        }
    }

    /// An edit made elsewhere (on the storage, or through another view of it): told as one
    /// text change once it is done, the characters' coordinates invalidated; the other view's
    /// delegate hears nothing of its own view's... its own edit is its own.
    @Test(arguments: texts)
    func anEditMadeElsewhereIsToldOnce(_ text: String) throws {
        let storage = TextContentStorage(string: text)
        let view = TextView(storage: storage)
        let other = TextView(storage: storage)
        let delegate = CheckingInputDelegate(), otherDelegate = CheckingInputDelegate()
        view.inputDelegate = delegate
        other.inputDelegate = otherDelegate
        let range = try #require(storage.textRange(for: 0 ..< 0))
        try storage.replaceContents(in: range, with: "» ")
        #expect(delegate.pairs == ["text"])
        #expect(delegate.texts.first == "» " + text, "heard of once done: the text is already the new one")
        #expect(delegate.calls.last == "invalidateCharacterCoordinates")
        #expect(otherDelegate.pairs == ["text"])
        delegate.reset()
        otherDelegate.reset()
        other.setSelectedRange(NSRange(location: 0, length: 0))
        other.insertText("x", replacementRange: notFound)
        other.doCommand(by: "deleteBackward:")
        #expect(delegate.pairs == ["text", "text"], "two edits made through the other view")
        #expect(
            otherDelegate.pairs == ["selection", "text"],
            "the other view's own: its selection, then the command (typing is the input method's)")
        // Elsewhere while composing: the composition ends (discarded once), the edit told once.
        delegate.reset()
        view.setMarkedText("かな", selectedRange: NSRange(location: 2, length: 0), replacementRange: notFound)
        try storage.replaceContents(in: try #require(storage.textRange(for: 0 ..< 0)), with: "«")
        #expect(delegate.calls.filter { $0 == "discardMarkedText" }.count == 1)
        #expect(delegate.pairs == ["text"])
        #expect(!view.hasMarkedText)
    }

    /// The input context: its client is the view; `discardMarkedText()` ends the composition
    /// (the text stays, one undo step, the delegate told to discard it, no change told);
    /// `invalidateCharacterCoordinates()` reaches the delegate, and so does a new font
    /// resolution context (the text laid out again); once the view is gone, both do nothing.
    @Test(arguments: texts)
    func theInputContext(_ text: String) {
        var view: TextView? = makeView(text)
        let delegate = CheckingInputDelegate()
        view?.inputDelegate = delegate
        let context = view!.inputContext
        #expect(context.client === view)
        #expect(view!.inputContext === context)
        context.discardMarkedText()
        #expect(delegate.calls.isEmpty, "nothing marked: nothing to discard")
        view?.setMarkedText("かな", selectedRange: NSRange(location: 2, length: 0), replacementRange: notFound)
        view?.setMarkedText(
            MarkedTextAttributesTests.clauses([("かな", .thick, nil)]), selectedRange: NSRange(location: 2, length: 0),
            replacementRange: notFound)
        context.discardMarkedText()
        #expect(delegate.calls == ["discardMarkedText"])
        #expect(view?.hasMarkedText == false)
        #expect(view?.textContentStorage.string == text + "かな")
        #expect(view?.undoStack.undoStepCount == 1)
        #expect(
            view.map { MarkedTextAttributesTests.drawn(.underlineStyle, as: TextDecorationStyle.self, in: $0).isEmpty }
                == true)
        delegate.reset()
        context.invalidateCharacterCoordinates()
        #expect(delegate.calls == ["invalidateCharacterCoordinates"])
        delegate.reset()
        view?.fontResolutionContext = FontResolutionContext(textSizeScale: 1.5)
        #expect(delegate.calls == ["invalidateCharacterCoordinates"])
        view?.undo()
        #expect(view?.textContentStorage.string == text)
        view = nil
        #expect(context.client == nil)
        delegate.reset()
        context.invalidateCharacterCoordinates()
        context.discardMarkedText()
        #expect(delegate.calls.isEmpty)
    }

    /// Scrolling the caret into view moves the text on screen: the characters' coordinates are
    /// invalidated; a caret already in view scrolls nothing and invalidates nothing.
    @Test func scrollingInvalidatesTheCharacterCoordinates() {
        let view = makeView(
            Array(repeating: "שלום עולם and English, ಕನ್ನಡ 👍🏽", count: 200).joined(separator: "\n"), caret: 0)
        let host = LargeEditTests.Host()
        view.textLayoutManager.textViewportLayoutController.delegate = host
        view.textLayoutManager.textViewportLayoutController.layoutViewport()
        let delegate = CheckingInputDelegate()
        view.inputDelegate = delegate
        view.scrollRangeToVisible(NSRange(location: 0, length: 0))
        #expect(delegate.calls.isEmpty)
        view.scrollRangeToVisible(NSRange(location: view.endOfDocument, length: 0))
        #expect(delegate.calls == ["invalidateCharacterCoordinates"])
    }

    /// A delegate that implements neither optional call still works (they do nothing).
    @Test func theNewCallsAreOptional() {
        let view = makeView("abc")
        let delegate = RecordingInputDelegate()
        view.inputDelegate = delegate
        view.setMarkedText("x", selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound)
        view.inputContext.discardMarkedText()
        view.inputContext.invalidateCharacterCoordinates()
        #expect(!view.hasMarkedText && delegate.calls.isEmpty)
    }
}
