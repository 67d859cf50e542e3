import Foundation
import Testing
@testable import TextContent

@Suite struct AttributeScopeTests {
    typealias Keys = AttributeScopes.OpenTextKitAttributes

    // MARK: Dynamic member lookup

    @Test func dynamicMemberLookupSetsAndReadsEveryAttribute() throws {
        let font = FontDescriptor(family: "Noto Sans", size: 13, weight: .bold)
        let style = ParagraphStyle(alignment: .center)
        let attachment = TextAttachment(data: Data([1, 2, 3]), ofType: "public.png")
        let url = try #require(URL(string: "https://example.com/a"))

        var container = AttributeContainer()
        container.font = font
        container.foregroundColor = .red
        container.backgroundColor = .white
        container.underlineStyle = .double
        container.underlineColor = .blue
        container.strikethroughStyle = .single
        container.strikethroughColor = .green
        container.kern = 1.5
        container.tracking = -0.25
        container.baselineOffset = 3
        container.attachment = attachment
        container.paragraphStyle = style
        container.link = url

        var string = AttributedString("Hello", attributes: container)
        #expect(string.font == font)
        #expect(string.foregroundColor == .red)
        #expect(string.backgroundColor == .white)
        #expect(string.underlineStyle == .double)
        #expect(string.underlineColor == .blue)
        #expect(string.strikethroughStyle == .single)
        #expect(string.strikethroughColor == .green)
        #expect(string.kern == 1.5)
        #expect(string.tracking == -0.25)
        #expect(string.baselineOffset == 3)
        #expect(string.attachment == attachment)
        #expect(string.paragraphStyle == style)
        #expect(string.link == url)

        string.font = font.with(size: 20)
        #expect(string.runs[\.font].map(\.0) == [font.with(size: 20)])
        // The same keys through the scope's key paths.
        #expect(string.runs[\.foregroundColor, \.kern].count == 1)
        #expect(Keys.FontAttribute.name == "OpenTextKit.font")
        let scope: KeyPath<AttributeScopes, AttributeScopes.OpenTextKitAttributes.Type> = \.openTextKit
        #expect(scope == \AttributeScopes.openTextKit)
    }

    @Test func attributesApplyToSubranges() throws {
        var string = AttributedString("bold and plain")
        let end = string.index(string.startIndex, offsetByCharacters: 4)
        string[string.startIndex ..< end].font = FontDescriptor(family: "Serif", size: 12, weight: .bold)
        let runs = Array(string.runs[\.font])
        #expect(runs.count == 2)
        #expect(runs[0].0?.weight == .bold)
        #expect(runs[1].0 == nil)
    }

    // MARK: Attribute behaviour

