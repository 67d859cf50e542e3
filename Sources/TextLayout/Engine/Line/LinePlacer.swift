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
    /// truncation, its hidden text gives way to the ellipsis. In stages: the line's items in
    /// logical order, trailing white space hung, the alignment's offset and justification,
    /// visual order, then each item's x and the line's height.
    func place(
        _ span: LineSpan, width: CGFloat, alignment: TextAlignment, isLastLine: Bool, truncation: Truncation? = nil
    ) -> PlacedLine {
        var items = logicalItems(span, truncation: truncation)
        let widths = hangTrailingWhiteSpace(of: &items, from: span.hangStart)
        let (offset, spaceExtra) = horizontalPlacement(
            of: span, widths: widths, in: width, alignment: alignment, isLastLine: isLastLine)
        // Visual order; a line all at one even level is already in it.
        if !widths.isUniformLevel || paragraph.levels.paragraphLevel & 1 == 1 {
            let order = BidiReordering.visualOrder(levels: items.map(\.level))
            items = SmallArray<2, LineItem>(order.map { items[$0] })
        }
        let height = position(&items, from: offset, spaceExtra: spaceExtra, span: span, ellipsis: truncation?.ellipsis)
        return PlacedLine(
            items: items, spaceExtra: spaceExtra, ellipsis: truncation?.ellipsis, width: widths.content,
            ascent: height.ascent, descent: height.descent, leading: height.leading, caretEnd: caretEnd(of: span))
    }

    /// The widths of a line's items: of its content, of its hanging white space; and whether
    /// every item is at the paragraph's level (no reordering needed then).
    struct ItemWidths {
        var content: CGFloat = 0
        var hanging: CGFloat = 0
        var isUniformLevel = true
    }

    /// The line's items in logical order, with the ellipsis in place of what a truncation hides.
    private func logicalItems(_ span: LineSpan, truncation: Truncation?) -> SmallArray<2, LineItem> {
        var items = lineItems(span, hiding: truncation?.hidden)
        if let truncation {
            items.append(
                LineItem(
                    range: truncation.hidden, level: paragraph.levels.paragraphLevel, source: .ellipsis,
                    glyphRange: 0 ..< truncation.ellipsis.glyphs.count, width: CGFloat(truncation.ellipsis.advance)))
            items.sort { $0.range.lowerBound < $1.range.lowerBound }
        }
        return items
    }

    /// Puts the items from `hangStart` on (trailing white space) at the paragraph's level, so
    /// that it hangs past the line's end; returns the widths.
    private func hangTrailingWhiteSpace(of items: inout SmallArray<2, LineItem>, from hangStart: Int) -> ItemWidths {
        let paragraphLevel = paragraph.levels.paragraphLevel
        var widths = ItemWidths()
        for index in items.indices {
            if items[index].range.lowerBound >= hangStart {
                items[index].level = paragraphLevel
                widths.hanging += items[index].width
            } else {
                widths.content += items[index].width
            }
            if items[index].level != paragraphLevel { widths.isUniformLevel = false }
        }
        return widths
    }

    /// Where the line starts for `alignment` in `width`, and the width each space gains when it
    /// is justified (the last line of a paragraph sits where natural alignment puts it).
    private func horizontalPlacement(
        of span: LineSpan, widths: ItemWidths, in width: CGFloat, alignment: TextAlignment, isLastLine: Bool
    ) -> (offset: CGFloat, spaceExtra: CGFloat) {
        let isRightToLeft = paragraph.levels.paragraphLevel & 1 == 1
        let naturalAlignment: TextAlignment = isRightToLeft ? .right : .left
        var resolved = alignment == .natural ? naturalAlignment : alignment
        var spaceExtra: CGFloat = 0
        if resolved == .justified {
            let units = paragraph.content.units
            let spaces = (span.range.lowerBound ..< span.hangStart).filter { units[$0] == 0x20 }.count
            if width.isFinite, !isLastLine, !span.endsWithHardBreak, spaces > 0, width > widths.content {
                spaceExtra = (width - widths.content) / CGFloat(spaces)
            }
            resolved = spaceExtra > 0 ? .left : naturalAlignment
        }
        var offset: CGFloat = 0
        if width.isFinite {
            switch resolved {
            case .right: offset = width - widths.content
            case .center: offset = (width - widths.content) / 2
            default: offset = 0
            }
        }
        // Trailing white space hangs past the line's end: on the left in a right-to-left line.
        if isRightToLeft { offset -= widths.hanging }
        return (offset, spaceExtra)
    }

    /// Gives each item (in visual order) its x from `offset`, widening justified spaces; the
    /// line's ascent, descent and leading from the fonts and attachments on it (the paragraph's
    /// default font's on a line of none).
    private func position(
        _ items: inout SmallArray<2, LineItem>, from offset: CGFloat, spaceExtra: CGFloat, span: LineSpan,
        ellipsis: ShapedRun?
    ) -> (ascent: CGFloat, descent: CGFloat, leading: CGFloat) {
        let content = paragraph.content
        var x = offset
        var ascent: CGFloat = 0, descent: CGFloat = 0, leading: CGFloat = 0
        for index in items.indices {
            if spaceExtra > 0 {
                let spaces = items[index].range.filter { content.units[$0] == 0x20 && $0 < span.hangStart }.count
                items[index].width += spaceExtra * CGFloat(spaces)
            }
            items[index].x = x
            x += items[index].width
            guard let room = room(for: items[index].source, ellipsis: ellipsis) else { continue }
            // Raised glyphs grow the line above, lowered ones below; neither gives up the
            // font's own room on the other side (a line all raised is taller, as in TextKit).
            ascent = max(ascent, room.ascent + max(0, room.raise))
            descent = max(descent, room.descent + max(0, -room.raise))
            leading = max(leading, room.leading)
        }
        guard ascent == 0, descent == 0 else { return (ascent, descent, leading) }
        let metrics = paragraph.defaultMetrics
        return (CGFloat(metrics.ascent), CGFloat(metrics.descent), CGFloat(metrics.leading))
    }

    /// The room an item makes on its line, and how far its glyphs are raised; nil for a control.
    private func room(
        for source: LineItem.Source, ellipsis: ShapedRun?
    ) -> (ascent: CGFloat, descent: CGFloat, leading: CGFloat, raise: CGFloat)? {
        let font: Font
        var raise: CGFloat = 0
        switch source {
        case .piece(let piece):
            font = paragraph.pieces[piece].font
            raise = CGFloat(paragraph.content.runs[paragraph.pieces[piece].attributes].baselineOffset)
        case .ellipsis:
            guard let ellipsis else { return nil }
            font = ellipsis.font
        case .control:
            return nil
        case .attachment(let index):
            // The line makes room for the image above and below its baseline.
            let attachment = paragraph.attachments[index]
            return (attachment.ascent, attachment.descent, attachment.leading, 0)
        }
        let metrics = font.metrics
        return (CGFloat(metrics.ascent), CGFloat(metrics.descent), CGFloat(metrics.leading), raise)
    }

    /// Where a caret stands at the line's end: when nothing after it on the line is a character
    /// of its own (the paragraph's end, not after a break; or a soft wrap, where the caret with
    /// upstream affinity stays on this line, the same offset starting the next); else nil.
    private func caretEnd(of span: LineSpan) -> Int? {
        let length = paragraph.content.units.count
        let endsParagraph = span.range.upperBound == length && (!span.endsWithHardBreak || span.range.isEmpty)
        let wraps = span.range.upperBound < length && !span.endsWithHardBreak
        return endsParagraph || wraps ? span.range.upperBound : nil
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
        let pieces = paragraph.pieces
        var items = SmallArray<2, LineItem>()
        // The first piece that can overlap the line (pieces are in logical order).
        var pieceIndex = firstPiece(endingAfter: span.range.lowerBound)
        var x: CGFloat = 0
        var offset = span.range.lowerBound
        // Controls lie between pieces; walk both in logical order so a tab knows its x.
        while offset < span.range.upperBound {
            let isHidden = hidden?.contains(offset) ?? false
            if paragraph.content.isControl(offset) {
                if !isHidden { append(controlItem(at: offset, x: x), to: &items, x: &x) }
                offset += 1
                continue
            }
            while pieceIndex < pieces.count, pieces[pieceIndex].range.upperBound <= offset { pieceIndex += 1 }
            guard pieceIndex < pieces.count, pieces[pieceIndex].range.lowerBound <= offset else {
                // Not shaped: an attachment (looked for only here, so text without one pays
                // nothing), an item of its own width; nothing else is left unshaped.
                if !isHidden, let item = attachmentItem(at: offset) { append(item, to: &items, x: &x) }
                offset += 1
                continue
            }
            let upper = min(pieces[pieceIndex].range.upperBound, span.range.upperBound)
            appendParts(
                of: pieceIndex, in: offset ..< upper, hangStart: span.hangStart, hiding: hidden, to: &items, x: &x)
            offset = upper
        }
        return items
    }

    /// The first piece ending after `offset`, found by halves.
    private func firstPiece(endingAfter offset: Int) -> Int {
        var low = 0, high = paragraph.pieces.count
        while low < high {
            let mid = (low + high) / 2
            if paragraph.pieces[mid].range.upperBound <= offset { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private func append(_ item: LineItem, to items: inout SmallArray<2, LineItem>, x: inout CGFloat) {
        items.append(item)
        x += item.width
    }

    /// A control's item at `x`: a tab as wide as the way to its stop, others of no width.
    private func controlItem(at offset: Int, x: CGFloat) -> LineItem {
        let width =
            paragraph.content.units[offset] == 0x09
            ? tabStops.advance(from: x) { paragraph.widthAfterTab(at: offset) } : 0
        return LineItem(
            range: offset ..< offset + 1, level: paragraph.level(at: offset), source: .control, glyphRange: 0 ..< 0,
            width: width)
    }

    /// The item of the attachment at `offset`, if there is one.
    private func attachmentItem(at offset: Int) -> LineItem? {
        guard let index = paragraph.attachmentIndex(at: offset) else { return nil }
        return LineItem(
            range: offset ..< offset + 1, level: paragraph.level(at: offset), source: .attachment(index),
            glyphRange: 0 ..< 0, width: CGFloat(paragraph.advances[offset]))
    }

    /// The parts of piece `pieceIndex` in `range`: before and in the hanging white space from
    /// `hangStart` (rule L1 levels it), each less what a truncation hides. Up to four parts,
    /// plain ranges and no arrays: this runs for every line.
    private func appendParts(
        of pieceIndex: Int, in range: Range<Int>, hangStart: Int, hiding hidden: Range<Int>?,
        to items: inout SmallArray<2, LineItem>, x: inout CGFloat
    ) {
        let piece = paragraph.pieces[pieceIndex]
        let attributes = paragraph.content.runs[piece.attributes]
        let extra = CGFloat(attributes.kern + attributes.tracking)
        let hang = min(max(hangStart, range.lowerBound), range.upperBound)
        func add(_ shown: Range<Int>) {
            guard !shown.isEmpty else { return }
            let glyphs = glyphRange(of: piece, in: shown)
            let width = Self.width(of: paragraph.glyphs[glyphs], extra: extra)
            append(
                LineItem(
                    range: shown, level: piece.level, source: .piece(pieceIndex), glyphRange: glyphs, width: width),
                to: &items, x: &x)
        }
        for half in 0 ..< 2 {
            let part = half == 0 ? range.lowerBound ..< hang : hang ..< range.upperBound
            guard let hidden else {
                add(part)
                continue
            }
            add(part.lowerBound ..< min(part.upperBound, max(part.lowerBound, hidden.lowerBound)))
            add(max(part.lowerBound, min(part.upperBound, hidden.upperBound)) ..< part.upperBound)
        }
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
