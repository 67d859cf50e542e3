import Foundation
import TextTypography

/// Objects a layout pass reuses from paragraph to paragraph: opening an ICU line-break
/// iterator costs about as much as breaking a short paragraph with it. Not Sendable: one per
/// pass, used on one thread.
final class LayoutScratch {
    private var lineBreakIterator: TextBoundaryIterator?

    /// A line-break iterator over `text`.
    func lineBreaks(for text: String) throws(TextAnalysisError) -> TextBoundaryIterator {
        if let iterator = lineBreakIterator {
            try iterator.setText(text)
            return iterator
        }
        let iterator = try TextBoundaryIterator(text, kind: .line)
        lineBreakIterator = iterator
        return iterator
    }
}
