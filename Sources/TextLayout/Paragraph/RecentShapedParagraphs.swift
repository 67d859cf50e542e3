import TextContent
import TextTypography

/// Short paragraphs of plain text shaped recently, by their text: source code repeats whole
/// lines ("}", " *", "#endif", blank ones), and a repeated line is read and shaped once and
/// its immutable ``ShapedParagraph`` shared (SkParagraph keeps a paragraph cache for the same
/// reason). One thread at a time, like its scratch.
///
/// Direct-mapped: a paragraph has one slot, and a new one there replaces the old. On a file of
/// C headers 2,048 slots find 97% of the repeats a table of every line would, stay in the
/// processor's cache, and replace paragraphs seen recently (releasing one touches memory that
/// is still in cache; forgetting thousands at once did not).
final class RecentShapedParagraphs {
    /// Longer paragraphs rarely repeat, and cost more to compare.
    static let maximumLength = 120
    /// How many paragraphs it holds at most.
    static let capacity = 2_048

    /// The font and features of the paragraphs remembered: plain text takes the default font.
    private var font: FontRequest?
    private var features: [FontFeature] = []
    /// Each slot's hash (0: empty) and paragraph.
    private var hashes = [UInt64](repeating: 0, count: capacity)
    private var paragraphs = [ShapedParagraph?](repeating: nil, count: capacity)

    /// The paragraph shaped from the same plain text in the same font if one is remembered;
    /// otherwise `shape(content)`, remembered when the paragraph is short and plain.
    func shaped(_ content: ParagraphContent, else shape: (ParagraphContent) throws(TextLayoutError) -> ShapedParagraph) throws(TextLayoutError) -> ShapedParagraph {
        guard content.isPlain, content.units.count <= Self.maximumLength, content.runs.count == 1 else { return try shape(content) }
        let run = content.runs[0]
        if run.font != font || run.features != features {
            forgetAll()
            font = run.font
            features = run.features
        }
        let hash = Self.hash(content.units)
        let slot = Int(truncatingIfNeeded: hash) & (Self.capacity - 1)
        if hashes[slot] == hash, let known = paragraphs[slot], known.content.units == content.units { return known }
        let shaped = try shape(content)
        hashes[slot] = hash
        paragraphs[slot] = shaped
        return shaped
    }

    private func forgetAll() {
        for slot in 0 ..< Self.capacity where hashes[slot] != 0 {
            hashes[slot] = 0
            paragraphs[slot] = nil
        }
    }

    /// FNV-1a over the units, then mixed; never 0 (the empty slot's mark).
    private static func hash(_ units: [UInt16]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for unit in units { hash = (hash ^ UInt64(unit)) &* 0x0000_0100_0000_01B3 }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash | 1
    }
}
