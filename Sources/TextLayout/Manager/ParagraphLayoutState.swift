import Foundation
import _RopeModule

/// What a layout manager keeps of one paragraph it has laid out. A class so that the tree's
/// entries stay small: most paragraphs of a large document keep nothing but their height.
final class ParagraphLayoutState {
    /// The fragment, possibly at a stale position or with a stale element (the manager moves it
    /// when it is next asked for).
    var fragment: TextLayoutFragment?
    /// The paragraph's shaping, kept across container changes.
    var shaped: ShapedParagraph?
    /// After edits inside the paragraph: its shaping before, the edits, and the lines laid out
    /// from that shaping, so that only the words the edits touched are shaped again and only the
    /// lines around them broken again.
    var previous: Previous?
    /// Where the fragment's lines were laid out, when they can be kept across an edit (see
    /// ``ReusableLines``).
    var lineGeometry: LineGeometry?
    /// The lines of a long paragraph laid out in sections (it then keeps no `shaped`).
    var sections: LineSections?

    /// What a paragraph was laid out from before an edit: its shaping and lines, or for a long
    /// paragraph its sections.
    struct Previous {
        let shaped: ShapedParagraph?
        let edits: [ParagraphEdit]
        let lines: ReusableLines?
        /// A long paragraph's sections, the geometry they were laid out in, and how far to break
        /// lines again after the edits (nil: as far as the layout's policy says).
        var sections: (lines: LineSections, geometry: LineGeometry?, reflow: SectionReflow?)? = nil
    }
    /// The top (in `LayoutHeight` units) the fragment's lines were laid out for: around
    /// exclusion paths, lines moved elsewhere must be laid out again.
    var laidOutTop = 0
    /// The lines the container's `maximumNumberOfLines` left this paragraph when it was laid
    /// out (nil: no limit).
    var lineBudget: Int?
    /// Rendering attributes set on the fragment (see `TextLayoutManager.setRenderingAttributes`).
    var renderingAttributes: RenderingAttributeRuns?

    init(fragment: TextLayoutFragment? = nil, shaped: ShapedParagraph? = nil, previous: Previous? = nil) {
        self.fragment = fragment
        self.shaped = shaped
        self.previous = previous
    }
}

extension ParagraphLayoutState {
    /// The edit `edit` (a range of the paragraph's text before it) made to a paragraph with this
    /// layout: what laying it out again starts from. Nil when nothing is kept to reuse.
    func previous(after edit: ParagraphEdit) -> Previous? {
        if let sections {
            return Previous(shaped: nil, edits: [edit], lines: nil, sections: (sections, lineGeometry, nil))
        }
        if let shaped {
            // The fragment's lines, when they were laid out from this shaping.
            var lines: ReusableLines?
            if let fragment, let geometry = lineGeometry, fragment.shapedParagraph === shaped,
                let kept = fragment.keptLines
            {
                lines = ReusableLines(lines: kept, geometry: geometry)
            }
            return Previous(shaped: shaped, edits: [edit], lines: lines)
        }
        // Edited again before it was laid out: edits of the text last shaped.
        guard let previous else { return nil }
        return Previous(
            shaped: previous.shaped, edits: ParagraphEdit.adding(edit, to: previous.edits), lines: previous.lines,
            sections: previous.sections)
    }
}
