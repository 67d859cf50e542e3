import Foundation
import Testing
@_spi(Typesetting) import TextTypography

@Suite struct TextBoundaryTests {
    @Test func englishWords() throws {
        let text = "Hello, world. It's 3.14!"
        let boundaries = try TextBoundaryAnalyzer.boundaries(in: text, kind: .word)
        let pieces = zip(boundaries, boundaries.dropFirst()).map { Self.slice(text, $0 ..< $1) }
        #expect(pieces == ["Hello", ",", " ", "world", ".", " ", "It's", " ", "3.14", "!"])
    }

    /// Thai is written without spaces between words: ICU finds them with its dictionary.
    @Test func thaiWordsComeFromTheDictionary() throws {
        let text = "การไม่นำพาและการหมิ่นในคุณค่าของสิทธิมนุษยชน"
        #expect(!text.contains(" "))
        let boundaries = try TextBoundaryAnalyzer.boundaries(in: text, kind: .word, locale: "th")
        let words = zip(boundaries, boundaries.dropFirst()).map { Self.slice(text, $0 ..< $1) }
        #expect(words.count >= 8, "\(words)")
        #expect(words.contains("การ"))
        #expect(words.contains("และ"))
        #expect(words.contains("ของ"))
        #expect(words.joined() == text)
        // The dictionary is not tied to the locale: root rules find the same words.
        #expect(try TextBoundaryAnalyzer.boundaries(in: text, kind: .word) == boundaries)
    }

    @Test func lineBreakOpportunities() throws {
        let text = "The quick (\"brown\") fox can't jump 32.3 feet, right?"
        let boundaries = try TextBoundaryAnalyzer.boundaries(in: text, kind: .line)
        let pieces = zip(boundaries, boundaries.dropFirst()).map { Self.slice(text, $0 ..< $1) }
        #expect(pieces == ["The ", "quick ", "(\"brown\") ", "fox ", "can't ", "jump ", "32.3 ", "feet, ", "right?"])
    }

    @Test func lineBreaksInThaiAndChinese() throws {
        let thai = "การไม่นำพาและการหมิ่น"
        #expect(try TextBoundaryAnalyzer.boundaries(in: thai, kind: .line).count > 3)
        // Between CJK ideographs a line may break anywhere, but never before "，" or "。".
        let chinese = "人人生而自由，在尊严和权利上一律平等。"
        let breaks = try TextBoundaryAnalyzer.boundaries(in: chinese, kind: .line)
        let units = Array(chinese.utf16)
        for offset in breaks where offset > 0 && offset < units.count {
            #expect(units[offset] != 0xFF0C && units[offset] != 0x3002, "break before punctuation at \(offset)")
        }
        #expect(breaks.count > 10)
    }

    @Test func sentences() throws {
        let text = "Mr. Smith arrived. Did he stay? Yes! He did."
        let boundaries = try TextBoundaryAnalyzer.boundaries(in: text, kind: .sentence)
        let sentences = zip(boundaries, boundaries.dropFirst()).map { Self.slice(text, $0 ..< $1) }
        // Root rules break after "Mr." too; the "en@ss=standard" tailoring suppresses it.
        #expect(sentences == ["Mr. ", "Smith arrived. ", "Did he stay? ", "Yes! ", "He did."])
        let tailored = try TextBoundaryAnalyzer.boundaries(in: text, kind: .sentence, locale: "en@ss=standard")
        #expect(tailored.count == boundaries.count - 1)
    }

    @Test func boundariesSpanTheWholeText() throws {
        let text = "A 🇩🇴 b\u{301} ಕ್ಷ."
        for kind in BoundaryKind.allCases {
            let boundaries = try TextBoundaryAnalyzer.boundaries(in: text, kind: kind)
            #expect(boundaries.first == 0)
            #expect(boundaries.last == text.utf16.count)
            #expect(boundaries == boundaries.sorted() && Set(boundaries).count == boundaries.count)
            // No kind splits a grapheme cluster or a surrogate pair.
            let graphemes = Set(TestData.swiftGraphemeBoundaries(text))
            #expect(Set(boundaries).isSubset(of: graphemes), "\(kind)")
        }
    }

