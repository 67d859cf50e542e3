import Foundation
@_spi(Layout) import TextContent

/// One laid-out line as selection sees it: where it is, which characters it shows, and its
/// caret stops (`visual`), all in document offsets and container coordinates.
struct CaretLine {
    /// The shown paragraph's ordinal in the layout manager.
    let ordinal: Int
    /// The line's index in its fragment.
    let index: Int
    /// How many lines the fragment has.
    let lineCount: Int
    let paragraphStart: Int
    /// The laid-out paragraph the line is in.
    let fragment: TextLayoutFragment
    let line: TextLineFragment
    /// The line's rectangle in container coordinates.
    let frame: CGRect
    /// The characters the line shows, its trailing white space and separator included.
    let range: Range<Int>
    /// The offset of the caret at the line's logical end: before a line or paragraph break,
    /// else the line's end (a soft wrap, with upstream affinity, or the document's end).
    let contentEnd: Int
    init(
        ordinal: Int, index: Int, fragment: TextLayoutFragment, line: TextLineFragment, lineCount: Int,
        paragraphStart: Int
    ) {
        self.ordinal = ordinal
        self.index = index
        self.lineCount = lineCount
        self.paragraphStart = paragraphStart
        self.fragment = fragment
        self.line = line
        let origin = fragment.layoutFragmentFrame.origin
        frame = line.typographicBounds.offsetBy(dx: origin.x, dy: origin.y)
        let start = paragraphStart + line.characterRange.location
        range = start ..< start + line.characterRange.length
        contentEnd = paragraphStart + line.contentEnd
    }

    var isFirstInParagraph: Bool { index == 0 }
    var isLastInParagraph: Bool { index == lineCount - 1 }

    /// Line `index` of the same fragment (no search of the layout for it).
    func sibling(_ index: Int) -> CaretLine {
        CaretLine(
            ordinal: ordinal, index: index, fragment: fragment, line: fragment.textLineFragment(at: index),
            lineCount: lineCount,
            paragraphStart: paragraphStart)
    }

    /// The line as navigation moves through it: its caret stops in container coordinates (made
    /// once a line fragment, in its own coordinates, then placed).
    var visual: VisualLine {
        let endsInSoftWrap = !isLastInParagraph && contentEnd == range.upperBound
        var visual = line.visualLine(
            endsInSoftWrap: endsInSoftWrap, contentEnd: contentEnd - paragraphStart, offset: paragraphStart,
            x: frame.minX)
        visual.layoutPosition = (ordinal, index)
        return visual
    }
}
