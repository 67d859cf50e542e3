import Foundation
import TextContent
import TextLayout

/// The composition an input method makes with marked text, as one session: every replacement
/// it makes grows the range the session covers, and the session ends in one undo step that gives
/// back the text from before it (whether it ends by a commit, by `unmarkText()`, or because
/// something else changed the text). A change the input method did not make never leaves the
/// marked range pointing at old text: the view's own edits end the composition first, and an
/// edit made elsewhere moves it with the text, then ends it (AppKit's way: the input context
/// is told to discard what it composes; see `TextInputDelegate.discardMarkedText(_:)`).
extension TextView {
    /// Replaces `target` for the input method as part of the composition. Returns false, with
    /// nothing changed and nothing recorded, when the storage refuses the range (it splits a
    /// surrogate pair).
    func compose(_ target: Range<Int>, plain: String, attributed: AttributedString? = nil) -> Bool {
        let target = clamp(target)
        let lengthBefore = textContentStorage.utf16Length
        // The session's range and original text, grown to take `target` in: text between the
        // session's range and the target is as it was before the session, so it joins the
        // original as it is.
        let session: (selection: [[Range<Int>]], record: TextUndoStack.Record)
        if let base = markedUndoBase {
            let covered = clamp(base.record.range)
            let lower = min(covered.lowerBound, target.lowerBound), upper = max(covered.upperBound, target.upperBound)
            var original = base.record.original
            if lower < covered.lowerBound || upper > covered.upperBound {
                var text = textContentStorage.exactText(lower ..< covered.lowerBound)
                text.append(original.attributedString)
                text.append(textContentStorage.exactText(covered.upperBound ..< upper))
                original = ContentSlice(text)
            }
            session = (base.selection, .init(range: lower ..< upper, original: original))
        } else {
            session = (selectionOffsets, .init(range: target, original: textContentStorage.contentSlice(target)))
        }
        let wasInputMethodChange = isInputMethodChange
        isInputMethodChange = true
        defer { isInputMethodChange = wasInputMethodChange }
        clearMarkedDecoration()
        guard replace([target], with: attributed, plain: plain, kind: .other, recording: false) else {
            drawMarkedDecoration()
            return false
        }
        let delta = textContentStorage.utf16Length - lengthBefore
        let range = session.record.range
        markedUndoBase = (
            session.selection,
            .init(
                range: range.lowerBound ..< max(range.lowerBound, range.upperBound + delta),
                original: session.record.original)
        )
        return true
    }

    /// Ends the composition: no marked text any more, and its one undo step (none when it
    /// changed nothing).
    func finishComposition() {
        clearMarkedDecoration()
        defer {
            markedOffsets = nil
            markedUndoBase = nil
            markedSelection = NSRange(location: 0, length: 0)
            // The clause underlines belong to the composition: the committed text has none.
            markedClauseAttributes = []
        }
        guard let base = markedUndoBase, !(base.record.range.isEmpty && base.record.original.isEmpty) else { return }
        let record = TextUndoStack.Record(range: clamp(base.record.range), original: base.record.original)
        undoStack.record(
            .init(
                kind: .other, batches: [[record]], selectionBefore: base.selection, selectionAfter: selectionOffsets,
                isOpen: false))
    }

    /// Ends the composition because of a change the input method did not make: the input
    /// delegate is told to discard it, and the marked text stays as ordinary text (one undo
    /// step, as if committed). Does nothing without marked text.
    func endComposition() {
        guard !isInputMethodChange else { return }
        discardComposition()
    }

    /// Ends the composition as the input context's `discardMarkedText()` does: the input
    /// delegate is told to discard it, and the marked text stays as ordinary text (one undo
    /// step, as if committed). Does nothing without marked text.
    func discardComposition() {
        guard hasMarkedText else { return }
        inputDelegate?.discardMarkedText(self)
        // The delegate may have committed or cancelled it itself.
        if hasMarkedText { finishComposition() }
    }

    /// Told of every edit of the content (the view's own too). One made elsewhere while text is
    /// marked moves the composition with the text, then ends it; selections that the edit made
    /// touch are joined. One made elsewhere is told to the input delegate (both calls of the
    /// pair now: it is done), and the characters' coordinates are invalidated.
    func contentDidChange(_ changes: TextContentChangeSet) {
        let elsewhere = !isMakingChange
        let delegate = elsewhere ? inputDelegate : nil
        delegate?.textWillChange(self)
        defer {
            delegate?.textDidChange(self)
            if elsewhere { inputContext.invalidateCharacterCoordinates() }
        }
        guard !isInputMethodChange, changes.edits.contains(where: { $0.kind == .characters }) else { return }
        if hasMarkedText {
            markedOffsets = markedOffsets.map { changes.transform($0) }
            markedDecorationRange = markedDecorationRange.map { changes.transform($0) }
            if var base = markedUndoBase {
                base.record.range = changes.transform(base.record.range)
                markedUndoBase = base
            }
            endComposition()
        }
        let selections = textLayoutManager.textSelections
        let normalized = normalizedSelections(selections)
        if normalized.count != selections.count { textLayoutManager.textSelections = normalized }
    }
}
