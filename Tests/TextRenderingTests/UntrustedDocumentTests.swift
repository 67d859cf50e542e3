import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextRendering
import TextTypography

/// Documents are untrusted: their links, numbers and characters must not crash the renderer,
/// inject PDF syntax, or produce blank output.
@Suite struct UntrustedDocumentTests {
    static func temporaryPath(_ ext: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("otk-untrusted-\(UUID().uuidString).\(ext)").path
    }

    static func pdfText(_ path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftotext")
        process.arguments = [path, "-"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static let injection = "https://example.com/a)/S/JavaScript/JS(app.alert(1))"

    static func linkedDocument() -> TextContentStorage {
        var text = AttributedString("Injected link, script, local file, relative, mail, ftp. English مرحبا नमस्ते")
        let links = [
            ("Injected link", injection), ("script", "javascript:alert(1)"), ("local file", "file:///etc/passwd"),
            ("relative", "notes/page.html"), ("mail", "mailto:someone@example.com"), ("ftp", "ftp://example.com/f"),
            ("مرحبا", "https://example.com/ü ar"),
        ]
        for (words, link) in links { text[text.range(of: words)!].link = URL(string: link) }
        return TextContentStorage(attributedString: text)
    }

    @Test(arguments: [false, true])
    func aLinkCannotInjectAPDFActionAndUnsafeSchemesAreDroppedWithAWarning(paged: Bool) throws {
        let path = Self.temporaryPath("pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = DocumentRenderer.Options()
        if paged { options.pageSize = PageSize.a5.size }
        let result = try DocumentRenderer(options: options).render(Self.linkedDocument(), to: path)
        let pdf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        // The URL's parentheses cannot end the PDF string: no JavaScript action.
        #expect(!pdf.contains(")/S/JavaScript"))
        #expect(pdf.contains("/URI (https://example.com/a%29/S/JavaScript/JS%28app.alert%281%29%29)"))
        // A relative link is no action without a base URL (a reader could open it as a file).
        #expect(!pdf.contains("/URI (notes/page.html)"))
        #expect(pdf.contains("/URI (mailto:someone@example.com)"))
        #expect(!pdf.contains("javascript:") && !pdf.contains("file:") && !pdf.contains("ftp:"))
        let written = result.linkAreas.map(\.area.url.absoluteString)
        #expect(written.count == 3, "\(written)")
        #expect(result.warnings.count == 4, "\(result.warnings)")
        #expect(result.warnings.contains { $0.contains("javascript:alert(1)") })
        #expect(result.warnings.contains { $0.contains("file:///etc/passwd") })
        // Non-ASCII is percent-encoded (a URL's string is already; the PDF never gets raw bytes).
        #expect(pdf.contains("%C3%BC") || pdf.contains("%C3%BC"), "ü percent-encoded")
        // The text of every link is still there.
        #expect(try Self.pdfText(path).contains("script"))
    }

    @Test func aCallerCanAllowMoreSchemes() throws {
        let path = Self.temporaryPath("pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = DocumentRenderer.Options()
        options.linkPolicy = LinkPolicy(allowing: ["FTP"])
        let result = try DocumentRenderer(options: options).render(Self.linkedDocument(), to: path)
        #expect(result.linkAreas.contains { $0.area.url.scheme == "ftp" })
        #expect(result.warnings.count == 3)
        #expect(
            String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self).contains(
                "/URI (ftp://example.com/f)"))
    }

    @Test(arguments: [Int.max, Int.max - 1, Int.min])
    func listNumbersAtTheEndsOfIntDoNotCrash(start: Int) throws {
        let list = TextList(markerFormat: TextList.MarkerFormat("{decimal}."), startingItemNumber: start)
        var text = AttributedString()
        for item in ["First English item", "مرحبا بالعالم", "नमस्ते दुनिया"] {
            var piece = AttributedString(item + "\n")
            piece.paragraphStyle = ParagraphStyle(headIndent: 30, firstLineHeadIndent: 30, textLists: [list])
            text += piece
        }
        let (_, manager) = makeLayout(text)
        var markers = ListMarkers(defaultFont: FontDescriptor(family: "DejaVu Sans", size: 16))
        let numbers = fragments(of: manager).prefix(3).compactMap { markers.marker(for: $0) }
        let second = start.addingReportingOverflow(1), third = start.addingReportingOverflow(2)
        #expect(
            numbers == [
                "\(start).", "\(second.overflow ? Int.max : second.partialValue).",
                "\(third.overflow ? Int.max : third.partialValue).",
            ])
        let path = Self.temporaryPath("pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try DocumentRenderer().render(TextContentStorage(attributedString: text), to: path)
        #expect(try Self.pdfText(path).contains("First English item"))
    }

    static func spacedDocument(before: Double, after: Double) -> TextContentStorage {
        var text = AttributedString()
        for paragraph in [
            "First English paragraph.", "مرحبا بالعالم الثاني", "नमस्ते तीसरा अनुच्छेद", "Fourth English paragraph.",
        ] {
            var piece = AttributedString(paragraph + "\n")
            piece.paragraphStyle = ParagraphStyle(paragraphSpacingBefore: before, paragraphSpacing: after)
            text += piece
        }
        return TextContentStorage(attributedString: text)
    }

    @Test(arguments: [(1_000.0, 0.0), (1e308, 1e308), (.infinity, .infinity), (.nan, .nan), (0, 5_000)])
    func hugeSpacingNeverPushesTextOffThePage(before: Double, after: Double) throws {
        let storage = Self.spacedDocument(before: before, after: after)
        let pageSize = PageSize.a4.size
        let layout = TextPageLayout(
            textContentManager: storage, defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13)
        ) { _ in
            TextContainer(size: CGSize(width: pageSize.width - 48, height: pageSize.height - 48))
        }
        var shown = 0
        layout.enumeratePages { page in
            for fragment in page.textLayoutFragments {
                for line in fragment.textLineFragments where line.characterRange.length > 0 {
                    let bottom = fragment.layoutFragmentFrame.minY + line.typographicBounds.maxY
                    #expect(
                        bottom.isFinite && bottom <= pageSize.height - 48 + 0.01,
                        "a line at \(bottom) is below the page")
                    shown += 1
                }
            }
            return true
        }
        #expect(shown == 4, "every paragraph's line is on a page")
        let path = Self.temporaryPath("pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = DocumentRenderer.Options()
        options.pageSize = pageSize
        _ = try DocumentRenderer(options: options).render(storage, to: path)
        let text = try Self.pdfText(path)
        #expect(text.contains("First English") && text.contains("Fourth English") && text.contains("नमस्ते"), "\(text)")
    }

    @Test func infinitelyTallTextOnASheetIsAClearError() throws {
        let path = Self.temporaryPath("png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: RenderingError.self) {
            try DocumentRenderer().render(Self.spacedDocument(before: .infinity, after: .infinity), to: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        // 1,000 points of spacing on a sheet is only a tall picture, with all the text.
        let result = try DocumentRenderer().render(Self.spacedDocument(before: 1_000, after: 0), to: path)
        #expect(result.size.height > 4_000)
    }

    @Test(arguments: [false, true])
    func noncharactersRenderToPDFLikeAnyUnassignedCharacter(paged: Bool) throws {
        let path = Self.temporaryPath("pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = DocumentRenderer.Options()
        if paged { options.pageSize = PageSize.a5.size }
        // Made at run time: the compiler refuses some noncharacters in literals.
        let nonchar = { (value: UInt32) in String(Character(Unicode.Scalar(value)!)) }
        let text =
            "English \(nonchar(0xFFFF)) then \(nonchar(0xFDD0)) and \(nonchar(0x10FFFF)), \(nonchar(0xFFFE)) "
            + "مرحبا بالعالم नमस्ते दुनिया end."
        _ = try DocumentRenderer(options: options).render(TextContentStorage(string: text), to: path)
        let extracted = try Self.pdfText(path)
        #expect(extracted.contains("English") && extracted.contains("end."), "\(extracted)")
        #expect(extracted.contains("\u{FFFD}"))
        #expect(extracted.contains("नमस्ते"))
    }

    /// 20,000 colour runs in one paragraph: drawing reads each run about once, however many lines.
    @Test func drawingAParagraphOfManyRunsReadsEachRunAboutOnce() throws {
        var text = AttributedString()
        let colors = [TextColor(red: 0.9, green: 0.1, blue: 0.1), TextColor(red: 0.1, green: 0.1, blue: 0.9)]
        for index in 0 ..< 20_000 {
            var word = AttributedString(index % 10 == 9 ? "مرحبا " : index % 10 == 4 ? "नमस्ते " : "w\(index) ")
            word.foregroundColor = colors[index % 2]
            text += word
        }
        let (_, manager) = makeLayout(text, width: 600)
        let fragment = try #require(fragments(of: manager).first)
        let lines = fragment.textLineFragments
        #expect(lines.count > 500)
        var read = 0
        for line in lines {
            let range = line.characterRange.location ..< line.characterRange.location + line.characterRange.length
            let looks = TextAppearanceRuns(
                line.attributedString, isPlain: false, range: range, renderingAttributes: [],
                colors: TypesettingContext.Colors())
            read += looks.contentRunsRead
            // The looks are the content's: alternate colours, word by word, where the line shows them.
            for run in looks.runs.dropFirst() where run.range.upperBound < range.upperBound {
                #expect(colors.contains(run.look.foreground))
            }
            #expect(looks.runs.first?.range.lowerBound == range.lowerBound)
            #expect(looks.runs.last?.range.upperBound == range.upperBound)
        }
        #expect(read <= 20_000 + 2 * lines.count, "runs read: \(read) for 20,000 runs on \(lines.count) lines")
        // And the picture has both colours.
        let pixels = try drawDocument(manager, scale: 0.5)
        let box = CGRect(x: 0, y: 0, width: 600, height: manager.usageBoundsForTextContainer.height)
        #expect(pixels.count(in: box) { $0.alpha > 100 && Int($0.red) > Int($0.blue) + 60 } > 1_000)
        #expect(pixels.count(in: box) { $0.alpha > 100 && Int($0.blue) > Int($0.red) + 60 } > 1_000)
    }
}
