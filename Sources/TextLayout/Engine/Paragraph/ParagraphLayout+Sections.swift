import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// How long paragraphs are laid out in sections (see ``LineSections``): what typing in a
/// paragraph of 5 MB costs follows these, not the paragraph's length.
struct SectionPolicy: Sendable, Equatable {
    /// Plain paragraphs at least this long (UTF-16 units) are laid out in sections.
    var minimumParagraphLength = 65_536
    /// A section ends at the first line start at least this far into it.
    var sectionLength = 16_384
    /// Text shaped past what a section's lines need, so that its last lines break as they do in
    /// the whole paragraph.
    var lookahead = 1_024
    /// How far from the end of its shaping a line must end (unless that is the paragraph's
    /// end), and how far past an edit the old shaping and the old lines hold again.
    var margin = 128
    /// Lines broken again past an edit before the old lines below are kept, joined by a short
    /// line (a junction) that is broken again when it comes into view.
    var reflowLines = 96
    /// How much of a paragraph's start is read to find its direction (its first strong letter).
    var directionScanLength = 65_536
}

/// How far breaking lines goes on after an edit, past the lines it changed.
enum SectionReflow: Sendable, Equatable {
    /// At most this many lines past the edit.
    case lines(Int)
    /// Until a line's top is below this y (fragment coordinates); infinity: to the end.
    case through(CGFloat)
}

extension ParagraphLayout {
    /// Whether `paragraph` is laid out in sections: long text without attributes, in a
    /// container whose lines depend on their text alone (see ``LineGeometry``).
    func laysOutInSections(_ paragraph: TextParagraph) -> Bool {
        // The length first: most paragraphs are short, and it is O(1).
        guard paragraph.utf16Count >= sectionPolicy.minimumParagraphLength,
            plainRuns != nil, LineGeometry(container, insets: insets) != nil
        else { return false }
        if paragraph.plainUTF16(in: 0 ..< 0) != nil { return true }
        // With attributes: lines that wrap, and left tab stops only (a right or centre stop lines
        // text up with what follows it, so a line could depend on text past its section).
        let style = Self.style(of: paragraph)
        return style.wrapsLines && style.tabStops.allSatisfy { $0.alignment == .left }
    }

    /// The paragraph's style (its first run's, for text with attributes).
    static func style(of paragraph: TextParagraph) -> ParagraphStyle {
        guard paragraph.plainUTF16(in: 0 ..< 0) == nil else { return .default }
        return paragraph.attributedString.runs.first.flatMap { ParagraphStyle(resolving: $0.attributes) } ?? .default
    }

    /// `paragraph` laid out afresh in sections, its top at `y`.
    func layoutInSections(
        _ paragraph: TextParagraph, at y: CGFloat, extraLineFragment: Bool
    ) throws(TextLayoutError) -> TextLayoutFragment {
        let length = paragraph.utf16Count
        let style = Self.style(of: paragraph)
        var builder = SectionBuilder(
            layout: self, paragraph: paragraph, length: length, style: style,
            isRightToLeft: naturalIsRightToLeft(paragraph, length: length, style: style), y: topSpacing(style))
        var start = 0
        var size = sectionPolicy.sectionLength
        while start < length {
            if builder.ownedLength(before: start) >= sectionPolicy.sectionLength { builder.close() }
            if !builder.hasSource { try builder.openFresh(at: start, through: start + size) }
            if let end = try builder.breakLine(at: start) {
                start = end
                size = sectionPolicy.sectionLength
            } else {
                // A line longer than what was shaped for it: shape more.
                if !builder.hasLines { size *= 2 }
                builder.close()
            }
        }
        return builder.fragment(at: y, extraLineFragment: extraLineFragment)
    }

    /// `paragraph` laid out again after `edit` (nil: no edit, the same lines where `old` put
    /// them), from `old`, its sections before: lines are broken again from two lines above the
    /// edit until they meet a line start of `old` past it, or as far as `reflow` says, and
    /// junctions of `old` the breaking passes are gone. What is shaped again is the edit's
    /// stretch and some text around it.
    func relayoutInSections(
        _ paragraph: TextParagraph, old: LineSections, edit: ParagraphEdit?, at y: CGFloat, extraLineFragment: Bool,
        reflow: SectionReflow
    ) throws(TextLayoutError) -> TextLayoutFragment {
        guard old.lineCount > 0 else {
            return try layoutInSections(paragraph, at: y, extraLineFragment: extraLineFragment)
        }
        let length = paragraph.utf16Count
        let edit = edit ?? ParagraphEdit(range: length ..< length, replacementLength: 0)
        // An edit of most of the paragraph (replace all) leaves nothing worth keeping.
        if edit.replacementLength > length / 2 {
            return try layoutInSections(paragraph, at: y, extraLineFragment: extraLineFragment)
        }
        if let fragment = try relayoutInSections(
            paragraph, old: old, edit: edit, madeBefore: nil, at: y, extraLineFragment: extraLineFragment,
            reflow: reflow)
        {
            return fragment
        }
        return try layoutInSections(paragraph, at: y, extraLineFragment: extraLineFragment)
    }

