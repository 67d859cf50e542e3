import Foundation
import TextContent
@_spi(Rendering) import TextLayout
@_spi(Typesetting) import TextTypography

extension TextLineFragment {
    /// Draws the line with its top-left corner (the origin of its own coordinates) at `point`:
    /// backgrounds, underlines, glyph shadows, glyphs (filled, outlined, skewed as the content
    /// says), strikethroughs, in the content's colours with
    /// `renderingAttributes` (runs in paragraph offsets, such as the layout manager's
    /// `renderingAttributes(for:)` gives) over them, and the context's typesetting colours where
    /// neither says (text, links, spelling marks). Links are recorded in the context.
    /// Without rendering attributes, call `draw(at:in:)`.
    ///
    /// ```swift
    /// for line in fragment.textLineFragments {
    ///     line.draw(at: origin + line.typographicBounds.origin, in: context)
    /// }
    /// ```
    public func draw(at point: CGPoint, in context: RenderingContext, renderingAttributes: [RenderingAttributeRun]) {
        let range = characterRange.location ..< characterRange.location + characterRange.length
        let looks = TextAppearanceRuns(
            attributedString, isPlain: paragraphIsPlain, range: range, renderingAttributes: renderingAttributes,
            colors: context.typesettingContext.colors)
        let prepared = context.preparedLines[ObjectIdentifier(self)]
        let runs = prepared?.runs ?? glyphRuns
        let baselineY = point.y + baseline
        let height = typographicBounds.height

        func pieces(of range: Range<Int>) -> [(minX: CGFloat, maxX: CGFloat)] {
            segments(showing: range).map { (point.x + $0.minX, point.x + $0.maxX) }
        }
        /// The font whose metrics place the decorations of `range`: the first glyph run showing it.
        func font(for range: Range<Int>) -> Font? {
            // Glyph runs are in the offsets of the line's shaping: `unitOffset` before the paragraph's.
            let shown = range.lowerBound - unitOffset ..< range.upperBound - unitOffset
            return runs.first { $0.characterRange.overlaps(shown) }?.font ?? runs.first?.font
        }

        for run in looks.runs {
            guard let background = run.look.background else { continue }
            for piece in pieces(of: run.range) {
                context.fill(
                    CGRect(x: piece.minX, y: point.y, width: piece.maxX - piece.minX, height: height), color: background
                )
            }
        }
        for run in looks.runs {
            guard let style = run.look.underline else { continue }
            let metrics = font(for: run.range)?.metrics
            let thickness = CGFloat(metrics?.underlineThickness ?? 1)
            let y = baselineY + CGFloat(metrics?.underlinePosition ?? 1.5) + thickness / 2
            // Clauses of marked text: each underline stops short of the next clause's.
            let gap: CGFloat = run.look.markedClauseSegment == nil ? 0 : 1
            for piece in decoratedRanges(run.range, byWord: style.byWord).flatMap(pieces)
            where piece.maxX - piece.minX > 2 * gap {
                context.drawDecoration(
                    style, color: run.look.underlineColor ?? run.look.foreground,
                    minX: piece.minX + gap, maxX: piece.maxX - gap, y: y, thickness: thickness)
            }
        }
        for run in looks.runs {
            guard let state = run.look.spellingState else { continue }
            let metrics = font(for: run.range)?.metrics
            let thickness = CGFloat(metrics?.underlineThickness ?? 1)
            let y = baselineY + CGFloat(metrics?.underlinePosition ?? 1.5) + thickness
            for piece in pieces(of: run.range) {
                context.drawWavyLine(
                    minX: piece.minX, maxX: piece.maxX, y: y, thickness: thickness,
                    color: state.contains(.spelling) ? looks.colors.spellingMark : looks.colors.grammarMark)
            }
        }
        for placement in attachmentPlacements {
            context.drawAttachmentImage(image(for: placement), in: placement.frame.offsetBy(dx: point.x, dy: point.y))
        }
        // Only a PDF keeps text with its glyphs.
        let text = context.surface?.kind == .pdf ? paragraphUnits : nil
        let origin = CGPoint(x: point.x, y: baselineY)
        // Shadows first, all of the line's, so that no shadow falls over a glyph.
        if looks.runs.contains(where: { $0.look.glyphs.shadow != nil }) {
            for run in runs {
                forEachStyledStretch(of: run, looks: looks) { indices, style in
                    context.showGlyphShadow(of: run, indices: indices, origin: origin, style: style)
                }
            }
        }
        for (index, run) in runs.enumerated() {
            var clusters = TextClusters.Source.workedOutHere
            if text != nil, let prepared, prepared.clusters.indices.contains(index) {
                clusters = .preparedForWholeRun(prepared.clusters[index])
            }
            forEachStyledStretch(of: run, looks: looks) { indices, style in
                context.showGlyphs(
                    of: run, indices: indices, origin: origin, style: style, text: text, clusters: clusters)
            }
        }
        for run in looks.runs {
            guard let style = run.look.strikethrough else { continue }
            let metrics = font(for: run.range)?.metrics
            let thickness = CGFloat(metrics?.strikethroughThickness ?? 1)
            let y = baselineY - CGFloat(metrics?.strikethroughPosition ?? 4) + thickness / 2
            for piece in decoratedRanges(run.range, byWord: style.byWord).flatMap(pieces) {
                context.drawDecoration(
                    style, color: run.look.strikethroughColor ?? run.look.foreground,
                    minX: piece.minX, maxX: piece.maxX, y: y, thickness: thickness)
            }
        }
        var linkStart = 0
        for (index, run) in looks.runs.enumerated() {
            guard let url = run.look.link else { continue }
            // One link's runs (split by other attributes) make one area per piece.
            if index > 0, looks.runs[index - 1].look.link == url { continue }
            linkStart = run.range.lowerBound
            var end = run.range.upperBound
            var following = index + 1
            while following < looks.runs.count, looks.runs[following].look.link == url {
                end = looks.runs[following].range.upperBound
                following += 1
            }
            for piece in pieces(of: linkStart ..< end) {
                context.addLink(
                    url, rect: CGRect(x: piece.minX, y: point.y, width: piece.maxX - piece.minX, height: height))
            }
        }
    }

