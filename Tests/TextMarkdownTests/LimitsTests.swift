import Foundation
import Testing
import TextContent
import TextMarkdown

/// Hostile input: deep nesting, large tables, invalid UTF-8.
@Suite struct LimitsTests {
    @Test func tenThousandNestedQuotesAreRefused() throws {
        let markdown = String(repeating: ">", count: 10_000) + " deep\n"
        #expect(throws: MarkdownError.nestingTooDeep(limit: 64, line: 1)) { try AttributedString(markdown: markdown) }
    }

    @Test func tenThousandNestedListsAreRefused() throws {
        let markdown = String(repeating: "- ", count: 10_000) + "deep\n"
        #expect(throws: MarkdownError.nestingTooDeep(limit: 64, line: 1)) { try AttributedString(markdown: markdown) }
        var indented = ""
        for level in 0..<2_000 { indented += String(repeating: " ", count: level * 2) + "- x\n" }
        #expect(throws: MarkdownError.self) { try AttributedString(markdown: indented) }
    }

    @Test func partialPolicyFlattensWhatIsTooDeep() throws {
        let markdown = String(repeating: ">", count: 10_000) + " deep\n\nafter\n"
        let string = try AttributedString(markdown: markdown, options: .init(failurePolicy: .returnPartiallyParsedIfPossible))
        #expect(String(string.characters) == "deep\nafter")
        let deep = try #require(string.runs.first?.presentationIntent)
        #expect(deep.components.count == 65)
        #expect(string.runs.last?.presentationIntent?.components.count == 1)
    }

    @Test func theLimitIsAnOption() throws {
        let markdown = String(repeating: ">", count: 100) + " deep\n"
        let string = try AttributedString(markdown: markdown, options: .init(maximumNestingDepth: 200))
        #expect(string.runs.first?.presentationIntent?.components.count == 101)
        #expect(throws: MarkdownError.self) { try string.markdown() }
        #expect(try string.markdown(maximumNestingDepth: 200).hasSuffix("> deep\n"))
    }

    @Test func largeTableParsesAndWritesBack() throws {
        var markdown = "| n | word | code |\n| --- | :-: | --: |\n"
        let rows = 20_000
        for row in 0..<rows { markdown += "| \(row) | *w\(row)* | `c` |\n" }
        let clock = ContinuousClock()
        let start = clock.now
        let string = try AttributedString(markdown: markdown)
        let written = try string.markdown()
        let elapsed = clock.now - start
        #expect(String(string.characters).split(separator: "\n").count == rows + 1)
        let last = try #require(string.runs.last?.presentationIntent)
        #expect(last.components.map(\.kind).prefix(2) == [.tableCell(columnIndex: 2), .tableRow(rowIndex: rows)])
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render(markdown))
        // Linear work: about a second here; the bound only catches a hang on a busy machine.
        #expect(elapsed < .seconds(60), "\(elapsed)")
    }

    @Test func invalidUTF8IsAnError() throws {
        let data = Data([0x61, 0x62, 0xFF, 0x63])
        #expect(throws: MarkdownError.invalidUTF8(byteOffset: 2)) { try AttributedString(markdown: data) }
        let partial = try AttributedString(markdown: data, options: .init(failurePolicy: .returnPartiallyParsedIfPossible))
        #expect(String(partial.characters) == "ab\u{FFFD}c")
        #expect(String(try AttributedString(markdown: Data("*ok* ✓".utf8)).characters) == "ok ✓")
    }

    @Test func errorsSayWhatWentWrong() {
        #expect(MarkdownError.invalidUTF8(byteOffset: 7).message.contains("offset 7"))
        #expect(MarkdownError.nestingTooDeep(limit: 64, line: 3).description.contains("64 deep"))
    }

    @Test func intentsMarkdownCannotExpressAreRefused() {
        var string = AttributedString("cell")
        string.presentationIntent = PresentationIntent(.tableCell(columnIndex: 0), identity: 1)
        #expect(throws: MarkdownError.self) { try string.markdown() }
    }
}
