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
            // The lookups of every feature but those HarfBuzz applies only when asked (the
            // shaper's table is used only when no feature is asked for), in every script and
            // language system (the locale chooses the language).
            // A language system's required feature is applied whatever its tag, and a feature
            // list leaves it out: a face with one is analysed with every lookup.
            if Self.hasRequiredFeature(face, table: table) {
                hb_ot_layout_collect_lookups(face, hb_tag_from_string(table.tag, -1), nil, nil, nil, lookups)
            } else {
                var features = Self.featureTags(face, table: table).filter { !Self.appliedOnlyWhenAsked.contains($0) }
                features.append(0) // HB_TAG_NONE ends the list
                features.withUnsafeBufferPointer { features in
                    hb_ot_layout_collect_lookups(
                        face, hb_tag_from_string(table.tag, -1), nil, nil, features.baseAddress, lookups)
                }
            }
            var index = hb_codepoint_t.max // HB_SET_VALUE_INVALID: start before the first
            while hb_set_next(lookups, &index) != 0 {
                guard let found = reader.lookupStarts(index: Int(index), table: table, among: candidates) else {
                    return nil
                }
                starts.formUnion(found)
            }
        }
        if tableLength(face, "kern") > 0, !gposHasKern { return nil }
        return starts
    }

    /// Features HarfBuzz never applies unless they are asked for: discretionary ligatures,
    /// stylistic sets and alternates, figure styles, case forms, fractions (only around U+2044),
    /// widths and vertical forms. Fonts put the fi and fl ligatures of a monospaced font under
    /// `dlig`, for example. (`rand`, `rvrn` and the rest are applied by default: not listed.)
    static let appliedOnlyWhenAsked: Set<hb_tag_t> = {
        var tags = [
            "aalt", "afrc", "c2pc", "c2sc", "case", "cswh", "dlig", "dnom", "expt", "frac", "fwid", "halt", "hist",
            "hkna",
            "hlig", "hwid", "ital", "jalt", "jp04", "jp78", "jp83", "jp90", "lnum", "nalt", "numr", "onum", "ordn",
            "ornm",
            "palt", "pcap", "pkna", "pnum", "pwid", "qwid", "ruby", "salt", "sinf", "smcp", "smpl", "subs", "sups",
            "swsh",
            "titl", "tnam", "tnum", "trad", "twid", "unic", "vert", "vhal", "vkna", "vkrn", "vpal", "vrt2", "zero",
        ]
        func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
        tags += (1 ... 20).map { "ss" + twoDigits($0) } + (1 ... 99).map { "cv" + twoDigits($0) }
        return Set(tags.map { hb_tag_from_string($0, -1) })
    }()

    /// The tags of the features of a face's GSUB or GPOS table.
    private static func featureTags(_ face: OpaquePointer, table: Table) -> [hb_tag_t] {
        let tag = hb_tag_from_string(table.tag, -1)
        let total = hb_ot_layout_table_get_feature_tags(face, tag, 0, nil, nil)
        var count = total
        var tags = [hb_tag_t](repeating: 0, count: Int(total))
        _ = tags.withUnsafeMutableBufferPointer {
            hb_ot_layout_table_get_feature_tags(face, tag, 0, &count, $0.baseAddress)
        }
        return Array(tags.prefix(Int(count)))
    }

    /// Whether some language system of the table, a script's default one included, has a
    /// required feature.
    private static func hasRequiredFeature(_ face: OpaquePointer, table: Table) -> Bool {
        let tag = hb_tag_from_string(table.tag, -1)
        let scripts = hb_ot_layout_table_get_script_tags(face, tag, 0, nil, nil)
        for script in 0 ..< scripts {
            let languages = hb_ot_layout_script_get_language_tags(face, tag, script, 0, nil, nil)
            for language in [UInt32(HB_OT_LAYOUT_DEFAULT_LANGUAGE_INDEX)] + Array(0 ..< languages) {
                var index: UInt32 = 0
                if hb_ot_layout_language_get_required_feature_index(face, tag, script, language, &index) != 0,
                    index != UInt32(HB_OT_LAYOUT_NO_FEATURE_INDEX)
                {
                    return true
                }
            }
        }
        return false
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
                guard let found = subtableStarts(subtable, type: type, table: table, among: candidates) else {
                    return nil
                }
                starts.formUnion(found)
            }
            return starts
        }

        private func subtableStarts(
            _ subtable: Int, type: Int, table: Table, among candidates: Set<UInt32>
        ) -> Set<UInt32>? {
            guard let format = u16(subtable) else { return nil }
            var required: [Int] = [] // coverage offsets that must all be met for a match
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
                for sequence in 0 ..< 3 { // backtrack, input, lookahead
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
            } else if format == 2, type == table.contextType || type == table.chainContextType {
                return classRuleStarts(subtable, chained: type == table.chainContextType, among: candidates)
            } else {
                // Every other subtable (single, multiple, alternate, ligature, reverse chaining;
                // single, pair, cursive and mark positioning; formats 1 and 2 of the contextual
                // ones) has its first coverage, the glyphs it starts at, right after the format.
                guard let offset = u16(subtable + 2) else { return nil }
                start = subtable + offset
            }
            for coverage in required where !candidates.contains(where: { covers(coverage, $0) ?? true }) {
                return [] // a glyph the rule needs is not among the candidates: it never matches them
            }
            var starts: Set<UInt32> = []
            for glyph in candidates {
                guard let covered = covers(start, glyph) else { return nil }
                if covered { starts.insert(glyph) }
            }
            return starts
        }

        /// The candidates a class-based contextual subtable (format 2, chained or not) may start
        /// at: those in its coverage whose input class has a rule whose every class (backtrack,
        /// input, lookahead) holds some candidate. A rule needing a glyph outside the candidates
        /// (a combining mark after "i" in a dotless-i rule) never matches text of candidates only.
        private func classRuleStarts(_ subtable: Int, chained: Bool, among candidates: Set<UInt32>) -> Set<UInt32>? {
            guard let coverage = u16(subtable + 2).map({ subtable + $0 }) else { return nil }
            let classDefs: [Int] // backtrack, input, lookahead (offsets; 0 when absent)
            let setCountOffset: Int
            if chained {
                guard let backtrack = u16(subtable + 4), let input = u16(subtable + 6),
                    let lookahead = u16(subtable + 8)
                else { return nil }
                classDefs = [backtrack, input, lookahead].map { $0 == 0 ? 0 : subtable + $0 }
                setCountOffset = subtable + 10
            } else {
                guard let input = u16(subtable + 4) else { return nil }
                classDefs = [0, input == 0 ? 0 : subtable + input, 0]
                setCountOffset = subtable + 6
            }
            // The classes the candidates fall in, for each class definition.
            var present: [Set<Int>] = []
            for classDef in classDefs {
                var classes: Set<Int> = []
                for glyph in candidates {
                    guard let value = glyphClass(classDef, glyph) else { return nil }
                    classes.insert(value)
                }
                present.append(classes)
            }
            guard let setCount = u16(setCountOffset) else { return nil }
            var starts: Set<UInt32> = []
            for glyph in candidates {
                guard let covered = covers(coverage, glyph) else { return nil }
                guard covered, let inputClass = glyphClass(classDefs[1], glyph) else { continue }
                guard inputClass < setCount, let setOffset = u16(setCountOffset + 2 + 2 * inputClass) else { continue }
                guard setOffset != 0 else { continue }
                let set = subtable + setOffset
                guard let ruleCount = u16(set) else { return nil }
                for ruleIndex in 0 ..< ruleCount {
                    guard let ruleOffset = u16(set + 2 + 2 * ruleIndex),
                        let matches = ruleCanMatch(set + ruleOffset, chained: chained, present: present)
                    else { return nil }
                    if matches {
                        starts.insert(glyph)
                        break
                    }
                }
            }
            return starts
        }

        /// Whether every class a class rule names holds some candidate (`present`: the classes
        /// of the candidates under the backtrack, input and lookahead definitions); nil for a
        /// malformed rule.
        private func ruleCanMatch(_ rule: Int, chained: Bool, present: [Set<Int>]) -> Bool? {
            var position = rule
            // Each sequence's class definition, and whether its count includes the first glyph
            // (the input's first class is the rule set's, not listed).
            let sequences: [(definition: Int, includesFirst: Bool)] =
                chained ? [(0, false), (1, true), (2, false)] : [(1, true)]
            for sequence in sequences {
                guard let count = u16(position) else { return nil }
                position += chained ? 2 : 4 // a context rule's glyph count is followed by its lookup count
                let listed = sequence.includesFirst ? max(0, count - 1) : count
                for index in 0 ..< listed {
                    guard let value = u16(position + 2 * index) else { return nil }
                    if !present[sequence.definition].contains(value) { return false }
                }
                position += 2 * listed
            }
            return true
        }

        /// The class a ClassDef table at `offset` gives `glyph` (0 when `offset` is 0 or it lists
        /// no class for it); nil for a malformed table.
        func glyphClass(_ offset: Int, _ glyph: UInt32) -> Int? {
            guard offset != 0 else { return 0 }
            guard let format = u16(offset) else { return nil }
            let wanted = Int(glyph)
            switch format {
            case 1:
                guard let first = u16(offset + 2), let count = u16(offset + 4) else { return nil }
                guard wanted >= first, wanted < first + count else { return 0 }
                return u16(offset + 6 + 2 * (wanted - first))
            case 2:
                // HarfBuzz searches the ranges by halves: ranges out of order could give it
                // another class than a scan, so such a table is refused.
                guard let count = u16(offset + 2) else { return nil }
                var found = 0
                var previousEnd = -1
                for range in 0 ..< count {
                    guard let start = u16(offset + 4 + 6 * range), let end = u16(offset + 6 + 6 * range),
                        let value = u16(offset + 8 + 6 * range), start > previousEnd, start <= end
                    else { return nil }
                    if start <= wanted, wanted <= end { found = value }
                    previousEnd = end
                }
                return found
            default:
                return nil
            }
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
                    guard let first = u16(offset + 4 + 6 * range), let last = u16(offset + 6 + 6 * range) else {
                        return nil
                    }
                    if first <= wanted, wanted <= last { return true }
                }
                return false
            default:
                return nil
            }
        }
    }
}
