import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// Stage 2 of a line: places a ``LineSpan``, giving a ``PlacedLine``: the items it shows in visual
/// order (UAX #9 L2, with trailing white space at the paragraph level, rule L1), aligned and
/// justified. Glyph positions and caret stops are derived from the result only when asked for
/// (``PlacedLine``).
struct LinePlacer {
    let paragraph: ShapedParagraph
    let tabStops: TabStops

    /// Text a truncated line hides, and the ellipsis shown in its place. A reference: few
    /// lines are truncated, and a line keeps its request.
    final class Truncation: Sendable {
        let hidden: Range<Int>
        let ellipsis: ShapedRun

        init(hidden: Range<Int>, ellipsis: ShapedRun) {
            self.hidden = hidden
            self.ellipsis = ellipsis
        }
    }

    /// What placing a line takes, kept by the line so that it can be placed again when its
    /// glyphs or carets are asked for: its items are not kept (most lines are never drawn or
    /// edited, and the items of a line are hundreds of bytes).
    enum Request: Sendable {
        /// `span` in `width` points (see ``place(_:width:alignment:isLastLine:truncation:)``).
        case span(LineSpan, width: CGFloat, isLastLine: Bool, truncation: Truncation?)
        /// The empty line after the document's final break, at `offset` (the paragraph's
        /// length): only a caret, at `x`.
        case extraLine(at: Int, x: CGFloat)
    }

    init(paragraph: ShapedParagraph, tabStops: TabStops) {
        self.paragraph = paragraph
        self.tabStops = tabStops
    }

    /// Places `paragraph`'s line of `request` as layout placed it.
    init(paragraph: ShapedParagraph) {
        self.init(paragraph: paragraph, tabStops: TabStops(of: paragraph))
    }

    /// The line `request` asks for, with the paragraph style's alignment.
    func place(_ request: Request) -> PlacedLine {
        switch request {
        case .span(let span, let width, let isLastLine, let truncation):
            return place(
                span, width: width, alignment: paragraph.content.alignment, isLastLine: isLastLine,
                truncation: truncation)
        case .extraLine(let length, let x):
            let caret = LineItem(
                range: length ..< length, level: paragraph.levels.paragraphLevel, source: .control, glyphRange: 0 ..< 0,
                x: x, width: 0)
            let metrics = paragraph.defaultMetrics
            return PlacedLine(
                items: SmallArray<2, LineItem>(CollectionOfOne(caret)), spaceExtra: 0, ellipsis: nil, width: 0,
                ascent: CGFloat(metrics.ascent),
                descent: CGFloat(metrics.descent), leading: CGFloat(metrics.leading), caretEnd: length)
        }
    }

