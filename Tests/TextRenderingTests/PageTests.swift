import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering

@Suite struct PageTests {
    /// Genesis (the first 200 verses) with a long paragraph and the mixed samples among them.
    static func document() throws -> TextContentStorage {
        let verses = Array(try Fixtures.lines(of: Fixtures.kjvGenesis).prefix(200))
        let long = String(
            repeating: "And God saw every thing that he had made, and, behold, it was very good. ", count: 40)
        var text = AttributedString(
            (verses[..<100] + [long] + MixedSamples.all.map(\.text) + verses[100...]).joined(separator: "\n"))
        text.font = FontDescriptor(family: "DejaVu Sans", size: 12)
        return TextContentStorage(attributedString: text)
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) failed")
        return String(decoding: data, as: UTF8.self)
    }

    @Test func paragraphsContinueOnTheNextPageAtALineBoundary() throws {
        let storage = try Self.document()
        let size = CGSize(width: 300, height: 400)
        let pages = TextPageLayout(
            textContentManager: storage, defaultFont: FontDescriptor(family: "DejaVu Sans", size: 12)
        ) { _ in
            TextContainer(size: size)
        }
        var covered: [Int: [Range<Int>]] = [:] // paragraph start -> line ranges
        var pageCount = 0
        var split = 0
        pages.enumeratePages { page in
            pageCount += 1
            #expect(page.number == pageCount)
            for fragment in page.textLayoutFragments {
                #expect(fragment.layoutFragmentFrame.minY >= 0)
                for line in fragment.textLineFragments {
                    let bottom = fragment.layoutFragmentFrame.minY + line.typographicBounds.maxY
                    #expect(bottom <= size.height + 0.001, "a line ends below the page (\(bottom))")
                    let start = storage.offset(
                        from: storage.documentRange.location, to: fragment.textElement.elementRange!.location)
                    covered[start, default: []].append(
                        line.characterRange.location ..< line.characterRange.location + line.characterRange.length)
                }
                if fragment.textLineFragments.first.map({ $0.characterRange.location > 0 }) == true { split += 1 }
            }
            return true
        }
        #expect(pageCount > 5)
        #expect(split > 0, "some paragraph continues on a following page")
        // Every paragraph's lines, across pages, tile it exactly once.
        var paragraphs = 0
        storage.enumerateTextElements(from: nil) { element in
            guard let paragraph = element as? TextParagraph else { return true }
            paragraphs += 1
            let start = storage.offset(from: storage.documentRange.location, to: paragraph.elementRange!.location)
            let ranges = covered[start] ?? []
            let length = paragraph.attributedString.utf16.count
            #expect(ranges.first?.lowerBound == 0)
            #expect(zip(ranges, ranges.dropFirst()).allSatisfy { $0.upperBound == $1.lowerBound })
            #expect(ranges.last?.upperBound == length || ranges.last?.upperBound == length - 1 || length == 0)
            return true
        }
        #expect(covered.count == paragraphs)
    }

    @Test func exclusionPathsCanDifferPerPage() throws {
        let storage = try Self.document()
        let hole = CGRect(x: 50, y: 100, width: 150, height: 120)
        let pages = TextPageLayout(
            textContentManager: storage, defaultFont: FontDescriptor(family: "DejaVu Sans", size: 12)
        ) { number in
            TextContainer(size: CGSize(width: 300, height: 400), exclusionPaths: number == 2 ? [.rectangle(hole)] : [])
        }
        var crossesOnPageOne = false
        pages.enumeratePages { page in
            for fragment in page.textLayoutFragments {
                for line in fragment.textLineFragments {
                    let bounds = line.typographicBounds.offsetBy(
                        dx: fragment.layoutFragmentFrame.minX, dy: fragment.layoutFragmentFrame.minY)
                    // Touching an edge is not crossing.
                    let overlap = bounds.intersection(hole)
                    let crosses = !overlap.isNull && overlap.width > 0.01 && overlap.height > 0.01
                    if page.number == 2 { #expect(!crosses, "page 2 line \(bounds) crosses its exclusion") }
                    if page.number == 1, crosses { crossesOnPageOne = true }
                }
            }
            return page.number < 3
        }
        #expect(crossesOnPageOne, "page 1 has no exclusion, so its lines run through that place")
    }

    @Test func aPDFHasTheExpectedPagesAndItsTextCanBeExtracted() throws {
        let storage = try Self.document()
        var options = DocumentRenderer.Options()
        options.pageSize = PageSize.a5.size
        let font = FontDescriptor(family: "DejaVu Sans", size: 12)
        options.defaultFont = font
        let expected = TextPageLayout(textContentManager: storage, defaultFont: font) { _ in
            TextContainer(size: CGSize(width: PageSize.a5.size.width - 48, height: PageSize.a5.size.height - 48))
        }.enumeratePages { _ in true }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("otk-pages-\(UUID().uuidString).pdf")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try DocumentRenderer(options: options).render(storage, to: path)
        #expect(result.pageCount == expected)
        let info = try Self.run("pdfinfo", [path])
        #expect(
            info.contains { $0 == "\n" }
                && info.split(separator: "\n").contains { $0.hasPrefix("Pages:") && $0.hasSuffix(" \(expected)") },
            "\(info)")
        let text = try Self.run("pdftotext", ["-layout", path, "-"])
        // "firmament" and "fifth" start with DejaVu's fi ligature: one glyph for two letters.
        for word in ["beginning", "firmament", "fifth", "behold", "Eden"] {
            #expect(text.contains(word), "pdftotext finds \(word)")
        }
        // Words after the complex scripts (a drawing error there would silence the rest) and a
        // Devanagari word whose conjuncts must extract as their characters.
        #expect(text.contains("Noah"))
        let hindi = String(MixedSamples.text("hi_Deva").split(separator: " ").first { $0.count > 3 }!)
        #expect(text.contains(hindi), "pdftotext finds \(hindi)")
        #expect(text.components(separatedBy: "\u{0C}").count - 1 == expected, "one form feed per page")
    }

    @Test func pagesStackedInAPNGAndAPageWithNoRoomIsAnError() throws {
        let storage = try Self.document()
        var options = DocumentRenderer.Options()
        options.pageSize = CGSize(width: 300, height: 300)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("otk-pages-\(UUID().uuidString).png")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        // Too many pages for one picture (50 pages at 3 pixels a point): a clear error, not a
        // cut-off image.
        options.scale = 3
        #expect(throws: RenderingError.self) { try DocumentRenderer(options: options).render(storage, to: path) }
        options.scale = 1
        options.pageSize = CGSize(width: 40, height: 300)
        #expect(throws: RenderingError.noRoomOnPage(width: 40, height: 300, margins: "24.0 pt")) {
            try DocumentRenderer(options: options).render(storage, to: path)
        }
        let small = TextContentStorage(string: "One\nTwo\nThree\n")
        options.pageSize = CGSize(width: 200, height: 80)
        let result = try DocumentRenderer(options: options).render(small, to: path)
        #expect(result.pageCount >= 2)
        #expect(result.size.height > 160)
    }

    @Test func aPageWhollyBlockedByExclusionsIsSkippedAndNothingIsLost() throws {
        let storage = TextContentStorage(
            string: "First paragraph.\nSecond paragraph, a little longer than the first.\nThird.\n")
        let size = CGSize(width: 200, height: 150)
        // Page 1 is covered; every page is covered from 4 on (so layout must give up on them).
        let pages = TextPageLayout(
            textContentManager: storage, defaultFont: FontDescriptor(family: "DejaVu Sans", size: 12)
        ) { number in
            TextContainer(
                size: size,
                exclusionPaths: number == 1 || number >= 4 ? [.rectangle(CGRect(origin: .zero, size: size))] : [])
        }
        var failures: [TextLayoutError] = []
        pages.layoutFailureHandler = { _, error in failures.append(error) }
        var text = ""
        var numbers: [Int] = []
        let count = pages.enumeratePages { page in
            numbers.append(page.number)
            for fragment in page.textLayoutFragments {
                for line in fragment.textLineFragments {
                    #expect(fragment.layoutFragmentFrame.minY + line.typographicBounds.maxY <= size.height + 0.001)
                    let units = Array(String(fragment.textElement.attributedString.characters).utf16)
                    text += String(
                        decoding: units[
                            line.characterRange.location ..< line.characterRange.location + line.characterRange.length],
                        as: UTF16.self)
                }
            }
            return true
        }
        #expect(numbers.first == 1 && count == numbers.count)
        #expect(text == "First paragraph.\nSecond paragraph, a little longer than the first.\nThird.\n")
        #expect(failures.isEmpty)

        // Stopped by the caller after one page: one page made.
        #expect(pages.enumeratePages { _ in false } == 1)
    }
}
