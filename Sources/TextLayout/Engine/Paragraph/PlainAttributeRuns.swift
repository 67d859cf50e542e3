@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// The one attribute run of plain paragraphs (the default font over all the text), one array
/// per length and shared: each plain paragraph would otherwise allocate its own, 128 bytes
/// kept as long as its shaping. Kept in the layout scratch from pass to pass (a pass that lays
/// out one edited paragraph allocates nothing here); one thread at a time.
final class PlainAttributeRuns {
    /// Longer paragraphs make their own array.
    static let maximumLength = 1_024

    private(set) var font: FontRequest
    private(set) var features: [FontFeature]
    /// The resolution context's language, for paragraphs that do not say theirs.
    private(set) var language: String?
    /// Indexed by length; empty where none was made yet.
    private var byLength: [[ParagraphContent.AttributeRun]] = []

    init(font: FontRequest, features: [FontFeature], language: String? = nil) {
        self.font = font
        self.features = features
        self.language = language
    }

    /// Runs are in `font` with `features` and `language` from now on; those made in another
    /// are forgotten.
    func use(font: FontRequest, features: [FontFeature], language: String? = nil) {
        guard font != self.font || features != self.features || language != self.language else { return }
        self.font = font
        self.features = features
        self.language = language
        byLength.removeAll()
    }

    /// The runs of a plain paragraph of `count` UTF-16 units.
    func runs(count: Int) -> [ParagraphContent.AttributeRun] {
        func make() -> [ParagraphContent.AttributeRun] {
            [
                ParagraphContent.AttributeRun(
                    range: 0 ..< count, font: font, features: features, kern: 0, tracking: 0, baselineOffset: 0,
                    language: language)
            ]
        }
        guard count <= Self.maximumLength else { return make() }
        if count >= byLength.count { byLength.append(contentsOf: repeatElement([], count: count + 1 - byLength.count)) }
        if !byLength[count].isEmpty { return byLength[count] }
        let runs = make()
        byLength[count] = runs
        return runs
    }
}
