import Foundation
@_spi(Typesetting) import TextTypography

/// Objects a layout pass reuses from paragraph to paragraph: opening an ICU line-break
/// iterator costs about as much as breaking a short paragraph with it, and the shaper's buffers
/// would otherwise be allocated again for every paragraph. Not Sendable: one per pass, used on
/// one thread.
final class LayoutScratch {
    private var lineBreakIterator: TextBoundaryIterator?
    /// The shaper's reusable buffers.
    let shaping = ShapingScratch()
    /// Glyphs of the paragraph being shaped.
    var glyphs: [ShapedGlyph] = []
    /// Shaped runs of the paragraph being shaped.
    var spans: [ShapedRunSpan] = []
    /// Pieces of an attribute run between bidi level changes and controls.
    var segments: [Range<Int>] = []
    /// Short plain paragraphs shaped recently (repeated lines of code are shaped once).
    let recentParagraphs = RecentShapedParagraphs()
    /// The lines of plain paragraphs whose text comes back far apart.
    let repeatedParagraphs = RepeatedParagraphLayouts()
    /// The attribute runs of plain paragraphs, in the default font of the last pass.
    var plainRuns: PlainAttributeRuns?

    /// A line-break iterator over `text` (copied).
    func lineBreaks(for text: UnsafeBufferPointer<UInt16>) throws(TextAnalysisError) -> TextBoundaryIterator {
        let iterator: TextBoundaryIterator
        if let existing = lineBreakIterator {
            iterator = existing
        } else {
            iterator = try TextBoundaryIterator("", kind: .line)
            lineBreakIterator = iterator
        }
        try iterator.setText(utf16: text)
        return iterator
    }
}
