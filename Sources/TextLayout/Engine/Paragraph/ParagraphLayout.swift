import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// Lays out one paragraph. A pure function of the paragraph, the container, the default
/// font and the font resolution context, so it can run on any thread; the shaping inside it is
/// cached by the shaper.
struct ParagraphLayout {
    let container: TextContainer
    /// The fonts, the shaper and its caches.
    let typesetting: TypesettingContext
    let defaultFont: FontDescriptor
    /// What the fonts are resolved in: semantic sizes, system families, the default language.
    let fontContext: FontResolutionContext
    /// Reusable analysis objects; one thread at a time.
    let scratch: LayoutScratch
    /// The paddings and margins of the fragment's kind (``TextLayoutFragment/leadingPadding``
    /// and the others): lines are inset by the paddings, and the margins are added above the
    /// first line and below the last.
    var insets = FragmentInsets.zero
    /// How long paragraphs are laid out in sections.
    var sectionPolicy = SectionPolicy()
    /// The paragraphs ahead of a long walk, laid out on another core (see ``ParagraphLookahead``).
    var lookahead: ParagraphLookahead?
    /// The runs of plain paragraphs, in `defaultFont` validated once for all the paragraphs
    /// this layout reads; nil when it cannot be used.
    let plainRuns: PlainAttributeRuns?

    init(
        container: TextContainer, typesetting: TypesettingContext, defaultFont: FontDescriptor,
        fontContext: FontResolutionContext = .standard, scratch: LayoutScratch
    ) {
        self.container = container
        self.typesetting = typesetting
        self.defaultFont = defaultFont
        self.fontContext = fontContext
        self.scratch = scratch
        let request = try? FontRequest(defaultFont, in: fontContext, matcher: typesetting.fontMatcher)
        let language = fontContext.language
        if let request {
            let runs =
                scratch.plainRuns
                ?? PlainAttributeRuns(font: request, features: defaultFont.features, language: language)
            runs.use(font: request, features: defaultFont.features, language: language)
            scratch.plainRuns = runs
            plainRuns = runs
        } else {
            plainRuns = nil
        }
        scratch.recentParagraphs.use(font: request, features: defaultFont.features, language: language)
        scratch.repeatedParagraphs.use(font: request, features: defaultFont.features, language: language)
    }

    /// The paragraph's fragment with its top at `y` (container coordinates).
    func layout(
        _ paragraph: TextParagraph, at y: CGFloat, extraLineFragment: Bool = false
    ) throws(TextLayoutError) -> TextLayoutFragment {
        try layout(paragraph, shaped: try shape(paragraph), at: y, extraLineFragment: extraLineFragment)
    }

    /// The paragraph read and shaped: what laying it out at any width starts from.
    func shape(_ paragraph: TextParagraph) throws(TextLayoutError) -> ShapedParagraph {
        try scratch.recentParagraphs.shaped(paragraph) { () throws(TextLayoutError) in
            try content(of: paragraph)
        } else: { (content) throws(TextLayoutError) in
            try ShapedParagraph(content, scratch: scratch, shaper: typesetting.shaper)
        }
    }

    /// The paragraph read and shaped, reusing `previous`, its shaping before `edits`, where it
    /// can; then with the stretches shaped again (outside them the shaping only moved).
    func shape(
        _ paragraph: TextParagraph, after edits: [ParagraphEdit], of previous: ShapedParagraph
    )
        throws(TextLayoutError) -> (paragraph: ShapedParagraph, windows: [ReshapedWindow]?)
    {
        let content = try content(of: paragraph)
        if let reshaped = try ShapedParagraph.reshapedWithWindows(
            content, from: previous, edits: edits, scratch: scratch, shaper: typesetting.shaper)
        {
            return reshaped
        }
        return (try ShapedParagraph(content, scratch: scratch, shaper: typesetting.shaper), nil)
    }

    private func content(of paragraph: TextParagraph) throws(TextLayoutError) -> ParagraphContent {
        guard let plainRuns else {
            // The default font's error.
            return try ParagraphContent(
                paragraph, defaultFont: defaultFont, context: fontContext, matcher: typesetting.fontMatcher,
                container: container)
        }
        return try ParagraphContent(
            paragraph, defaultFont: defaultFont, context: fontContext, matcher: typesetting.fontMatcher,
            plainRuns: plainRuns, container: container)
    }

