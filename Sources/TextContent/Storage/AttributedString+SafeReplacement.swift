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
        let before = utf16Unit(before: bounds.lowerBound), after = utf16Unit(at: bounds.upperBound)
        let first = replacement.utf16.first ?? after, last = replacement.utf16.last ?? before
        if Self.isSimplePair(before, first), Self.isSimplePair(last, after) {
            replaceSubrange(bounds, with: replacement)
        } else {
            self = rebuilt(replacing: bounds, with: replacement)
        }
    }

    /// Two scalars below U+0300 other than CR LF always have a cluster boundary between them,
    /// before and after any edit.
    private static func isSimplePair(_ before: UInt16?, _ after: UInt16?) -> Bool {
        guard let before, let after else { return true }
        return before < 0x300 && after < 0x300 && !(before == 0x0D && after == 0x0A)
    }

    private func utf16Unit(at index: AttributedString.Index) -> UInt16? {
        index < endIndex ? utf16[index] : nil
    }

    private func utf16Unit(before index: AttributedString.Index) -> UInt16? {
        index > startIndex ? utf16[utf16.index(before: index)] : nil
    }

    /// A new string: the text before `bounds`, `replacement`, the text after, each run keeping
    /// its attributes. Only attribute operations touch the new string, never its text.
    func rebuilt(replacing bounds: Range<AttributedString.Index>, with replacement: AttributedString) -> AttributedString {
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
