import Foundation
import OpenTextKit
import Testing

/// The bundled sample (Samples/sample.otk.json) is made by `SampleDocument.make()`; this test
/// keeps the file and the code in step. Run with OTK_WRITE_SAMPLE=1 to write the file anew.
enum SampleDocument {
    static let url = Otk.repository.appendingPathComponent("Samples/sample.otk.json")

    static func make() -> AttributedString {
        var document = AttributedString()
        func paragraph(
            _ text: String, style: ParagraphStyle = .default, _ configure: (inout AttributedString) -> Void = { _ in }
        ) {
            var piece = AttributedString(text + "\n")
            piece.font = FontDescriptor(family: "DejaVu Sans", size: 13)
            piece.paragraphStyle = style
            configure(&piece)
            document.append(piece)
        }
        func range(of needle: String, in text: AttributedString) -> Range<AttributedString.Index> {
            text.range(of: needle)!
        }

        paragraph("OpenTextKit", style: ParagraphStyle(alignment: .center, paragraphSpacing: 8)) {
            $0.font = FontDescriptor(family: "DejaVu Sans", size: 24, weight: .bold)
        }
        paragraph(
            "TextKit 2's architecture for Swift on Linux: bold, italic, red, underlined, struck through, and a link."
        ) { text in
            text[range(of: "bold", in: text)].font = FontDescriptor(family: "DejaVu Sans", size: 13, weight: .bold)
            text[range(of: "italic", in: text)].font = FontDescriptor(family: "DejaVu Sans", size: 13, italic: true)
            text[range(of: "red", in: text)].foregroundColor = TextColor(red: 0.8, green: 0.1, blue: 0.1)
            text[range(of: "underlined", in: text)].underlineStyle = .single
            text[range(of: "struck through", in: text)].strikethroughStyle = .single
            text[range(of: "a link", in: text)].link = URL(string: "https://www.swift.org")
        }
        paragraph("English with العربية and עברית, 2024 and ١٢٣ digits, in one line.")
        paragraph(
            "مرحبا بالعالم: النص العربي مع English و 42 رقمًا.",
            style: ParagraphStyle(baseWritingDirection: .rightToLeft))
        paragraph("हिन्दी: सभी मनुष्यों को गौरव और अधिकारों के मामले में जन्मजात स्वतन्त्रता प्राप्त है।")
        paragraph("ಕನ್ನಡ: ಎಲ್ಲಾ ಮಾನವರೂ ಸ್ವತಂತ್ರರಾಗಿಯೇ ಜನಿಸಿದ್ದಾರೆ.")
        paragraph("ไทย: มนุษย์ทั้งหลายเกิดมามีอิสระและเสมอภาคกัน")
        paragraph("中文：人人生而自由，在尊严和权利上一律平等。 日本語：すべての人間は、生まれながらにして自由である。")
        paragraph("Emoji: 👨‍👩‍👧‍👦 👍🏽 🇫🇷 🏳️‍🌈 ❤️")
        let list = TextList(markerFormat: TextList.MarkerFormat("{decimal}."))
        for item in ["First item", "Second item", "Third item"] {
            paragraph(item, style: ParagraphStyle(headIndent: 24, firstLineHeadIndent: 24, textLists: [list]))
        }
        paragraph(
            "Justified: " + String(repeating: "In the beginning God created the heaven and the earth. ", count: 3),
            style: ParagraphStyle(alignment: .justified)
        ) {
            $0.backgroundColor = TextColor(red: 1, green: 0.95, blue: 0.7)
        }
        paragraph("Centred, with a little tracking.", style: ParagraphStyle(alignment: .center)) {
            $0.tracking = 1.5
        }
        paragraph(
            "An image attachment \u{FFFC} sits in the line, which makes room for it; H\u{2082}O and x\u{00B2} "
                + "with a raised baseline."
        ) { text in
            let image = try! Data(contentsOf: Otk.repository.appendingPathComponent("Samples/attachment.png"))
            text[range(of: "\u{FFFC}", in: text)].attachment = TextAttachment(
                contents: image, fileType: "public.png", fileName: "attachment.png",
                bounds: CGRect(x: 0, y: -6, width: 28, height: 28))
            text[range(of: "raised", in: text)].baselineOffset = 4
            text[range(of: "raised", in: text)].font = FontDescriptor(family: "DejaVu Sans", size: 10)
        }
        paragraph(
            "Flowing around a figure: "
                + String(
                    repeating:
                        "Text wraps on either side of an exclusion path, the way TextKit flows it around a shape. ",
                    count: 4))
        return document
    }
}

@Suite struct SampleDocumentTests {
    @Test func theBundledSampleIsTheOneTheCodeMakes() throws {
        let expected = try TextDocumentFormat.encode(SampleDocument.make())
        if ProcessInfo.processInfo.environment["OTK_WRITE_SAMPLE"] != nil {
            try expected.write(to: SampleDocument.url)
        }
        let stored = try Data(contentsOf: SampleDocument.url)
        #expect(stored == expected, "Samples/sample.otk.json is out of date: run the tests with OTK_WRITE_SAMPLE=1")
        let decoded = try TextDocumentFormat.decode(stored)
        #expect(try TextDocumentFormat.encode(decoded) == stored)
    }

    @Test func otkStatsReadsTheSample() throws {
        let output = try Otk.run(["stats", SampleDocument.url.path])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["format"] as? String == "opentextkit-document")
        #expect(json["paragraphs"] as? Int == 16)
        #expect(json["utf16Length"] as? Int == String(SampleDocument.make().characters).utf16.count)
    }

    @Test func aMalformedDocumentIsAnErrorNamingWhere() throws {
        let stored = try Data(contentsOf: SampleDocument.url)
        let file = try Otk.temporaryFile(Array(stored.prefix(stored.count / 2)), extension: "otk.json")
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["stats", file.path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("not a valid OpenTextKit document"), "\(output.stderr)")
        #expect(output.stderr.contains("line 1"), "\(output.stderr)")
    }
}
