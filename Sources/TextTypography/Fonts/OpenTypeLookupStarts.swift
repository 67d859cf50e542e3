internal import CHarfBuzz

/// Which glyphs of a face could start an OpenType lookup (GSUB or GPOS): HarfBuzz applies a lookup
/// at a glyph only when that glyph is in the first coverage table of one of the lookup's
/// subtables. Text made only of glyphs that start no lookup therefore shapes to its nominal
/// glyphs at their default advances, glyph by glyph, whatever surrounds it: no substitution,
/// kerning or mark positioning can reach it. (Gecko asks the same question of the space glyph.)
///
/// Read from the tables directly: HarfBuzz's `hb_ot_layout_lookup_collect_glyphs` puts every
/// glyph a lookup mentions into its input set (the bases of mark positioning, the second glyphs of
/// kerning pairs), which would leave almost no letter free.
enum OpenTypeLookupStarts {
    /// Of `candidates`, the glyphs some lookup a feature of `face` refers to might start at; nil
    /// when the face cannot be analysed (a malformed table, an unknown coverage format) or has
    /// positioning that is not lookup-based (AAT tables, a `kern` table that HarfBuzz would use).
    ///
    /// A chaining or contextual subtable of format 3 whose coverages are not all met by some
    /// candidate cannot match in text of candidates only, so it starts nothing there.
    static func glyphs(in face: OpaquePointer, among candidates: Set<UInt32>) -> Set<UInt32>? {
        for tag in ["morx", "mort", "kerx", "trak"] where tableLength(face, tag) > 0 { return nil }
        var starts: Set<UInt32> = []
        var gposHasKern = false
        for table in [Table.gsub, .gpos] {
            let blob = hb_face_reference_table(face, hb_tag_from_string(table.tag, -1))
            defer { hb_blob_destroy(blob) }
            var length: UInt32 = 0
            guard let data = hb_blob_get_data(blob, &length), length > 0 else { continue }
            let reader = TableReader(bytes: UnsafeRawBufferPointer(start: data, count: Int(length)))
            if table == .gpos { gposHasKern = reader.hasFeature("kern") ?? false }
            let lookups = hb_set_create()
            defer { hb_set_destroy(lookups) }
            hb_ot_layout_collect_lookups(face, hb_tag_from_string(table.tag, -1), nil, nil, nil, lookups)
            var index = hb_codepoint_t.max  // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(lookups, &index) != 0 {
                guard let found = reader.lookupStarts(index: Int(index), table: table, among: candidates) else { return nil }
                starts.formUnion(found)
            }
        }
        if tableLength(face, "kern") > 0, !gposHasKern { return nil }
        return starts
    }

    private static func tableLength(_ face: OpaquePointer, _ tag: String) -> UInt32 {
        let blob = hb_face_reference_table(face, hb_tag_from_string(tag, -1))
        defer { hb_blob_destroy(blob) }
        return hb_blob_get_length(blob)
    }

    enum Table {
        case gsub, gpos
        var tag: String { self == .gsub ? "GSUB" : "GPOS" }
        var extensionType: Int { self == .gsub ? 7 : 9 }
        var contextType: Int { self == .gsub ? 5 : 7 }
        var chainContextType: Int { self == .gsub ? 6 : 8 }
    }

    /// Bounds-checked big-endian reads of one table; every read returns nil past the end.
    struct TableReader {
        let bytes: UnsafeRawBufferPointer

        func u16(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 2 <= bytes.count else { return nil }
            return Int(bytes[offset]) << 8 | Int(bytes[offset + 1])
        }

        func u32(_ offset: Int) -> Int? {
            guard let high = u16(offset), let low = u16(offset + 2) else { return nil }
            return high << 16 | low
        }

        /// Whether the FeatureList has a feature of `tag`.
        func hasFeature(_ tag: String) -> Bool? {
            let wanted = tag.utf8.reduce(0) { $0 << 8 | Int($1) }
            guard let list = u16(6), let count = u16(list) else { return nil }
            for record in 0 ..< count {
                guard let found = u32(list + 2 + 6 * record) else { return nil }
                if found == wanted { return true }
            }
            return false
        }

        /// The candidates lookup `index` may start at.
        func lookupStarts(index: Int, table: Table, among candidates: Set<UInt32>) -> Set<UInt32>? {
            guard let list = u16(8), let lookupOffset = u16(list + 2 + 2 * index),
                  var type = u16(list + lookupOffset), let subtableCount = u16(list + lookupOffset + 4)
            else { return nil }
            let lookup = list + lookupOffset
            var starts: Set<UInt32> = []
            let lookupType = type
            for subtableIndex in 0 ..< subtableCount {
                guard var subtable = u16(lookup + 6 + 2 * subtableIndex).map({ lookup + $0 }) else { return nil }
                type = lookupType
                if type == table.extensionType {
                    guard let extended = u16(subtable + 2), let offset = u32(subtable + 4) else { return nil }
                    type = extended
                    subtable += offset
                }
                guard let found = subtableStarts(subtable, type: type, table: table, among: candidates) else { return nil }
                starts.formUnion(found)
            }
            return starts
        }

        private func subtableStarts(_ subtable: Int, type: Int, table: Table, among candidates: Set<UInt32>) -> Set<UInt32>? {
            guard let format = u16(subtable) else { return nil }
            var required: [Int] = []  // coverage offsets that must all be met for a match
            let start: Int
            if type == table.contextType, format == 3 {
                guard let count = u16(subtable + 2), count > 0 else { return nil }
                for index in 0 ..< count {
                    guard let offset = u16(subtable + 6 + 2 * index) else { return nil }
                    required.append(subtable + offset)
                }
                start = required[0]
            } else if type == table.chainContextType, format == 3 {
                var position = subtable + 2
                var inputStart: Int?
                for sequence in 0 ..< 3 {  // backtrack, input, lookahead
                    guard let count = u16(position) else { return nil }
                    for index in 0 ..< count {
                        guard let offset = u16(position + 2 + 2 * index) else { return nil }
                        if sequence == 1, index == 0 { inputStart = subtable + offset }
                        required.append(subtable + offset)
                    }
                    position += 2 + 2 * count
                }
                guard let inputStart else { return nil }
                start = inputStart
            } else {
                // Every other subtable (single, multiple, alternate, ligature, reverse chaining;
                // single, pair, cursive and mark positioning; formats 1 and 2 of the contextual
                // ones) has its first coverage, the glyphs it starts at, right after the format.
                guard let offset = u16(subtable + 2) else { return nil }
                start = subtable + offset
            }
            for coverage in required where !candidates.contains(where: { covers(coverage, $0) ?? true }) {
                return []  // a glyph the rule needs is not among the candidates: it never matches them
            }
            var starts: Set<UInt32> = []
            for glyph in candidates {
                guard let covered = covers(start, glyph) else { return nil }
                if covered { starts.insert(glyph) }
            }
            return starts
        }

        /// Whether the Coverage table at `offset` lists `glyph`; nil for a malformed table.
        func covers(_ offset: Int, _ glyph: UInt32) -> Bool? {
            guard let format = u16(offset), let count = u16(offset + 2) else { return nil }
            let wanted = Int(glyph)
            switch format {
            case 1:
                var low = 0, high = count
                while low < high {
                    let middle = (low + high) / 2
                    guard let value = u16(offset + 4 + 2 * middle) else { return nil }
                    if value == wanted { return true }
                    if value < wanted { low = middle + 1 } else { high = middle }
                }
                return false
            case 2:
                for range in 0 ..< count {
                    guard let first = u16(offset + 4 + 6 * range), let last = u16(offset + 6 + 6 * range) else { return nil }
                    if first <= wanted, wanted <= last { return true }
                }
                return false
            default:
                return nil
            }
        }
    }
}