    /// `paragraph` laid out again after `edits` (sorted, disjoint, in `old`'s offsets, as
    /// `ParagraphLayoutState` gathers them): edits far apart (several carets, a find and replace) one at
    /// a time, the last first, each as a keystroke is, rather than as one edit covering the
    /// text between them, which would shape all of it again.
    func relayoutInSections(
        _ paragraph: TextParagraph, old: LineSections, edits: [ParagraphEdit], at y: CGFloat, extraLineFragment: Bool,
        reflow: SectionReflow
    ) throws(TextLayoutError) -> TextLayoutFragment {
        let length = paragraph.utf16Count
        // Edits closer than this are laid out as one: breaking lines again from two lines above
        // an edit, with text shaped before its line, reads that far back.
        let gap = 4 * sectionPolicy.lookahead
        var groups: [ParagraphEdit] = []
        for edit in edits {
            if let last = groups.last, edit.range.lowerBound - last.range.upperBound < gap {
                groups[groups.count - 1] = ParagraphEdit.covering([last, edit])!
            } else {
                groups.append(edit)
            }
        }
        guard groups.count > 1, old.lineCount > 0, groups.reduce(0, { $0 + $1.replacementLength }) <= length / 2 else {
            return try relayoutInSections(
                paragraph, old: old, edit: ParagraphEdit.covering(edits), at: y,
                extraLineFragment: extraLineFragment, reflow: reflow)
        }
        // The last edit first: the text with it made and not the others is the paragraph's text
        // moved by the others' change in length, from the end of the one before it on.
        var lines = old
        var shift = groups.dropLast().reduce(0) { $0 + $1.delta }
        for index in groups.indices.reversed() {
            let edit = groups[index]
            let made = index > 0 ? (floor: groups[index - 1].range.upperBound, shift: shift) : nil
            guard
                let fragment = try relayoutInSections(
                    paragraph, old: lines, edit: edit, madeBefore: made, at: y,
                    extraLineFragment: extraLineFragment, reflow: reflow)
            else { break }
            if index == 0 { return fragment }
            guard let next = fragment.lineSections else { break }
            lines = next
            shift -= groups[index - 1].delta
        }
        // An edit's lines start too close to the one before it (long lines): as one edit.
        return try relayoutInSections(
            paragraph, old: old, edit: ParagraphEdit.covering(edits), at: y,
            extraLineFragment: extraLineFragment, reflow: reflow)
    }

