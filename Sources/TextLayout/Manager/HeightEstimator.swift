import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// Guesses the height of a paragraph that has not been laid out, from its length alone: lines of
/// the default font's height, as many as its text would need at the font's average advance.
/// Cheap enough to run for every paragraph of a 100 MB document when it opens (no text is read).
struct HeightEstimator {
    /// The default font's natural line height, in points.
    let lineHeight: CGFloat
    /// The default font's average advance over a sample of ordinary text, in points.
    let averageAdvance: CGFloat
    /// The width lines fill; infinite when lines are never wrapped.
    let lineWidth: CGFloat
    /// One line's height in `LayoutHeight` units.
    private let lineUnits: Int
    /// How many UTF-16 units fit on a line at the average advance; nil when lines never wrap.
    private let unitsPerLine: Int?

    init(
        defaultFont: FontDescriptor, context: FontResolutionContext = .standard, typesetting: TypesettingContext,
        container: TextContainer
    ) {
        let sample = Array("The quick brown fox jumps over the lazy dog, 0123456789.".utf16)
        let size = defaultFont.pointSize(in: context)
        var lineHeight: CGFloat = size.isFinite ? CGFloat(size) * 1.2 : 16
        var advance = lineHeight / 2.4
        if let request = try? FontRequest(defaultFont, in: context, matcher: typesetting.fontMatcher),
            let runs = try? typesetting.shaper.shape(
                text: sample, range: 0 ..< sample.count, request: request, features: defaultFont.features,
                language: context.language),
            let font = runs.first?.font
        {
            lineHeight = CGFloat(font.metrics.lineHeight)
            let total = runs.reduce(Float(0)) { sum, run in run.glyphs.reduce(sum) { $0 + $1.advance } }
            if total > 0 { advance = CGFloat(total) / CGFloat(sample.count) }
        }
        self.lineHeight = lineHeight
        self.averageAdvance = advance
        let width = container.layoutWidth - 2 * container.lineFragmentPadding
        self.lineWidth = width > 0 ? width : .infinity
        self.lineUnits = LayoutHeight.units(lineHeight)
        let perLine = lineWidth / advance
        self.unitsPerLine = perLine.isFinite && perLine < 1e12 ? max(1, Int(perLine.rounded(.down))) : nil
    }

    /// The estimated height of a paragraph of `length` UTF-16 units, in `LayoutHeight` units.
    /// Integer arithmetic only: it runs for every paragraph of a document when it opens.
    func height(ofLength length: Int) -> Int {
        guard let unitsPerLine, length > 1 + unitsPerLine else { return lineUnits }
        let lines = (length - 1 + unitsPerLine - 1) / unitsPerLine
        let most = LayoutHeight.units(LayoutHeight.maximumParagraphPoints)
        return lines > most / max(1, lineUnits) ? most : lines * lineUnits
    }

}
