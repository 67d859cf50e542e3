import Foundation
import TestFixtures
import Testing
import TextDocument
@testable import TextContent

/// An attribute outside every scope the document format knows.
private enum TestOnlyAttribute: AttributedStringKey {
    typealias Value = Int
    static let name = "DocumentFormatTests.testOnly"
}

typealias DocumentRandom = SplitMix64

extension SplitMix64 {
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0 ..< 1, using: &self) < probability }
    mutating func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0 ..< values.count, using: &self)] }
}

@Suite struct DocumentFormatTests {
    /// One line per script from Tests/Fixtures/mixed.tsv (UDHR samples and emoji), written out
    /// here so that each case names its script.
    static let samples: [(tag: String, text: String)] = [
        ("ar_Arab", "لمّا كان الاعتراف بالكرامة المتأصلة في جميع"),
        ("he_Hebr", "כל בני אדם נולדו בני חורין ושווים בערכם ובזכויותיהם"),
        ("hi_Deva", "चूंकि मानव परिवार के सभी सदस्यों के जन्मजात गौरव और समान"),
        ("kn_Knda", "ಎಲ್ಲಾ ಮಾನವರೂ ಸ್ವತಂತ್ರರಾಗಿಯೇ ಜನಿಸಿದ್ದಾರೆ. ಹಾಗೂ ಘನತೆ ಮತ್ತು ಹಕ್ಕುಗಳಲ್ಲಿ"),
        ("th_Thai", "โดยที่การไม่นำพาและการหมิ่นในคุณค่าของสิทธิมนุษยชน"),
        ("zh_Hans", "鉴于对这些权利和自由的普遍了解对于这个誓愿的充分实现具有很大的重要性,"),
        ("ja_Jpan", "人類社会のすべての構成員の固有の尊厳と平等で譲ることのできない権利とを承認することは"),
        ("mixed", "No one shall be held in slavery or servitude; 🦸🏼 ولما كانت الدول الأعضاء قد تعهدت بالتعاون م"),
        ("emoji", "constitution or by law. 😸 No one shall be 👦 subjected to arbitrary arrest, 👩🏾‍🏫 detention 👰🏼‍♂️ 👬🏼"),
        ("en", "All human beings are born free and equal in dignity and rights."),
        ("astral", "𝕋𝕖𝕩𝕥 in mathematical double-struck, 𐍈 Gothic, 𓀀 hieroglyph, 🇫🇷 flag, 👨‍👩‍👧 family"),
    ]

    // MARK: Helpers

    /// Encodes, decodes and re-encodes `string`, expecting the same string and the same bytes.
    ///
    /// The strings are compared run by run (`runs ==`) and scalar by scalar rather than with
    /// `AttributedString ==`, which on Linux (Swift 6.3.1) says "not equal" for some equal strings
    /// built in different ways (see `foundationEqualityHasFalseNegatives`), and which treats
    /// canonically equivalent text as equal.
    @discardableResult
    func expectExactRoundTrip(
        _ string: AttributedString, _ comment: Comment? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> Data {
        let data = try TextDocumentFormat.encode(string)
        let decoded = try TextDocumentFormat.decode(data)
        #expect(decoded.runs == string.runs, comment, sourceLocation: sourceLocation)
        #expect(Array(decoded.unicodeScalars) == Array(string.unicodeScalars), comment, sourceLocation: sourceLocation)
        #expect(decoded.runs.count == string.runs.count, comment, sourceLocation: sourceLocation)
        #expect(try TextDocumentFormat.encode(decoded) == data, comment, sourceLocation: sourceLocation)
        // Built the same way as the decoder builds, `==` itself agrees.
        #expect(decoded == (try TextDocumentFormat.decode(data)), comment, sourceLocation: sourceLocation)
        return data
    }

    func decodeError(_ data: Data) -> TextDocumentError? {
        do {
            _ = try TextDocumentFormat.decode(data)
            return nil
        } catch {
            return error
        }
    }

    func decodeError(_ json: String) -> TextDocumentError? { decodeError(Data(json.utf8)) }

    func invalidPath(_ error: TextDocumentError?) -> String? {
        guard case .invalidValue(let path, _)? = error else { return nil }
        return path
    }

    func encodeError(_ string: AttributedString) -> TextDocumentError? {
        do {
            _ = try TextDocumentFormat.encode(string)
            return nil
        } catch let error as TextDocumentError {
            return error
        } catch {
            Issue.record("encode threw \(error), not a TextDocumentError")
            return nil
        }
    }

    /// A version 1 document of `text` with the given runs (JSON text of each run object).
    func document(text: String, runs: [String]) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
        return
            #"{"format": "opentextkit-document", "version": 1, "text": "\#(escaped)", "runs": "#
            + #"[\#(runs.joined(separator: ", "))]}"#
    }

    /// The byte offset of the first occurrence of `needle` in `haystack`.
    func byteOffset(of needle: String, in haystack: String) -> Int {
        let bytes = Array(haystack.utf8), target = Array(needle.utf8)
        return (0 ... (bytes.count - target.count)).first { Array(bytes[$0 ..< $0 + target.count]) == target } ?? -1
    }

    // MARK: Round trips

