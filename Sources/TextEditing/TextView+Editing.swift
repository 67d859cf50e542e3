import Foundation
import TextContent
import TextLayout

/// The view's editing machinery: selections as offsets, the one replacement every edit goes
/// through, and undo and redo.
extension TextView {
    // MARK: Selections as offsets

    /// The selections' ranges as offsets, each selection's ranges sorted.
    var selectionOffsets: [[Range<Int>]] {
        textLayoutManager.textSelections.map { selection in
            selection.textRanges.compactMap { try? textContentStorage.offsets(of: $0) }
        }
    }

    /// Every selected range of every selection, normalized: sorted, those that overlap or touch
    /// joined (see `normalizedSelectionRanges`).
    var allSelectedOffsets: [Range<Int>] {
        Self.normalizedSelectionRanges(selectionOffsets.joined())
    }

    /// Sets the selections to carets or ranges at `offsets` (one selection each), normalized.
    func setSelections(_ offsets: [Range<Int>], affinity: TextSelection.Affinity = .downstream, notifying: Bool = true)
    {
        let selections = Self.normalizedSelectionRanges(offsets.map(clamp)).compactMap { range -> TextSelection? in
            guard let textRange = textContentStorage.textRange(for: clamp(range)) else { return nil }
            var selection = TextSelection(range: textRange, affinity: affinity)
            if let typingAttributes { selection.typingAttributes = typingAttributes }
            return selection
        }
        guard !selections.isEmpty else { return }
        if notifying {
            changingSelection { textLayoutManager.textSelections = selections }
        } else {
            textLayoutManager.textSelections = selections
        }
    }

    /// The selections where the last edit moved them (the layout manager moves them with their
    /// text), each edge on a grapheme boundary, sorted, and overlapping, touching or equal ones joined.
    func settledSelectionOffsets() -> [Range<Int>] {
        Self.normalizedSelectionRanges(
            selectionOffsets.joined().map { textContentStorage.snappedToGraphemeClusters(clamp($0)) })
    }

    func clamp(_ range: Range<Int>) -> Range<Int> {
        let length = textContentStorage.utf16Length
        let lower = min(max(0, range.lowerBound), length)
        return lower ..< min(max(lower, range.upperBound), length)
    }

    /// An `NSRange` as offsets in the document, or nil for `NSNotFound`, a negative or
    /// overflowing range, or one past the end.
    func offsets(of range: NSRange) -> Range<Int>? {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0 else { return nil }
        let (upper, overflow) = range.location.addingReportingOverflow(range.length)
        guard !overflow, upper <= textContentStorage.utf16Length else { return nil }
        return range.location ..< upper
    }

    // MARK: Editing

    /// Replaces each of `ranges` (sorted, disjoint) with `replacement`, in one transaction, and
    /// puts a caret after each replacement (or, `mappingSelections`, leaves the selections
    /// where the edits moved them, as any other edit does). Records one undo step of `kind`
    /// unless `recording` is false (marked text). Returns false when nothing could be done (a
    /// range splitting a surrogate pair); then nothing changed and nothing was recorded. An
    /// empty range replaced by nothing only keeps its caret. A change the input method did not
    /// make ends its composition first (see `endComposition()`).
    @discardableResult
    func replace(
        _ ranges: [Range<Int>], with replacement: AttributedString?, plain: String? = nil, kind: TextUndoStack.Kind,
        recording: Bool = true, selectingReplacement: Bool = false, mappingSelections: Bool = false,
        pieces: [AttributedString]? = nil
    ) -> Bool {
        guard !isEditingSuspended else { return false }
        let ranges = ranges.map(clamp)
        guard !ranges.isEmpty else { return false }
        if !isInputMethodChange {
            // A call the storage will refuse (a range splitting a surrogate pair) changes
            // nothing: it neither ends the composition nor is told to the input delegate.
            guard textContentStorage.firstSurrogatePairSplit(atEdgesOf: ranges) == nil else { return false }
            if hasMarkedText { endComposition() }
        }
        let before = selectionOffsets
        // What is typed takes the attributes before it, read for all the ranges in one walk.
        let inherited =
            replacement == nil && typingAttributes == nil && (pieces?.count ?? 0) < ranges.count
            ? textContentStorage.typingAttributes(at: ranges) : []
        let slices = ranges.indices.map { index -> ContentSlice in
            if let pieces, pieces.indices.contains(index) { return ContentSlice(constrained(pieces[index])) }
            if var attributed = replacement {
                if let typingAttributes, plain != nil { attributed.mergeAttributes(typingAttributes) }
                return ContentSlice(constrained(attributed))
            }
            // What is typed takes the attributes before it (TextKit's way: at a paragraph's
            // start the paragraph's), but never a link, unless the app set typing attributes.
            var attributes = typingAttributes ?? inherited[index]
            if typingAttributes == nil, attributes.link != nil { attributes.link = nil }
            // Typed text passes the formatting definition as pasted text does, also with no
            // attributes at all (a definition may give it a default).
            formattingDefinition?.constrain(&attributes)
            return attributes == AttributeContainer()
                ? ContentSlice(plain ?? "") : ContentSlice(AttributedString(plain ?? "", attributes: attributes))
        }
        // Empty ranges replaced by nothing (carets that had nothing to delete) change nothing.
        let edited = ranges.indices.filter { !ranges[$0].isEmpty || slices[$0].utf16Count > 0 }
        // Told to the input delegate as one text change (the selection with it), unless nothing changes.
        let change = edited.isEmpty ? nil : beginChange(text: true)
        defer { if let change { endChange(change) } }
        // The text each edited range held, for undo.
        let originals: [ContentSlice]
        do {
            originals =
                edited.isEmpty
                ? []
                : try textContentStorage.performEditingTransaction {
                    try textContentStorage.replaceContents(
                        in: edited.map { ranges[$0] }, with: edited.map { slices[$0] })
                }
        } catch {
            return false
        }
        let lengths = slices.map(\.utf16Count)
        // Where each replacement ended up, after the ones before it moved it.
        var shift = 0
        var placed: [Range<Int>] = []
        for (range, length) in zip(ranges, lengths) {
            placed.append(range.lowerBound + shift ..< range.lowerBound + shift + length)
            shift += length - range.count
        }
        if mappingSelections {
            setSelections(settledSelectionOffsets(), notifying: false)
        } else {
            setSelections(
                selectingReplacement ? placed : placed.map { $0.upperBound ..< $0.upperBound }, notifying: false)
        }
        if recording, !edited.isEmpty {
            let records = zip(edited, originals).map { TextUndoStack.Record(range: placed[$0], original: $1) }
            undoStack.record(
                .init(
                    kind: kind, batches: [records], selectionBefore: before, selectionAfter: selectionOffsets,
                    isOpen: kind != .other))
        }
        textLayoutManager.textSelectionNavigation.flushLayoutCache()
        return true
    }