    /// With `lineLimit`, at most that many lines (what the container's `maximumNumberOfLines`
    /// leaves after the paragraphs above); with a limit of 0 the fragment has no lines.
    func layout(
        _ paragraph: TextParagraph, shaped: ShapedParagraph, at y: CGFloat, extraLineFragment: Bool,
        lineLimit: Int? = nil
    ) throws(TextLayoutError) -> TextLayoutFragment {
        try layout(
            paragraph, shaped: shaped, at: y, from: 0, bottom: nil, extraLineFragment: extraLineFragment,
            lineLimit: lineLimit
        ).fragment
    }

    /// The lines of the paragraph from offset `start` (a line boundary; 0 for the whole
    /// paragraph) with their top at `y`. With `bottom`, stops before the first line that would
    /// end below it (the first line at the top of a page is always kept, so that a line taller
    /// than a page still goes somewhere) and returns where the rest starts: how pages are filled.
    func layout(
        _ paragraph: TextParagraph, shaped: ShapedParagraph, at y: CGFloat, from firstStart: Int, bottom: CGFloat?,
        extraLineFragment: Bool,
        lineLimit: Int? = nil
    ) throws(TextLayoutError) -> (fragment: TextLayoutFragment, rest: Int?) {
        let containerWidth = container.layoutWidth
        if lineLimit == 0 {
            // The container's lines are used up above: the paragraph shows nothing.
            let frame = CGRect(x: 0, y: y, width: containerWidth.isFinite ? containerWidth : 0, height: 0)
            return (
                TextLayoutFragment(
                    textElement: paragraph, layoutFragmentFrame: frame, renderingSurfaceBounds: nil,
                    lines: LineRecords(),
                    shaped: shaped), nil
            )
        }
        let stacked = try lines(
            of: shaped, at: y, from: firstStart, bottom: bottom, extraLineFragment: extraLineFragment,
            lineLimit: lineLimit)
        let frameWidth =
            containerWidth.isFinite
            ? containerWidth
            : stacked.lines.reduce(0) { max($0, $1.typographicBounds.maxX) } + insets.trailing
        let frame = CGRect(x: 0, y: y, width: frameWidth, height: stacked.height)
        return (
            TextLayoutFragment(
                textElement: paragraph, layoutFragmentFrame: frame, renderingSurfaceBounds: nil, lines: stacked.lines,
                shaped: shaped), stacked.rest
        )
    }

    /// The lines of `shaped` from offset `start` with the paragraph's top at `y`, in fragment
    /// coordinates, and how tall they make the fragment (what `layout(_:shaped:at:from:...)` makes
    /// its fragment of).
    func lines(
        of shaped: ShapedParagraph, at y: CGFloat, from firstStart: Int, bottom: CGFloat?, extraLineFragment: Bool,
        lineLimit: Int?
    ) throws(TextLayoutError) -> (lines: LineRecords, height: CGFloat, rest: Int?) {
        var stack = LineStack(
            self, shaped: shaped, at: y, from: firstStart, bottom: bottom,
            maximumLines: lineLimit ?? container.maximumNumberOfLines)
        try stack.fill()
        var (lines, top, rest) = (stack.lines, stack.top, stack.rest)
        if extraLineFragment, rest == nil {
            let line = extraLine(at: top, in: shaped)
            lines.append(line)
            top += line.typographicBounds.height
        }
        if rest == nil { top += Self.spacing(shaped.content.style.paragraphSpacing) + insets.bottom }
        return (lines, top, rest)
    }

    /// The empty line after the document's final break (TextKit's extra line fragment), its top
    /// at `top`: only a caret, at the paragraph's length.
    func extraLine(at top: CGFloat, in shaped: ShapedParagraph) -> LineRecord {
        let style = shaped.content.style
        let rightToLeft = shaped.levels.isRightToLeft
        let containerWidth = container.layoutWidth
        let margins = self.margins(style: style, firstLine: false, rightToLeft: rightToLeft, width: containerWidth)
        let metrics = lineHeight(
            ascent: CGFloat(shaped.defaultMetrics.ascent), descent: CGFloat(shaped.defaultMetrics.descent),
            leading: CGFloat(shaped.defaultMetrics.leading), style: style)
        let x = rightToLeft ? margins.upperBound - margins.lowerBound : 0
        return LineRecord(
            typographicBounds: CGRect(
                x: margins.lowerBound, y: top,
                width: containerWidth.isFinite ? margins.upperBound - margins.lowerBound : 0,
                height: metrics.height),
            glyphOriginX: x, baseline: metrics.baseline, placement: .extraLine(at: shaped.content.units.count, x: x))
    }

