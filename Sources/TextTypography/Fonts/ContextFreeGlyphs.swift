internal import CHarfBuzz

/// The printable ASCII characters a font shapes on their own: each one's nominal glyph starts no
/// OpenType lookup (see ``OpenTypeLookupStarts``) and is not a mark, so a word made of them
/// shapes to exactly those glyphs at their default advances. The shaper places such words from
/// this table instead of hashing them into the word cache or calling HarfBuzz; most words of
/// source code in a monospaced font are such words.
///
/// ```swift
/// if let glyphs = instance.contextFreeGlyphs, let entry = glyphs[0x41] { /* "A": entry.glyph */ }
/// ```
struct ContextFreeGlyphs: Sendable {
    struct Entry: Sendable {
        var glyph: UInt32
        /// In points.
        var advance: Float
    }

    /// Indexed by code unit, 0 through 127; glyph 0 marks a character that is not context-free.
    private let entries: [Entry]

    /// The characters of `face` that shape alone, as a 128-bit set (bit c for code point c), or
    /// nil when none do or the face cannot be analysed.
    static func codePoints(of face: OpaquePointer, font: OpaquePointer) -> (low: UInt64, high: UInt64)? {
        var glyphs: [UInt32: [UInt32]] = [:]
        for codePoint in UInt32(0x21) ... 0x7E {
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, codePoint, &glyph) != 0, glyph != 0,
                hb_ot_layout_get_glyph_class(face, glyph) != HB_OT_LAYOUT_GLYPH_CLASS_MARK
            else { continue }
            glyphs[glyph, default: []].append(codePoint)
        }
        guard !glyphs.isEmpty, let starts = OpenTypeLookupStarts.glyphs(in: face, among: Set(glyphs.keys)) else {
            return nil
        }
        var set: (low: UInt64, high: UInt64) = (0, 0)
        for (glyph, codePoints) in glyphs where !starts.contains(glyph) {
            for codePoint in codePoints {
                if codePoint < 64 { set.low |= 1 << UInt64(codePoint) } else { set.high |= 1 << UInt64(codePoint - 64) }
            }
        }
        return set == (0, 0) ? nil : set
    }

    /// The table of `font` (a HarfBuzz font of the face whose `codePoints` these are), advances
    /// converted from its scale at `unitsPerPoint`.
    init(font: OpaquePointer, codePoints: (low: UInt64, high: UInt64), unitsPerPoint: Double) {
        var entries = [Entry](repeating: Entry(glyph: 0, advance: 0), count: 128)
        for codePoint in 0 ..< 128 {
            let word = codePoint < 64 ? codePoints.low : codePoints.high
            guard word & (1 << UInt64(codePoint & 63)) != 0 else { continue }
            var glyph: hb_codepoint_t = 0
            guard hb_font_get_nominal_glyph(font, hb_codepoint_t(codePoint), &glyph) != 0 else { continue }
            entries[codePoint] = Entry(
                glyph: glyph, advance: Float(hb_font_get_glyph_h_advance(font, glyph)) / Float(unitsPerPoint))
        }
        self.entries = entries
    }

    /// The glyph of `unit` when it shapes alone.
    @inline(__always)
    subscript(unit: UInt16) -> Entry? {
        guard unit < 128 else { return nil }
        let entry = entries[Int(unit)]
        return entry.glyph == 0 ? nil : entry
    }

    /// Whether every unit of `text` shapes alone (or, with `orSpace`, is U+0020).
    @inline(__always)
    func coversAll(_ text: UnsafeBufferPointer<UInt16>, orSpace: Bool = false) -> Bool {
        for unit in text where unit >= 128 || (entries[Int(unit)].glyph == 0 && !(orSpace && unit == 0x20)) {
            return false
        }
        return true
    }
}
