import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// A stretch of a paragraph shaped again after an edit: its offsets in the new text and in the old.
typealias ReshapedWindow = (new: Range<Int>, old: Range<Int>)

extension ShapedParagraph {
    /// `content`, the text of `old` after `edits` (sorted, disjoint, in `old`'s offsets), shaped
    /// by reusing `old` outside the words the edits touched: only those words are shaped
    /// (HarfBuzz or the word cache), and ICU looks only at them and two words on each side. Nil
    /// when the shortcut does not apply; the caller then shapes the paragraph afresh. The result
    /// is the same as shaping afresh (a test checks it).
    ///
    /// The shortcut takes edits inside one attribute run, shaped in one font, the other runs
    /// unchanged (their glyphs and pieces only move), no attachment, left-to-right text, and
    /// words of simple code units (see ``GraphemeSegmenter``) around each edit: there a word's
    /// shaping depends only on the text between the separators (or run edges) around it. A paragraph longer
    /// than the shaper's longest run (``TextShaper/maximumRunLength``) is shaped in runs cut at
    /// fixed lengths, and a run's end ends a word: the words at the runs' old and new ends are
    /// shaped again too, so that typing in a 5 MB paragraph shapes a few words, not 5 MB.
    ///
    /// Also the stretches shaped again (sorted, in the new text's offsets and the old's): outside
    /// them the glyphs and advances are the old ones, moved; what layout needs to know to keep the
    /// lines outside them.
    static func reshapedWithWindows(
        _ content: ParagraphContent, from old: ShapedParagraph, edits: [ParagraphEdit], scratch: LayoutScratch,
        shaper: TextShaper
    ) throws(TextLayoutError) -> (paragraph: ShapedParagraph, windows: [ReshapedWindow])? {
        guard let reshape = IncrementalReshape(content, from: old, edits: edits),
            let (windows, newCuts) = reshape.windows(),
            let (glyphs, glyphEnds) = try reshape.shape(windows, cutAt: newCuts, scratch: scratch, shaper: shaper)
        else { return nil }
        let paragraph = try reshape.spliced(
            windows: windows, cutAt: newCuts, windowGlyphs: glyphs, windowGlyphEnds: glyphEnds, scratch: scratch)
        return (paragraph, windows)
    }

    /// The attribute run that holds every edit, when the runs after the edits are the runs
    /// before them (the same attributes, the same text around the edits), that one longer or
    /// shorter by `delta`: an insertion where two runs meet goes to the one the new runs say.
    static func editedRun(
        _ content: ParagraphContent, old: ShapedParagraph, edits: [ParagraphEdit], delta: Int
    ) -> Int? {
        let runs = content.runs, oldRuns = old.content.runs
        guard runs.count == oldRuns.count, let first = edits.first, let last = edits.last else { return nil }
        for (index, oldRun) in oldRuns.enumerated() where oldRun.range.lowerBound <= first.range.lowerBound {
            guard last.range.upperBound <= oldRun.range.upperBound else { continue }
            let matches = zip(runs, oldRuns).enumerated().allSatisfy { other, pair in
                let (new, old) = pair
                let lower = old.range.lowerBound + (other > index ? delta : 0)
                let upper = old.range.upperBound + (other >= index ? delta : 0)
                return new.range == lower ..< upper && new.hasSameLayoutAttributes(as: old)
            }
            if matches { return index }
        }
        return nil
    }

    /// The glyphs and advances after the edits when the old glyphs are compact and every window
    /// shaped to one glyph an offset, undisplaced (most Latin text): old ids and advances are
    /// copied a stretch at a time, no glyph is made. Nil otherwise.
    static func compactlySpliced(
        _ old: ShapedParagraph, windows: [ReshapedWindow], windowGlyphs: [ShapedGlyph], windowGlyphEnds: [Int]
    ) -> (ParagraphGlyphs, [Float])? {
        guard let oldIDs = old.glyphs.compactIDs, let last = windows.last, last.old.upperBound <= oldIDs.count else {
            return nil
        }
        let count = old.advances.count + (last.new.upperBound - last.old.upperBound)
        var ids: [UInt16] = []
        ids.reserveCapacity(oldIDs.count + count - old.advances.count)
        var advances: [Float] = []
        advances.reserveCapacity(count)
        var oldOffset = 0, windowGlyph = 0
        for (index, window) in windows.enumerated() {
            ids.append(contentsOf: oldIDs[oldOffset ..< window.old.lowerBound])
            advances.append(contentsOf: old.advances[oldOffset ..< window.old.lowerBound])
            let shaped = windowGlyphs[windowGlyph ..< windowGlyphEnds[index]]
            windowGlyph = windowGlyphEnds[index]
            guard shaped.count == window.new.count else { return nil }
            for (offset, glyph) in zip(window.new, shaped) {
                guard glyph.cluster == offset, glyph.xOffset == 0, glyph.yOffset == 0 else { return nil }
                ids.append(glyph.storedID)
                advances.append(glyph.advance)
            }
            oldOffset = window.old.upperBound
        }
        ids.append(contentsOf: oldIDs[oldOffset...])
        advances.append(contentsOf: old.advances[oldOffset...])
        return (ParagraphGlyphs(compactIDs: ids, advances: advances), advances)
    }