    /// Calls `body` with each stretch of `run`'s glyphs drawn in one style (one colour, one
    /// outline, one skew, one shadow).
    private func forEachStyledStretch(
        of run: PositionedGlyphRun, looks: TextAppearanceRuns, _ body: (Range<Int>, GlyphStyle) -> Void
    ) {
        // Clusters are offsets of the line's shaping; looks are in paragraph offsets.
        let offset = unitOffset
        guard let first = looks.runIndex(at: (run.clusters.first ?? 0) + offset) else {
            body(0 ..< run.glyphs.count, TextAppearance(looks.colors).glyphs)
            return
        }
        // A look is read again only where a glyph's cluster leaves the look run of the glyph
        // before it: most lines have one look (a look is a few hundred bytes to copy).
        var current = first
        var start = 0
        var style = looks.runs[first].look.glyphs
        let clusters = run.clusters
        for index in clusters.indices where !looks.runs[current].range.contains(clusters[index] + offset) {
            guard let next = looks.runIndex(at: clusters[index] + offset) else { continue }
            current = next
            let nextStyle = looks.runs[next].look.glyphs
            guard nextStyle != style else { continue }
            body(start ..< index, style)
            (start, style) = (index, nextStyle)
        }
        body(start ..< run.glyphs.count, style)
    }

    /// What a decoration over `range` covers: the whole range, or with `byWord` each stretch
    /// of it between whitespace.
    private func decoratedRanges(_ range: Range<Int>, byWord: Bool) -> [Range<Int>] {
        guard byWord else { return [range] }
        let units = paragraphUnits, base = unitOffset
        var words: [Range<Int>] = []
        var start: Int?
        for offset in range.lowerBound ... range.upperBound {
            let local = offset - base
            let isSpace =
                offset >= range.upperBound || local < 0 || local >= units.count || units[local] == 0x20
                || units[local] == 0x09
                || units[local] == 0x3000 || units[local] == 0xA0
            if isSpace {
                if let wordStart = start { words.append(wordStart ..< offset) }
                start = nil
            } else if start == nil {
                start = offset
            }
        }
        return words
    }
}
