import Foundation

/// Long paragraphs laid out in sections: breaking lines again through their junctions (see
/// ``LineSections``) when a viewport or an `ensureLayout` reaches them.
extension TextLayoutManager {
    /// `fragment`, shown paragraph `ordinal`, with its lines broken again from its first
    /// junction above `bottom` (container y; infinity: every junction) down to `bottom`: the
    /// same fragment when it has none there. The paragraph's height can change, so walks
    /// that call this find their place again (they do when the tree changes under them).
    func reflowingJunctions(
        of fragment: TextLayoutFragment, at ordinal: Int, through bottom: CGFloat
    ) -> TextLayoutFragment {
        var current = fragment
        // Each pass breaks lines through one junction at least (to the next, or to `bottom`).
        for _ in 0 ... (fragment.lineSections?.junctions.count ?? 0) {
            let next = reflowingFirstJunction(of: current, at: ordinal, through: bottom)
            if next === current { break }
            current = next
        }
        return current
    }

    private func reflowingFirstJunction(
        of fragment: TextLayoutFragment, at ordinal: Int, through bottom: CGFloat
    ) -> TextLayoutFragment {
        guard let sections = fragment.lineSections, let junction = sections.junctions.first,
            let line = sections.lineIndex(startingAt: junction)
        else { return fragment }
        let frame = fragment.layoutFragmentFrame
        guard frame.minY + sections.lineBounds(at: line).minY < bottom,
            let position = layoutIndex.position(at: ordinal), let kept = position.entry.kept, kept.previous == nil,
            let keptSections = kept.sections, keptSections.junctions == sections.junctions
        else { return fragment }
        let reflow = SectionReflow.through(bottom.isFinite ? bottom - frame.minY : .infinity)
        layoutIndex.update(at: ordinal) { entry in
            entry.needsLayout = true
            entry.kept?.fragment = nil
            entry.kept?.previous = ParagraphLayoutState.Previous(
                shaped: nil, edits: [ParagraphEdit(range: junction ..< junction, replacementLength: 0)], lines: nil,
                sections: (keptSections, kept.lineGeometry, reflow))
        }
        return self.fragment(at: ordinal) ?? fragment
    }
}
