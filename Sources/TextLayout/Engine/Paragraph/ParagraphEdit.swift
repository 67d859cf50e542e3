import Foundation

/// An edit of one paragraph's text, in the paragraph's UTF-16 offsets before the edit.
struct ParagraphEdit: Sendable, Equatable {
    /// What was replaced.
    var range: Range<Int>
    /// How long the replacement is.
    var replacementLength: Int
    var delta: Int { replacementLength - range.count }

    /// One edit replacing what `edits` (sorted, disjoint, in the original text's offsets)
    /// replace and the text between them; nil for no edits.
    static func covering(_ edits: [ParagraphEdit]) -> ParagraphEdit? {
        guard let first = edits.first, let last = edits.last else { return nil }
        let range = first.range.lowerBound ..< last.range.upperBound
        return ParagraphEdit(range: range, replacementLength: range.count + edits.reduce(0) { $0 + $1.delta })
    }

    /// `edits` (sorted, disjoint, in the original text's offsets) and then `next` (in the offsets
    /// of the text after them), as edits of the original text: `next` is merged with every edit
    /// it meets. Past `limit` edits they are merged into one.
    static func adding(_ next: ParagraphEdit, to edits: [ParagraphEdit], limit: Int = 16) -> [ParagraphEdit] {
        var before = 0 // the change in length of the edits before `next`
        var through = 0 // ... of those before it and those it meets
        var met: Range<Int>? // the indices of the edits it meets
        for (index, edit) in edits.enumerated() {
            let start = edit.range.lowerBound + through
            let end = start + edit.replacementLength
            if end < next.range.lowerBound {
                before += edit.delta
                through += edit.delta
            } else if start <= next.range.upperBound {
                met = (met?.lowerBound ?? index) ..< index + 1
                through += edit.delta
            } else {
                break
            }
        }
        var lower = next.range.lowerBound - before, upper = next.range.upperBound - through
        var delta = next.delta
        var insertAt = edits.firstIndex { $0.range.lowerBound > lower } ?? edits.count
        var result = edits
        if let met {
            lower = min(lower, edits[met.lowerBound].range.lowerBound)
            upper = max(upper, edits[met.upperBound - 1].range.upperBound)
            delta += edits[met].reduce(0) { $0 + $1.delta }
            result.removeSubrange(met)
            insertAt = met.lowerBound
        }
        result.insert(ParagraphEdit(range: lower ..< upper, replacementLength: upper - lower + delta), at: insertAt)
        if result.count > limit {
            let all = result.first!.range.lowerBound ..< result.last!.range.upperBound
            return [ParagraphEdit(range: all, replacementLength: all.count + result.reduce(0) { $0 + $1.delta })]
        }
        return result
    }
}
