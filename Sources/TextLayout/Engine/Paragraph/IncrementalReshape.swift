import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// Incremental reshaping (`ShapedParagraph.reshapedWithWindows`): a paragraph after edits,
/// shaped by reusing its old shaping outside the words the edits touched. In stages: whether
/// the shortcut applies, and the edited run (`init`); the stretches to shape again (`windows()`);
/// those stretches shaped (`shape(_:cutAt:scratch:shaper:)`); the old shaping spliced around them
/// (`spliced(windows:cutAt:windowGlyphs:windowGlyphEnds:scratch:)`).
struct IncrementalReshape {
    let content: ParagraphContent
    let old: ShapedParagraph
    /// The change in length.
    let delta: Int
    /// The attribute run holding every edit, and its run.
    let edited: Int
    let run: ParagraphContent.AttributeRun
    /// The edited run's shaped stretch after the edits (runs are shaped up to the separator).
    let runStart: Int, runEnd: Int
    /// The old pieces of the edited run, and their one font.
    let firstPiece: Int, lastPiece: Int
    let font: Font
    /// Where the shaper ended runs inside the edited run, in the old text.
    let oldCuts: [Int]
    private let edits: [ParagraphEdit]

    /// The shortcut's start, when it applies: edits inside one attribute run shaped in one font,
    /// the other runs unchanged, no attachment, left-to-right text, the same paragraph style.
    init?(_ content: ParagraphContent, from old: ShapedParagraph, edits: [ParagraphEdit]) {
        let delta = edits.reduce(0) { $0 + $1.delta }
        let contentLength = content.contentLength
        guard let lastEdit = edits.last, content.units.count == old.content.units.count + delta,
            contentLength == old.content.contentLength + delta,
            contentLength > 0, edits[0].range.lowerBound >= 0, lastEdit.range.upperBound <= old.content.contentLength,
            !old.pieces.isEmpty, content.attachments.isEmpty, old.attachments.isEmpty,
            old.levels.levels.isEmpty, old.levels.paragraphLevel == 0, content.style == old.content.style,
            let edited = ShapedParagraph.editedRun(content, old: old, edits: edits, delta: delta),
            let firstPiece = old.pieces.firstIndex(where: { $0.attributes == edited })
        else { return nil }
        (self.content, self.old, self.edits, self.delta, self.edited) = (content, old, edits, delta, edited)
        run = content.runs[edited]
        runStart = run.range.lowerBound
        runEnd = min(run.range.upperBound, contentLength)
        self.firstPiece = firstPiece
        var lastPiece = firstPiece
        while lastPiece + 1 < old.pieces.count, old.pieces[lastPiece + 1].attributes == edited { lastPiece += 1 }
        self.lastPiece = lastPiece
        font = old.pieces[firstPiece].font
        // One font, left to right, one piece after another from the run's start (no control
        // between them); where one ends, the shaper ended a run.
        var cuts: [Int] = []
        var expected = runStart
        for piece in old.pieces[firstPiece ... lastPiece] {
            guard piece.font == font, piece.level == 0, piece.range.lowerBound == expected else { return nil }
            if expected > runStart { cuts.append(expected) }
            expected = piece.range.upperBound
        }
        let oldRunEnd = min(old.content.runs[edited].range.upperBound, old.content.contentLength)
        guard expected == oldRunEnd, !old.pieces[(lastPiece + 1)...].contains(where: { $0.attributes == edited })
        else { return nil }
        oldCuts = cuts
    }

    /// The stretches to shape again, sorted and merged, in the new text's offsets and the old's,
    /// and where the shaper ends runs in the new text; nil when the shortcut does not apply.
    func windows() -> (windows: [ReshapedWindow], newCuts: [Int])? {
        var windows = editWindows()
        guard windows.allSatisfy({ $0.new.count <= TextShaper.maximumRunLength }) else { return nil }
        var newCuts: [Int] = []
        if runEnd - runStart > TextShaper.maximumRunLength {
            guard let cuts = newRunCuts(around: windows) else { return nil }
            newCuts = cuts
        }
        if !newCuts.isEmpty || !oldCuts.isEmpty { windows = merged(windows, withWordsAt: newCuts) }
        guard windows.allSatisfy(isSimple) else { return nil }
        return (windows, newCuts)
    }

    /// The word around `offset` in the new text: from the separator before it to the one after
    /// (a run's edges end words, as they end the shaper's text).
    private func word(from lower: Int, to upper: Int) -> Range<Int> {
        let units = content.units
        var (lower, upper) = (lower, upper)
        while lower > runStart, !WordSegmentation.isSeparator(units[lower - 1]) { lower -= 1 }
        while upper < runEnd, !WordSegmentation.isSeparator(units[upper]) { upper += 1 }
        return lower ..< upper
    }

