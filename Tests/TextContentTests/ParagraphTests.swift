import Foundation
import Testing
@_spi(Layout) @testable import TextContent

@Suite struct ParagraphTests {
    func paragraphs(_ storage: TextContentStorage) -> [(text: String, content: Range<Int>, separator: Range<Int>)] {
        var result: [(String, Range<Int>, Range<Int>)] = []
        storage.enumerateTextElements(from: nil) { element in
            let paragraph = element as! TextParagraph
            let content = try! storage.offsets(of: paragraph.paragraphContentRange!)
            let separator = try! storage.offsets(of: paragraph.paragraphSeparatorRange!)
            result.append((String(paragraph.attributedString.characters), content, separator))
            return true
        }
        return result
    }

    @Test func everySeparatorKindEndsAParagraph() {
        let storage = TextContentStorage(string: "one\ntwo\r\nthree\rfour\u{2029}five")
        let found = paragraphs(storage)
        #expect(found.map(\.text) == ["one\n", "two\r\n", "three\r", "four\u{2029}", "five"])
        #expect(found.map(\.content) == [0 ..< 3, 4 ..< 7, 9 ..< 14, 15 ..< 19, 20 ..< 24])
        #expect(found.map(\.separator) == [3 ..< 4, 7 ..< 9, 14 ..< 15, 19 ..< 20, 24 ..< 24])
        #expect(storage.paragraphCount == 5)
    }

    @Test func aLineSeparatorDoesNotEndAParagraph() {
        let storage = TextContentStorage(string: "line one\u{2028}line two\n")
        #expect(storage.paragraphCount == 1)
    }

    @Test func emptyLinesAndATrailingSeparator() {
        let storage = TextContentStorage(string: "\n\n\r\n")
        #expect(paragraphs(storage).map(\.text) == ["\n", "\n", "\r\n"])
        #expect(TextContentStorage(string: "").paragraphCount == 0)
        #expect(TextContentStorage(string: "x").paragraphCount == 1)
    }

    @Test func mixedScriptParagraphsKeepTheirText() throws {
        let texts = Samples.mixed.map(\.text)
        try #require(texts.count >= 16)
        let storage = TextContentStorage(string: texts.joined(separator: "\n"))
        #expect(paragraphs(storage).map { $0.text.trimmingCharacters(in: .newlines) } == texts)
        #expect(storage.utf16Length == texts.joined(separator: "\n").utf16.count)
    }

    @Test func paragraphsOfAnOpenedFileReadTheFilesBytes() throws {
        // A file's paragraphs keep a slice of its bytes, not a String: every way of reading one
        // must give its text, and its offsets must be its ranges'.
        let texts = Samples.mixed.map(\.text) + ["", "plain ASCII"]
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-paragraphs-\(UInt64.random(in: 0 ... .max)).txt")
        try Data(texts.joined(separator: "\r\n").utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let storage = try TextContentStorage(contentsOf: url)
        #expect(storage.paragraphCount == texts.count)
        for (index, text) in texts.enumerated() {
            let paragraph = try #require(storage.textParagraph(atIndex: index))
            let expected = index == texts.count - 1 ? text : text + "\r\n"
            #expect(paragraph.plainText == expected)
            #expect(String(paragraph.attributedString.characters) == expected)
            #expect(paragraph.withPlainUTF8 { Array($0) } == Array(expected.utf8))
            let offsets = try #require(paragraph.elementOffsets)
            #expect(try storage.offsets(of: paragraph.elementRange!) == offsets.start ..< offsets.end)
            #expect(try storage.offsets(of: paragraph.paragraphContentRange!) == offsets.start ..< offsets.contentEnd)
            #expect(try storage.offsets(of: paragraph.paragraphSeparatorRange!) == offsets.contentEnd ..< offsets.end)
        }
        #expect(TextParagraph(attributedString: AttributedString("loose")).elementOffsets == nil)
    }

    @Test func attributedInitSplitsParagraphsAndKeepsAttributes() {
        var text = AttributedString("Hello\n")
        text.link = URL(string: "https://example.com")
        text.append(AttributedString(Samples.text("ar_Arab")))
        let storage = TextContentStorage(attributedString: text)
        #expect(storage.paragraphCount == 2)
        let first = storage.textParagraph(atIndex: 0)!
        #expect(first.attributedString.link == URL(string: "https://example.com"))
        #expect(storage.attributedString == text)
    }

    @Test func paragraphLookupByLocationAndIndex() {
        let storage = TextContentStorage(string: "ab\ncd\nef")
        #expect(storage.paragraphIndex(for: storage.location(at: 0)) == 0)
        #expect(storage.paragraphIndex(for: storage.location(at: 2)) == 0)
        #expect(storage.paragraphIndex(for: storage.location(at: 3)) == 1)
        #expect(storage.paragraphIndex(for: storage.location(at: 8)) == 2)
        #expect(storage.textParagraph(atIndex: 3) == nil)
        #expect(storage.textParagraph(atIndex: -1) == nil)
        let elements = storage.textElements(for: storage.range(1 ..< 4))
        #expect(elements.count == 2)
    }

    @Test func elementCacheIsBounded() {
        let text = (0 ..< 500).map { "paragraph \($0)" }.joined(separator: "\n")
        let storage = TextContentStorage(string: text, elementCacheCapacity: 64)
        var count = 0
        storage.enumerateTextElements(from: nil) { element in
            // Plain paragraphs hand out their text without building an AttributedString...
            #expect((element as! TextParagraph).plainText != nil)
            // ...and the attributed strings made for them are cached within the bound.
            _ = storage.attributedString(in: element.elementRange!)
            count += 1
            return true
        }
        #expect(count == 500)
        #expect(storage.cachedElementCount == 64)
    }
}