    // MARK: The iterator

    @Test func iteratorFollowingAndPreceding() throws {
        let text = "one two  three"
        let iterator = try TextBoundaryIterator(text, kind: .word)
        #expect(iterator.utf16Count == 14)
        #expect(iterator.allBoundaries() == [0, 3, 4, 7, 9, 14])
        #expect(iterator.following(0) == 3)
        #expect(iterator.following(3) == 4)
        #expect(iterator.following(5) == 7)
        #expect(iterator.following(13) == 14)
        #expect(iterator.following(14) == nil)
        #expect(iterator.following(1_000) == nil)
        #expect(iterator.following(-5) == 0)
        #expect(iterator.preceding(14) == 9)
        #expect(iterator.preceding(8) == 7)
        #expect(iterator.preceding(3) == 0)
        #expect(iterator.preceding(0) == nil)
        #expect(iterator.preceding(-1) == nil)
        #expect(iterator.preceding(99) == 14)
        #expect(iterator.first() == 0)
        #expect(iterator.next() == 3)
        #expect(iterator.last() == 14)
        #expect(iterator.next() == nil)
    }

    @Test func iteratorNeverStopsInsideASurrogatePair() throws {
        let text = "a😀b" // a, then a surrogate pair at 1..<3, then b
        let iterator = try TextBoundaryIterator(text, kind: .character)
        #expect(iterator.following(1) == 3)
        #expect(iterator.following(2) == 3)
        #expect(iterator.preceding(2) == 1)
        #expect(iterator.preceding(3) == 1)
    }

    @Test func iteratorOwnsItsText() throws {
        // The String is gone once the initializer returns; ICU still reads the iterator's copy.
        let iterator = try TextBoundaryIterator(String(repeating: "word ", count: 1_000), kind: .word)
        let boundaries = iterator.allBoundaries()
        #expect(boundaries.count == 2_001)
        #expect(boundaries.last == 5_000)
    }

    @Test func iteratorTakesNewText() throws {
        let iterator = try TextBoundaryIterator("short", kind: .word)
        #expect(iterator.allBoundaries() == [0, 5])
        let longer = "a much longer paragraph than before"
        try iterator.setText(longer) // needs a bigger buffer
        #expect(iterator.utf16Count == longer.utf16.count)
        #expect(iterator.allBoundaries() == (try TextBoundaryAnalyzer.boundaries(in: longer, kind: .word)))
        try iterator.setText("hi 😀") // reuses the buffer
        #expect(iterator.allBoundaries() == [0, 2, 3, 5])
        try iterator.setText("")
        #expect(iterator.allBoundaries() == [0])
        // Kind and locale stay: a Thai line iterator keeps breaking Thai with the dictionary.
        let thai = try TextBoundaryIterator("", kind: .line, locale: "th")
        for text in ["การไม่นำพา", "และการหมิ่นในคุณค่า", "ของสิทธิมนุษยชน"] {
            try thai.setText(text)
            #expect(thai.allBoundaries() == (try TextBoundaryAnalyzer.boundaries(in: text, kind: .line, locale: "th")))
        }
    }

    // MARK: Bad input

    @Test func emptyTextGivesTheSingleBoundaryZero() throws {
        for kind in BoundaryKind.allCases {
            #expect(try TextBoundaryAnalyzer.boundaries(in: "", kind: kind) == [0])
            let iterator = try TextBoundaryIterator("", kind: kind)
            #expect(iterator.next() == nil)
            #expect(iterator.following(0) == nil)
            #expect(iterator.preceding(0) == nil)
        }
    }

