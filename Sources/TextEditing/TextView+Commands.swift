import Foundation
import TextContent
import TextLayout

/// The text view's commands (`TextViewCommand`: AppKit's standard editing actions), each a call
/// into selection navigation. Every one acts on every selection.
extension TextView {
    /// Performs `command`, as the key binding or menu item naming it does; a composition in
    /// progress ends first.
    ///
    /// ```swift
    /// view.perform(.delete(.backward, .word))   // deleteWordBackward:
    /// ```
    public func perform(_ command: TextViewCommand) {
        endComposition()
        switch command {
        case .move(let direction, let destination, let extending, let confined):
            move(direction, destination, extending: extending, confined: confined)
        case .delete(let direction, let destination, let decomposing):
            delete(direction, destination, decomposing: decomposing)
        case .page(let down, let extending):
            page(down: down, extending: extending)
        case .insertNewline:
            insert(
                plain: "\n", attributed: nil, replacementRange: NSRange(location: NSNotFound, length: 0),
                byInputMethod: false)
        case .insertLineBreak:
            insert(
                plain: "\u{2028}", attributed: nil, replacementRange: NSRange(location: NSNotFound, length: 0),
                byInputMethod: false)
        case .insertTab:
            insert(
                plain: "\t", attributed: nil, replacementRange: NSRange(location: NSNotFound, length: 0),
                byInputMethod: false)
        case .selectAll:
            undoStack.closeStep()
            setSelections([0 ..< textContentStorage.utf16Length])
        case .select(let granularity):
            let navigation = textLayoutManager.textSelectionNavigation
            setNormalizedSelections(
                textLayoutManager.textSelections.map { navigation.textSelection(for: granularity, enclosing: $0) })
        case .transpose:
            transpose()
        case .undo:
            undo()
        case .redo:
            redo()
        }
    }

    /// Moves (or extends) every selection; `confined` keeps each in its paragraph.
    func move(
        _ direction: TextSelectionNavigation.Direction, _ destination: TextSelectionNavigation.Destination,
        extending: Bool,
        confined: Bool = false
    ) {
        let navigation = textLayoutManager.textSelectionNavigation
        let moved = textLayoutManager.textSelections.compactMap {
            navigation.destinationSelection(
                for: $0, direction: direction, destination: destination, extending: extending, confined: confined)
        }
        guard !moved.isEmpty else { return }
        undoStack.closeStep()
        setNormalizedSelections(moved)
    }

    /// Deletes at every selection, as the delete keys do: one undo step, joined with the
    /// deletions just before it. A caret with nothing to delete (at the start going backward,
    /// at the end going forward) stays, with the others: each caret is still there afterwards.
    func delete(
        _ direction: TextSelectionNavigation.Direction, _ destination: TextSelectionNavigation.Destination,
        decomposing: Bool
    ) {
        let navigation = textLayoutManager.textSelectionNavigation
        var ranges: [Range<Int>] = []
        for selection in textLayoutManager.textSelections {
            var deletes = false
            for range in navigation.deletionRanges(
                for: selection, direction: direction, destination: destination, allowsDecomposition: decomposing)
            {
                if let offsets = try? textContentStorage.offsets(of: range) {
                    ranges.append(offsets)
                    deletes = deletes || !offsets.isEmpty
                }
            }
            // Nothing to delete here: the caret is kept (an empty range replaced by nothing).
            if !deletes,
                let caret = selection.textRanges.first.flatMap({ try? textContentStorage.offset(of: $0.location) })
            {
                ranges.append(caret ..< caret)
            }
        }
        guard ranges.contains(where: { !$0.isEmpty }) else { return }
        replace(Self.normalizedSelectionRanges(ranges), with: nil, plain: "", kind: .deleting)
    }

    /// Moves every caret by the viewport's height (or 600 points without a viewport),
    /// keeping its column.
    func page(down: Bool, extending: Bool) {
        let height = max(textLayoutManager.textViewportLayoutController.viewportBounds.height, 1)
        let pageHeight = height > 1 ? height : 600
        var moved: [TextSelection] = []
        for selection in textLayoutManager.textSelections {
            guard let location = selection.textRanges.last?.endLocation,
                let offset = try? textContentStorage.offset(of: location)
            else { continue }
            let caret = caretRect(for: offset)
            guard !caret.isNull else { continue }
            let target = CGPoint(
                x: selection.anchorPositionOffset ?? caret.minX,
                y: down ? caret.midY + pageHeight : caret.midY - pageHeight)
            guard let (found, affinity) = textLayoutManager.caretPosition(closestTo: target) else { continue }
            let anchor = extending ? selection.textRanges.first?.location ?? found : found
            let ordered = anchor.compare(found) == .orderedDescending ? (found, anchor) : (anchor, found)
            guard let range = TextRange(location: ordered.0, end: ordered.1) else { continue }
            var next = TextSelection(range: range, affinity: extending ? (down ? .downstream : .upstream) : affinity)
            next.anchorPositionOffset = target.x
            moved.append(next)
        }
        guard !moved.isEmpty else { return }
        undoStack.closeStep()
        setNormalizedSelections(moved)
    }

    /// Swaps the two characters around each caret (the last two of a line at its end).
    func transpose() {
        var edits: [(range: Range<Int>, text: AttributedString)] = []
        for selection in textLayoutManager.textSelections where selection.isInsertionPoint {
            guard let offset = try? textContentStorage.offset(of: selection.textRanges[0].location) else { continue }
            let navigation = textLayoutManager.textSelectionNavigation
            func cluster(at offset: Int, forward: Bool) -> Int? {
                guard let location = textContentStorage.textRange(for: offset ..< offset)?.location,
                    let moved = navigation.destinationSelection(
                        for: TextSelection(location), direction: forward ? .forward : .backward,
                        destination: .character, extending: false, confined: true),
                    let found = try? textContentStorage.offset(of: moved.textRanges[0].location), found != offset
                else { return nil }
                return found
            }
            var middle = offset
            if cluster(at: offset, forward: true) == nil || offset == textContentStorage.utf16Length,
                let previous = cluster(at: offset, forward: false)
            {
                middle = previous
            }
            guard let start = cluster(at: middle, forward: false), let end = cluster(at: middle, forward: true) else {
                continue
            }
            var swapped = textContentStorage.exactText(middle ..< end)
            swapped.append(textContentStorage.exactText(start ..< middle))
            edits.append((start ..< end, swapped))
        }
        // One user action, one undo step: every swap in one replacement (a swap overlapping the
        // one before it, from carets a character apart, is left out).
        var kept: [(range: Range<Int>, text: AttributedString)] = []
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            if let last = kept.last, edit.range.lowerBound < last.range.upperBound { continue }
            kept.append(edit)
        }
        guard !kept.isEmpty else { return }
        replace(kept.map(\.range), with: nil, kind: .other, pieces: kept.map(\.text))
    }
}
