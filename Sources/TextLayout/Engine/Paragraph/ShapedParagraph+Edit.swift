import Foundation
import TextContent
import TextTypography

/// An edit of one paragraph's text, in the paragraph's UTF-16 offsets before the edit.
struct ParagraphEdit: Sendable, Equatable {
    /// What was replaced.
    var range: Range<Int>
    /// How long the replacement is.
    var replacementLength: Int
    var delta: Int { replacementLength - range.count }

    /// `edits` (sorted, disjoint, in the original text's offsets) and then `next` (in the offsets
    /// of the text after them), as edits of the original text: `next` is merged with every edit
    /// it meets. Past `limit` edits they are merged into one.
    static func adding(_ next: ParagraphEdit, to edits: [ParagraphEdit], limit: Int = 16) -> [ParagraphEdit] {
        var before = 0  // the change in length of the edits before `next`
        var through = 0  // ... of those before it and those it meets
        var met: Range<Int>?  // the indices of the edits it meets
        for (index, edit) in edits.enumerated() {
            let start = edit.range.lowerBound + through
            let end = start + edit.replacementLength
            if end < next.range.lowerBound {
                before += edit.delta
                through += edit.delta
            } else if start <= next.range.upperBound {
                met = (met?.lowerBound ?? index) ..< index + 1
                through += edit.delta
            } else {
                break
            }
        }
        var lower = next.range.lowerBound - before, upper = next.range.upperBound - through
        var delta = next.delta
        var insertAt = edits.firstIndex { $0.range.lowerBound > lower } ?? edits.count
        var result = edits
        if let met {
            lower = min(lower, edits[met.lowerBound].range.lowerBound)
            upper = max(upper, edits[met.upperBound - 1].range.upperBound)
            delta += edits[met].reduce(0) { $0 + $1.delta }
            result.removeSubrange(met)
            insertAt = met.lowerBound
        }
        result.insert(ParagraphEdit(range: lower ..< upper, replacementLength: upper - lower + delta), at: insertAt)
        if result.count > limit {
            let all = result.first!.range.lowerBound ..< result.last!.range.upperBound
            return [ParagraphEdit(range: all, replacementLength: all.count + result.reduce(0) { $0 + $1.delta })]
        }
        return result
    }
}

