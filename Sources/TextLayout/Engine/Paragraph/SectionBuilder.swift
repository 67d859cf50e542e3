import Foundation
@_spi(Typesetting) import TextTypography
@_spi(Layout) import TextContent

/// Breaks a long paragraph's lines into sections (see ``LineSections``): lines are broken in
/// one shaping at a time (the source), a section a source, top to bottom.
struct SectionBuilder {
    let layout: ParagraphLayout
    let paragraph: TextParagraph
    /// The length in UTF-16 units of the text laid out: the paragraph's, or, while edits far
    /// apart are laid out one at a time, that of the text with only some of them made.
    let length: Int
    /// How far the paragraph's text is from the text laid out, where that is read: the edits
    /// not made yet (those before what is read) changed its length by this much.
    var textShift = 0
    /// The paragraph's style (its spacing above and below; its runs' styles are the sections').
    let style: ParagraphStyle
    let isRightToLeft: Bool
    /// Sections done, top to bottom.
    private(set) var sections: [LineSection] = []
    /// Paragraph offsets where junction lines start (see ``LineSections``).
    var junctions: [Int] = []
    /// The fragment y of the next line's top.
    private(set) var y: CGFloat

    /// The shaping lines are being broken in, and the lines broken in it so far.
    private struct Source {
        let shaped: ShapedParagraph
        let unitOffset: Int
        let breaker: LineBreaker
        let placer: LinePlacer
        let top: CGFloat
        /// The paragraph offsets where `shaped`'s text is the paragraph's.
        let validStart: Int
        let validEnd: Int
        var lines = LineRecords()
        /// How much of `shaped` can be read, from its start.
        var count: Int { validEnd - unitOffset }
    }
    private var source: Source?

    init(
        layout: ParagraphLayout, paragraph: TextParagraph, length: Int, style: ParagraphStyle, isRightToLeft: Bool,
        y: CGFloat
    ) {
        self.layout = layout
        self.paragraph = paragraph
        self.length = length
        self.style = style
        self.isRightToLeft = isRightToLeft
        self.y = y
    }

    var hasSource: Bool { source != nil }
    var hasLines: Bool { source.map { !$0.lines.isEmpty } ?? false }

    /// How much of the paragraph the current source's lines hold before `offset`.
    func ownedLength(before offset: Int) -> Int {
        guard let source, let first = source.lines.first else { return 0 }
        return offset - (first.characterRange.lowerBound + source.unitOffset)
    }

    /// Whether lines are being broken in `section`'s shaping, moved by `delta`.
    func isShowing(_ section: LineSection, movedBy delta: Int) -> Bool {
        guard let source else { return false }
        return source.shaped === section.shaped && source.unitOffset == section.unitOffset + delta
    }

    /// Whether the current source's text is the paragraph's throughout `range`.
    func holds(_ range: Range<Int>) -> Bool {
        guard let source else { return false }
        return range.lowerBound >= source.validStart && range.upperBound <= source.validEnd
    }

    /// Ends the current source's section.
    mutating func close() {
        guard let source else { return }
        self.source = nil
        if !source.lines.isEmpty {
            sections.append(
                LineSection(
                    shaped: source.shaped, lines: source.lines, unitOffset: source.unitOffset, top: source.top,
                    valid: source.validStart ..< source.validEnd))
        }
    }

    /// Breaks lines from now on in `shaped`, whose offset 0 is paragraph offset `unitOffset`
    /// and whose text is the paragraph's up to `validEnd`.
    private mutating func open(_ shaped: ShapedParagraph, unitOffset: Int, valid: Range<Int>) {
        close()
        let tabs = TabStops(of: shaped)
        let mode = layout.container.lineBreakMode
        source = Source(
            shaped: shaped, unitOffset: unitOffset,
            breaker: LineBreaker(paragraph: shaped, mode: mode, tabStops: tabs, scratch: layout.scratch),
            placer: LinePlacer(paragraph: shaped, tabStops: tabs), top: y, validStart: valid.lowerBound,
            validEnd: min(valid.upperBound, unitOffset + shaped.content.units.count))
    }

    /// Breaks lines from now on in `section`'s shaping, its text moved by `delta` by an edit
    /// ending at `editEnd` (new offsets) before the lines to break.
    mutating func open(_ section: LineSection, movedBy delta: Int, editEnd: Int) {
        let moved = section.moved(by: delta, dy: 0, editEnd: editEnd)
        open(section.shaped, unitOffset: moved.unitOffset, valid: moved.validStart ..< moved.validEnd)
    }