    /// Lays `span` out from x = 0 in `width` points (infinity: natural width); with a
    /// truncation, its hidden text gives way to the ellipsis.
    func place(
        _ span: LineSpan, width: CGFloat, alignment: TextAlignment, isLastLine: Bool, truncation: Truncation? = nil
    ) -> PlacedLine {
        let content = paragraph.content
        let paragraphLevel = paragraph.levels.paragraphLevel
        var items = lineItems(span, hiding: truncation?.hidden)
        if let truncation {
            items.append(
                LineItem(
                    range: truncation.hidden, level: paragraphLevel, source: .ellipsis,
                    glyphRange: 0 ..< truncation.ellipsis.glyphs.count, width: CGFloat(truncation.ellipsis.advance)))
            items.sort { $0.range.lowerBound < $1.range.lowerBound }
        }
        var contentWidth: CGFloat = 0
        var hangingWidth: CGFloat = 0
        var uniform = true
        for index in items.indices {
            if items[index].range.lowerBound >= span.hangStart {
                items[index].level = paragraphLevel
                hangingWidth += items[index].width
            } else {
                contentWidth += items[index].width
            }
            if items[index].level != paragraphLevel { uniform = false }
        }

        let naturalAlignment: TextAlignment = paragraphLevel & 1 == 1 ? .right : .left
        var resolved = alignment == .natural ? naturalAlignment : alignment
        var spaceExtra: CGFloat = 0
        if resolved == .justified {
            let spaces = (span.range.lowerBound ..< span.hangStart).filter { content.units[$0] == 0x20 }.count
            if width.isFinite, !isLastLine, !span.endsWithHardBreak, spaces > 0, width > contentWidth {
                spaceExtra = (width - contentWidth) / CGFloat(spaces)
            }
            // A line that is not stretched (the last one) sits where natural alignment puts it.
            resolved = spaceExtra > 0 ? .left : naturalAlignment
        }
        var offset: CGFloat = 0
        if width.isFinite {
            switch resolved {
            case .right: offset = width - contentWidth
            case .center: offset = (width - contentWidth) / 2
            default: offset = 0
            }
        }
        // Trailing white space hangs past the line's end: on the left in a right-to-left line.
        if paragraphLevel & 1 == 1 { offset -= hangingWidth }

        // Visual order; a line all at one even level is already in it.
        if !uniform || paragraphLevel & 1 == 1 {
            let order = BidiReordering.visualOrder(levels: items.map(\.level))
            items = SmallArray<2, LineItem>(order.map { items[$0] })
        }
        var x = offset
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        for index in items.indices {
            if spaceExtra > 0 {
                let spaces = items[index].range.filter { content.units[$0] == 0x20 && $0 < span.hangStart }.count
                items[index].width += spaceExtra * CGFloat(spaces)
            }
            items[index].x = x
            let item = items[index]
            x += item.width
            let font: Font, baselineOffset: CGFloat
            switch item.source {
            case .piece(let piece):
                font = paragraph.pieces[piece].font
                baselineOffset = CGFloat(content.runs[paragraph.pieces[piece].attributes].baselineOffset)
            case .ellipsis:
                guard let ellipsis = truncation?.ellipsis else { continue }
                font = ellipsis.font
                baselineOffset = 0
            case .control:
                continue
            case .attachment(let index):
                // The line makes room for the image above and below its baseline.
                let attachment = paragraph.attachments[index]
                ascent = max(ascent, attachment.ascent)
                descent = max(descent, attachment.descent)
                leading = max(leading, attachment.leading)
                continue
            }
            let metrics = font.metrics
            // Raised glyphs grow the line above, lowered ones below; neither gives up the
            // font's own room on the other side (a line all raised is taller, as in TextKit).
            ascent = max(ascent, CGFloat(metrics.ascent) + max(0, baselineOffset))
            descent = max(descent, CGFloat(metrics.descent) + max(0, -baselineOffset))
            leading = max(leading, CGFloat(metrics.leading))
        }
        if ascent == 0, descent == 0 {
            ascent = CGFloat(paragraph.defaultMetrics.ascent)
            descent = CGFloat(paragraph.defaultMetrics.descent)
            leading = CGFloat(paragraph.defaultMetrics.leading)
        }
        let length = content.units.count
        // A caret stands at the line's end when nothing after it on the line is a character of
        // its own: the paragraph's end (not after a break), or a soft wrap, where the caret with
        // upstream affinity stays on this line (the same offset starts the next line).
        let endsParagraph = span.range.upperBound == length && (!span.endsWithHardBreak || span.range.isEmpty)
        let wraps = span.range.upperBound < length && !span.endsWithHardBreak
        return PlacedLine(
            items: items, spaceExtra: spaceExtra, ellipsis: truncation?.ellipsis, width: contentWidth,
            ascent: ascent, descent: descent, leading: leading,
            caretEnd: endsParagraph || wraps ? span.range.upperBound : nil)
    }

    /// The glyphs of `piece` whose clusters lie in `range`. A piece's glyphs are in visual order,
    /// so their clusters rise (left to right) or fall (right to left): two binary searches.
    private func glyphRange(of piece: ShapedParagraph.GlyphRun, in range: Range<Int>) -> Range<Int> {
        let glyphs = paragraph.glyphs
        func firstIndex(where isPast: (Int) -> Bool) -> Int {
            var low = piece.glyphRange.lowerBound, high = piece.glyphRange.upperBound
            while low < high {
                let mid = (low + high) / 2
                if isPast(glyphs[mid].cluster) { high = mid } else { low = mid + 1 }
            }
            return low
        }
        if piece.range == range { return piece.glyphRange }
        if glyphs.isCompact, !piece.isRightToLeft {
            // Glyph `i` is the cluster at offset `i`: nothing to search (a 5 MB paragraph has
            // 60,000 lines to place).
            let lower = min(max(range.lowerBound, piece.glyphRange.lowerBound), piece.glyphRange.upperBound)
            return lower ..< min(max(range.upperBound, lower), piece.glyphRange.upperBound)
        }
        if piece.isRightToLeft {
            return firstIndex { $0 < range.upperBound } ..< firstIndex { $0 < range.lowerBound }
        }
        return firstIndex { $0 >= range.lowerBound } ..< firstIndex { $0 >= range.upperBound }
    }