    /// A document's paragraph spacing as layout uses it: NaN is 0 and the size is bounded by
    /// what the layout tree counts for a paragraph, so that an absurd (or infinite) spacing makes
    /// a document too tall to draw, a clear error, rather than text placed where nothing counts.
    static func spacing(_ points: Double) -> CGFloat {
        guard !points.isNaN else { return 0 }
        return min(max(CGFloat(points), -LayoutHeight.maximumParagraphPoints), LayoutHeight.maximumParagraphPoints)
    }

    /// What a line too wide for `width` hides for its ellipsis (U+2026, in the font of the text
    /// it replaces), by the container's mode: its end, its start or its middle. Nil when the
    /// ellipsis cannot be shaped; the line is then clipped.
    func truncation(of span: LineSpan, in shaped: ShapedParagraph, width: CGFloat) -> LinePlacer.Truncation? {
        let content = shaped.content
        let end = min(span.hangStart, content.contentLength)
        let boundaries = (span.range.lowerBound ... end).filter { shaped.isGraphemeBoundary($0) }
        guard boundaries.count > 1 else { return nil }
        var prefix = [CGFloat](repeating: 0, count: content.units.count + 1)
        for i in 0 ..< content.units.count { prefix[i + 1] = prefix[i] + CGFloat(shaped.advances[i]) }
        func measure(_ range: Range<Int>) -> CGFloat { prefix[range.upperBound] - prefix[range.lowerBound] }

        let cut: Int
        switch container.lineBreakMode {
        case .byTruncatingHead: cut = boundaries.last!
        case .byTruncatingMiddle: cut = boundaries[boundaries.count / 2]
        default: cut = boundaries.first!
        }
        let run = content.runs.first { $0.range.contains(cut) } ?? content.runs.first
        guard let run,
            let ellipsis = try? typesetting.shaper.shape(
                text: [0x2026], range: 0 ..< 1, request: run.font, features: run.features, language: run.language
            ).first
        else {
            return nil
        }
        let available = width - CGFloat(ellipsis.advance)
        let start = boundaries.first!
        var hidden: Range<Int>
        switch container.lineBreakMode {
        case .byTruncatingHead:
            let keep = boundaries.first { measure($0 ..< end) <= available } ?? end
            hidden = start ..< max(start, keep)
        case .byTruncatingMiddle:
            let left = boundaries.last { measure(start ..< $0) <= available / 2 } ?? start
            let right =
                boundaries.first {
                    $0 >= left && measure(left ..< $0) >= 0
                        && measure(start ..< left) + measure($0 ..< end) <= available
                } ?? end
            hidden = left ..< max(left, right)
        default:
            let keep = boundaries.last { measure(start ..< $0) <= available } ?? start
            hidden = keep ..< end
        }
        if hidden.isEmpty { hidden = boundaries[boundaries.count - 2] ..< end }
        return LinePlacer.Truncation(hidden: hidden, ellipsis: ellipsis)
    }

    /// The x range lines may use: indents and padding taken off the container's width.
    func margins(style: ParagraphStyle, firstLine: Bool, rightToLeft: Bool, width: CGFloat) -> ClosedRange<CGFloat> {
        let padding = container.lineFragmentPadding
        let head = CGFloat(firstLine ? style.firstLineHeadIndent : style.headIndent) + insets.leading
        let tail = CGFloat(style.tailIndent)
        guard width.isFinite else { return padding + head ... .infinity }
        var leading = padding + head
        var trailing = (tail > 0 ? padding + tail : width - padding + tail) - insets.trailing
        trailing = max(leading, trailing)
        if rightToLeft {
            (leading, trailing) = (width - trailing, width - leading)
        }
        leading = min(max(0, leading), width)
        return leading ... max(leading, min(width, trailing))
    }

    /// A line's height and baseline for the paragraph's line-height mode.
    func lineHeight(
        ascent: CGFloat, descent: CGFloat, leading: CGFloat, style: ParagraphStyle
    ) -> (height: CGFloat, baseline: CGFloat) {
        let natural = ascent + descent + leading
        let height: CGFloat
        switch style.lineHeight {
        // The line's own fonts decide: ascent, descent and gap of the runs placed on it.
        case .normal, .variable: return (natural, ascent)
        case .tight: height = natural * 0.9
        case .loose: height = natural * 1.3
        case .multiple(let factor): height = natural * CGFloat(factor)
        case .leading(let increase): height = natural + CGFloat(increase)
        case .exact(let points): height = CGFloat(points)
        }
        let clamped = height.isFinite ? max(0, height) : natural
        return (clamped, (clamped - (ascent + descent)) / 2 + ascent)
    }
}