    /// `text` as the formatting definition allows it (unchanged without one).
    func constrained(_ text: AttributedString) -> AttributedString {
        guard let formattingDefinition else { return text }
        var text = text
        formattingDefinition.constrain(&text)
        return text
    }

    // MARK: Undo

    /// Undoes the last step: its text comes back and its selection with it. Committing marked
    /// text first, if any (an undo while composing ends the composition).
    public func undo() {
        replay(from: \.undoSteps, onto: \.redoSteps)
    }

    /// Redoes the last step undone.
    public func redo() {
        replay(from: \.redoSteps, onto: \.undoSteps)
    }

    /// Takes the last step of one history, applies it backward, and puts its inverse on the other.
    private func replay(
        from source: ReferenceWritableKeyPath<TextUndoStack, [TextUndoStack.Step]>,
        onto target: ReferenceWritableKeyPath<TextUndoStack, [TextUndoStack.Step]>
    ) {
        guard !isEditingSuspended else { return }
        endComposition()
        guard let step = undoStack[keyPath: source].popLast() else { return }
        // The text and the selection it brings back: one change for the input delegate.
        let change = beginChange(text: true)
        defer { endChange(change) }
        let inverse = apply(step.batches.reversed())
        undoStack[keyPath: target].append(
            .init(
                kind: step.kind, batches: inverse, selectionBefore: step.selectionAfter,
                selectionAfter: step.selectionBefore, isOpen: false))
        restoreSelections(step.selectionBefore)
    }

    /// Puts each record's original text back over its range, last batch first; returns the
    /// batches that undo this.
    private func apply(_ batches: [[TextUndoStack.Record]]) -> [[TextUndoStack.Record]] {
        var inverse: [[TextUndoStack.Record]] = []
        textContentStorage.performEditingTransaction {
            for batch in batches {
                // Records come sorted (a replace-all's 166,375 of them): sorted again only if not.
                var records =
                    zip(batch, batch.dropFirst()).allSatisfy { $0.range.lowerBound <= $1.range.lowerBound }
                    ? batch : batch.sorted { $0.range.lowerBound < $1.range.lowerBound }
                var ranges = records.map { clamp($0.range) }
                let current: [ContentSlice]
                if let replaced = try? textContentStorage.replaceContents(in: ranges, with: records.map(\.original)) {
                    current = replaced
                } else {
                    // A record whose range would split a surrogate pair (a stack out of step with
                    // its text) is left out, not the whole batch (nothing was changed).
                    let kept = ranges.indices.filter {
                        !textContentStorage.splitsSurrogatePair(at: ranges[$0].lowerBound)
                            && !textContentStorage.splitsSurrogatePair(at: ranges[$0].upperBound)
                    }
                    (records, ranges) = (kept.map { records[$0] }, kept.map { ranges[$0] })
                    guard
                        let replaced = try? textContentStorage.replaceContents(
                            in: ranges, with: records.map(\.original))
                    else { continue }
                    current = replaced
                }
                // Where each original went, after the ones before it changed length.
                var shift = 0
                var undone: [TextUndoStack.Record] = []
                for (range, (record, replaced)) in zip(ranges, zip(records, current)) {
                    let start = range.lowerBound + shift
                    undone.append(.init(range: start ..< start + record.original.utf16Count, original: replaced))
                    shift += record.original.utf16Count - range.count
                }
                inverse.append(undone)
            }
        }
        return inverse
    }

    private func restoreSelections(_ selections: [[Range<Int>]]) {
        let ranges = selections.compactMap { selection in
            selection.first.map { first in first.lowerBound ..< (selection.last?.upperBound ?? first.upperBound) }
        }
        setSelections(ranges.isEmpty ? [0 ..< 0] : ranges)
    }
}
