import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// What lines depend on besides the paragraph: the container's line geometry and the fragment's
/// paddings and margins, when nothing else (exclusion paths, a line limit, truncation) makes a
/// line depend on the lines around it.
struct LineGeometry: Equatable, Sendable {
    let layoutWidth: CGFloat
    let lineFragmentPadding: CGFloat
    let lineBreakMode: LineBreakMode
    let insets: FragmentInsets

    /// Nil for a container whose lines cannot be kept across an edit.
    init?(_ container: TextContainer, insets: FragmentInsets) {
        guard container.exclusionPaths.isEmpty, container.maximumNumberOfLines == 0, container.layoutWidth.isFinite,
            container.lineBreakMode == .byWordWrapping || container.lineBreakMode == .byCharWrapping
        else { return nil }
        layoutWidth = container.layoutWidth
        lineFragmentPadding = container.lineFragmentPadding
        lineBreakMode = container.lineBreakMode
        self.insets = insets
    }
}

/// A paragraph's lines as laid out before an edit, in a container of `geometry`: laying it out
/// again after the edit breaks only the lines around what changed and keeps the others, moved.
/// Typing in a paragraph of 60,000 lines then breaks three or four.
struct ReusableLines: Sendable {
    let lines: LineRecords
    let geometry: LineGeometry
}

extension ParagraphLayout {
    /// Paragraphs with fewer lines than this are laid out again whole after an edit.
    static let fewestLinesToKeep = 8

    /// `paragraph` laid out with its top at `y` from `shaped` (made from the shaping of `old`'s
    /// lines, the stretches `windows` shaped again), keeping `old`'s lines away from the
    /// changes. The same lines as laying it out afresh, the last line's `isLastLine` included.
    /// Nil when the lines cannot be kept (the container or the style makes lines depend on more
    /// than their text); the caller then lays the paragraph out whole.
    func layout(
        _ paragraph: TextParagraph, shaped: ShapedParagraph, at y: CGFloat, extraLineFragment: Bool,
        reusing old: ReusableLines, from oldShaped: ShapedParagraph, windows: [ReshapedWindow]
    ) throws(TextLayoutError) -> (fragment: TextLayoutFragment, keptLines: Int)? {
        let content = shaped.content
        let style = content.style
        // A right or centre tab lines up the text after it, to the next tab: a line's width can
        // then depend on text far past it.
        guard let geometry = LineGeometry(container, insets: insets), geometry == old.geometry, style.wrapsLines,
            !shaped.levels.isRightToLeft,
            content.hasDefaultStyle || style.tabStops.allSatisfy({ $0.alignment == .left })
        else { return nil }
        var oldCount = old.lines.count
        if oldCount > 0, case .extraLine = old.lines[oldCount - 1].placement { oldCount -= 1 }
        // A paragraph of a few lines is broken again whole sooner than its changes are worked out.
        guard oldCount >= Self.fewestLinesToKeep, content.units.count > 0 else { return nil }
        let changes = Self.changes(windows, in: shaped, from: oldShaped)

        let length = content.units.count
        let tabs = TabStops(of: shaped)
        let breaker = LineBreaker(paragraph: shaped, mode: container.lineBreakMode, tabStops: tabs, scratch: scratch)
        let placement = LinePlacer(paragraph: shaped, tabStops: tabs)
        var lines = LineRecords()
        lines.reserveCapacity(oldCount + 4)
        var top = Self.spacing(style.paragraphSpacingBefore) + insets.top
        var keptLines = 0

        // The first old line whose characters end after `offset` (old offsets).
        func oldLine(reaching offset: Int) -> Int {
            var low = 0, high = oldCount
            while low < high {
                let mid = (low + high) / 2
                if old.lines[mid].characterRange.upperBound > offset { high = mid } else { low = mid + 1 }
            }
            return min(low, oldCount - 1)
        }
        // The old line starting at `offset` (old offsets), if one does.
        func oldLine(startingAt offset: Int) -> Int? {
            var low = 0, high = oldCount
            while low < high {
                let mid = (low + high) / 2
                if old.lines[mid].characterRange.lowerBound < offset { low = mid + 1 } else { high = mid }
            }
            return low < oldCount && old.lines[low].characterRange.lowerBound == offset ? low : nil
        }
        func keep(_ index: Int, movedBy shift: Int) {
            var line = old.lines[index]
            guard case .span(var span, let width, _, let truncation) = line.placement else { return }
            span.range = span.range.lowerBound + shift ..< span.range.upperBound + shift
            span.hangStart += shift
            line.placement = .span(
                span, width: width, isLastLine: span.range.upperBound >= length, truncation: truncation)
            line.typographicBounds.origin.y = top
            top += line.typographicBounds.height
            lines.append(line)
            keptLines += 1
        }
        func breakLine(from start: Int) throws(TextLayoutError) -> Int {
            let margins = self.margins(
                style: style, firstLine: start == 0, rightToLeft: false, width: container.layoutWidth)
            let width = max(0, margins.upperBound - margins.lowerBound)
            let span = try breaker.nextLine(from: start, width: width)
            let request = LinePlacer.Request.span(
                span, width: width, isLastLine: span.range.upperBound >= length, truncation: nil)
            let placed = placement.place(request)
            let metrics = lineHeight(
                ascent: placed.ascent, descent: placed.descent, leading: placed.leading, style: style)
            lines.append(
                LineRecord(
                    typographicBounds: CGRect(x: margins.lowerBound, y: top, width: width, height: metrics.height),
                    glyphOriginX: placed.items.first?.x ?? 0, baseline: metrics.baseline, placement: request))
            top += metrics.height
            return span.range.upperBound
        }

        // In step with the old lines: old line `oldIndex` starts at new offset `start`, `shift`
        // (new less old) after the changes before it.
        var oldIndex = 0, shift = 0, next = 0
        var start = 0
        while start < length {
            while next < changes.count, changes[next].new.upperBound <= start {
                shift = changes[next].new.upperBound - changes[next].old.upperBound
                next += 1
            }
            // Keep the old lines up to two before the next change's line (a line's break can
            // depend on the start of the line after it), then break lines afresh.
            let resume =
                next < changes.count ? max(oldIndex, oldLine(reaching: changes[next].old.lowerBound) - 2) : oldCount
            for index in oldIndex ..< resume { keep(index, movedBy: shift) }
            guard resume < oldCount else { break }
            start = old.lines[resume].characterRange.lowerBound + shift
            // Until a line starts past every change it met where an old line started.
            while start < length {
                start = try breakLine(from: start)
                while next < changes.count, changes[next].new.upperBound <= start {
                    shift = changes[next].new.upperBound - changes[next].old.upperBound
                    next += 1
                }
                if next < changes.count, changes[next].new.lowerBound < start { continue }
                if let index = oldLine(startingAt: start - shift) {
                    oldIndex = index
                    break
                }
            }
        }
        // The old lines end where the paragraph does: kept to the end, they reach it.
        guard start >= length || lines.last.map({ $0.characterRange.upperBound >= length }) == true else { return nil }

        if extraLineFragment {
            let line = extraLine(at: top, in: shaped)
            lines.append(line)
            top += line.typographicBounds.height
        }
        top += Self.spacing(style.paragraphSpacing) + insets.bottom
        let frame = CGRect(x: 0, y: y, width: container.layoutWidth, height: top)
        return (
            TextLayoutFragment(
                textElement: paragraph, layoutFragmentFrame: frame, renderingSurfaceBounds: nil, lines: lines,
                shaped: shaped),
            keptLines
        )
    }

