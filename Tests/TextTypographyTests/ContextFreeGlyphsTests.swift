import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Typesetting) @testable import TextTypography

/// Words of characters that shape alone are placed from a table instead of HarfBuzz: the table
/// must give exactly what HarfBuzz gives, in every font the engine uses for such text.
@Suite struct ContextFreeGlyphsTests {
    let matcher = FontMatcher()

    /// What each family's table must be, with the fonts scripts/install-deps.sh installs: the file
    /// the family must resolve to (a missing family would silently fall back to another font), and
    /// the characters its table must hold at least, or nil where the font must have no table. A
    /// table that disappears or loses characters fails here instead of making the comparisons
    /// below compare HarfBuzz with itself. Besides the hand-reasoned monospaced case (see
    /// `monospacedLettersAndDigitsShapeAlone`), the sets are those found with Debian 12's fonts.
    static let expectations: [String: (file: String, atLeast: String?)] = [
        // Every printable ASCII character: no default lookup starts at any of them.
        "DejaVu Sans Mono": (
            "DejaVuSansMono.ttf",
            ##"!"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\]^_`abcdefghijklmnopqrstuvwxyz{|}~"##
        ),
        "DejaVu Sans": ("DejaVuSans.ttf", ##""#$%&'()*+,./0123456789:;<=>@EMN[\]^_`bdghijmpqtuz{|}~"##),
        "DejaVu Serif": ("DejaVuSerif.ttf", ##"!"#$%&'()*+,./0123456789:;<=>?@HIM[\]^_`abcdeghijlmnpqstuz{|}~"##),
        "Noto Sans": ("NotoSans-Regular.ttf", ##"!#$%)*+/123456789:;<=>?@HJMN\]^`dgjklqsz|}~"##),
        // No Latin letters: digits and a little punctuation.
        "Noto Sans Arabic": ("NotoSansArabic-Regular.ttf", "!,-.0123456789:"),
        // Colour emoji: of printable ASCII it has only the digits, # and *, and each starts a
        // keycap sequence (a lookup), so none shapes alone.
        "Noto Color Emoji": ("NotoColorEmoji.ttf", nil),
    ]
    static let families = expectations.keys.sorted()

    func table(_ family: String, size: Double = 13) throws -> ContextFreeGlyphs? {
        let font = try matcher.match(FontRequest(family: family, size: size)).font
        let expected = try #require(Self.expectations[family])
        #expect(URL(fileURLWithPath: font.filePath).lastPathComponent == expected.file, "\(family) is \(font.filePath)")
        let table = font.instance.contextFreeGlyphs
        if let required = expected.atLeast {
            let found = String(characters(of: try #require(table, "\(family) must have a table")))
            #expect(Set(found).isSuperset(of: required), "\(family): \(found)")
        } else {
            #expect(table == nil, "\(family) must have no table")
        }
        return table
    }

    func characters(of table: ContextFreeGlyphs) -> [Character] {
        (UInt16(0x21) ... 0x7E).filter { table[$0] != nil }.map { Character(Unicode.Scalar($0)!) }
    }

    /// DejaVu Sans Mono: every letter starts some lookup in HarfBuzz's own glyph collection (mark
    /// bases). Of the lookups HarfBuzz applies by default, none can start at a letter in text of
    /// printable ASCII: f starts only the fi and fl ligatures of `dlig` (applied only when asked
    /// for), and i's dotless form (`ccmp`, a class-based rule) needs a combining mark after it.
    @Test func monospacedLettersAndDigitsShapeAlone() throws {
        let table = try #require(try table("DejaVu Sans Mono"))
        let free = Set(characters(of: table))
        #expect(
            free.isSuperset(of: "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ(){}[];,.=+-*/<>&|!"),
            "\(String(free.sorted()))")
    }

    /// The ligatures and the dotless i that the analysis leaves to HarfBuzz when they can apply:
    /// with `dlig` asked for, "fi" is one glyph (HarfBuzz shapes it); with a combining mark
    /// after it, the i is not its nominal glyph; without either, the table's glyphs are HarfBuzz's.
    @Test func ligaturesAndDotlessIStayWithHarfBuzz() throws {
        let withTable = TextShaper(matcher: matcher)
        let withoutTable = TextShaper(matcher: matcher, usesContextFreeGlyphs: false)
        let request = try FontRequest(family: "DejaVu Sans Mono", size: 13)
        for word in ["fi", "fl", "ffi", "fifteen files", "if (fi) {", "i\u{0301}", "ij\u{0308}k"] {
            let text = Array(word.utf16)
            let fast = try withTable.shape(text: text, range: 0 ..< text.count, request: request)
            let slow = try withoutTable.shape(text: text, range: 0 ..< text.count, request: request)
            #expect(fast.map(\.glyphs) == slow.map(\.glyphs), "\(word)")
        }
        let dlig = try #require(FontFeature(tag: "dlig", value: 1))
        let fi = Array("fi".utf16)
        let ligature = try withTable.shape(text: fi, range: 0 ..< 2, request: request, features: [dlig])
        #expect(ligature.flatMap(\.glyphs).count == 1, "dlig makes fi one glyph, through HarfBuzz")
        let accented = Array("i\u{0301}".utf16)
        let plainI = try withTable.shape(text: Array("i".utf16), range: 0 ..< 1, request: request)
        let dotless = try withTable.shape(text: accented, range: 0 ..< 2, request: request)
        #expect(
            dotless.first?.glyphs.first?.id != plainI.first?.glyphs.first?.id, "i before a mark above becomes dotless")
    }

    /// Every line of this package's sources and of the code fixture (C headers), shaped with and
    /// without the table, in each font: the same glyphs, clusters, advances, offsets and flags.
    @Test(arguments: families)
    func tableMatchesHarfBuzzOnSourceCode(family: String) throws {
        let withTable = TextShaper(matcher: matcher)
        let withoutTable = TextShaper(matcher: matcher, usesContextFreeGlyphs: false)
        let lines = try Self.sourceLines() + Fixtures.lines(of: Fixtures.codeSlice)
        #expect(lines.count > 4_000)
        var wordsFromTable = 0
        let request = try FontRequest(family: family, size: 13)
        let table = try self.table(family)
        for line in lines {
            let text = Array(line.utf16)
            let fast = try withTable.shape(text: text, range: 0 ..< text.count, request: request)
            let slow = try withoutTable.shape(text: text, range: 0 ..< text.count, request: request)
            #expect(fast.map(\.glyphs) == slow.map(\.glyphs), "\(family): \(line)")
            if let table {
                wordsFromTable +=
                    line.split(separator: " ").filter { word in word.utf16.allSatisfy { table[$0] != nil } }.count
            }
        }
        // Where there is a table, some words came from it (most of them in the monospaced font).
        if table != nil { #expect(wordsFromTable > 0) }
        if family == "DejaVu Sans Mono" { #expect(wordsFromTable > 10_000) }
    }

    /// Random strings of a font's context-free characters, shaped whole with HarfBuzz (no word
    /// cutting: `!` and `-` and digits next to each other): the same as from the table.
    @Test(arguments: families)
    func randomStringsMatchHarfBuzz(family: String) throws {
        // A family expected to have no table has been checked by `table` to have none.
        guard let table = try table(family, size: 11.5) else { return }
        let free = characters(of: table)
        #expect(!free.isEmpty)
        let withTable = TextShaper(matcher: matcher)
        let withoutTable = TextShaper(matcher: matcher, usesContextFreeGlyphs: false)
        let request = try FontRequest(family: family, size: 11.5)
        var random = SplitMix64(seed: 0xC0DE)
        for _ in 0 ..< 300 {
            let text = Array(
                String(
                    (0 ..< Int.random(in: 1 ... 24, using: &random)).map { _ in free.randomElement(using: &random)! }
                ).utf16)
            let fast = try withTable.shape(text: text, range: 0 ..< text.count, request: request)
            let slow = try withoutTable.shape(text: text, range: 0 ..< text.count, request: request)
            #expect(fast.map(\.glyphs) == slow.map(\.glyphs), "\(family): \(String(decoding: text, as: UTF16.self))")
        }
    }

    /// Features and right-to-left runs go to HarfBuzz: a feature may turn on lookups the table
    /// does not know, and right to left mirrors brackets.
    @Test func featuresAndRightToLeftAreShapedByHarfBuzz() throws {
        let shaper = TextShaper(matcher: matcher)
        let text = Array("(a<b)".utf16)
        let request = try FontRequest(family: "DejaVu Sans Mono", size: 13)
        let rtl = try shaper.shape(text: text, range: 0 ..< text.count, request: request, isRightToLeft: true)
        let ltr = try shaper.shape(text: text, range: 0 ..< text.count, request: request)
        // Mirrored in RTL: the glyph drawn for "(" is ")"'s glyph.
        let paren = try #require(ltr.first?.glyphs.first)
        #expect(rtl.first?.glyphs.last?.cluster == 0)
        #expect(rtl.first?.glyphs.last?.id != paren.id)
        let before = shaper.statistics.hits + shaper.statistics.misses
        _ = try shaper.shape(
            text: text, range: 0 ..< text.count, request: request,
            features: [try #require(FontFeature(tag: "zero", value: 1))])
        #expect(
            shaper.statistics.hits + shaper.statistics.misses > before, "a word with features went through the cache")
    }

    /// A range all of whose characters shape alone is placed whole from the table: no word is
    /// looked up, the glyphs are HarfBuzz's, and runs stay within the longest run the planner makes.
    @Test func wholeLinesOfCodeArePlacedWithoutTheCache() throws {
        let withTable = TextShaper(matcher: matcher)
        let withoutTable = TextShaper(matcher: matcher, usesContextFreeGlyphs: false)
        let request = try FontRequest(family: "DejaVu Sans Mono", size: 13)
        let line = Array("    if (fileIndex >= 0) { return fine[j]; } // ok".utf16)
        let fast = try withTable.shape(text: line, range: 0 ..< line.count, request: request)
        #expect(withTable.statistics.hits + withTable.statistics.misses == 0)
        #expect(
            fast.map(\.glyphs)
                == (try withoutTable.shape(text: line, range: 0 ..< line.count, request: request)).map(\.glyphs))
        let long = Array(repeating: UInt16(0x78), count: TextShaper.maximumRunLength * 2 + 10)
        let runs = try withTable.shape(text: long, range: 0 ..< long.count, request: request)
        #expect(runs.map(\.range.count) == [TextShaper.maximumRunLength, TextShaper.maximumRunLength, 10])
        #expect(runs.flatMap(\.glyphs).map(\.cluster) == Array(0 ..< long.count))
    }

    /// A class-based chaining rule (format 2): glyph 10 starts it when followed by glyph 11
    /// (input class 2) and then glyph 20 (lookahead class 1). Among candidates without 20 it can
    /// never match, so nothing starts; with 20 among them, 10 starts it (and only 10).
    @Test func classBasedRulesStartOnlyWhereTheyCanMatch() {
        var bytes: [UInt8] = []
        func u16(_ values: Int...) { for value in values { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] } }
        u16(1, 0, 0, 0, 10) // header: version, script and feature lists, lookup list at 10
        u16(1, 4) // lookup list: one lookup, at 14
        u16(6, 0, 1, 8) // lookup: chaining context, one subtable, at 22
        // Format 2: coverage, no backtrack classes, input and lookahead classes, two class sets.
        u16(2, 16, 0, 22, 38, 2, 0, 46)
        u16(1, 1, 10) // coverage: glyph 10
        u16(2, 2, 10, 10, 1, 11, 11, 2) // input classes: 10 is class 1, 11 class 2
        u16(1, 20, 1, 1) // lookahead classes: 20 is class 1
        u16(1, 4) // class set 1: one rule
        u16(0, 2, 2, 1, 1, 0) // rule: no backtrack, input classes 1 then 2, lookahead class 1, no lookups
        bytes.withUnsafeBytes { raw in
            let reader = OpenTypeLookupStarts.TableReader(bytes: raw)
            #expect(reader.lookupStarts(index: 0, table: .gsub, among: [10, 11, 12]) == [])
            #expect(reader.lookupStarts(index: 0, table: .gsub, among: [10, 11, 20]) == [10])
            #expect(
                reader.lookupStarts(index: 0, table: .gsub, among: [10, 20]) == [], "no candidate of input class 2")
        }
    }

    /// The same for a class-based rule without backtrack or lookahead (format 2 of a plain
    /// context subtable): glyph 10 (class 2) starts it when followed by glyph 11 (class 1). A
    /// class definition with its ranges out of order, which HarfBuzz would read by halves, is
    /// refused rather than read another way.
    @Test func classBasedContextRulesAndDisorderedClassesAreHandled() {
        func table(ranges: [Int]) -> [UInt8] {
            var bytes: [UInt8] = []
            func u16(_ values: [Int]) { for value in values { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] } }
            u16([1, 0, 0, 0, 10]) // header: lookup list at 10
            u16([1, 4]) // one lookup, at 14
            u16([5, 0, 1, 8]) // contextual substitution, one subtable, at 22
            u16([2, 14, 20, 3, 0, 0, 36]) // format 2: coverage, classes, three class sets (only class 2's)
            u16([1, 1, 10]) // coverage: glyph 10
            u16([2, 2] + ranges) // classes: two ranges
            u16([1, 4]) // class set 2: one rule
            u16([2, 0, 1]) // rule: two glyphs, no lookups, the second of class 1
            return bytes
        }
        table(ranges: [10, 10, 2, 11, 11, 1]).withUnsafeBytes { raw in
            let reader = OpenTypeLookupStarts.TableReader(bytes: raw)
            #expect(reader.lookupStarts(index: 0, table: .gsub, among: [10, 11]) == [10])
            #expect(reader.lookupStarts(index: 0, table: .gsub, among: [10, 12]) == [], "no candidate of class 1")
        }
        table(ranges: [11, 11, 1, 10, 10, 2]).withUnsafeBytes { raw in
            #expect(
                OpenTypeLookupStarts.TableReader(bytes: raw).lookupStarts(index: 0, table: .gsub, among: [10, 11])
                    == nil)
        }
    }

    /// Garbage and truncated tables: the analysis answers nil (no table, HarfBuzz shapes
    /// everything) or a set, and never reads out of bounds.
    @Test func malformedTablesAreRefusedWithoutTrapping() {
        var random = SplitMix64(seed: 7)
        let candidates: Set<UInt32> = [3, 10, 68, 300]
        for length in [0, 1, 9, 10, 16, 64, 512] {
            for _ in 0 ..< 200 {
                var bytes = (0 ..< length).map { _ in UInt8.random(in: 0 ... 255, using: &random) }
                if length >= 10 { bytes[8] = 0; bytes[9] = 10 } // a lookup list right after the header
                bytes.withUnsafeBytes { raw in
                    let reader = OpenTypeLookupStarts.TableReader(bytes: raw)
                    for table in [OpenTypeLookupStarts.Table.gsub, .gpos] {
                        if let starts = reader.lookupStarts(
                            index: Int.random(in: 0 ..< 4, using: &random), table: table, among: candidates)
                        {
                            #expect(starts.isSubset(of: candidates))
                        }
                    }
                    _ = reader.hasFeature("kern")
                }
            }
        }
        #expect(
            OpenTypeLookupStarts.TableReader(bytes: UnsafeRawBufferPointer(start: nil, count: 0)).lookupStarts(
                index: 0, table: .gsub, among: candidates) == nil)
    }

    static func sourceLines() throws -> [String] {
        let sources = TestData.packageRoot.appendingPathComponent("Sources")
        let files =
            FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path } ?? []
        return try files.flatMap { try String(contentsOf: $0, encoding: .utf8).split(separator: "\n").map(String.init) }
    }
}
