import Foundation
import TextContent
import TextLayout

/// The one rule every command leaves the selections by: sorted, disjoint, and those that overlap
/// or touch (a range ending where the next one starts, a caret at a range's edge, two carets at
/// one offset) joined into one, as AppKit coalesces its selected ranges. Typing, cutting or
/// deleting at selections kept apart this way touches each piece of text once.
extension TextView {
    /// `ranges` sorted, with those that overlap or touch joined.
    ///
    /// ```swift
    /// TextView.normalizedSelectionRanges([3 ..< 5, 0 ..< 3, 5 ..< 5])   // [0 ..< 5]
    /// ```
    static func normalizedSelectionRanges(_ ranges: some Sequence<Range<Int>>) -> [Range<Int>] {
        var merged: [Range<Int>] = []
        let sorted = ranges.sorted {
            $0.lowerBound != $1.lowerBound ? $0.lowerBound < $1.lowerBound : $0.upperBound < $1.upperBound
        }
        for range in sorted {
            if let last = merged.last, joins(last, range) {
                merged[merged.count - 1] = last.lowerBound ..< max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return merged
    }

    /// Whether `next` (starting at or after `previous`) overlaps or touches it.
    static func joins(_ previous: Range<Int>, _ next: Range<Int>) -> Bool {
        next.lowerBound <= previous.upperBound
    }

    /// `selections` sorted, with those that overlap or touch joined into one (by the same rule as
    /// `normalizedSelectionRanges`). A joined selection's head is the head of the one reaching
    /// further; it keeps the first one's typing attributes and anchor.
    func normalizedSelections(_ selections: [TextSelection]) -> [TextSelection] {
        // One selection (a caret moving) has nothing to join with.
        guard selections.count > 1 else { return selections }
        let spans = selections.compactMap { selection -> (range: Range<Int>, selection: TextSelection)? in
            guard let first = selection.textRanges.first, let last = selection.textRanges.last,
                let lower = try? textContentStorage.offset(of: first.location),
                let upper = try? textContentStorage.offset(of: last.endLocation)
            else { return nil }
            return (lower ..< max(lower, upper), selection)
        }.sorted {
            $0.range.lowerBound != $1.range.lowerBound
                ? $0.range.lowerBound < $1.range.lowerBound : $0.range.upperBound > $1.range.upperBound
        }
        var result: [(range: Range<Int>, selection: TextSelection)] = []
        for span in spans {
            guard let previous = result.last, Self.joins(previous.range, span.range) else {
                result.append(span)
                continue
            }
            let affinity =
                span.range.upperBound > previous.range.upperBound
                ? span.selection.affinity : previous.selection.affinity
            guard
                var joined = TextSelection(
                    previous.selection.textRanges + span.selection.textRanges, affinity: affinity,
                    granularity: previous.selection.granularity)
            else { continue }
            joined.typingAttributes = previous.selection.typingAttributes
            joined.anchorPositionOffset = previous.selection.anchorPositionOffset
            result[result.count - 1] = (
                previous.range.lowerBound ..< max(previous.range.upperBound, span.range.upperBound), joined
            )
        }
        return result.map(\.selection)
    }

    /// Sets the layout manager's selections to `selections`, normalized, telling the input
    /// delegate around the change.
    func setNormalizedSelections(_ selections: [TextSelection], notifying: Bool = true) {
        let normalized = normalizedSelections(selections)
        if notifying {
            changingSelection { textLayoutManager.textSelections = normalized }
        } else {
            textLayoutManager.textSelections = normalized
        }
    }
}