    /// Where lines may break differently after a reshaping: the windows whose text, advances or
    /// grapheme boundaries changed, each with two words on either side (whose break
    /// opportunities the change can move), merged; new offsets and old.
    static func changes(
        _ windows: [ReshapedWindow], in shaped: ShapedParagraph, from old: ShapedParagraph
    ) -> [ReshapedWindow] {
        let units = shaped.content.units, oldUnits = old.content.units
        func isUnchanged(_ window: ReshapedWindow) -> Bool {
            guard window.new.count == window.old.count, window.old.upperBound <= oldUnits.count else { return false }
            for (newOffset, oldOffset) in zip(window.new, window.old) {
                guard units[newOffset] == oldUnits[oldOffset], shaped.advances[newOffset] == old.advances[oldOffset],
                    shaped.isGraphemeBoundary(newOffset) == old.isGraphemeBoundary(oldOffset)
                else { return false }
            }
            return shaped.isGraphemeBoundary(window.new.upperBound) == old.isGraphemeBoundary(window.old.upperBound)
        }
        // Two words and at least 32 units either side.
        func before(_ offset: Int) -> Int {
            var position = offset
            for _ in 0 ..< 2 {
                while position > 0, WordSegmentation.isSeparator(units[position - 1]) { position -= 1 }
                while position > 0, !WordSegmentation.isSeparator(units[position - 1]) { position -= 1 }
            }
            return max(0, min(position, offset - 32))
        }
        func after(_ offset: Int) -> Int {
            var position = offset
            for _ in 0 ..< 2 {
                while position < units.count, WordSegmentation.isSeparator(units[position]) { position += 1 }
                while position < units.count, !WordSegmentation.isSeparator(units[position]) { position += 1 }
            }
            return min(units.count, max(position, offset + 32))
        }
        var changes: [ReshapedWindow] = []
        for window in windows where !isUnchanged(window) {
            let lower = before(window.new.lowerBound), upper = after(window.new.upperBound)
            // Outside the window the text only moved, by the window's shift on that side.
            let change: ReshapedWindow = (
                lower ..< upper,
                lower - (window.new.lowerBound - window.old.lowerBound) ..< upper
                    - (window.new.upperBound - window.old.upperBound)
            )
            if let last = changes.last, change.new.lowerBound <= last.new.upperBound {
                let upper =
                    change.new.upperBound >= last.new.upperBound
                    ? (change.new.upperBound, change.old.upperBound) : (last.new.upperBound, last.old.upperBound)
                changes[changes.count - 1] = (last.new.lowerBound ..< upper.0, last.old.lowerBound ..< upper.1)
            } else {
                changes.append(change)
            }
        }
        return changes
    }
}