    /// `paragraph` laid out again after one edit, from `old`. With `madeBefore`, edits before
    /// this one are not made yet: the text laid out is the paragraph's moved by `shift` (their
    /// change in length), and only from `floor` on (the end of the last of them, in that text's
    /// offsets) may it be read; nil when it would have to be read before that.
    private func relayoutInSections(
        _ paragraph: TextParagraph, old: LineSections, edit: ParagraphEdit, madeBefore: (floor: Int, shift: Int)?,
        at y: CGFloat,
        extraLineFragment: Bool, reflow: SectionReflow
    ) throws(TextLayoutError) -> TextLayoutFragment? {
        let length = paragraph.utf16Count - (madeBefore?.shift ?? 0)
        let policy = sectionPolicy
        let style = Self.style(of: paragraph)
        // An edit near the start can change the paragraph's direction, and with it every line:
        // they are broken again from the first, a few only (each is shaped anew; the viewport
        // breaks as many as it shows). The old lines below stay behind a junction, in the old
        // direction, until the viewport or `ensureLayout` reaches them; new lines never join
        // them nor use their shapings. (Only the first edit can be near the start.)
        let isRightToLeft =
            madeBefore == nil && edit.range.lowerBound < policy.directionScanLength
            ? naturalIsRightToLeft(paragraph, length: length, style: style) : old.isRightToLeft
        let turned = isRightToLeft != old.isRightToLeft
        var reflow = reflow
        if turned, case .lines(let limit) = reflow { reflow = .lines(min(limit, 2)) }
        let delta = edit.delta
        let restartLine = turned ? 0 : max(0, old.lineIndex(reaching: edit.range.lowerBound) - 2)
        let restart = restartLine == 0 ? 0 : old.lineRange(at: restartLine).lowerBound
        if let madeBefore, restart - policy.lookahead < madeBefore.floor { return nil }
        var builder = SectionBuilder(
            layout: self, paragraph: paragraph, length: length, style: style, isRightToLeft: isRightToLeft,
            y: restartLine == 0 ? topSpacing(style) : old.lineBounds(at: restartLine).minY)
        builder.textShift = madeBefore?.shift ?? 0
        builder.keep(old, linesBefore: restartLine, editedAt: edit.range.lowerBound)
        builder.junctions = old.junctions.filter { $0 < restart }

        // New offsets; the old text from `trusted` on (old offsets) is the new text, moved.
        let editEnd = edit.range.lowerBound + edit.replacementLength
        let trusted = edit.range.upperBound + policy.margin
        var start = restart
        var linesPastEdit = 0
        // Text shaped anew past the edit's stretch (see below), and the lines broken in it.
        var freshSize = 0
        var linesInFresh = 0
        if edit.range.isEmpty, edit.replacementLength == 0,
            let section = old.sectionShaping(start, margin: policy.margin, length: length, isRightToLeft: isRightToLeft)
        {
            // No text changed (lines broken through a junction): in the old shaping.
            builder.open(section, movedBy: 0, editEnd: 0)
        } else if start < length {
            try builder.openFresh(at: start, through: max(editEnd, start))
        }
        while start < length {
            let oldStart = start - delta
            if oldStart >= trusted {
                if let kept = old.lineIndex(startingAt: oldStart), old.isRightToLeft(line: kept) == isRightToLeft {
                    // The old lines from here are what breaking them again would give.
                    builder.attach(old, from: kept, movedBy: delta, editEnd: editEnd)
                    return builder.fragment(at: y, extraLineFragment: extraLineFragment)
                }
                var done: Bool
                var reachesOtherDirection = false
                switch reflow {
                case .lines(let limit):
                    // Old lines of the other direction (below a turn) are broken again when shown,
                    // not by edits above them.
                    reachesOtherDirection = old.isRightToLeft(line: old.lineIndex(reaching: oldStart)) != isRightToLeft
                    done = linesPastEdit >= limit || reachesOtherDirection
                case .through(let bottom): done = builder.y > bottom
                }
                // After an edit in the paragraph's direction, an old junction a few lines below is
                // broken through too: typing in one place would otherwise leave a junction a
                // keystroke. (A viewport needs its lines only; after a turn, the lines below
                // are the old direction's whatever is broken.)
                if done, !turned, !reachesOtherDirection, case .lines = reflow,
                    let next = old.junctions.first(where: { $0 >= oldStart }),
                    let nextLine = old.lineIndex(startingAt: next),
                    nextLine - old.lineIndex(reaching: oldStart) <= policy.reflowLines
                {
                    done = false
                }
                if done {
                    // Keep the old lines below, joined by a short line to the old line start
                    // after this one.
                    let line = old.lineIndex(reaching: oldStart)
                    let joinedAt = old.lineRange(at: line).upperBound
                    let (section, _) = old.position(ofLine: line)
                    if old.sections[section].isRightToLeft == isRightToLeft {
                        builder.open(old.sections[section], movedBy: delta, editEnd: editEnd)
                    } else if !builder.holds(start ..< joinedAt + delta) {
                        try builder.openFresh(at: start, through: joinedAt + delta)
                    }
                    builder.appendJunction(from: start, to: joinedAt + delta)
                    builder.attach(old, from: line + 1, movedBy: delta, editEnd: editEnd, afterJunction: true)
                    return builder.fragment(at: y, extraLineFragment: extraLineFragment)
                }
            }
            if let end = try builder.breakLine(at: start) {
                start = end
                if start > editEnd { linesPastEdit += 1 }
                linesInFresh += 1
                continue
            }
            // The shaping in use ends too soon for this line: the old one where it holds, else new.
            if oldStart >= trusted,
                let section = old.sectionShaping(
                    oldStart, margin: policy.margin, length: length - delta, isRightToLeft: isRightToLeft),
                !builder.isShowing(section, movedBy: delta)
            {
                builder.open(section, movedBy: delta, editEnd: editEnd)
                continue
            }
            // Else new: a few lines' worth first (a keystroke's lines, or a viewport's, need no
            // more), twice as much each time more is needed, up to a section's length, past it
            // only for a line longer than what was shaped for it.
            if freshSize == 0 {
                freshSize = 2 * policy.lookahead
            } else {
                freshSize = linesInFresh == 0 ? 2 * freshSize : min(2 * freshSize, max(freshSize, policy.sectionLength))
            }
            linesInFresh = 0
            // Shaped from a little before the line too (for edits a line or two above it), unless
            // the shaping in use holds that text.
            let preroll = builder.holds(max(0, start - policy.lookahead) ..< start) ? 0 : policy.lookahead
            try builder.openFresh(at: start, through: start + freshSize, preroll: preroll)
        }
        return builder.fragment(at: y, extraLineFragment: extraLineFragment)
    }

