import Foundation

/// Replacing text in an AttributedString without tripping Foundation on Linux.
///
/// `AttributedString.replaceSubrange` keeps grapheme-break state up to date incrementally, and
/// on Linux (Swift 6.3) that bookkeeping traps (`BigString._Chunk.resyncBreaks`) when an edit
/// changes cluster boundaries around it: a combining mark next to a letter, CR next to LF, a
/// regional indicator before a flag. Such edits build the result afresh instead, which costs
/// O(length of the string), so only edits whose edges are plainly safe run in place.
extension AttributedString {
    /// Replaces `bounds` with `replacement`, in place when that is safe, otherwise by rebuilding.
    mutating func safelyReplaceSubrange(_ bounds: Range<AttributedString.Index>, with replacement: AttributedString) {
        let before = scalar(before: bounds.lowerBound), after = scalar(at: bounds.upperBound)
        let first = replacement.unicodeScalars.first ?? after, last = replacement.unicodeScalars.last ?? before
        // The edges must be certain boundaries both in the text as it is (edits replace exact
        // ranges, which may start or end inside a cluster) and as it will be.
        let removedFirst = bounds.isEmpty ? after : scalar(at: bounds.lowerBound)
        let removedLast = bounds.isEmpty ? before : scalar(before: bounds.upperBound)
        if GraphemePairBreaks.isBoundary(before, removedFirst), GraphemePairBreaks.isBoundary(removedLast, after),
            GraphemePairBreaks.isBoundary(before, first), GraphemePairBreaks.isBoundary(last, after)
        {
            replaceSubrange(bounds, with: replacement)
        } else {
            self = rebuilt(replacing: bounds, with: replacement)
        }
    }

    /// A new string: the text before `bounds`, `replacement`, the text after, each run keeping
    /// its attributes. Only attribute operations touch the new string, never its text.
    func rebuilt(
        replacing bounds: Range<AttributedString.Index>, with replacement: AttributedString
    ) -> AttributedString {
        var runs: [(length: Int, attributes: AttributeContainer)] = []
        func collect(_ text: AttributedString, _ range: Range<AttributedString.Index>) {
            for run in text[range].runs {
                runs.append((text.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound), run.attributes))
            }
        }
        collect(self, startIndex ..< bounds.lowerBound)
        collect(replacement, replacement.startIndex ..< replacement.endIndex)
        collect(self, bounds.upperBound ..< endIndex)

        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: self[startIndex ..< bounds.lowerBound].unicodeScalars)
        scalars.append(contentsOf: replacement.unicodeScalars)
        scalars.append(contentsOf: self[bounds.upperBound ..< endIndex].unicodeScalars)
        var result = AttributedString(String(scalars))
        var lower = result.startIndex
        for (length, attributes) in runs {
            let upper = result.utf16.index(lower, offsetBy: length)
            if attributes != AttributeContainer() { result[lower ..< upper].setAttributes(attributes) }
            lower = upper
        }
        return result
    }
}
