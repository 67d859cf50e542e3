import Foundation

/// The paragraphs whose kept layouts a release spares: the one layout is working at, those
/// the caller protects, those the selections are in (the next keystroke reshapes only the words
/// it touches there), and long paragraphs in the viewport's prefetch band (laid out in
/// sections, dear to lay out again). What costs a search is found once, when first asked:
/// most walks release nothing.
struct PinnedLayouts {
    /// Unowned and unchecked: it lives only inside one of the manager's calls.
    unowned(unsafe) let manager: TextLayoutManager
    let focus: Int
    let protected: ClosedRange<Int>?
    private var edited: [Int]?
    private var shown: ClosedRange<Int>??

    init(manager: TextLayoutManager, focus: Int, protected: ClosedRange<Int>?) {
        (self.manager, self.focus, self.protected) = (manager, focus, protected)
    }

    /// Whether paragraph `ordinal`'s layout is spared.
    mutating func contains(_ ordinal: Int) -> Bool {
        ordinal == focus || protected?.contains(ordinal) == true || isEdited(ordinal) || isShownLong(ordinal)
    }

    private mutating func isEdited(_ ordinal: Int) -> Bool {
        if edited == nil {
            var found: [Int] = []
            for selection in manager.trackedSelections.prefix(8) {
                for range in selection.offsets.prefix(4) {
                    for offset in [range.lowerBound, range.upperBound] {
                        if let paragraph = manager.layoutIndex.ordinalAndRange(containingOffset: offset) {
                            found.append(paragraph.ordinal)
                        }
                    }
                }
            }
            edited = found
        }
        return edited?.contains(ordinal) == true
    }

    private mutating func isShownLong(_ ordinal: Int) -> Bool {
        if shown == nil {
            let index = manager.layoutIndex
            shown = .some(
                manager.viewportController?.prefetchedSpan.flatMap { span in
                    guard let first = index.ordinal(atY: span.lowerBound) else { return nil }
                    return first ... max(first, index.ordinal(atY: span.upperBound) ?? index.count - 1)
                })
        }
        return shown??.contains(ordinal) == true
            && manager.layoutIndex.position(at: ordinal)?.entry.kept?.sections != nil
    }
}