    /// The line's items in logical order: the parts of shaped pieces inside the line, and
    /// glyphless items for controls (tabs, line and paragraph separators) and attachments.
    private func lineItems(_ span: LineSpan, hiding hidden: Range<Int>?) -> SmallArray<2, LineItem> {
        let content = paragraph.content
        var items = SmallArray<2, LineItem>()
        // The first piece that can overlap the line (pieces are in logical order).
        var low = 0, high = paragraph.pieces.count
        while low < high {
            let mid = (low + high) / 2
            if paragraph.pieces[mid].range.upperBound <= span.range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var pieceIndex = low
        var x: CGFloat = 0
        var offset = span.range.lowerBound
        // Controls lie between pieces; walk both in logical order so a tab knows its x.
        while offset < span.range.upperBound {
            if content.isControl(offset) {
                if !(hidden?.contains(offset) ?? false) {
                    let width =
                        content.units[offset] == 0x09
                        ? tabStops.advance(from: x) { paragraph.widthAfterTab(at: offset) } : 0
                    items.append(
                        LineItem(
                            range: offset ..< offset + 1, level: paragraph.level(at: offset), source: .control,
                            glyphRange: 0 ..< 0, width: width))
                    x += width
                }
                offset += 1
                continue
            }
            while pieceIndex < paragraph.pieces.count, paragraph.pieces[pieceIndex].range.upperBound <= offset {
                pieceIndex += 1
            }
            guard pieceIndex < paragraph.pieces.count, paragraph.pieces[pieceIndex].range.lowerBound <= offset else {
                // Not shaped: an attachment (looked for only here, so text without one pays
                // nothing), an item of its own width; nothing else is left unshaped.
                if let index = paragraph.attachmentIndex(at: offset), !(hidden?.contains(offset) ?? false) {
                    let width = CGFloat(paragraph.advances[offset])
                    items.append(
                        LineItem(
                            range: offset ..< offset + 1, level: paragraph.level(at: offset),
                            source: .attachment(index),
                            glyphRange: 0 ..< 0, width: width))
                    x += width
                }
                offset += 1
                continue
            }
            let piece = paragraph.pieces[pieceIndex]
            let attributes = content.runs[piece.attributes]
            let extra = CGFloat(attributes.kern + attributes.tracking)
            let lower = offset, upper = min(piece.range.upperBound, span.range.upperBound)
            // The part before the hanging white space, and the part in it (rule L1 levels it).
            let hang = min(max(span.hangStart, lower), upper)
            // Up to four parts: before and in the hanging white space, each less what a
            // truncation hides (plain ranges, no arrays: this runs for every line).
            func add(_ shown: Range<Int>) {
                guard !shown.isEmpty else { return }
                let glyphs = glyphRange(of: piece, in: shown)
                let width = Self.width(of: paragraph.glyphs[glyphs], extra: extra)
                items.append(
                    LineItem(
                        range: shown, level: piece.level, source: .piece(pieceIndex), glyphRange: glyphs, width: width))
                x += width
            }
            for half in 0 ..< 2 {
                let part = half == 0 ? lower ..< hang : hang ..< upper
                guard let hidden else {
                    add(part)
                    continue
                }
                add(part.lowerBound ..< min(part.upperBound, max(part.lowerBound, hidden.lowerBound)))
                add(max(part.lowerBound, min(part.upperBound, hidden.upperBound)) ..< part.upperBound)
            }
            offset = upper
        }
        return items
    }

    /// The advance of `glyphs`, with `extra` after each cluster.
    private static func width(of glyphs: Slice<ParagraphGlyphs>, extra: CGFloat) -> CGFloat {
        // Compact glyphs' advances are the per-offset ones: summed without making glyphs.
        if extra == 0, let width = glyphs.base.compactAdvance(of: glyphs.startIndex ..< glyphs.endIndex) {
            return CGFloat(width)
        }
        var width: Float = 0
        for glyph in glyphs { width += glyph.advance }
        guard extra != 0 else { return CGFloat(width) }
        var clusters = 0
        var previous: Int?
        for glyph in glyphs where glyph.cluster != previous {
            clusters += 1
            previous = glyph.cluster
        }
        return CGFloat(width) + extra * CGFloat(clusters)
    }
}