    @Test func unknownLocalesFallBackToTheRootRules() throws {
        let text = "Hello world. It's here."
        let root = try TextBoundaryAnalyzer.boundaries(in: text, kind: .word)
        for locale in ["xx_YY", "!!!@@@###", "en_US@lb=nonsense;ss=??", "zz-Qaaa-u-xx-xx", "🙂"] {
            #expect(try TextBoundaryAnalyzer.boundaries(in: text, kind: .word, locale: locale) == root, "\(locale)")
        }
    }

    @Test func unusableLocalesThrowAClearError() {
        let long = String(repeating: "a", count: 157)
        #expect(throws: TextAnalysisError.invalidLocale(long)) {
            try TextBoundaryAnalyzer.boundaries(in: "text", kind: .line, locale: long)
        }
        #expect(throws: TextAnalysisError.invalidLocale("en\0US")) {
            try TextBoundaryIterator("text", kind: .word, locale: "en\0US")
        }
        // The longest accepted identifier still works.
        #expect(throws: Never.self) {
            try TextBoundaryAnalyzer.boundaries(in: "text", kind: .line, locale: String(repeating: "a", count: 156))
        }
        #expect(TextAnalysisError.invalidLocale(long).description.contains("157 bytes"))
    }

    // MARK: Unicode's conformance files

    @Test func unicodeSentenceBreakTest() throws {
        let failures = try Self.conformanceFailures("auxiliary/SentenceBreakTest.txt", kind: .sentence)
        #expect(failures.isEmpty, "\(failures)")
    }

    /// ICU follows CLDR's root tailoring, in which a colon does not join letters ("a:b" is three
    /// words; WordBreakTest.txt treats it as MidLetter). Only Swedish and Finnish keep it.
    @Test func unicodeWordBreakTest() throws {
        let failures = try Self.conformanceFailures("auxiliary/WordBreakTest.txt", kind: .word)
        #expect(failures.allSatisfy { $0.contains("003A") }, "\(failures.filter { !$0.contains("003A") })")
        #expect(try TextBoundaryAnalyzer.boundaries(in: "a:b", kind: .word) == [0, 1, 2, 3])
        #expect(try TextBoundaryAnalyzer.boundaries(in: "a:b", kind: .word, locale: "sv") == [0, 3])
    }

    /// ICU applies CLDR's line-break tailorings by default: a hyphen starting a word stays with
    /// it ("-#"), and a full stop or comma before a digit belongs to the number (".35"), where
    /// LineBreakTest.txt (Unicode 15.0) allows a break. Every other case must match.
    @Test func unicodeLineBreakTest() throws {
        let failures = try Self.conformanceFailures("auxiliary/LineBreakTest.txt", kind: .line)
        let numberOrHyphen = ["002D", "002C", "002E"]
        let unexplained = failures.filter { line in !numberOrHyphen.contains { line.contains($0) } }
        #expect(unexplained.isEmpty, "\(unexplained)")
        #expect(failures.count < 50, "\(failures.count) lines differ")
    }

    /// The lines of a Unicode *BreakTest.txt file whose boundaries ICU does not reproduce.
    static func conformanceFailures(_ file: String, kind: BoundaryKind) throws -> [String] {
        let lines = try TestData.unicodeTestLines(file)
        var failures: [String] = []
        var checked = 0
        for line in lines {
            guard let (text, expected) = GraphemeBoundaryTests.parseBreakTestLine(line) else { continue }
            checked += 1
            let icu = try TextBoundaryAnalyzer.boundaries(in: text, kind: kind)
            if icu != expected { failures.append("\(line) -> ICU \(icu)") }
        }
        #expect(checked > 400, "\(file): only \(checked) cases")
        return failures
    }

    static func slice(_ text: String, _ range: Range<Int>) -> String {
        let utf16 = text.utf16
        let start = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let end = utf16.index(utf16.startIndex, offsetBy: range.upperBound)
        return String(text[start ..< end])
    }
}