    /// The old boundary flags between the windows, and every offset of the (simple) windows.
    static func splicedBoundaries(
        _ old: GraphemeBoundarySet, windows: [ReshapedWindow], count: Int
    ) -> GraphemeBoundarySet {
        var boundaries: [UInt8] = []
        boundaries.reserveCapacity(count)
        var oldOffset = 0
        for window in windows {
            boundaries.append(contentsOf: old.flags(in: oldOffset ..< window.old.lowerBound))
            boundaries.append(contentsOf: repeatElement(graphemeBoundary, count: window.new.count))
            oldOffset = window.old.upperBound
        }
        boundaries.append(contentsOf: old.flags(in: oldOffset ..< old.count))
        return GraphemeBoundarySet(flags: boundaries)
    }

    /// The glyphs, advances and grapheme boundaries after the edits, glyph by glyph: the old
    /// ones between the windows (glyphs in logical order: left to right), moved to their new
    /// offsets, and the windows'.
    static func splicedGlyphs(
        _ old: ShapedParagraph, windows: [ReshapedWindow], windowGlyphs: [ShapedGlyph], windowGlyphEnds: [Int],
        extra: Float, delta: Int, unitCount: Int
    ) -> (ParagraphGlyphs, [Float], GraphemeBoundarySet) {
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(old.glyphs.count + windowGlyphs.count)
        var advances: [Float] = []
        advances.reserveCapacity(unitCount)
        var boundaries: [UInt8] = []
        boundaries.reserveCapacity(unitCount + 1)
        var oldOffset = 0, oldGlyph = 0, windowGlyph = 0
        func keepOld(through end: Int, movingBy shift: Int) {
            let endGlyph = firstGlyph(in: old.glyphs, atOrAfter: end)
            for var glyph in old.glyphs[oldGlyph ..< endGlyph] {
                glyph.cluster += shift
                glyphs.append(glyph)
            }
            advances.append(contentsOf: old.advances[oldOffset ..< min(end, old.advances.count)])
            boundaries.append(contentsOf: old.boundaries.flags(in: oldOffset ..< min(end, old.boundaries.count)))
            oldGlyph = endGlyph
        }
        for (index, window) in windows.enumerated() {
            keepOld(through: window.old.lowerBound, movingBy: window.new.lowerBound - window.old.lowerBound)
            let shaped = windowGlyphs[windowGlyph ..< windowGlyphEnds[index]]
            windowGlyph = windowGlyphEnds[index]
            glyphs.append(contentsOf: shaped)
            var windowAdvances = [Float](repeating: 0, count: window.new.count)
            for glyph in shaped { windowAdvances[glyph.cluster - window.new.lowerBound] += glyph.advance }
            if extra != 0 {
                for offset in windowAdvances.indices where windowAdvances[offset] != 0 {
                    windowAdvances[offset] += extra
                }
            }
            advances.append(contentsOf: windowAdvances)
            // Every offset of simple text is a grapheme boundary.
            boundaries.append(contentsOf: repeatElement(graphemeBoundary, count: window.new.count))
            oldOffset = window.old.upperBound
            oldGlyph = firstGlyph(in: old.glyphs, atOrAfter: oldOffset)
        }
        keepOld(through: old.boundaries.count, movingBy: delta)
        return (ParagraphGlyphs(glyphs, advances: advances), advances, GraphemeBoundarySet(flags: boundaries))
    }

    /// Where the shaper ends its runs in a paragraph of `length` units: each run as long as it
    /// may be (``TextShaper/maximumRunLength``), ending on a grapheme boundary. Nil when a run
    /// would have no boundary to end on.
    static func runCuts(length: Int, isBoundary: (Int) -> Bool) -> [Int]? {
        var cuts: [Int] = []
        var start = 0
        while length - start > TextShaper.maximumRunLength {
            var cut = start + TextShaper.maximumRunLength
            while cut > start, !isBoundary(cut) { cut -= 1 }
            guard cut > start else { return nil }
            cuts.append(cut)
            start = cut
        }
        return cuts
    }

