import Foundation
import TestFixtures
import Testing
import TextContent
import TextEditing

/// Undo groups (UndoManager's `beginUndoGrouping` / `endUndoGrouping`): every edit between them
/// is one step, whatever its kind, in English, Arabic and Kannada; groups nest; typing after a
/// group is a step of its own; an end without a beginning changes nothing.
@Suite struct UndoGroupingTests {
    static let arabic = MixedSamples.text("ar_Arab")

    @Test func editsOfEveryKindInAGroupAreUndoneAndRedoneAsOne() {
        let text = "Teh cat and ಕನ್ನಡ. \(Self.arabic)\nThe the end."
        let view = TextView(storage: TextContentStorage(string: text))
        view.setSelectedRange(NSRange(location: 0, length: 0))
        view.insertText("X")
        let before = view.textContentStorage.string
        let steps = view.undoStack.undoStepCount
        view.undoStack.beginUndoGrouping()
        #expect(view.undoStack.isGrouping)
        view.replace(NSRange(location: 1, length: 3), withText: "The")
        // Typing, deleting and a nested group inside: all one step.
        view.setSelectedRange(NSRange(location: (before as NSString).length, length: 0))
        view.insertText("!")
        view.deleteBackward()
        view.undoStack.beginUndoGrouping()
        let repeated = (view.textContentStorage.string as NSString).range(of: "The the")
        view.replace(NSRange(location: repeated.location + 3, length: 4), withText: "")
        view.undoStack.endUndoGrouping()
        #expect(view.undoStack.isGrouping)
        view.undoStack.endUndoGrouping()
        #expect(!view.undoStack.isGrouping)
        let after = view.textContentStorage.string
        #expect(after == "XThe cat and ಕನ್ನಡ. \(Self.arabic)\nThe end.")
        #expect(view.undoStack.undoStepCount == steps + 1)
        view.undo()
        #expect(view.textContentStorage.string == before)
        view.redo()
        #expect(view.textContentStorage.string == after)
        // Typing after the group is a step of its own.
        view.insertText("Y")
        view.undo()
        #expect(view.textContentStorage.string == after)
    }

    @Test func anEndWithoutABeginningAndAnEmptyGroupChangeNothing() {
        let view = TextView(storage: TextContentStorage(string: "ಕನ್ನಡ"))
        view.insertText("a")
        let steps = view.undoStack.undoStepCount
        view.undoStack.endUndoGrouping()
        view.undoStack.beginUndoGrouping()
        view.undoStack.endUndoGrouping()
        #expect(view.undoStack.undoStepCount == steps)
        #expect(!view.undoStack.isGrouping)
        view.undo()
        #expect(view.textContentStorage.string == "ಕನ್ನಡ")
    }
}
