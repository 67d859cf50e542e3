import Foundation
@_spi(Layout) import TextContent

/// A selection and its ranges as UTF-16 offsets: what an edit moves, whatever kind of locations
/// the content manager makes.
struct TrackedSelection {
    var selection: TextSelection
    var offsets: [Range<Int>]
}

extension TextLayoutManager {
    /// The selections of the text this manager lays out, as TextKit's `textSelections`. Edits
    /// move them with their text: an insertion before a caret moves it, a deletion around a
    /// range shrinks it, an insertion at a caret moves it or not by its affinity. Ranges of
    /// other documents, or out of bounds, are dropped when set.
    ///
    /// ```swift
    /// layoutManager.textSelections = [TextSelection(storage.documentRange.location)]
    /// try storage.replaceContents(in: TextRange(location: storage.documentRange.location), with: "Hi ")
    /// layoutManager.textSelections[0].textRanges[0]   // the caret is after "Hi " now
    /// ```
    public var textSelections: [TextSelection] {
        get { trackedSelections.map(\.selection) }
        set { trackedSelections = newValue.compactMap(tracked) }
    }

    /// Moves selections through this manager's text (TextKit's `textSelectionNavigation`).
    public var textSelectionNavigation: TextSelectionNavigation {
        if let selectionNavigation { return selectionNavigation }
        let made = TextSelectionNavigation(dataSource: self)
        selectionNavigation = made
        return made
    }

    /// `selection` with the offsets of its ranges, or nil when none of them is of this document.
    private func tracked(_ selection: TextSelection) -> TrackedSelection? {
        guard let content = textContentManager else { return nil }
        let start = content.documentRange.location
        let length = content.paragraphReader.utf16Length
        var ranges: [TextRange] = []
        var offsets: [Range<Int>] = []
        for range in selection.textRanges {
            let lower = content.offset(from: start, to: range.location)
            let upper = content.offset(from: start, to: range.endLocation)
            guard lower != NSNotFound, upper != NSNotFound, 0 <= lower, lower <= upper, upper <= length else {
                continue
            }
            ranges.append(range)
            offsets.append(lower ..< upper)
        }
        guard ranges.count == selection.textRanges.count else {
            return selection.textSelection(with: ranges).flatMap(tracked)
        }
        return TrackedSelection(selection: selection, offsets: offsets)
    }

    /// Moves every selection through `changes`: offsets through the edits, then new locations.
    func moveSelections(through changes: TextContentChangeSet) {
        guard !trackedSelections.isEmpty, let content = textContentManager else { return }
        let start = content.documentRange.location
        let length = content.paragraphReader.utf16Length
        trackedSelections = trackedSelections.compactMap { tracked in
            var moved: [Range<Int>] = []
            var ranges: [TextRange] = []
            for offsets in tracked.offsets {
                let range = changes.transform(offsets, affinity: tracked.selection.affinity)
                let clamped = min(range.lowerBound, length) ..< min(range.upperBound, length)
                guard let lower = content.location(start, offsetBy: clamped.lowerBound),
                    let upper = content.location(start, offsetBy: clamped.upperBound),
                    let textRange = TextRange(location: lower, end: upper)
                else { continue }
                moved.append(clamped)
                ranges.append(textRange)
            }
            guard let selection = tracked.selection.textSelection(with: ranges) else { return nil }
            // Ranges that met are merged: read the offsets again from what the selection kept.
            if selection.textRanges.count == moved.count {
                return TrackedSelection(selection: selection, offsets: moved.sorted { $0.lowerBound < $1.lowerBound })
            }
            return self.tracked(selection)
        }
    }
}
