import TextContent
import TextTypography

/// Short paragraphs of plain text shaped recently, by their text: source code repeats whole
/// lines ("}", " *", "#endif", blank ones), and a repeated line is read and shaped once and
/// its immutable ``ShapedParagraph`` shared (SkParagraph keeps a paragraph cache for the same
/// reason). Bounded: it forgets everything when full. One thread at a time, like its scratch.
final class RecentShapedParagraphs {
    /// Longer paragraphs rarely repeat, and cost more to compare.
    static let maximumLength = 120
    /// Paragraphs remembered before everything is forgotten.
    static let capacity = 4_096
    /// An open-addressing table at most half full.
    private static let slotCount = 8_192

    /// The font and features of the paragraphs remembered: plain text takes the default font.
    private var font: FontRequest?
    private var features: [FontFeature] = []
    /// Each slot's hash (0: empty) and paragraph.
    private var hashes = [UInt64](repeating: 0, count: slotCount)
    private var paragraphs = [ShapedParagraph?](repeating: nil, count: slotCount)
    private var count = 0

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
        let mask = Self.slotCount - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while hashes[slot] != 0 {
            if hashes[slot] == hash, let known = paragraphs[slot], known.content.units == content.units { return known }
            slot = (slot + 1) & mask
        }
        let shaped = try shape(content)
        if count >= Self.capacity {
            forgetAll()
            slot = Int(truncatingIfNeeded: hash) & mask
        }
        hashes[slot] = hash
        paragraphs[slot] = shaped
        count += 1
        return shaped
    }

    private func forgetAll() {
        guard count > 0 else { return }
        for slot in 0 ..< Self.slotCount where hashes[slot] != 0 {
            hashes[slot] = 0
            paragraphs[slot] = nil
        }
        count = 0
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