    @Test func paragraphStyleSpreadsToTheWholeParagraph() {
        for separator in ["\n", "\r", "\r\n", "\u{2029}"] {
            var string = AttributedString("first line" + separator + "second line" + separator + "third")
            // Set on two characters in the middle of the second paragraph.
            let start = string.index(string.startIndex, offsetByCharacters: 10 + separator.count + 3)
            let end = string.index(start, offsetByCharacters: 2)
            string[start ..< end].paragraphStyle = ParagraphStyle(alignment: .right)

            let runs = string.runs[\.paragraphStyle].map { (String(string[$0.1].characters), $0.0?.alignment) }
            #expect(
                runs.map(\.0) == ["first line" + separator, "second line" + separator, "third"],
                "separator \(separator.debugDescription)")
            #expect(runs.map(\.1) == [nil, .right, nil], "separator \(separator.debugDescription)")
        }
    }

    @Test func lineSeparatorDoesNotEndAParagraph() {
        var string = AttributedString("one\u{2028}two")
        let start = string.index(string.startIndex, offsetByCharacters: 5)
        string[start...].paragraphStyle = ParagraphStyle(alignment: .justified)
        #expect(string.runs.count == 1)
        #expect(string.paragraphStyle?.alignment == .justified)
    }

    @Test func typedTextTakesTheParagraphStyleAndFontButNotTheAttachment() throws {
        let attachment = TextAttachment(contents: Data([0xFF]), fileType: "public.png", fileName: "a.png")
        var container = AttributeContainer()
        container.attachment = attachment
        container.font = FontDescriptor(family: "Sans", size: 10)
        container.paragraphStyle = ParagraphStyle(alignment: .center)
        var string = AttributedString(String(TextAttachment.character), attributes: container)
        string.characters.append(contentsOf: "typed")

        let runs = Array(string.runs)
        #expect(runs.count == 2)
        #expect(runs[0].attachment == attachment)
        #expect(runs[1].attachment == nil)
        #expect(runs[1].font == container.font)
        #expect(runs[1].paragraphStyle == container.paragraphStyle)
    }

    @Test func changingTheAttachmentCharacterRemovesTheAttachment() {
        var container = AttributeContainer()
        container.attachment = TextAttachment(fileName: "picture.png")
        var string = AttributedString("a")
        string.append(AttributedString(String(TextAttachment.character), attributes: container))
        string.append(AttributedString("b"))
        let start = string.index(string.startIndex, offsetByCharacters: 1)
        let end = string.index(afterCharacter: start)
        string.characters.replaceSubrange(start ..< end, with: String(TextAttachment.character))
        #expect(string.runs[\.attachment].allSatisfy { $0.0 == nil })
    }

    @Test func keysDeclareTheirConstraints() {
        #expect(Keys.ParagraphStyleAttribute.runBoundaries == .paragraph)
        #expect(Keys.AttachmentAttribute.inheritedByAddedText == false)
        #expect(Keys.AttachmentAttribute.invalidationConditions == [.textChanged])
        #expect(Keys.FontAttribute.inheritedByAddedText)
        #expect(Keys.FontAttribute.runBoundaries == nil)
        #expect(TextAttachment.character.unicodeScalars.map(\.value) == [0xFFFC])
    }

    // MARK: Lists

    static let markerExpectations: [(TextList.MarkerFormat, [(Int, String)])] = [
        (.decimal, [(1, "1"), (12, "12"), (0, "0"), (-3, "-3")]),
        (
            .lowercaseRoman,
            [
                (1, "i"), (4, "iv"), (9, "ix"), (14, "xiv"), (40, "xl"), (1994, "mcmxciv"), (3999, "mmmcmxcix"),
                (4000, "4000"), (0, "0"),
            ]
        ),
        (.uppercaseRoman, [(2024, "MMXXIV"), (90, "XC"), (-1, "-1")]),
        (
            .lowercaseAlpha,
            [(1, "a"), (26, "z"), (27, "aa"), (52, "az"), (53, "ba"), (702, "zz"), (703, "aaa"), (0, "0")]
        ),
        (.uppercaseAlpha, [(1, "A"), (28, "AB")]),
        (.lowercaseLatin, [(3, "c"), (27, "aa")]),
        (.uppercaseLatin, [(26, "Z"), (27, "AA")]),
        (.lowercaseHexadecimal, [(10, "a"), (255, "ff"), (256, "100"), (-255, "-ff")]),
        (.uppercaseHexadecimal, [(255, "FF"), (4096, "1000")]),
        (.octal, [(7, "7"), (8, "10"), (64, "100")]),
        (.disc, [(1, "\u{2022}"), (99, "\u{2022}")]),
        (.circle, [(1, "\u{25E6}")]),
        (.square, [(1, "\u{25AA}")]),
        (.box, [(1, "\u{25AB}")]),
        (.check, [(1, "\u{2713}")]),
        (.diamond, [(1, "\u{25C6}")]),
        (.hyphen, [(1, "\u{2043}")]),
    ]

    @Test(arguments: markerExpectations)
    func markersForEveryFormat(format: TextList.MarkerFormat, expectations: [(Int, String)]) {
        let list = TextList(markerFormat: format)
        for (number, marker) in expectations {
            #expect(list.marker(forItemNumber: number) == marker, "\(format.rawValue) \(number)")
        }
    }

    @Test func markerFormatsHaveTextKitKeywords() {
        let expected = [
            "{box}", "{check}", "{circle}", "{diamond}", "{disc}", "{hyphen}", "{square}",
            "{lower-hexadecimal}", "{upper-hexadecimal}", "{octal}", "{lower-alpha}", "{upper-alpha}",
            "{lower-latin}", "{upper-latin}", "{lower-roman}", "{upper-roman}", "{decimal}",
        ]
        #expect(TextList.MarkerFormat.allNamed.map(\.rawValue) == expected)
        let named: [TextList.MarkerFormat] = [
            .box, .check, .circle, .diamond, .disc, .hyphen, .square, .lowercaseHexadecimal, .uppercaseHexadecimal,
            .octal, .lowercaseAlpha, .uppercaseAlpha, .lowercaseLatin, .uppercaseLatin, .lowercaseRoman,
            .uppercaseRoman, .decimal,
        ]
        #expect(named == TextList.MarkerFormat.allNamed)
        let unordered: Set<TextList.MarkerFormat> = [.box, .check, .circle, .diamond, .disc, .hyphen, .square]
        for format in named {
            #expect(TextList(markerFormat: format).isOrdered == !unordered.contains(format), "\(format.rawValue)")
        }
    }

    @Test func markerFormatsWithSurroundingText() {
        #expect(TextList(markerFormat: .init("({lower-roman})")).marker(forItemNumber: 4) == "(iv)")
        #expect(TextList(markerFormat: .init("{decimal}.")).marker(forItemNumber: 3) == "3.")
        #expect(TextList(markerFormat: .init("{unknown} {upper-alpha}")).marker(forItemNumber: 2) == "{unknown} B")
        #expect(TextList(markerFormat: .init("*")).marker(forItemNumber: 2) == "*")
        #expect(TextList(markerFormat: .init("{decimal}")).isOrdered)
        #expect(!TextList(markerFormat: .init("*")).isOrdered)
        #expect(TextList(markerFormat: .decimal).startingItemNumber == 1)
        #expect(TextList(markerFormat: .decimal).options == [])
        #expect(
            TextList(markerFormat: .decimal, options: .prependEnclosingMarker).options.contains(.prependEnclosingMarker)
        )
        #expect(TextList(markerFormat: .decimal).marker(forItemNumber: .min) == String(Int.min))
        #expect(TextList(markerFormat: .lowercaseHexadecimal).marker(forItemNumber: .min) == "-8000000000000000")
    }

    // MARK: Colours

    @Test func hexColoursParse() throws {
        let orange = try #require(TextColor(hex: "#FF8000"))
        #expect(orange == TextColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 1))
        let translucent = try #require(TextColor(hex: "#ff800080"))
        #expect(translucent == TextColor(red: 1, green: 128.0 / 255, blue: 0, alpha: 128.0 / 255))
        #expect(TextColor(hex: "#aBcDeF") == TextColor(hex: "#ABCDEF"))
        #expect(TextColor(hex: "#00000000") == .clear)
        #expect(orange.hex == "#FF8000")
        #expect(translucent.hex == "#FF800080")
        #expect(TextColor(hex: TextColor.white.hex) == .white)
    }

    @Test(arguments: [
        "", "#", "FF8000", "#FF800", "#FF80000", "#FF8000F", "#FF8000FF0", "#GG0000", "#FF80 0",
        " #FF8000", "#FF8000 ", "#ＦＦ8000", "#-F8000", "0xFF8000", "#FF8000FF00", "rgb(1,2,3)", "#é12345",
    ])
    func badHexColoursAreRejected(text: String) {
        #expect(TextColor(hex: text) == nil, "\(text.debugDescription)")
    }

    @Test func colourComponentsAreClamped() {
        let color = TextColor(red: 2, green: -1, blue: .nan, alpha: .infinity)
        #expect(color == TextColor(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(TextColor(white: 0.5).green == 0.5)
        #expect(TextColor.red.withAlpha(0.25).alpha == 0.25)
    }

    // MARK: Fonts

    @Test func fontWeightsAndWidths() {
        #expect(FontWeight.regular.value == 400)
        #expect(FontWeight.bold.value == 700)
        #expect(
            [FontWeight.ultraLight, .thin, .light, .regular, .medium, .semibold, .bold, .heavy, .black].map(\.value)
                == [100, 200, 300, 400, 500, 600, 700, 800, 900])
        #expect(FontWeight(0).value == 1)
        #expect(FontWeight(5000).value == 1000)
        #expect(FontWeight(.nan) == .regular)
        #expect(FontWeight.light < .bold)
        #expect(FontWidth.normal.value == 100)
        #expect(FontWidth.condensed.value == 75)
        #expect(FontWidth(10) == .ultraCondensed)
        #expect(FontWidth(1000) == .ultraExpanded)
    }

    @Test func fontFeatureTags() {
        #expect(FontFeature(tag: "kern", value: 0)?.tag == "kern")
        #expect(FontFeature(tag: "ss01")?.value == 1)
        #expect(FontFeature(tag: "cv1 ") != nil)
        for bad in ["ker", "kern5", "k rn", " ker", "    ", "ké r", "kéř", "", "ke\u{7F}n"] {
            #expect(FontFeature(tag: bad) == nil, "\(bad.debugDescription)")
        }
        #expect(FontFeature(tag: "kern", value: -1) == nil)
        #expect(FontFeature.kerning(false) == FontFeature(tag: "kern", value: 0))
        #expect(FontFeature.ligatures(false) == FontFeature(tag: "liga", value: 0))
        #expect(FontFeature.ligatures(true) == FontFeature(tag: "liga", value: 1))
        #expect(FontFeature.tabularFigures == FontFeature(tag: "tnum", value: 1))
        #expect(FontFeature.smallCaps.tag == "smcp")
    }

    @Test func fontDescriptorCopies() {
        let font = FontDescriptor(family: "Noto Sans", size: 12)
        #expect(font.weight == .regular && !font.italic && font.width == .normal && font.features.isEmpty)
        let bold = font.with(weight: .bold, italic: true)
        #expect(bold.family == "Noto Sans" && bold.size == 12 && bold.weight == .bold && bold.italic)
        #expect(font.adding(.kerning(false)).features == [.kerning(false)])
    }

    // MARK: Paragraph styles

    @Test func paragraphStyleDefaultsAndCopies() {
        let style = ParagraphStyle()
        #expect(style == .default)
        #expect(style.alignment == .natural)
        #expect(style.lineHeight == .normal)
        #expect(style.baseWritingDirection == .natural)
        #expect(style.tabStops.isEmpty && style.textLists.isEmpty)
        #expect(style.defaultTabInterval == 28)
        let changed = style.with(alignment: .justified, headIndent: 18, textLists: [TextList(markerFormat: .disc)])
        #expect(changed.alignment == .justified && changed.headIndent == 18 && changed.textLists.count == 1)
        #expect(changed.with() == changed)
        #expect(changed != style)
    }

    // MARK: Values as Codable

    @Test func valuesDecodeStrictly() throws {
        let decoder = JSONDecoder()
        #expect(throws: DecodingError.self) {
            try decoder.decode(TextColor.self, from: Data(#"{"red":1.5,"green":0,"blue":0}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(TextColor.self, from: Data(#"{"red":1,"green":0,"blue":0,"hue":2}"#.utf8))
        }
        #expect(throws: DecodingError.self) { try decoder.decode(FontWeight.self, from: Data("1001".utf8)) }
        #expect(throws: DecodingError.self) {
            try decoder.decode(FontFeature.self, from: Data(#"{"tag":"kerning"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(LineHeight.self, from: Data(#"{"kind":"normal","factor":2}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(TextList.self, from: Data(#"{"markerFormat":"{disc}","options":["bogus"]}"#.utf8))
        }
        let color = try decoder.decode(TextColor.self, from: Data(#"{"red":1,"green":0.5,"blue":0}"#.utf8))
        #expect(color == TextColor(red: 1, green: 0.5, blue: 0))
        let style = try decoder.decode(ParagraphStyle.self, from: Data(#"{"alignment":"center"}"#.utf8))
        #expect(style == ParagraphStyle(alignment: .center))
    }

    @Test func valuesRoundTripThroughJSON() throws {
        let values: [LineHeight] = [
            .normal, .tight, .loose, .multiple(factor: 1.25), .leading(increase: -2), .exact(points: 18),
        ]
        for value in values {
            let data = try JSONEncoder().encode(value)
            #expect(try JSONDecoder().decode(LineHeight.self, from: data) == value)
        }
        let list = TextList(
            markerFormat: .init("({upper-roman})"), options: .prependEnclosingMarker, startingItemNumber: -4)
        #expect(try JSONDecoder().decode(TextList.self, from: JSONEncoder().encode(list)) == list)
        #expect(throws: EncodingError.self) {
            try JSONEncoder().encode(TextList(markerFormat: .disc, options: .init(rawValue: 6)))
        }
    }
}
