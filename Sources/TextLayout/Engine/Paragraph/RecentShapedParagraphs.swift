@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// Short paragraphs of plain text shaped recently, by their text: source code repeats whole
/// lines ("}", " *", "#endif", blank ones), and a repeated line is read and shaped once and
/// its immutable ``ShapedParagraph`` shared (SkParagraph keeps a paragraph cache for the same
/// reason). A paragraph is looked up by its UTF-8 before anything is made of it, so a repeat
/// costs a hash and a comparison. One thread at a time, like its scratch.
///
/// Direct-mapped: a paragraph has one slot, and a new one there replaces the old. On a file of
/// C headers 1,024 slots find 97% of the repeats a table of every line would, stay in the
/// processor's cache, and replace paragraphs seen recently (releasing one touches memory that
/// is still in cache; forgetting thousands at once did not). Twice as many laid the 100,000
/// lines of headers out 7-14% slower in the runs measured: more shaped paragraphs held.
final class RecentShapedParagraphs {
    /// Longer paragraphs (in UTF-8 bytes) rarely repeat, and cost more to compare.
    static let maximumLength = 120
    /// How many paragraphs it holds at most.
    static let capacity = 1_024

    /// The font and features of the paragraphs remembered: plain text takes the default font.
    private var font: FontRequest?
    private var features: [FontFeature] = []
    private var language: String?
    /// Each slot's hash (0: empty) and paragraph.
    private var hashes = [UInt64](repeating: 0, count: capacity)
    private var paragraphs = [ShapedParagraph?](repeating: nil, count: capacity)

    /// Plain paragraphs are laid out in `font` with `features` (and the context's `language`) from
    /// now on (nil: a default font that cannot be used, and nothing is remembered); those
    /// remembered in another font are forgotten.
    func use(font: FontRequest?, features: [FontFeature], language: String? = nil) {
        guard font != self.font || features != self.features || language != self.language else { return }
        for slot in 0 ..< Self.capacity where hashes[slot] != 0 {
            hashes[slot] = 0
            paragraphs[slot] = nil
        }
        self.font = font
        self.features = features
        self.language = language
    }

    /// The paragraph shaped from the same plain text if one is remembered; otherwise
    /// `shape(content())`, remembered when the paragraph is short and plain.
    func shaped(
        _ paragraph: TextParagraph, content: () throws(TextLayoutError) -> ParagraphContent,
        else shape: (ParagraphContent) throws(TextLayoutError) -> ShapedParagraph
    ) throws(TextLayoutError) -> ShapedParagraph {
        let found: (slot: Int, hash: UInt64, known: ShapedParagraph?)?? = paragraph.withPlainUTF8 { utf8 in
            guard font != nil, utf8.count <= Self.maximumLength else { return nil }
            let hash = PlainTextKey.hash(utf8)
            let slot = PlainTextKey.slot(of: hash, count: Self.capacity)
            if hashes[slot] == hash, let known = paragraphs[slot], PlainTextKey.units(known.content.units, equal: utf8)
            {
                return (slot, hash, known)
            }
            return (slot, hash, nil)
        }
        guard let found = found ?? nil else { return try shape(try content()) }
        if let known = found.known { return known }
        let shaped = try shape(try content())
        hashes[found.slot] = found.hash
        paragraphs[found.slot] = shaped
        return shaped
    }
}
