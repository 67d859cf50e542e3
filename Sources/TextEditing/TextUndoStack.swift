import Foundation
import TextContent

/// The undo and redo history of a `TextView`: Foundation's `UndoManager` is not implemented in
/// swift-corelibs-foundation, so this is a small stack of its own with the same shape (groups,
/// undo, redo, a level limit). Each step keeps only the text it changed (the replaced text and
/// the range its replacement took), never a copy of the document, so its memory follows what
/// changed.
public final class TextUndoStack {
    /// What a step did, for grouping: consecutive typing is one step, and so is consecutive
    /// deleting, until the caret moves elsewhere or another kind of edit comes.
    enum Kind: Equatable {
        case typing, deleting, other
    }

    /// One replacement: `range` (after the edit) holds what replaced `original`. A large
    /// original (all of a document) is kept as the storage's own paragraphs, not copied.
    struct Record {
        var range: Range<Int>
        var original: ContentSlice
    }

    struct Step {
        var kind: Kind
        /// Batches in the order they were made, undone in reverse; the records of one batch were
        /// made in one transaction and their ranges are all after it (several cursors).
        var batches: [[Record]]
        var selectionBefore: [[Range<Int>]]
        var selectionAfter: [[Range<Int>]]
        /// Whether typing may still join this step.
        var isOpen: Bool
    }

    var undoSteps: [Step] = []
    var redoSteps: [Step] = []

    /// How many steps are kept (the oldest are dropped); 0 keeps every one.
    public var levelsOfUndo = 1_000 {
        didSet { trim() }
    }

    public init() {}

    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }
    /// How many steps undo can take back.
    public var undoStepCount: Int { undoSteps.count }

    /// Ends the current typing step: the next edit starts a new one (the caret moved).
    public func closeStep() {
        if !undoSteps.isEmpty { undoSteps[undoSteps.count - 1].isOpen = false }
    }

    /// How deep the open groups are (`beginUndoGrouping()`), and whether the outermost has a
    /// step yet.
    private var groupingLevel = 0
    private var groupHasStep = false

    /// Whether edits are being gathered into one step.
    public var isGrouping: Bool { groupingLevel > 0 }

    /// Gathers every edit until the matching `endUndoGrouping()` into one step (as
    /// `UndoManager`'s groups): a writing-tools session, a script's several replacements, undone
    /// at once. Groups nest; the outermost makes the step.
    ///
    /// ```swift
    /// view.undoStack.beginUndoGrouping()
    /// view.replace(NSRange(location: 0, length: 3), withText: "The")
    /// view.replace(NSRange(location: 20, length: 4), withText: "sea")
    /// view.undoStack.endUndoGrouping()  // one undo takes both back
    /// ```
    public func beginUndoGrouping() {
        if groupingLevel == 0 {
            closeStep()
            groupHasStep = false
        }
        groupingLevel += 1
    }

    /// Ends the group begun last; an end without a beginning is ignored.
    public func endUndoGrouping() {
        guard groupingLevel > 0 else { return }
        groupingLevel -= 1
        if groupingLevel == 0 { closeStep() }
    }

    /// Forgets every step.
    public func removeAllActions() {
        undoSteps.removeAll()
        redoSteps.removeAll()
    }

    /// UTF-16 units of text the steps hold (replaced and replacing), a measure of their memory.
    public var storedUTF16Count: Int {
        (undoSteps + redoSteps).reduce(0) { sum, step in
            sum + step.batches.joined().reduce(0) { $0 + $1.original.utf16Count + $1.range.count }
        }
    }

    /// Adds `step`, joining it to the open step of the same kind when it continues it (the
    /// same carets, each edit starting where the last one's replacement ended).
    func record(_ step: Step) {
        redoSteps.removeAll()
        if groupingLevel > 0 {
            recordInGroup(step)
            return
        }
        if step.kind != .other, var last = undoSteps.last, last.isOpen, last.kind == step.kind,
            last.selectionAfter == step.selectionBefore
        {
            if let batch = step.batches.first, step.batches.count == 1, let previous = last.batches.last,
                let merged = Self.joined(previous, batch)
            {
                last.batches[last.batches.count - 1] = merged
            } else {
                last.batches += step.batches
            }
            last.selectionAfter = step.selectionAfter
            undoSteps[undoSteps.count - 1] = last
            return
        }
        closeStep()
        undoSteps.append(step)
        trim()
    }

    /// Adds `step` to the open group's step (the first one starts it).
    private func recordInGroup(_ step: Step) {
        guard groupHasStep, var last = undoSteps.last else {
            closeStep()
            var first = step
            first.kind = .other
            undoSteps.append(first)
            groupHasStep = true
            trim()
            return
        }
        last.batches += step.batches
        last.selectionAfter = step.selectionAfter
        undoSteps[undoSteps.count - 1] = last
    }

    /// Insertions that continue the previous ones at every cursor, as one batch (so that typing
    /// keeps one record a cursor, not one a character); nil when they do not continue them.
    static func joined(_ previous: [Record], _ next: [Record]) -> [Record]? {
        guard previous.count == next.count else { return nil }
        var shift = 0
        var result = previous
        for i in previous.indices {
            guard next[i].original.isEmpty, previous[i].range.upperBound + shift == next[i].range.lowerBound else {
                return nil
            }
            result[i].range = previous[i].range.lowerBound + shift ..< next[i].range.upperBound
            shift += next[i].range.count
        }
        return result
    }

    private func trim() {
        if levelsOfUndo > 0, undoSteps.count > levelsOfUndo { undoSteps.removeFirst(undoSteps.count - levelsOfUndo) }
    }
}