extension ShapedParagraph {
    /// `content`, the text of `old` after `edits` (sorted, disjoint, in `old`'s offsets), shaped
    /// by reusing `old` outside the words the edits touched: only those words are shaped
    /// (HarfBuzz or the word cache), and ICU looks only at them and two words on each side. Nil
    /// when the shortcut does not apply; the caller then shapes the paragraph afresh. The result
    /// is the same as shaping afresh (a test checks it).
    ///
    /// The shortcut takes one font, one attribute run, no attachment, left-to-right text, and
    /// words of simple code units (see ``GraphemeSegmenter``) around each edit: there a word's
    /// shaping depends only on the text between the separators around it.
    static func reshaped(
        _ content: ParagraphContent, from old: ShapedParagraph, edits: [ParagraphEdit], scratch: LayoutScratch,
        shaper: TextShaper = .shared
    ) throws(TextLayoutError) -> ShapedParagraph? {
        let units = content.units, oldUnits = old.content.units
        let delta = edits.reduce(0) { $0 + $1.delta }
        let contentLength = content.contentLength
        guard let lastEdit = edits.last, units.count == oldUnits.count + delta, contentLength == old.content.contentLength + delta,
              contentLength > 0, edits[0].range.lowerBound >= 0, lastEdit.range.upperBound <= old.content.contentLength,
              units.count <= TextShaper.maximumRunLength,
              content.runs.count == 1, old.content.runs.count == 1, old.pieces.count == 1,
              content.attachments.isEmpty, old.attachments.isEmpty,
              old.levels.levels.isEmpty, old.levels.paragraphLevel == 0, content.style == old.content.style
        else { return nil }
        let run = content.runs[0], oldRun = old.content.runs[0]
        guard run.font == oldRun.font, run.features == oldRun.features, run.kern == oldRun.kern,
              run.tracking == oldRun.tracking, run.baselineOffset == oldRun.baselineOffset
        else { return nil }

        // The words each edit touched, from the separator before it to the one after it, in the
        // new text and in the old; windows that meet are merged.
        var windows: [(new: Range<Int>, old: Range<Int>)] = []
        var shift = 0
        for edit in edits {
            let start = edit.range.lowerBound + shift
            var lower = start
            while lower > 0, !WordSegmentation.isSeparator(units[lower - 1]) { lower -= 1 }
            var upper = start + edit.replacementLength
            while upper < contentLength, !WordSegmentation.isSeparator(units[upper]) { upper += 1 }
            let oldLower = lower - shift
            shift += edit.delta
            if let last = windows.last, lower <= last.new.upperBound {
                windows[windows.count - 1] = (last.new.lowerBound ..< upper, last.old.lowerBound ..< upper - shift)
            } else {
                windows.append((lower ..< upper, oldLower ..< upper - shift))
            }
        }
        // A window and the units on its edges must be simple, left to right and not controls, so
        // that the planner cuts words at the window's edges as it does in the whole paragraph.
        for window in windows {
            let edges = max(0, window.new.lowerBound - 1) ..< min(contentLength, window.new.upperBound + 1)
            let simple = units.withUnsafeBufferPointer { GraphemeSegmenter.isAllSimple(UnsafeBufferPointer(rebasing: $0[edges])) }
            guard simple, !mayHoldRightToLeft(units[edges]), !edges.contains(where: content.isControl) else { return nil }
        }

        // Shape the windows, each into its own stretch of `windowGlyphs`.
        var windowGlyphs: [ShapedGlyph] = []
        var windowGlyphEnds: [Int] = []
        var spans: [ShapedRunSpan] = []
        swap(&spans, &scratch.spans)
        defer { swap(&spans, &scratch.spans) }
        spans.removeAll(keepingCapacity: true)
        do {
            try units.withUnsafeBufferPointer { (text) throws(ShapingError) in
                for window in windows {
                    try shaper.shape(text: text, range: window.new, request: run.font, features: run.features, language: run.language,
                                     glyphs: &windowGlyphs, runs: &spans, scratch: scratch.shaping)
                    windowGlyphEnds.append(windowGlyphs.count)
                }
            }
        } catch {
            throw .shapingFailed(reason: "\(error)")
        }
        let font = old.pieces[0].font
        guard spans.allSatisfy({ $0.font == font }) else { return nil }

        // Glyphs, advances and grapheme boundaries: the old ones between the windows (glyphs in
        // logical order: one left-to-right piece), moved to their new offsets, and the windows'.
        var glyphs: [ShapedGlyph] = []
        glyphs.reserveCapacity(old.glyphs.count + windowGlyphs.count)
        var advances: [Float] = []
        advances.reserveCapacity(units.count)
        var boundaries: [UInt8] = []
        boundaries.reserveCapacity(units.count + 1)
        let extra = Float(run.kern + run.tracking)
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
                for offset in windowAdvances.indices where windowAdvances[offset] != 0 { windowAdvances[offset] += extra }
            }
            advances.append(contentsOf: windowAdvances)
            // Every offset of simple text is a grapheme boundary.
            boundaries.append(contentsOf: repeatElement(graphemeBoundary, count: window.new.count))
            oldOffset = window.old.upperBound
            oldGlyph = firstGlyph(in: old.glyphs, atOrAfter: oldOffset)
        }
        keepOld(through: old.boundaries.count, movingBy: delta)

        let lineBreaks = try old.knownBreakOpportunities.flatMap { (known) throws(TextLayoutError) in
            try splicedBreakOpportunities(known, units: units, windows: windows, scratch: scratch)
        }
        return ShapedParagraph(
            content: content, levels: BidiLevels(paragraphLevel: 0, levels: []), glyphs: ParagraphGlyphs(glyphs, advances: advances),
            pieces: SmallArray<1, ShapedParagraph.Piece>(CollectionOfOne(Piece(range: 0 ..< contentLength, level: 0, glyphRange: 0 ..< glyphs.count, font: font, attributes: 0))),
            advances: advances, boundaries: GraphemeBoundarySet(flags: boundaries), attachments: [], defaultFont: old.defaultFont, lineBreaks: lineBreaks)
    }

    /// The index of the first glyph whose cluster is at or after `offset` (glyphs in logical order).
    private static func firstGlyph(in glyphs: ParagraphGlyphs, atOrAfter offset: Int) -> Int {
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
    private static func splicedBreakOpportunities(
        _ old: [UInt8], units: [UInt16], windows: [(new: Range<Int>, old: Range<Int>)], scratch: LayoutScratch
    ) throws(TextLayoutError) -> [UInt8]? {
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
        // The stretches ICU reads: each window with two words either side, merged where they meet.
        var stretches: [(new: Range<Int>, shiftBefore: Int, shiftAfter: Int, windows: Range<Int>)] = []
        for (index, window) in windows.enumerated() {
            let stretch = wordsBefore(window.new.lowerBound) ..< wordsAfter(window.new.upperBound)
            let before = window.new.lowerBound - window.old.lowerBound, after = window.new.upperBound - window.old.upperBound
            if let last = stretches.last, stretch.lowerBound <= last.new.upperBound {
                stretches[stretches.count - 1] = (last.new.lowerBound ..< stretch.upperBound, last.shiftBefore, after,
                                                  last.windows.lowerBound ..< index + 1)
            } else {
                stretches.append((stretch, before, after, index ..< index + 1))
            }
        }
        var flags = [UInt8](repeating: 0, count: units.count + 1)
        var next = 0  // the first offset not yet filled
        for stretch in stretches {
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
            for offset in stretch.new.lowerBound ..< first.lowerBound where flags[offset + 1] != old[offset + 1 - stretch.shiftBefore] {
                return nil
            }
            for offset in last.upperBound ..< stretch.new.upperBound where flags[offset] != old[offset - stretch.shiftAfter] {
                return nil
            }
            next = stretch.new.upperBound
        }
        let shift = units.count - (old.count - 1)
        for offset in next ... units.count { flags[offset] = old[offset - shift] }
        return flags
    }
}