    /// The words each edit touched, in the new text and the old; windows that meet are merged.
    private func editWindows() -> [ReshapedWindow] {
        var windows: [ReshapedWindow] = []
        var shift = 0
        for edit in edits {
            let start = edit.range.lowerBound + shift
            let touched = word(from: start, to: start + edit.replacementLength)
            let oldLower = touched.lowerBound - shift
            shift += edit.delta
            if let last = windows.last, touched.lowerBound <= last.new.upperBound {
                windows[windows.count - 1] = (
                    last.new.lowerBound ..< touched.upperBound, last.old.lowerBound ..< touched.upperBound - shift
                )
            } else {
                windows.append((touched, oldLower ..< touched.upperBound - shift))
            }
        }
        return windows
    }

    /// Where the shaper ends runs in the new text of a run longer than its longest run: cut at
    /// grapheme boundaries (the old text's, moved, outside the windows).
    private func newRunCuts(around windows: [ReshapedWindow]) -> [Int]? {
        let (runStart, old) = (runStart, old)
        let cuts = ShapedParagraph.runCuts(length: runEnd - runStart) { local in
            let offset = runStart + local
            if windows.contains(where: { $0.new.lowerBound <= offset && offset <= $0.new.upperBound }) { return true }
            return old.isGraphemeBoundary(offset - ShapedParagraph.shiftBefore(offset, in: windows))
        }
        return cuts?.map { $0 + runStart }
    }

    /// `windows` with the words at the shaper's run ends added (the new ends, and the old ones
    /// moved with the text after the edits), sorted and merged where they meet.
    private func merged(_ editWindows: [ReshapedWindow], withWordsAt newCuts: [Int]) -> [ReshapedWindow] {
        var windows = editWindows
        var points = newCuts
        for cut in oldCuts {
            // A cut inside an edited stretch is in its window already.
            guard !windows.contains(where: { $0.old.lowerBound < cut && cut < $0.old.upperBound }) else { continue }
            points.append(
                cut + (editWindows.last { $0.old.upperBound <= cut }.map { $0.new.upperBound - $0.old.upperBound } ?? 0)
            )
        }
        for point in points where !windows.contains(where: { $0.new.lowerBound <= point && point <= $0.new.upperBound })
        {
            let touched = word(from: point, to: point)
            let before = ShapedParagraph.shiftBefore(point, in: editWindows)
            windows.append((touched, touched.lowerBound - before ..< touched.upperBound - before))
        }
        windows.sort { $0.new.lowerBound < $1.new.lowerBound }
        var merged: [ReshapedWindow] = []
        for window in windows {
            if let last = merged.last, window.new.lowerBound <= last.new.upperBound {
                let upper = max(last.new.upperBound, window.new.upperBound)
                let oldUpper =
                    window.new.upperBound >= last.new.upperBound ? window.old.upperBound : last.old.upperBound
                merged[merged.count - 1] = (last.new.lowerBound ..< upper, last.old.lowerBound ..< oldUpper)
            } else {
                merged.append(window)
            }
        }
        return merged
    }

    /// Whether a window and the units on its edges are simple, left to right and not controls:
    /// then the planner cuts words at the window's edges as it does in the whole paragraph.
    private func isSimple(_ window: ReshapedWindow) -> Bool {
        let units = content.units
        let edges = max(0, window.new.lowerBound - 1) ..< min(content.contentLength, window.new.upperBound + 1)
        let simple = units.withUnsafeBufferPointer {
            GraphemeSegmenter.isAllSimple(UnsafeBufferPointer(rebasing: $0[edges]))
        }
        return simple && !ShapedParagraph.mayHoldRightToLeft(units[edges]) && !edges.contains(where: content.isControl)
    }