    /// The space above the first line: the paragraph's spacing before and the top margin.
    private func topSpacing(_ style: ParagraphStyle) -> CGFloat {
        Self.spacing(style.paragraphSpacingBefore) + insets.top
    }

    /// Whether the paragraph reads right to left: its first strong letter's direction, looked
    /// for in its first ``SectionPolicy/directionScanLength`` units (left to right without one).
    func naturalIsRightToLeft(_ paragraph: TextParagraph, length: Int, style: ParagraphStyle) -> Bool {
        switch style.baseWritingDirection {
        case .leftToRight: return false
        case .rightToLeft: return true
        case .natural: break
        }
        // Read in growing stretches: the first letter is mostly in the first few units.
        let limit = min(length, sectionPolicy.directionScanLength)
        var start = 0, size = 256
        while start < limit {
            let end = min(limit, start + size)
            // A stretch ends before a lead surrogate, so that no pair is cut in two.
            guard
                var units = paragraph.plainUTF16(in: start ..< end)
                    ?? Self.attributedUnits(of: paragraph, in: start ..< end)
            else { return false }
            if end < length, units.count > 1, let last = units.last, UTF16.isLeadSurrogate(last) { units.removeLast() }
            guard !units.isEmpty else { break }
            if let found = Self.firstStrongDirection(units) { return found }
            start += units.count
            size *= 4
        }
        return false
    }

    /// Whether the first strong letter of `units` is right to left; nil without one.
    private static func firstStrongDirection(_ units: [UInt16]) -> Bool? {
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                if (0x41 ... 0x5A).contains(value) || (0x61 ... 0x7A).contains(value) { return false }
                continue
            }
            guard scalar.properties.isAlphabetic, !scalar.properties.generalCategory.isMark else { continue }
            // Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan, Mandaic and their presentation
            // forms and supplements: the scripts whose letters are strong right to left.
            return (0x0590 ... 0x08FF).contains(value) || (0xFB1D ... 0xFDFF).contains(value)
                || (0xFE70 ... 0xFEFF).contains(value)
                || (0x10800 ... 0x10FFF).contains(value) || (0x1E800 ... 0x1EFFF).contains(value)
        }
        return nil
    }
}

extension ParagraphLayout {
    /// The UTF-16 of `range` of a paragraph with attributes (its edges rounded to scalars).
    static func attributedUnits(of paragraph: TextParagraph, in range: Range<Int>) -> [UInt16]? {
        let text = paragraph.attributedString
        let utf16 = text.utf16
        let lower = utf16.index(text.startIndex, offsetBy: range.lowerBound)
        let slice = text[lower ..< utf16.index(lower, offsetBy: range.count)]
        return Array(String(String.UnicodeScalarView(slice.unicodeScalars)).utf16)
    }
}

private extension Unicode.GeneralCategory {
    var isMark: Bool { self == .nonspacingMark || self == .spacingMark || self == .enclosingMark }
}

extension LineSections {
    /// The section holding offset `offset` in its lines, when its shaping's text reaches
    /// `margin` units past it (or the end of the paragraph, `length` units): one whose shaping
    /// can break the line there, in a paragraph of direction `isRightToLeft`.
    func sectionShaping(_ offset: Int, margin: Int, length: Int, isRightToLeft: Bool) -> LineSection? {
        let (section, _) = position(ofLine: lineIndex(reaching: offset))
        // The section of the line, or one just after it whose shaping starts earlier than its
        // lines: the one whose shaping reaches farthest.
        let candidates = sections[section ..< min(sections.count, section + 3)].filter {
            offset >= $0.validStart && ($0.validEnd - offset > margin || $0.validEnd >= length)
                && $0.isRightToLeft == isRightToLeft
        }
        return candidates.max { $0.validEnd < $1.validEnd }
    }
}