    /// Shapes the paragraph's text from `start` through `end` and the lookahead after it, and
    /// breaks lines in it from now on. With `preroll`, the shaping starts that far before
    /// `start`, so that later edits whose lines start a little earlier can use it too.
    mutating func openFresh(at start: Int, through end: Int, preroll: Int = 0) throws(TextLayoutError) {
        let policy = layout.sectionPolicy
        var upper = min(length, max(end, start) + policy.lookahead)
        // No short stretch left over at the end.
        if length - upper < policy.lookahead { upper = length }
        var lower = max(0, start - preroll)
        let content: ParagraphContent
        if var units = paragraph.plainUTF16(in: lower + textShift ..< upper + textShift) {
            guard units.count == upper - lower, let runs = layout.plainRuns else {
                throw .shapingFailed(reason: "the paragraph's text changed while it was laid out")
            }
            // Not from the second half of a surrogate pair.
            if lower < start, let first = units.first, UTF16.isTrailSurrogate(first) {
                units.removeFirst()
                lower += 1
            }
            content = ParagraphContent(section: units, isRightToLeft: isRightToLeft, plainRuns: runs)
        } else {
            // With attributes: a slice of the AttributedString from `start` (a line start, where a
            // cluster starts: no text before it), its text copied by characters, a chunk of the
            // rope at a time; where those end is where the slice ends (a cluster's end).
            lower = start
            let text = paragraph.attributedString
            let utf16 = text.utf16
            let from = utf16.index(text.startIndex, offsetBy: lower + textShift)
            var slice = text[from ..< utf16.index(from, offsetBy: upper - lower)]
            let string = String(slice.characters[...])
            let count = string.utf16.count
            if count != upper - lower { slice = text[from ..< utf16.index(from, offsetBy: count)] }
            content = try ParagraphContent(
                section: slice, string: string, defaultFont: layout.defaultFont, context: layout.fontContext,
                matcher: layout.typesetting.fontMatcher, isRightToLeft: isRightToLeft)
            upper = lower + content.units.count
            guard upper > start else {
                throw .shapingFailed(reason: "the paragraph's text changed while it was laid out")
            }
        }
        open(
            try ShapedParagraph(content, scratch: layout.scratch, shaper: layout.typesetting.shaper), unitOffset: lower,
            valid: lower ..< upper)
    }

    /// Breaks the line starting at paragraph offset `start` in the current source and returns
    /// where it ends; nil when the source cannot say (its shaping ends too close to the line's
    /// end, or does not hold `start`).
    mutating func breakLine(at start: Int) throws(TextLayoutError) -> Int? {
        guard var source else { return nil }
        let local = start - source.unitOffset
        let isFinal = source.unitOffset + source.count >= length
        guard start >= source.validStart, local < source.count else { return nil }
        self.source = nil // appended to in place
        defer { self.source = source }
        let style = source.shaped.content.style
        let margins = layout.margins(
            style: style, firstLine: start == 0, rightToLeft: isRightToLeft, width: layout.container.layoutWidth)
        let width = max(0, margins.upperBound - margins.lowerBound)
        let span = try source.breaker.nextLine(from: local, width: width)
        guard isFinal || span.range.upperBound + layout.sectionPolicy.margin <= source.count else { return nil }
        let request = LinePlacer.Request.span(
            span, width: width, isLastLine: isFinal && span.range.upperBound >= source.count, truncation: nil)
        append(request, margins: margins, width: width, to: &source)
        return span.range.upperBound + source.unitOffset
    }

    /// A line from `start` to `end` (paragraph offsets) in the current source, wherever the
    /// text would break: the short line that joins lines broken again to old lines kept below.
    mutating func appendJunction(from start: Int, to end: Int) {
        guard var source else { return }
        self.source = nil
        defer { self.source = source }
        let range = start - source.unitOffset ..< end - source.unitOffset
        let margins = layout.margins(
            style: source.shaped.content.style, firstLine: start == 0, rightToLeft: isRightToLeft,
            width: layout.container.layoutWidth)
        let width = max(0, margins.upperBound - margins.lowerBound)
        let request = LinePlacer.Request.span(
            source.breaker.span(range, hard: false), width: width, isLastLine: false, truncation: nil)
        append(request, margins: margins, width: width, to: &source)
        junctions.append(start)
    }

