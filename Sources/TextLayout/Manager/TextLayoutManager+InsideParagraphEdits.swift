import Foundation
@_spi(Layout) import TextContent

/// Edits that each stayed inside one paragraph (a replace-all's): the entries of the paragraphs
/// they touched change length in one walk of the tree, and no other entry is read again.
extension TextLayoutManager {
    /// Brings the entries up to date after `changes` when every edit stayed inside one
    /// paragraph's text (`TextContentEdit.isInsideParagraph`) and the content shows every
    /// paragraph as it is (no delegate): each touched paragraph keeps its height until it is
    /// laid out again, as typing's does, and one edited once keeps what of its shaping the
    /// edit left; the others keep everything. False, with nothing changed, when the edits are
    /// not all such, or not in the order a many-range replacement records them (last first).
    func updateEntriesInsideParagraphs(through changes: TextContentChangeSet) -> Bool {
        let edits = changes.edits
        guard edits.count > 1, textContentManager?.delegate == nil,
            edits.allSatisfy({ $0.isInsideParagraph && $0.kind == .characters })
        else { return false }
        // Recorded last to first, each before the one recorded ahead of it: all in the
        // document's coordinates before the change.
        for index in 1 ..< edits.count where edits[index].range.upperBound > edits[index - 1].range.lowerBound {
            return false
        }
        // The tree is changed as a local value, held once (through the property, each step
        // would copy it).
        var tree = layoutIndex
        layoutIndex = LayoutIndex()
        if Self.update(&tree, insideParagraphs: edits) {
            layoutIndex = tree
        } else {
            // What the tree did not expect (a content that said its edits stayed inside
            // paragraphs when they did not): every paragraph is read again.
            layoutIndex = tree
            invalidateLayout()
        }
        return true
    }

    /// Applies `edits` (descending, each inside one paragraph) to the entries of `tree`; false
    /// when one is not inside an entry's paragraph (the entries before it are changed).
    private static func update(_ tree: inout LayoutIndex, insideParagraphs edits: [TextContentEdit]) -> Bool {
        let total = tree.summary.utf16
        guard let lowest = edits.last,
            let first = lowest.range.lowerBound < total
                ? tree.ordinalAndRange(containingOffset: lowest.range.lowerBound)?.ordinal : tree.count - 1,
            let firstPosition = tree.position(at: first)
        else { return false }
        var extentStart = firstPosition.range.lowerBound - firstPosition.entry.gap
        var next = edits.count - 1
        var isInside = true
        tree.updateForward(from: first) { entry in
            let start = extentStart + entry.gap, end = start + entry.length
            extentStart = end
            // The edits inside this paragraph (an insertion at the document's end belongs to the last).
            var count = 0, growth = 0
            while next - count >= 0 {
                let edit = edits[next - count]
                guard edit.range.lowerBound < end || (edit.range.lowerBound == end && end == total) else { break }
                guard edit.range.lowerBound >= start, edit.range.upperBound <= end else {
                    isInside = false
                    return false
                }
                growth += edit.changeInLength
                count += 1
            }
            guard count > 0 else { return true }
            // An entry is never emptied this way (the content removes an emptied paragraph).
            guard entry.length + growth > 0 else {
                isInside = false
                return false
            }
            let only = edits[next]
            next -= count
            let previous =
                count == 1
                ? entry.kept?.previous(
                    after: ParagraphEdit(
                        range: only.range.lowerBound - start ..< only.range.upperBound - start,
                        replacementLength: only.replacementLength))
                : nil
            entry.length += growth
            entry.isMeasured = false
            entry.needsLayout = true
            entry.kept = previous.map { ParagraphLayoutState(previous: $0) }
            return next >= 0
        }
        return isInside && next < 0
    }
}