    /// The windows shaped, each into its own stretch of the glyphs (`ends` gives where each
    /// stretch ends), in parts cut where the shaper ends its runs, as shaping the whole
    /// paragraph does; nil when a part fell back to another font.
    func shape(
        _ windows: [ReshapedWindow], cutAt newCuts: [Int], scratch: LayoutScratch, shaper: TextShaper
    ) throws(TextLayoutError) -> (glyphs: [ShapedGlyph], ends: [Int])? {
        var (glyphs, ends, spans) = ([ShapedGlyph](), [Int](), [ShapedRunSpan]())
        swap(&spans, &scratch.spans)
        defer { swap(&spans, &scratch.spans) }
        spans.removeAll(keepingCapacity: true)
        let run = run
        do {
            try content.units.withUnsafeBufferPointer { (text) throws(ShapingError) in
                var nextCut = 0
                for window in windows {
                    var start = window.new.lowerBound
                    while nextCut < newCuts.count, newCuts[nextCut] <= start { nextCut += 1 }
                    while start < window.new.upperBound {
                        let end =
                            nextCut < newCuts.count
                            ? min(newCuts[nextCut], window.new.upperBound) : window.new.upperBound
                        try shaper.shape(
                            text: text, range: start ..< end, request: run.font, features: run.features,
                            language: run.language, glyphs: &glyphs, runs: &spans, scratch: scratch.shaping)
                        start = end
                        while nextCut < newCuts.count, newCuts[nextCut] <= start { nextCut += 1 }
                    }
                    ends.append(glyphs.count)
                }
            }
        } catch {
            throw .shapingFailed(reason: "\(error)")
        }
        guard spans.allSatisfy({ $0.font == font }) else { return nil }
        if run.horizontalScale != 1 {
            ShapedParagraph.stretch(&glyphs, in: 0 ..< glyphs.count, by: run.horizontalScale)
        }
        return (glyphs, ends)
    }

    /// The paragraph: the old glyphs, advances, grapheme boundaries and break opportunities
    /// outside the windows (moved), the windows' own inside them.
    func spliced(
        windows: [ReshapedWindow], cutAt newCuts: [Int], windowGlyphs: [ShapedGlyph], windowGlyphEnds: [Int],
        scratch: LayoutScratch
    ) throws(TextLayoutError) -> ShapedParagraph {
        let units = content.units
        let extra = Float(run.kern + run.tracking)
        let glyphs: ParagraphGlyphs, advances: [Float], boundaries: GraphemeBoundarySet
        if extra == 0,
            let compact = ShapedParagraph.compactlySpliced(
                old, windows: windows, windowGlyphs: windowGlyphs, windowGlyphEnds: windowGlyphEnds)
        {
            // One glyph an offset before and after: ids and advances copied a stretch at a time.
            (glyphs, advances) = compact
            boundaries =
                old.boundaries.isEveryOffset
                ? GraphemeBoundarySet(
                    everyOffsetOf: units.count, endsWithCRLF: units.count - content.contentLength == 2)
                : ShapedParagraph.splicedBoundaries(old.boundaries, windows: windows, count: units.count + 1)
        } else {
            (glyphs, advances, boundaries) = ShapedParagraph.splicedGlyphs(
                old, windows: windows, windowGlyphs: windowGlyphs, windowGlyphEnds: windowGlyphEnds, extra: extra,
                delta: delta, unitCount: units.count)
        }
        let lineBreaks = try old.knownBreakOpportunities.flatMap { (known) throws(TextLayoutError) in
            try ShapedParagraph.splicedBreakOpportunities(known, units: units, windows: windows, scratch: scratch)
        }
        return ShapedParagraph(
            content: content, levels: BidiLevels(paragraphLevel: 0, levels: []), glyphs: glyphs,
            pieces: pieces(glyphs, cutAt: newCuts), advances: advances, boundaries: boundaries, attachments: [],
            defaultFont: old.defaultFont, lineBreaks: lineBreaks)
    }

    /// The pieces: those of the other runs as they were (moved after the edited one), and the
    /// edited run's, one a run of the shaper, as shaping afresh makes them.
    private func pieces(_ glyphs: ParagraphGlyphs, cutAt newCuts: [Int]) -> SmallArray<1, ShapedParagraph.GlyphRun> {
        let glyphDelta = glyphs.count - old.glyphs.count
        var pieces = SmallArray<1, ShapedParagraph.GlyphRun>()
        for piece in old.pieces[..<firstPiece] { pieces.append(piece) }
        var pieceStart = runStart, pieceGlyph = old.pieces[firstPiece].glyphRange.lowerBound
        let runGlyphEnd = old.pieces[lastPiece].glyphRange.upperBound + glyphDelta
        for end in newCuts + [runEnd] {
            let endGlyph = end == runEnd ? runGlyphEnd : ShapedParagraph.firstGlyph(in: glyphs, atOrAfter: end)
            pieces.append(
                ShapedParagraph.GlyphRun(
                    range: pieceStart ..< end, level: 0, glyphRange: pieceGlyph ..< endGlyph, font: font,
                    attributes: edited))
            (pieceStart, pieceGlyph) = (end, endGlyph)
        }
        for var piece in old.pieces[(lastPiece + 1)...] {
            piece.range = piece.range.lowerBound + delta ..< piece.range.upperBound + delta
            piece.glyphRange = piece.glyphRange.lowerBound + glyphDelta ..< piece.glyphRange.upperBound + glyphDelta
            pieces.append(piece)
        }
        return pieces
    }
}
