import Foundation
import TextContent
@_spi(Rendering) import TextLayout
@_spi(Typesetting) import TextTypography

/// How a run of characters looks when drawn: what the content's attributes say, with the layout
/// manager's rendering attributes over them.
struct TextAppearance: Equatable {

    var foreground: TextColor = .black
    var background: TextColor?
    var underline: TextDecorationStyle?
    var underlineColor: TextColor?
    var strikethrough: TextDecorationStyle?
    var strikethroughColor: TextColor?
    var link: URL?
    /// A spelling or grammar mark (a rendering attribute only).
    var spellingState: SpellingState?
    /// The clause of marked text the run belongs to (a rendering attribute only).
    var markedClauseSegment: Int?
    /// How the glyphs themselves are drawn: fill, outline, skew, shadow.
    var glyphs = GlyphStyle()

    /// The look of text without attributes: `colors.text`.
    init(_ colors: TypesettingContext.Colors) {
        foreground = colors.text
        glyphs.fill = colors.text
    }

    init(_ run: AttributedString.Runs.Run, colors: TypesettingContext.Colors) {
        link = run.link
        // A link is styled as one unless the text says otherwise.
        foreground = run.foregroundColor ?? (link != nil ? colors.link : colors.text)
        background = run.backgroundColor
        underline = run.underlineStyle ?? (link != nil ? .single : nil)
        underlineColor = run.underlineColor
        strikethrough = run.strikethroughStyle
        strikethroughColor = run.strikethroughColor
        glyphs = GlyphStyle(
            fill: foreground, shadow: run.shadow, strokeColor: run.strokeColor,
            strokeWidth: run.strokeWidth.map(AttributeValueLimits.strokeWidth) ?? 0,
            obliqueness: run.obliqueness.map(AttributeValueLimits.obliqueness) ?? 0)
    }

    /// The look with `attributes` (rendering attributes) over it.
    func overridden(by attributes: RenderingAttributes) -> TextAppearance {
        var look = self
        if let color = attributes.foregroundColor { look.foreground = color }
        if let color = attributes.backgroundColor { look.background = color }
        if let style = attributes.underlineStyle { look.underline = style }
        if let color = attributes.underlineColor { look.underlineColor = color }
        if let style = attributes.strikethroughStyle { look.strikethrough = style }
        if let color = attributes.strikethroughColor { look.strikethroughColor = color }
        if let state = attributes.spellingState, !state.isEmpty { look.spellingState = state }
        if let segment = attributes.markedClauseSegment { look.markedClauseSegment = segment }
        look.glyphs.fill = look.foreground
        if let shadow = attributes.shadow { look.glyphs.shadow = shadow }
        if let color = attributes.strokeColor { look.glyphs.strokeColor = color }
        if let width = attributes.strokeWidth { look.glyphs.strokeWidth = AttributeValueLimits.strokeWidth(width) }
        if let obliqueness = attributes.obliqueness {
            look.glyphs.obliqueness = AttributeValueLimits.obliqueness(obliqueness)
        }
        return look
    }
}

/// The looks of a stretch of a paragraph, as runs in UTF-16 offsets of the paragraph.
struct TextAppearanceRuns {
    struct Run {
        var range: Range<Int>
        var look: TextAppearance
    }

    private(set) var runs: [Run]
    /// The colours where the content does not say.
    let colors: TypesettingContext.Colors
    /// How many of the content's attribute runs were read: those of the range only, so that
    /// drawing a paragraph line by line reads each run about once (not every run before the line).
    private(set) var contentRunsRead = 0

    /// The looks of `text` over `range` (paragraph offsets), with `renderingAttributes` (runs in
    /// paragraph offsets) over the content's attributes.
    init(
        _ text: @autoclosure () -> AttributedString, isPlain: Bool, range: Range<Int>,
        renderingAttributes: [RenderingAttributeRun], colors: TypesettingContext.Colors
    ) {
        self.colors = colors
        var runs: [Run] = []
        // A plain paragraph has one look, and its AttributedString is not worth making.
        if !isPlain { (runs, contentRunsRead) = Self.contentRuns(text(), range: range, colors: colors) }
        if runs.isEmpty, !range.isEmpty { runs = [Run(range: range, look: TextAppearance(colors))] }
        for attributeRun in renderingAttributes {
            let low = max(attributeRun.range.lowerBound, range.lowerBound),
                high = min(attributeRun.range.upperBound, range.upperBound)
            guard low < high else { continue }
            runs = Self.apply(attributeRun.attributes, over: low ..< high, to: runs)
        }
        self.runs = runs
    }

    private static func contentRuns(
        _ text: AttributedString, range: Range<Int>, colors: TypesettingContext.Colors
    ) -> (runs: [Run], read: Int) {
        let utf16 = text.utf16
        // The range's runs only: finding its start in the string is logarithmic, where walking
        // the runs from the paragraph's start made drawing a paragraph quadratic in its runs.
        let upper = min(range.upperBound, utf16.count)
        guard range.lowerBound >= 0, range.lowerBound < upper else { return ([], 0) }
        let start = utf16.index(text.startIndex, offsetBy: range.lowerBound)
        let end = utf16.index(start, offsetBy: upper - range.lowerBound)
        var runs: [Run] = []
        var read = 0
        var offset = range.lowerBound
        for run in text[start ..< end].runs {
            read += 1
            let length = utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            if length > 0 {
                runs.append(Run(range: offset ..< offset + length, look: TextAppearance(run, colors: colors)))
            }
            offset += length
        }
        return (runs, read)
    }

    /// The run holding `offset` (the last run for offsets past the end).
    func look(at offset: Int) -> TextAppearance {
        runIndex(at: offset).map { runs[$0].look } ?? TextAppearance(colors)
    }

    /// The index of the run holding `offset` (the last run for offsets past the end, the first
    /// for offsets before it); nil without runs.
    func runIndex(at offset: Int) -> Int? {
        var low = 0, high = runs.count - 1
        guard high >= 0 else { return nil }
        while low < high {
            let middle = (low + high + 1) / 2
            if runs[middle].range.lowerBound <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private static func apply(_ attributes: RenderingAttributes, over range: Range<Int>, to runs: [Run]) -> [Run] {
        var result: [Run] = []
        for run in runs {
            let low = max(run.range.lowerBound, range.lowerBound), high = min(run.range.upperBound, range.upperBound)
            guard low < high else {
                result.append(run)
                continue
            }
            if run.range.lowerBound < low { result.append(Run(range: run.range.lowerBound ..< low, look: run.look)) }
            result.append(Run(range: low ..< high, look: run.look.overridden(by: attributes)))
            if high < run.range.upperBound { result.append(Run(range: high ..< run.range.upperBound, look: run.look)) }
        }
        return result
    }
}
