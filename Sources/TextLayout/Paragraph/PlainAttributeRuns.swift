import TextContent
import TextTypography

/// The one attribute run of plain paragraphs (the default font over all the text), one array
/// per length and shared: each plain paragraph would otherwise allocate its own, 128 bytes
/// kept as long as its shaping. One per layout pass, used on one thread.
final class PlainAttributeRuns {
    /// Longer paragraphs make their own array.
    static let maximumLength = 1_024

    let font: FontRequest
    let features: [FontFeature]
    private var byLength: [[ParagraphContent.AttributeRun]?] = []

    init(font: FontRequest, features: [FontFeature]) {
        self.font = font
        self.features = features
    }

    /// The runs of a plain paragraph of `count` UTF-16 units.
    func runs(count: Int) -> [ParagraphContent.AttributeRun] {
        func make() -> [ParagraphContent.AttributeRun] {
            [ParagraphContent.AttributeRun(range: 0 ..< count, font: font, features: features, kern: 0, tracking: 0, baselineOffset: 0)]
        }
        guard count <= Self.maximumLength else { return make() }
        if count >= byLength.count { byLength.append(contentsOf: repeatElement(nil, count: count + 1 - byLength.count)) }
        if let known = byLength[count] { return known }
        let runs = make()
        byLength[count] = runs
        return runs
    }
}