    /// A document that uses every attribute and every case of every enum, over text in many scripts.
    static func everything() throws -> AttributedString {
        let separators = ["\n", "\r\n", "\r", "\u{2029}"]
        let markerFormats = TextList.MarkerFormat.allNamed + [.init("({lower-roman})"), .init("{decimal}.")]
        let lineHeights: [LineHeight] = [
            .normal, .tight, .loose, .multiple(factor: 1.15), .leading(increase: -0.5), .exact(points: 17.25),
        ]
        let doubles: [Double] = [
            0.1, 1.0 / 3, -0.0, 1e-300, Double.leastNonzeroMagnitude, 1.7976931348623157e308, -2.5, 12,
        ]
        let urls: [URL] = [
            try #require(URL(string: "https://example.com/a/b?c=d&e=%20f#g")),
            try #require(URL(string: "https://例え.jp/パス?q=ä")),
            URL(fileURLWithPath: "/tmp/a file.png"),
            try #require(URL(string: "sub/page.html", relativeTo: URL(string: "https://example.com/dir/"))),
            try #require(URL(string: "mailto:someone@example.com")),
        ]
        var result = AttributedString()
        let paragraphs = samples.map(\.text) + ["Attachment: \u{FFFC} and \u{FFFC}.", "", "last"]
        for (index, text) in paragraphs.enumerated() {
            let separator = index == paragraphs.count - 1 ? "" : separators[index % separators.count]
            var paragraph = AttributedString(text + separator)
            let style = ParagraphStyle(
                alignment: TextAlignment.allCases[index % TextAlignment.allCases.count],
                lineHeight: lineHeights[index % lineHeights.count],
                paragraphSpacingBefore: doubles[index % doubles.count],
                paragraphSpacing: 6,
                headIndent: 18,
                tailIndent: -4,
                firstLineHeadIndent: 0.75,
                tabStops: TextTab.Alignment.allCases.enumerated().map {
                    TextTab(alignment: $0.element, location: Double($0.offset) * 36.5)
                },
                defaultTabInterval: 0.1 + Double(index),
                baseWritingDirection: WritingDirection.allCases[index % WritingDirection.allCases.count],
                textLists: index == 1
                    ? markerFormats.map { TextList(markerFormat: $0) }
                    : index % 3 == 0
                        ? []
                        : [
                            TextList(markerFormat: markerFormats[index % markerFormats.count]),
                            TextList(
                                markerFormat: markerFormats[(index + 7) % markerFormats.count],
                                options: .prependEnclosingMarker, startingItemNumber: index - 3),
                        ])
            paragraph.paragraphStyle = style
            // Character attributes on every other word.
            var wordIndex = 0
            var position = paragraph.startIndex
            while position < paragraph.endIndex {
                let end =
                    paragraph.characters[position...].firstIndex(of: " ").map { paragraph.index(afterCharacter: $0) }
                    ?? paragraph.endIndex
                defer { position = end; wordIndex += 1 }
                guard wordIndex % 2 == 0 else { continue }
                let pattern = TextDecorationStyle.Pattern.allCases[wordIndex % 4]
                let line = TextDecorationStyle.Line.allCases[wordIndex % 3]
                var container = AttributeContainer()
                container.font = FontDescriptor(
                    family: index % 2 == 0 ? "Noto Sans" : "Noto Serif \"Display\"", size: 9.5 + Double(wordIndex),
                    weight: FontWeight(Double(100 * (wordIndex % 10 + 1)) - 0.5), italic: wordIndex % 4 == 0,
                    width: [FontWidth.condensed, .normal, .expanded, .init(93.75)][wordIndex % 4],
                    features: [
                        .kerning(false), .ligatures(wordIndex % 3 == 0), .tabularFigures,
                        FontFeature(tag: "ss0\(wordIndex % 9 + 1)", value: wordIndex)!,
                    ])
                container.foregroundColor = TextColor(
                    red: 0.1, green: 1.0 / 3, blue: Double(wordIndex % 7) / 7, alpha: 0.999)
                container.backgroundColor = TextColor(hex: "#FFEEDD80")
                container.underlineStyle = TextDecorationStyle(pattern: pattern, line: line, byWord: wordIndex % 3 == 0)
                container.underlineColor = .blue
                container.strikethroughStyle = TextDecorationStyle(
                    pattern: TextDecorationStyle.Pattern.allCases[(wordIndex + 1) % 4], line: .double)
                container.strikethroughColor = TextColor(white: 0.5, alpha: 0)
                container.kern = doubles[wordIndex % doubles.count]
                container.tracking = doubles[(wordIndex + 3) % doubles.count]
                container.baselineOffset = doubles[(wordIndex + 5) % doubles.count]
                container.link = urls[wordIndex % urls.count]
                paragraph[position ..< end].mergeAttributes(container)
            }
            // Attachments on the U+FFFC characters: one full, one empty.
            let attachments = [
                TextAttachment(
                    contents: Data((0 ... 255).map { UInt8($0) }), fileType: "public.png", fileName: "ünïcode name.png",
                    bounds: CGRect(x: 0, y: -2.25, width: 16.5, height: 1.0 / 3)),
                TextAttachment(),
            ]
            let marks = paragraph.utf16.enumerated().filter { $0.element == 0xFFFC }.map(\.offset)
            for (offset, attachment) in zip(marks, attachments) {
                let mark = paragraph.utf16.index(paragraph.startIndex, offsetBy: offset)
                paragraph[mark ..< paragraph.utf16.index(after: mark)].attachment = attachment
            }
            result.append(paragraph)
        }
        return result
    }

