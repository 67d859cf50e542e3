@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// Short paragraphs of plain text shaped recently, by their text: source code repeats whole
/// lines ("}", " *", "#endif", blank ones), and a repeated line is read and shaped once and
/// its immutable ``ShapedParagraph`` shared (SkParagraph keeps a paragraph cache for the same
/// reason). A paragraph is looked up by its UTF-8 before anything is made of it, so a repeat
/// costs a hash and a comparison. One thread at a time, like its scratch.
///
/// Direct-mapped: a paragraph has one slot, and a new one there replaces the old. On a file of
/// C headers 2,048 slots find 97% of the repeats a table of every line would, stay in the
/// processor's cache, and replace paragraphs seen recently (releasing one touches memory that
/// is still in cache; forgetting thousands at once did not).
final class RecentShapedParagraphs {
    /// Longer paragraphs (in UTF-8 bytes) rarely repeat, and cost more to compare.
    static let maximumLength = 120
    /// How many paragraphs it holds at most.
    static let capacity = 2_048

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
            let hash = Self.hash(utf8)
            let slot = Int(truncatingIfNeeded: hash) & (Self.capacity - 1)
            if hashes[slot] == hash, let known = paragraphs[slot], Self.units(known.content.units, equal: utf8) {
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

    /// FNV-1a over the bytes, then mixed; never 0 (the empty slot's mark).
    private static func hash(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return hash | 1
    }

    /// Whether `units` are the UTF-16 of `utf8` (valid UTF-8: the paragraph's own text).
    private static func units(_ units: [UInt16], equal utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        units.withUnsafeBufferPointer { units in
            // ASCII: a unit per byte.
            if units.count == utf8.count {
                var index = 0
                while index < utf8.count, utf8[index] < 0x80 {
                    guard units[index] == UInt16(utf8[index]) else { return false }
                    index += 1
                }
                if index == utf8.count { return true }
            }
            var index = 0
            var equal = true
            _ = transcode(utf8.makeIterator(), from: UTF8.self, to: UTF16.self, stoppingOnError: true) { unit in
                if index < units.count, units[index] == unit { index += 1 } else { equal = false }
            }
            return equal && index == units.count
        }
    }
}
