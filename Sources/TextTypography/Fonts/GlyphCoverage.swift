/// Which code points a font must map for a cluster to count as covered.
enum GlyphCoverage {
    /// Whether `codePoint` needs a glyph of its own. Default-ignorable code points (ZWJ, ZWNJ,
    /// variation selectors, tag characters, the soft hyphen...) do not: HarfBuzz hides them when
    /// the font lacks them, so a font that has the rest of an emoji ZWJ sequence covers it.
    /// Controls (tab, newline) and the line and paragraph separators do not either: layout draws
    /// nothing for them, and no font would be a better choice.
    @inline(__always)
    static func needsGlyph(_ codePoint: UInt32) -> Bool {
        if codePoint < 0x20 || (0x7F ... 0x9F).contains(codePoint) { return false }
        if codePoint < 0x300 { return codePoint != 0xAD }
        if codePoint == 0x2028 || codePoint == 0x2029 { return false }
        return !isDefaultIgnorable(codePoint)
    }

    /// Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1), as ranges: this is
    /// asked for every code unit of non-Latin text, and the table is short and stable.
    @inline(__always)
    static func isDefaultIgnorable(_ codePoint: UInt32) -> Bool {
        switch codePoint {
        case 0x00AD, 0x034F, 0x061C, 0x115F ... 0x1160, 0x17B4 ... 0x17B5, 0x180B ... 0x180F,
            0x200B ... 0x200F, 0x202A ... 0x202E, 0x2060 ... 0x206F, 0x3164, 0xFE00 ... 0xFE0F, 0xFEFF, 0xFFA0,
            0xFFF0 ... 0xFFF8, 0x1BCA0 ... 0x1BCA3, 0x1D173 ... 0x1D17A, 0xE0000 ... 0xE0FFF:
            return true
        default:
            return false
        }
    }
}
