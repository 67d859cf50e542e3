import Foundation
import _RopeModule

/// What a layout manager keeps of one paragraph it has laid out. A class so that the tree's
/// entries stay small: most paragraphs of a large document keep nothing but their height.
final class KeptLayout {
    /// The fragment, possibly at a stale position or with a stale element (the manager moves it
    /// when it is next asked for).
    var fragment: TextLayoutFragment?
    /// The paragraph's shaping, kept across container changes.
    var shaped: ShapedParagraph?
    /// After edits inside the paragraph: its shaping before, and the edits, so that only the
    /// words the edits touched are shaped again.
    var previous: (shaped: ShapedParagraph, edits: [ParagraphEdit])?
    /// The top (in `LayoutHeight` units) the fragment's lines were laid out for: around
    /// exclusion paths, lines moved elsewhere must be laid out again.
    var laidOutTop = 0
    /// The lines the container's `maximumNumberOfLines` left this paragraph when it was laid
    /// out (nil: no limit).
    var lineBudget: Int?
    /// Rendering attributes set on the fragment (see `TextLayoutManager.setRenderingAttributes`).
    var renderingAttributes: RenderingAttributeRuns?

    init(fragment: TextLayoutFragment? = nil, shaped: ShapedParagraph? = nil, previous: (shaped: ShapedParagraph, edits: [ParagraphEdit])? = nil) {
        self.fragment = fragment
        self.shaped = shaped
        self.previous = previous
    }
}