    @Test func everyAttributeAndEveryCaseRoundTripsExactly() throws {
        let string = try Self.everything()
        #expect(string.runs.count > 100)
        let data = try expectExactRoundTrip(string)

        // Every attribute name appears, and only the documented top-level and run keys.
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(json.keys) == ["format", "version", "text", "runs"])
        #expect(json["format"] as? String == "opentextkit-document")
        #expect(json["version"] as? Int == 1)
        let runs = try #require(json["runs"] as? [[String: Any]])
        var names: Set<String> = []
        for run in runs {
            #expect(Set(run.keys) == ["length", "attributes"])
            if let attributes = run["attributes"] as? [String: Any] { names.formUnion(attributes.keys) }
        }
        #expect(
            names == [
                "font", "foregroundColor", "backgroundColor", "underlineStyle", "underlineColor", "strikethroughStyle",
                "strikethroughColor", "kern", "tracking", "baselineOffset", "attachment", "link", "paragraphStyle",
            ])
        #expect(runs.compactMap { $0["length"] as? Int }.reduce(0, +) == string.utf16.count)
    }

    @Test func encodingIsDeterministic() throws {
        let string = try Self.everything()
        let first = try TextDocumentFormat.encode(string)
        let second = try TextDocumentFormat.encode(string)
        #expect(first == second)
        // A string built another way with the same content gives the same bytes.
        let rebuilt = try TextDocumentFormat.decode(first)
        #expect(try TextDocumentFormat.encode(rebuilt) == first)
    }

    @Test func doublesDataAndURLsAreExact() throws {
        var string = AttributedString("x")
        string.kern = -0.0
        string.tracking = Double.leastNonzeroMagnitude
        string.baselineOffset = 0.30000000000000004
        let decoded = try TextDocumentFormat.decode(TextDocumentFormat.encode(string))
        #expect(decoded.kern?.bitPattern == (-0.0 as Double).bitPattern)
        #expect(decoded.tracking == Double.leastNonzeroMagnitude)
        #expect(decoded.baselineOffset == 0.30000000000000004)

        let relative = try #require(URL(string: "b/c", relativeTo: URL(string: "https://example.com/a/")))
        string.link = relative
        let link = try #require(try TextDocumentFormat.decode(TextDocumentFormat.encode(string)).link)
        #expect(link == relative)
        #expect(link.baseURL == relative.baseURL && link.relativeString == "b/c")
    }

    @Test func emptyAndPlainStrings() throws {
        try expectExactRoundTrip(AttributedString())
        try expectExactRoundTrip(AttributedString("plain, no attributes"))
        try expectExactRoundTrip(AttributedString("\n\r\n\r\u{2029}"))
        let data = try TextDocumentFormat.encode(AttributedString())
        #expect(try TextDocumentFormat.decode(data) == AttributedString())
    }

    @Test func canonicallyEquivalentTextStaysAsWritten() throws {
        // AttributedString == says these are equal; the document must still keep the exact scalars.
        let composed = AttributedString("caf\u{E9}")
        let decomposed = AttributedString("cafe\u{301}")
        #expect(composed == decomposed)
        let decoded = try TextDocumentFormat.decode(TextDocumentFormat.encode(decomposed))
        #expect(Array(decoded.unicodeScalars) == Array(decomposed.unicodeScalars))
    }

    /// A Foundation bug this suite works around: `AttributedString ==` answers false for two
    /// strings with the same scalars and no attributes, one appended from two pieces and one made
    /// at once, when Indic conjuncts meet BigString's chunk boundaries. `runs ==` is right. If
    /// this known issue stops reproducing, Foundation is fixed and the workaround can go.
    @Test func foundationEqualityHasFalseNegatives() {
        let first = Self.samples[2].text + "\n", second = Self.samples[3].text // Devanagari, Kannada
        var appended = AttributedString(first)
        appended.append(AttributedString(second))
        let whole = AttributedString(first + second)
        #expect(Array(appended.unicodeScalars) == Array(whole.unicodeScalars))
        #expect(appended.runs == whole.runs)
        withKnownIssue("AttributedString == false negative on Linux, Swift 6.3.1") {
            #expect(appended == whole)
        }
    }

    @Test func handWrittenVersion1DocumentDecodes() throws {
        let json = Self.handWritten
        let string = try TextDocumentFormat.decode(Data(json.utf8))
        var expected = AttributedString("Hi 😀\nbye")
        let second = expected.utf16.index(expected.startIndex, offsetBy: 3)
        let third = expected.utf16.index(second, offsetBy: 3)
        expected[..<second].font = FontDescriptor(family: "Noto Sans", size: 12)
        expected[second ..< third].link = URL(string: "https://example.com")
        expected[..<third].paragraphStyle = ParagraphStyle(alignment: .center)
        #expect(string == expected)
    }

    @Test func nullReadsAsAbsent() throws {
        let json = document(
            text: "ab",
            runs: [
                #"{"length": 2, "attributes": {"kern": null, "font": {"family": "A", "size": 9, "weight": null}, "#
                    + #""foregroundColor": {"red": 1, "green": 0, "blue": 0, "alpha": null}}}"#
            ])
        let string = try TextDocumentFormat.decode(Data(json.utf8))
        #expect(string.kern == nil)
        #expect(string.font == FontDescriptor(family: "A", size: 9))
        #expect(string.foregroundColor == .red)
        #expect(
            try TextDocumentFormat.decode(
                Data(document(text: "ab", runs: [#"{"length": 2, "attributes": null}"#]).utf8))
                == AttributedString("ab"))
    }

    @Test func wholeMixedCorpusRoundTrips() throws {
        let lines = try Fixtures.lines(of: Fixtures.mixedCorpus).filter { !$0.isEmpty }
        #expect(lines.count == 188)
        var string = AttributedString()
        for (index, line) in lines.enumerated() {
            let text = String(line.split(separator: "\t", maxSplits: 1).last ?? "")
            var paragraph = AttributedString(text + "\n")
            paragraph.paragraphStyle = ParagraphStyle(baseWritingDirection: WritingDirection.allCases[index % 3])
            paragraph.foregroundColor = TextColor(red: Double(index % 256) / 255, green: 0, blue: 0)
            if paragraph.characters.count > 6 {
                let start = paragraph.index(paragraph.startIndex, offsetByCharacters: 3)
                paragraph[start ..< paragraph.index(start, offsetByCharacters: 3)].font = FontDescriptor(
                    family: "Noto Sans", size: 11, italic: true)
            }
            string.append(paragraph)
        }
        try expectExactRoundTrip(string)
    }

    @Test func tenThousandRunsDecode() throws {
        // Building is linear in the runs (no per-run rescan of the paragraph); this is a smoke test,
        // the speed itself belongs in the benchmarks.
        var string = AttributedString(String(repeating: "abcdéfghi😀", count: 10_000)) // 11 UTF-16 units
        string.paragraphStyle = ParagraphStyle(alignment: .justified)
        var index = string.startIndex
        for run in 0 ..< 10_000 {
            let end = string.utf16.index(index, offsetBy: 11)
            string[index ..< end].kern = Double(run)
            index = end
        }
        #expect(string.runs.count == 10_000)
        try expectExactRoundTrip(string)
    }

    // MARK: Property: random strings round-trip

    @Test func randomAttributedStringsRoundTrip() throws {
        for seed in UInt64(0) ..< 300 {
            var random = DocumentRandom(seed: seed)
            let string = randomAttributedString(&random)
            try expectExactRoundTrip(string, "seed \(seed)")
        }
    }

    static let pieces = [
        "\n", "\r", "\r\n", "\u{2029}", "\u{2028}", "\u{85}", "e\u{301}", "\u{301}", "😀", "👨‍👩‍👧", "🇫🇷", "👍🏽", "\u{FFFC}",
        "\t", "\"", "\\", "/", "\u{0}", "\u{1F}", "\u{7F}", "\u{FEFF}", "\u{FFFF}", "𝕏", " ", "word",
    ]

    func randomText(_ random: inout DocumentRandom) -> String {
        var text = ""
        for _ in 0 ..< Int.random(in: 0 ... 12, using: &random) {
            if random.chance(0.5) {
                text += random.pick(Self.pieces)
            } else {
                let scalars = Array(random.pick(Self.samples).text.unicodeScalars)
                let start = Int.random(in: 0 ..< scalars.count, using: &random)
                let end = min(scalars.count, start + Int.random(in: 1 ... 24, using: &random))
                text.unicodeScalars.append(contentsOf: scalars[start ..< end])
            }
        }
        return text
    }

    func randomAttributedString(_ random: inout DocumentRandom) -> AttributedString {
        var string = AttributedString(randomText(&random))
        let scalarCount = string.unicodeScalars.count
        guard scalarCount > 0 else { return string }
        for _ in 0 ..< Int.random(in: 0 ... 8, using: &random) {
            let a = Int.random(in: 0 ... scalarCount, using: &random),
                b = Int.random(in: 0 ... scalarCount, using: &random)
            let lower = string.unicodeScalars.index(string.startIndex, offsetBy: min(a, b))
            let upper = string.unicodeScalars.index(string.startIndex, offsetBy: max(a, b))
            string[lower ..< upper].mergeAttributes(randomContainer(&random))
        }
        return string
    }

    func randomDouble(_ random: inout DocumentRandom) -> Double {
        if random.chance(0.5) {
            return random.pick([
                0, -0.0, 1, -1, 0.1, 1.0 / 3, 1e-300, Double.leastNonzeroMagnitude, .greatestFiniteMagnitude, 72.5,
            ])
        }
        while true {
            let value = Double(bitPattern: random.next())
            if value.isFinite { return value }
        }
    }

    func randomUnit(_ random: inout DocumentRandom) -> Double {
        random.chance(0.3) ? random.pick([0, 1, -0.0, 0.5]) : Double.random(in: 0 ... 1, using: &random)
    }

    func randomColor(_ random: inout DocumentRandom) -> TextColor {
        TextColor(
            red: randomUnit(&random), green: randomUnit(&random), blue: randomUnit(&random), alpha: randomUnit(&random))
    }

    func randomDecoration(_ random: inout DocumentRandom) -> TextDecorationStyle {
        TextDecorationStyle(
            pattern: random.pick(TextDecorationStyle.Pattern.allCases),
            line: random.pick(TextDecorationStyle.Line.allCases),
            byWord: random.chance(0.5))
    }

    func randomContainer(_ random: inout DocumentRandom) -> AttributeContainer {
        var container = AttributeContainer()
        let p = 0.35
        if random.chance(p) {
            let size = abs(randomDouble(&random))
            container.font = FontDescriptor(
                family: random.pick(["Noto Sans", "DejaVu Serif", "monospace", "Ünïcødé \"Family\" \\ /", ""]),
                size: size > 0 ? size : 1,
                weight: random.chance(0.5)
                    ? FontWeight(Double.random(in: 1 ... 1000, using: &random))
                    : random.pick([.ultraLight, .regular, .bold, .black]),
                italic: random.chance(0.5),
                width: FontWidth(Double.random(in: 50 ... 200, using: &random)),
                features: (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
                    random.pick([
                        .kerning(false), .ligatures(true), .smallCaps,
                        FontFeature(
                            tag: "cv0\(Int.random(in: 1...9, using: &random))",
                            value: Int.random(in: 0 ... Int.max, using: &random))!,
                    ])
                })
        }
        if random.chance(p) { container.foregroundColor = randomColor(&random) }
        if random.chance(p) { container.backgroundColor = randomColor(&random) }
        if random.chance(p) { container.underlineStyle = randomDecoration(&random) }
        if random.chance(p) { container.underlineColor = randomColor(&random) }
        if random.chance(p) { container.strikethroughStyle = randomDecoration(&random) }
        if random.chance(p) { container.strikethroughColor = randomColor(&random) }
        if random.chance(p) { container.kern = randomDouble(&random) }
        if random.chance(p) { container.tracking = randomDouble(&random) }
        if random.chance(p) { container.baselineOffset = randomDouble(&random) }
        if random.chance(p) {
            let bytes = (0 ..< Int.random(in: 0 ... 40, using: &random)).map { _ in
                UInt8.random(in: 0 ... 255, using: &random)
            }
            container.attachment = TextAttachment(
                contents: random.chance(0.8) ? Data(bytes) : nil,
                fileType: random.chance(0.5) ? random.pick(["public.png", "public.jpeg", "com.example.ü"]) : nil,
                fileName: random.chance(0.5) ? "file \(random.next()).png" : nil,
                bounds: random.chance(0.5)
                    ? .zero
                    : CGRect(
                        x: randomDouble(&random), y: randomDouble(&random), width: randomDouble(&random),
                        height: randomDouble(&random)))
        }
        if random.chance(p) {
            container.link = random.pick([
                URL(string: "https://example.com/ä?x=1#frag"), URL(string: "mailto:a@b.c"),
                URL(fileURLWithPath: "/tmp/some file"),
                URL(string: "../up", relativeTo: URL(string: "https://example.com/a/b/")), URL(string: "x:y"),
            ])
        }
        if random.chance(p) {
            container.paragraphStyle = ParagraphStyle(
                alignment: random.pick(TextAlignment.allCases),
                lineHeight: random.pick([
                    .normal, .tight, .loose, .multiple(factor: randomDouble(&random)),
                    .leading(increase: randomDouble(&random)), .exact(points: randomDouble(&random)),
                ]),
                paragraphSpacingBefore: randomDouble(&random), paragraphSpacing: randomDouble(&random),
                headIndent: randomDouble(&random), tailIndent: randomDouble(&random),
                firstLineHeadIndent: randomDouble(&random),
                tabStops: (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
                    TextTab(alignment: random.pick(TextTab.Alignment.allCases), location: randomDouble(&random))
                },
                defaultTabInterval: randomDouble(&random),
                baseWritingDirection: random.pick(WritingDirection.allCases),
                textLists: (0 ..< Int.random(in: 0 ... 2, using: &random)).map { _ in
                    TextList(
                        markerFormat: random.pick(TextList.MarkerFormat.allNamed + [.init("* {decimal} *")]),
                        options: random.chance(0.5) ? .prependEnclosingMarker : [],
                        startingItemNumber: Int.random(in: Int.min ... Int.max, using: &random))
                })
        }
        return container
    }

    // MARK: Malformed JSON

    static let handWritten = """
        {"format": "opentextkit-document", "version": 1, "text": "Hi 😀\\nbye",
         "runs": [
           {"length": 3, "attributes": {"font": {"family": "Noto Sans", "size": 12},
                                        "paragraphStyle": {"alignment": "center"}}},
           {"length": 3, "attributes": {"paragraphStyle": {"alignment": "center"}, "link": "https://example.com"}},
           {"length": 3}
         ]}
        """

    @Test func truncatedFilesSayWhereTheyEnd() throws {
        var string = AttributedString("Héllo 😀 wörld\nשלום")
        string.font = FontDescriptor(family: "Noto Sans", size: 12)
        string.paragraphStyle = ParagraphStyle(alignment: .center)
        // Our own compact output, and a hand-written file over several lines.
        for data in [try TextDocumentFormat.encode(string), Data(Self.handWritten.utf8)] {
            #expect(decodeError(data) == nil)
            for cut in 0 ..< data.count {
                let prefix = data.prefix(cut)
                guard case let .malformedJSON(line, column, byteOffset, reason) = decodeError(prefix) else {
                    Issue.record(
                        "cut at \(cut): expected malformedJSON, got \(String(describing: decodeError(prefix)))")
                    continue
                }
                #expect(byteOffset == cut, "cut at \(cut)")
                // The line and column of the end of the prefix.
                let lines = prefix.split(separator: 0x0A, omittingEmptySubsequences: false)
                #expect(line == lines.count, "cut at \(cut)")
                let lastLine = String(decoding: lines.last ?? Data(), as: UTF8.self)
                #expect(column == lastLine.unicodeScalars.count + 1 || reason.contains("UTF-8"), "cut at \(cut)")
                #expect(reason.contains("end of data") || reason.contains("empty"), "cut at \(cut): \(reason)")
                let message = TextDocumentError.malformedJSON(
                    line: line, column: column, byteOffset: byteOffset, reason: reason
                ).description
                #expect(message.contains("line \(line), column \(column)") && message.contains("byte offset \(cut)"))
            }
        }
    }

    @Test func invalidJSONSaysWhere() throws {
        let doubleComma = #"{"format": "opentextkit-document",, "version": 1}"#
        let secondComma = byteOffset(of: ",,", in: doubleComma) + 1
        #expect(
            decodeError(doubleComma)
                == .malformedJSON(
                    line: 1, column: secondComma + 1, byteOffset: secondComma,
                    reason: "unexpected character \",\": expected a key string in an object"))

        let multiline =
            "{\n  \"format\": \"opentextkit-document\",\n  \"version\": 1,\n  \"text\": \"abc\",\n  \"runs\": "
            + "[{\"length\": 3}]]\n}"
        guard case let .malformedJSON(line, column, offset, _) = decodeError(multiline) else {
            Issue.record("expected malformedJSON")
            return
        }
        #expect(line == 5 && column == 26 && offset == byteOffset(of: "]]", in: multiline) + 1)

        let cases: [(String, String)] = [
            (#"{"format": "a", "format": "b"}"#, "duplicate key \"format\""),
            (#"{"text": "\ud800"}"#, "surrogate"),
            (#"{"text": "\udc00x"}"#, "surrogate"),
            ("{\"text\": \"a\tb\"}", "control character U+0009"),
            (#"{"a": [1, 2,]}"#, "expected a value"),
            (#"{'a': 1}"#, "expected a key string"),
            (#"{"a": 01}"#, "expected \",\" or \"}\""),
            (#"{"a": 1.}"#, "expected a digit after the decimal point"),
            (#"{"a": tru}"#, "invalid literal"),
            (#"{"a": 1} x"#, "after the end of the JSON value"),
            (#"{"a": "\x"}"#, "not a JSON escape sequence"),
            ("", "the data is empty"),
            (String(repeating: "[", count: 200) + String(repeating: "]", count: 200), "nest deeper than 128"),
        ]
        for (json, reason) in cases {
            guard case let .malformedJSON(_, _, _, actual) = decodeError(json) else {
                Issue.record("\(json.prefix(40)): expected malformedJSON, got \(String(describing: decodeError(json)))")
                continue
            }
            #expect(actual.contains(reason), "\(json.prefix(40)): \(actual)")
        }

        // Bytes that are not UTF-8, at the byte where they start.
        var bytes = Array(#"{"text": "ab"}"#.utf8)
        bytes.insert(0xFF, at: 11)
        #expect(
            decodeError(Data(bytes))
                == .malformedJSON(line: 1, column: 12, byteOffset: 11, reason: "byte 0xFF is not valid UTF-8"))
        var overlong = Array(#"{"text": "ab"}"#.utf8)
        overlong.insert(contentsOf: [0xC0, 0xAF], at: 11)
        guard case .malformedJSON(_, _, 11, _) = decodeError(Data(overlong)) else {
            Issue.record("overlong UTF-8 not refused at its offset")
            return
        }
    }

    // MARK: Format and version

    @Test func wrongFormat() {
        #expect(decodeError("[]") == .wrongFormat(found: nil))
        #expect(decodeError("42") == .wrongFormat(found: nil))
        #expect(decodeError(#"{"version": 1, "text": "", "runs": []}"#) == .wrongFormat(found: nil))
        #expect(decodeError(#"{"format": 3, "version": 1}"#) == .wrongFormat(found: nil))
        let rtf = decodeError(#"{"format": "rtf", "version": 1, "text": "", "runs": []}"#)
        #expect(rtf == .wrongFormat(found: "rtf"))
        #expect(rtf?.description.contains("\"format\" is \"rtf\"") == true)
    }

    @Test func versions() {
        let future = decodeError(
            #"{"format": "opentextkit-document", "version": 2, "text": "", "runs": [], "newThing": {}}"#)
        #expect(future == .unsupportedVersion(found: 2))
        #expect(future?.description == "document version 2 is newer than this OpenTextKit can read (up to version 1)")
        #expect(
            decodeError(#"{"format": "opentextkit-document", "version": 0, "text": "", "runs": []}"#)
                == .unsupportedVersion(found: 0))
        #expect(
            decodeError(#"{"format": "opentextkit-document", "version": "1", "text": "", "runs": []}"#)
                == .invalidValue(path: "version", reason: "the version must be an integer"))
        #expect(
            decodeError(#"{"format": "opentextkit-document", "text": "", "runs": []}"#)
                == .missingField(path: "version"))
    }

    // MARK: Fields and values

    @Test func missingFieldsAreNamed() {
        let cases: [(String, String)] = [
            (#"{"format": "opentextkit-document", "version": 1, "runs": []}"#, "text"),
            (#"{"format": "opentextkit-document", "version": 1, "text": ""}"#, "runs"),
            (document(text: "abc", runs: [#"{"length": 1}"#, #"{"attributes": {}}"#]), "runs[1].length"),
            (
                document(text: "abc", runs: [#"{"length": 3, "attributes": {"font": {"family": "Sans"}}}"#]),
                "runs[0].attributes.font.size"
            ),
            (
                document(
                    text: "abc", runs: [#"{"length": 3, "attributes": {"foregroundColor": {"red": 1, "blue": 0}}}"#]),
                "runs[0].attributes.foregroundColor.green"
            ),
            (
                document(
                    text: "abc",
                    runs: [#"{"length": 3, "attributes": {"paragraphStyle": {"lineHeight": {"kind": "exact"}}}}"#]),
                "runs[0].attributes.paragraphStyle.lineHeight.points"
            ),
            (
                document(
                    text: "abc",
                    runs: [#"{"length": 3, "attributes": {"attachment": {"bounds": {"x": 0, "y": 0, "width": 1}}}}"#]),
                "runs[0].attributes.attachment.bounds.height"
            ),
        ]
        for (json, path) in cases {
            let error = decodeError(json)
            #expect(error == .missingField(path: path), "\(path)")
            #expect(error?.description.contains(path) == true)
        }
    }

    @Test func unknownFieldsAreRefused() {
        let cases: [(String, String)] = [
            (#"{"format": "opentextkit-document", "version": 1, "text": "", "runs": [], "title": "x"}"#, "title"),
            (
                document(text: "abc", runs: [#"{"length": 3, "attributes": {"glow": {"radius": 2}}}"#]),
                "runs[0].attributes.glow"
            ),
            // A shadow is stored (as `NSShadow`'s fields); a field of it this version does not know is refused.
            (
                document(text: "abc", runs: [#"{"length": 3, "attributes": {"shadow": {"radius": 2}}}"#]),
                "runs[0].attributes.shadow.radius"
            ),
            (document(text: "abc", runs: [#"{"length": 3, "style": {}}"#]), "runs[0].style"),
            (
                document(
                    text: "abc",
                    runs: [#"{"length": 3, "attributes": {"font": {"family": "A", "size": 1, "slant": 3}}}"#]),
                "runs[0].attributes.font.slant"
            ),
            (
                document(
                    text: "abc",
                    runs: [
                        #"{"length": 3, "attributes": {"paragraphStyle": {"lineHeight": {"kind": "normal", "#
                            + #""factor": 2}}}}"#
                    ]),
                "runs[0].attributes.paragraphStyle.lineHeight.factor"
            ),
        ]
        for (json, path) in cases {
            let error = decodeError(json)
            #expect(error == .unknownField(path: path), "\(path)")
            #expect(error?.description.contains(path) == true)
        }
    }

    @Test func invalidValuesAreNamed() {
        func run(_ attributes: String, length: Int = 3) -> String {
            document(text: "abc", runs: [#"{"length": \#(length), "attributes": \#(attributes)}"#])
        }
        let cases: [(String, String, String)] = [
            (
                run(#"{"foregroundColor": {"red": 1.5, "green": 0, "blue": 0}}"#),
                "runs[0].attributes.foregroundColor.red", "outside 0.0...1.0"
            ),
            (
                run(#"{"backgroundColor": {"red": 0, "green": 0, "blue": 0, "alpha": -0.1}}"#),
                "runs[0].attributes.backgroundColor.alpha", "outside"
            ),
            (
                run(#"{"underlineColor": {"red": "1", "green": 0, "blue": 0}}"#),
                "runs[0].attributes.underlineColor.red", ""
            ),
            (
                run(#"{"font": {"family": "A", "size": 12, "features": [{"tag": "kerning"}]}}"#),
                "runs[0].attributes.font.features[0].tag", "four ASCII"
            ),
            (
                run(#"{"font": {"family": "A", "size": 12, "features": [{"tag": "kérn"}]}}"#),
                "runs[0].attributes.font.features[0].tag", "four ASCII"
            ),
            (
                run(#"{"font": {"family": "A", "size": 12, "features": [{"tag": "kern", "value": -1}]}}"#),
                "runs[0].attributes.font.features[0].value", "negative"
            ),
            (run(#"{"font": {"family": "A", "size": 0}}"#), "runs[0].attributes.font.size", "greater than 0"),
            (
                run(#"{"font": {"family": "A", "size": 12, "weight": 1200}}"#), "runs[0].attributes.font.weight",
                "outside 1...1000"
            ),
            (
                run(#"{"font": {"family": "A", "size": 12, "width": 20}}"#), "runs[0].attributes.font.width",
                "outside 50...200"
            ),
            (run(#"{"kern": 1e400}"#), "runs[0].attributes.kern", "64-bit float"),
            (run(#"{"tracking": "wide"}"#), "runs[0].attributes.tracking", ""),
            (run(#"{"paragraphStyle": {"alignment": "middle"}}"#), "runs[0].attributes.paragraphStyle.alignment", ""),
            (
                run(#"{"paragraphStyle": {"textLists": [{"markerFormat": "{disc}", "startingItemNumber": 1.5}]}}"#),
                "runs[0].attributes.paragraphStyle.textLists[0].startingItemNumber", "integer"
            ),
            (run(#"{"link": "http://a.example.`b"}"#), "runs[0].attributes.link", "not a valid URL"),
            (run(#"{"attachment": {"contents": "not base64!"}}"#), "runs[0].attributes.attachment.contents", ""),
            (run(#"{"underlineStyle": {"pattern": "wavy"}}"#), "runs[0].attributes.underlineStyle.pattern", ""),
            (run("{}", length: -3), "runs[0].length", "at least 1"),
            (document(text: "abc", runs: [#"{"length": 0}"#, #"{"length": 3}"#]), "runs[0].length", "at least 1"),
            (run("{}", length: 0), "runs[0].length", "at least 1"),
            (document(text: "abc", runs: [#"{"length": 1.5}"#]), "runs[0].length", "integer"),
            (document(text: "abc", runs: [#"{"length": 99999999999999999999}"#]), "runs[0].length", "integer"),
            (#"{"format": "opentextkit-document", "version": 1, "text": 5, "runs": []}"#, "text", ""),
        ]
        for (json, path, reason) in cases {
            let error = decodeError(json)
            guard case let .invalidValue(actualPath, actualReason) = error else {
                Issue.record("\(path): expected invalidValue, got \(String(describing: error))")
                continue
            }
            #expect(actualPath == path)
            // (Foundation's String.contains("") is false.)
            #expect(reason.isEmpty || actualReason.contains(reason), "\(path): \(actualReason)")
            #expect(error?.description.contains(path) == true)
        }
    }

    // MARK: Runs

    @Test func runLengthsMustCoverTheText() {
        #expect(
            decodeError(document(text: "hello", runs: [#"{"length": 3}"#]))
                == .runLengthMismatch(runsTotal: 3, textLength: 5))
        #expect(
            decodeError(document(text: "hello", runs: [#"{"length": 3}"#, #"{"length": 3}"#]))
                == .runLengthMismatch(runsTotal: 6, textLength: 5))
        #expect(decodeError(document(text: "x", runs: [])) == .runLengthMismatch(runsTotal: 0, textLength: 1))
        // UTF-16, not characters or bytes: "😀" is 2 units, "é" 1.
        #expect(
            decodeError(document(text: "é😀", runs: [#"{"length": 2}"#]))
                == .runLengthMismatch(runsTotal: 2, textLength: 3))
        #expect(decodeError(document(text: "é😀", runs: [#"{"length": 3}"#])) == nil)
        let huge = decodeError(
            document(text: "ab", runs: [#"{"length": 9223372036854775807}"#, #"{"length": 9223372036854775807}"#]))
        #expect(huge == .runLengthMismatch(runsTotal: .max, textLength: 2))
        #expect(TextDocumentError.runLengthMismatch(runsTotal: 3, textLength: 5).description.contains("3") == true)
    }

    @Test func runsMustNotSplitSurrogatePairs() {
        let error = decodeError(document(text: "a😀b", runs: [#"{"length": 2}"#, #"{"length": 2}"#]))
        #expect(error == .runSplitsSurrogatePair(offset: 2))
        #expect(error?.description.contains("offset 2") == true)
        #expect(
            decodeError(document(text: "a😀b", runs: [#"{"length": 1}"#, #"{"length": 2}"#, #"{"length": 1}"#])) == nil)
    }

    @Test func paragraphStylesMustBeConsistentWithinAParagraph() {
        let left = #"{"paragraphStyle": {"alignment": "left"}}"#
        let right = #"{"paragraphStyle": {"alignment": "right"}}"#
        func runs(_ pairs: [(Int, String)]) -> [String] {
            pairs.map { #"{"length": \#($0.0), "attributes": \#($0.1)}"# }
        }

        // Different styles in the second paragraph ("two three" starts at offset 4).
        let error = decodeError(document(text: "one\ntwo three", runs: runs([(4, left), (3, left), (6, right)])))
        #expect(error == .paragraphAttributeInconsistent(paragraphStartOffset: 4))
        #expect(error?.description.contains("offset 4") == true)
        // A style on part of a paragraph only.
        #expect(
            decodeError(document(text: "one two", runs: runs([(3, left), (4, "{}")])))
                == .paragraphAttributeInconsistent(paragraphStartOffset: 0))
        // \r\n is one separator: a boundary between \r and \n is inside the paragraph.
        #expect(
            decodeError(document(text: "ab\r\ncd", runs: runs([(3, left), (3, right)])))
                == .paragraphAttributeInconsistent(paragraphStartOffset: 0))
        // U+2028 separates lines, not paragraphs.
        #expect(
            decodeError(document(text: "ab\u{2028}cd", runs: runs([(3, left), (2, right)])))
                == .paragraphAttributeInconsistent(paragraphStartOffset: 0))

        // Boundaries right after every paragraph separator are fine.
        for separator in ["\n", "\r", "\r\n", "\u{2029}"] {
            let text = "ab" + separator + "cd"
            let first = 2 + separator.utf16.count
            let json = document(text: text, runs: runs([(first, left), (2, right)]))
            let decoded = try? TextDocumentFormat.decode(Data(json.utf8))
            #expect(decoded?.runs.count == 2, "separator \(separator.debugDescription)")
        }
        // Character attributes may change anywhere.
        #expect(decodeError(document(text: "ab", runs: runs([(1, #"{"kern": 1}"#), (1, "{}")]))) == nil)
    }

    // MARK: Encoding errors

    @Test func unsupportedAttributesAreNotDroppedSilently() {
        var foreign = AttributedString("abc")
        foreign[foreign.index(afterCharacter: foreign.startIndex)...][TestOnlyAttribute.self] = 1
        #expect(encodeError(foreign) == .unsupportedAttribute(name: TestOnlyAttribute.name))

        var described = AttributedString("مرحبا")
        described.alternateDescription = "hello"
        let error = encodeError(described)
        #expect(
            error
                == .unsupportedAttribute(name: AttributeScopes.FoundationAttributes.AlternateDescriptionAttribute.name))
        #expect(
            error?.description.contains(AttributeScopes.FoundationAttributes.AlternateDescriptionAttribute.name) == true
        )
    }

    @Test func theLanguageIsStoredAndMustBeALanguageTag() throws {
        var text = AttributedString("漢字 ")
        text.languageIdentifier = "ja"
        var arabic = AttributedString("مرحبا")
        arabic.languageIdentifier = "ar-EG"
        text.append(arabic)
        let decoded = try TextDocumentFormat.decode(TextDocumentFormat.encode(text))
        #expect(decoded.runs.map(\.languageIdentifier) == ["ja", "ar-EG"])
        for bad in ["", "ja)/S/JavaScript", "日本", String(repeating: "a", count: 100_000)] {
            let error = decodeError(
                document(text: "ab", runs: [#"{"length": 2, "attributes": {"languageIdentifier": "\#(bad)"}}"#]))
            #expect(invalidPath(error) == "runs[0].attributes.languageIdentifier", "\(bad.prefix(20))")
            #expect((error?.description.count ?? 0) < 400)
        }
    }

    @Test func numbersJSONCannotHoldAreNamed() {
        var string = AttributedString("ab")
        string.kern = .nan
        #expect(invalidPath(encodeError(string)) == "runs[0].attributes.kern")

        var style = AttributedString("ab")
        style.paragraphStyle = ParagraphStyle(tabStops: [TextTab(location: 1), TextTab(location: .infinity)])
        #expect(invalidPath(encodeError(style)) == "runs[0].attributes.paragraphStyle.tabStops[1].location")
    }
}