    private mutating func append(
        _ request: LinePlacer.Request, margins: ClosedRange<CGFloat>, width: CGFloat, to source: inout Source
    ) {
        let style = source.shaped.content.style
        let placed = source.placer.place(request)
        let metrics = layout.lineHeight(
            ascent: placed.ascent, descent: placed.descent, leading: placed.leading, style: style)
        source.lines.append(
            LineRecord(
                typographicBounds: CGRect(
                    x: margins.lowerBound, y: y - source.top, width: width, height: metrics.height),
                glyphOriginX: placed.items.first?.x ?? 0, baseline: metrics.baseline, placement: request))
        y += metrics.height
    }

    /// `old`'s lines before line `index`, as they were, their shapings' text good only before
    /// `edited` (where an edit starts).
    mutating func keep(_ old: LineSections, linesBefore index: Int, editedAt edited: Int) {
        guard index > 0 else { return }
        let (last, lineInLast) = old.position(ofLine: index)
        sections.append(contentsOf: old.sections[..<last].map { $0.valid(before: edited) })
        if lineInLast > 0 { sections.append(old.sections[last].lines(0 ..< lineInLast).valid(before: edited)) }
    }

    /// `old`'s lines from line `index` on, their text moved by `delta` (by an edit ending at
    /// `editEnd`, new offsets) and their tops to follow the lines above; and `old`'s junctions
    /// among them. The old document-end line is left out (``fragment(at:extraLineFragment:)``
    /// adds one if the paragraph still needs it). `afterJunction`: the last line is a junction.
    mutating func attach(
        _ old: LineSections, from index: Int, movedBy delta: Int, editEnd: Int, afterJunction: Bool = false
    ) {
        close()
        var count = old.lineCount
        if count > 0, case .extraLine = old.line(at: count - 1).line.placement { count -= 1 }
        guard index < count else { return }
        let start = old.lineRange(at: index).lowerBound
        let dy = y - old.lineBounds(at: index).minY
        let (first, lineInFirst) = old.position(ofLine: index)
        let (last, lineInLast) = old.position(ofLine: count - 1)
        var attached = Set(old.junctions.filter { $0 >= start }.map { $0 + delta })
        var isStale = afterJunction
        for section in first ... last {
            var kept = old.sections[section]
            if section == first || section == last {
                let lower = section == first ? lineInFirst : 0
                let upper = section == last ? lineInLast + 1 : kept.lines.count
                if lower > 0 || upper < kept.lines.count { kept = kept.lines(lower ..< upper) }
            }
            let moved = kept.moved(by: delta, dy: dy, editEnd: editEnd)
            // Lines of the paragraph's direction before an edit turned it, kept below a junction
            // then, go behind one again (lines broken again through that junction have met
            // old ones before them).
            if moved.isRightToLeft != isRightToLeft, !isStale, let line = moved.lines.first {
                attached.insert(line.characterRange.lowerBound + moved.unitOffset)
            }
            isStale = moved.isRightToLeft != isRightToLeft
            sections.append(moved)
        }
        y = old.lineBounds(at: count - 1).maxY + dy
        junctions += attached.sorted()
    }

    /// The fragment of the lines broken, its top at `y` in the container: with the empty line
    /// after the document's final break when `extraLineFragment`, and the space below.
    mutating func fragment(at top: CGFloat, extraLineFragment: Bool) -> TextLayoutFragment {
        close()
        if extraLineFragment, let last = sections.last {
            let line = layout.extraLine(at: 0, in: last.shaped)
            sections.append(
                LineSection(
                    shaped: last.shaped, lines: LineRecords([line]),
                    unitOffset: length - last.shaped.content.units.count,
                    top: y))
            y += line.typographicBounds.height
        }
        let height = y + ParagraphLayout.spacing(style.paragraphSpacing) + layout.insets.bottom
        let frame = CGRect(x: 0, y: top, width: layout.container.layoutWidth, height: height)
        let lines = LineSections(sections: sections, junctions: junctions, isRightToLeft: isRightToLeft)
        return TextLayoutFragment(textElement: paragraph, layoutFragmentFrame: frame, sections: lines)
    }
}