    /// How far the edits before `offset` (new text, outside every window) moved it: new minus old
    /// (`windows` sorted).
    static func shiftBefore(_ offset: Int, in windows: [ReshapedWindow]) -> Int {
        windows.last { $0.new.upperBound <= offset }.map { $0.new.upperBound - $0.old.upperBound } ?? 0
    }

    /// The index of the first glyph whose cluster is at or after `offset` (glyphs in logical order).
    static func firstGlyph<Glyphs: RandomAccessCollection<ShapedGlyph>>(
        in glyphs: Glyphs, atOrAfter offset: Int
    ) -> Int where Glyphs.Index == Int {
        var low = 0, high = glyphs.count
        while low < high {
            let mid = (low + high) / 2
            if glyphs[mid].cluster >= offset { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The break opportunities after the edits: the old ones outside the edited words, ICU's
    /// inside them, asked over each window and two words on each side. Nil (worked out afresh
    /// when needed) unless ICU agrees with the old flags between each window and those words,
    /// which shows that the edit's context ends there.
    static func splicedBreakOpportunities(
        _ old: [UInt8], units: [UInt16], windows: [ReshapedWindow], scratch: LayoutScratch
    ) throws(TextLayoutError) -> [UInt8]? {
        var flags = [UInt8](repeating: 0, count: units.count + 1)
        var next = 0 // the first offset not yet filled
        for stretch in breakStretches(around: windows, in: units) {
            // Old flags up to the stretch's start (its start included: ICU sees no text before it).
            for offset in next ... stretch.new.lowerBound { flags[offset] = old[offset - stretch.shiftBefore] }
            do {
                let iterator = try units.withUnsafeBufferPointer { (text) throws(TextAnalysisError) in
                    try scratch.lineBreaks(for: UnsafeBufferPointer(rebasing: text[stretch.new]))
                }
                iterator.first()
                while let boundary = iterator.next(), stretch.new.lowerBound + boundary < stretch.new.upperBound {
                    flags[stretch.new.lowerBound + boundary] = breakOpportunity
                }
            } catch {
                throw .analysisFailed(reason: "\(error)")
            }
            // Outside the edited words ICU must say what it said before.
            let first = windows[stretch.windows.lowerBound].new, last = windows[stretch.windows.upperBound - 1].new
            for offset in stretch.new.lowerBound ..< first.lowerBound
            where flags[offset + 1] != old[offset + 1 - stretch.shiftBefore] {
                return nil
            }
            for offset in last.upperBound ..< stretch.new.upperBound
            where flags[offset] != old[offset - stretch.shiftAfter] {
                return nil
            }
            next = stretch.new.upperBound
        }
        let shift = units.count - (old.count - 1)
        for offset in next ... units.count { flags[offset] = old[offset - shift] }
        return flags
    }

    /// A stretch of the new text ICU reads again for line breaks, how far the text before and
    /// after it moved, and the windows in it.
    typealias BreakStretch = (new: Range<Int>, shiftBefore: Int, shiftAfter: Int, windows: Range<Int>)

    /// The stretches ICU reads: each window with two words either side, merged where they meet.
    static func breakStretches(around windows: [ReshapedWindow], in units: [UInt16]) -> [BreakStretch] {
        func wordsBefore(_ offset: Int) -> Int {
            var position = offset
            for _ in 0 ..< 2 {
                while position > 0, WordSegmentation.isSeparator(units[position - 1]) { position -= 1 }
                while position > 0, !WordSegmentation.isSeparator(units[position - 1]) { position -= 1 }
            }
            return position
        }
        func wordsAfter(_ offset: Int) -> Int {
            var position = offset
            for _ in 0 ..< 2 {
                while position < units.count, WordSegmentation.isSeparator(units[position]) { position += 1 }
                while position < units.count, !WordSegmentation.isSeparator(units[position]) { position += 1 }
            }
            return position
        }
        var stretches: [BreakStretch] = []
        for (index, window) in windows.enumerated() {
            let stretch = wordsBefore(window.new.lowerBound) ..< wordsAfter(window.new.upperBound)
            let before = window.new.lowerBound - window.old.lowerBound
            let after = window.new.upperBound - window.old.upperBound
            if let last = stretches.last, stretch.lowerBound <= last.new.upperBound {
                stretches[stretches.count - 1] = (
                    last.new.lowerBound ..< stretch.upperBound, last.shiftBefore, after,
                    last.windows.lowerBound ..< index + 1
                )
            } else {
                stretches.append((stretch, before, after, index ..< index + 1))
            }
        }
        return stretches
    }
}
