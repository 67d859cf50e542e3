import Foundation
@_spi(Layout) import TextContent

/// Rendering attributes: how text is drawn (a find highlight, a spelling underline, a colour),
/// set on the layout, never on the content. TextKit's rules: they belong to the laid-out
/// fragments, so they are dropped when a paragraph is laid out again (an edit in it, a new
/// container) or its layout is released; `renderingAttributesValidator` is called for every
/// fragment laid out, to set them again.
extension TextLayoutManager {
    /// Replaces the rendering attributes over `range` with `renderingAttributes`.
    public func setRenderingAttributes(_ renderingAttributes: RenderingAttributes, for range: TextRange) {
        modifyRenderingAttributes(in: range) { $0 = renderingAttributes }
    }

    /// Replaces the rendering attributes over `range` with those of TextKit's dictionary.
    public func setRenderingAttributes(_ renderingAttributes: [NSAttributedString.Key: Any], for range: TextRange) {
        setRenderingAttributes(RenderingAttributes(renderingAttributes), for: range)
    }

    /// Sets `renderingAttributes` over `range`, over those already there (the ones it leaves
    /// unset stay).
    public func addRenderingAttributes(_ renderingAttributes: RenderingAttributes, for range: TextRange) {
        modifyRenderingAttributes(in: range) { $0 = $0.merging(renderingAttributes) }
    }

    /// Sets one rendering attribute over `range`; a nil value removes it.
    public func addRenderingAttribute(_ key: NSAttributedString.Key, value: Any?, for range: TextRange) {
        modifyRenderingAttributes(in: range) { $0[key] = value }
    }

    /// Removes one rendering attribute over `range`.
    public func removeRenderingAttribute(_ key: NSAttributedString.Key, for range: TextRange) {
        modifyRenderingAttributes(in: range) { $0[key] = nil }
    }

    /// Removes every rendering attribute over `range`.
    public func invalidateRenderingAttributes(for range: TextRange) {
        modifyRenderingAttributes(in: range) { $0 = RenderingAttributes() }
    }

    /// Calls `block` with each run of rendering attributes from `location` (forward, or backward
    /// with `reverse`), only where there are attributes, until it returns false; the attributes
    /// as TextKit's dictionary.
    public func enumerateRenderingAttributes(
        from location: any TextLocation, reverse: Bool,
        using block: (TextLayoutManager, [NSAttributedString.Key: Any], TextRange) -> Bool
    ) {
        enumerateRenderingAttributeRuns(from: location, reverse: reverse) { block($0, $1.dictionary, $2) }
    }

    /// Calls `block` with each run of rendering attributes from `location` (forward, or backward
    /// with `reverse`), only where there are attributes, until it returns false.
    public func enumerateRenderingAttributeRuns(
        from location: any TextLocation, reverse: Bool,
        using block: (TextLayoutManager, RenderingAttributes, TextRange) -> Bool
    ) {
        guard let content = textContentManager else { return }
        let documentStart = content.documentRange.location
        let from = content.offset(from: documentStart, to: location)
        guard from != NSNotFound else { return }
        var runs: [(range: Range<Int>, attributes: RenderingAttributes)] = []
        // Only paragraphs that keep a layout can hold attributes: O(k log n) for k of them.
        for rank in 0 ..< layoutIndex.summary.kept {
            guard let ordinal = layoutIndex.ordinalOfKept(rank), let position = layoutIndex.position(at: ordinal),
                let attributes = position.entry.kept?.renderingAttributes
            else { continue }
            for run in attributes.runs {
                runs.append(
                    (
                        position.range.lowerBound + run.range.lowerBound ..< position.range.lowerBound
                            + run.range.upperBound, run.attributes
                    ))
            }
        }
        let chosen =
            reverse ? runs.filter { $0.range.lowerBound < from }.reversed() : runs.filter { $0.range.upperBound > from }
        for run in chosen {
            guard let start = content.location(documentStart, offsetBy: run.range.lowerBound),
                let end = content.location(documentStart, offsetBy: run.range.upperBound),
                let range = TextRange(location: start, end: end)
            else { continue }
            guard block(self, run.attributes, range) else { return }
        }
    }

    /// The rendering attributes over `fragment`'s paragraph, as runs in UTF-16 offsets of the
    /// paragraph: what drawing lays over the content's attributes. Empty when the paragraph
    /// keeps none (or is not laid out in this manager).
    public func renderingAttributes(for fragment: TextLayoutFragment) -> [RenderingAttributeRun] {
        guard mayHaveRenderingAttributes, let location = fragment.rangeInElement?.location,
            let ordinal = ordinal(containing: location),
            let position = layoutIndex.position(at: ordinal), let runs = position.entry.kept?.renderingAttributes
        else { return [] }
        return runs.runs.map { RenderingAttributeRun(range: $0.range, attributes: $0.attributes) }
    }

    private func modifyRenderingAttributes(in range: TextRange, _ change: (inout RenderingAttributes) -> Void) {
        indexIfNeeded()
        guard let content = textContentManager else { return }
        let documentStart = content.documentRange.location
        let lower = content.offset(from: documentStart, to: range.location)
        let upper = content.offset(from: documentStart, to: range.endLocation)
        guard lower != NSNotFound, upper != NSNotFound, lower < upper,
            let first = layoutIndex.position(containingOffset: lower)?.ordinal
        else { return }
        layoutIndex.forEach(from: first) { position in
            guard position.range.lowerBound < upper else { return false }
            // Only laid-out paragraphs hold rendering attributes (the validator sets them on
            // the others when they are laid out).
            if let kept = position.entry.kept, kept.fragment != nil, !position.entry.needsLayout {
                let start = max(lower, position.range.lowerBound), end = min(upper, position.range.upperBound)
                if start < end {
                    var runs = kept.renderingAttributes ?? RenderingAttributeRuns()
                    runs.modify(start - position.range.lowerBound ..< end - position.range.lowerBound, change)
                    kept.renderingAttributes = runs.isEmpty ? nil : runs
                    if !runs.isEmpty { mayHaveRenderingAttributes = true }
                }
            }
            return true
        }
        // Drawing changes, not layout; during a layout (a validator) the view draws anyway.
        if walkDepth == 0 { viewportController?.setNeedsLayout() }
    }
}
