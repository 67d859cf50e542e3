import Foundation
import Testing
import TextContent
@testable import TextMarkdown
import TestFixtures

/// Hostile input: deep nesting, large tables, invalid UTF-8, and Markdown whose parse costs far
/// more than its size (references repeated, tables padded to a wide header, constructs cmark-gfm
/// 0.29 reads again and again), refused with `MarkdownError.limitExceeded` naming the limit.
@Suite struct LimitsTests {
    @Test func tenThousandNestedQuotesAreRefused() throws {
        let markdown = String(repeating: ">", count: 10_000) + " deep\n"
        #expect(throws: MarkdownError.nestingTooDeep(limit: 64, line: 1)) { try AttributedString(markdown: markdown) }
    }

    @Test func tenThousandNestedListsAreRefused() throws {
        let markdown = String(repeating: "- ", count: 10_000) + "deep\n"
        #expect(throws: MarkdownError.nestingTooDeep(limit: 64, line: 1)) { try AttributedString(markdown: markdown) }
        var indented = ""
        for level in 0 ..< 2_000 { indented += String(repeating: " ", count: level * 2) + "- x\n" }
        #expect(throws: MarkdownError.self) { try AttributedString(markdown: indented) }
    }

    @Test func partialPolicyFlattensWhatIsTooDeep() throws {
        let markdown = String(repeating: ">", count: 10_000) + " deep\n\nafter\n"
        let string = try AttributedString(
            markdown: markdown, options: .init(failurePolicy: .returnPartiallyParsedIfPossible))
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
        for row in 0 ..< rows { markdown += "| \(row) | *w\(row)* | `c` |\n" }
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
        let partial = try AttributedString(
            markdown: data, options: .init(failurePolicy: .returnPartiallyParsedIfPossible))
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

    // MARK: Amplification through cmark-gfm: each limit refused before parsing

    typealias Options = AttributedString.MarkdownParsingOptions

    /// The limit a throwing call passed, or nil.
    static func limit(_ body: () throws -> Void) -> MarkdownError.Limit? {
        do { try body() } catch {
            if case .limitExceeded(let limit, _, _, _) = error as? MarkdownError { return limit }
        }
        return nil
    }

    @Test func repeatedReferencesAreRefusedBeforeParsing() throws {
        // The issue's shape, smaller: a 200 KB destination used 100 times is 20 MB of links.
        let markdown =
            "[a]: http://x/" + String(repeating: "y", count: 200_000) + "\n\n" + String(repeating: "[a] ", count: 100)
            + "\n"
        #expect(Self.limit { try _ = AttributedString(markdown: markdown) } == .referenceExpansionBytes)
        #expect(Self.limit { try _ = TextContentStorage(markdown: markdown) } == .referenceExpansionBytes)
        #expect(Self.limit { try _ = MarkdownHTML.render(markdown) } == .referenceExpansionBytes)
        do {
            _ = try AttributedString(markdown: markdown)
        } catch {
            #expect(error.message.contains("maximumReferenceExpansionBytes"), "\(error.message)")
            #expect(error.message.contains("line 3"), "\(error.message)")
        }
    }

    @Test(arguments: [
        "[a]: /u/DEST\n\n" + String(repeating: "[a] ", count: 30),
        "[a]: /u/DEST\n\n" + String(repeating: "[مرحبا][a] ", count: 30),
        "[a]: /u/DEST\n\n" + String(repeating: "[a][] ", count: 30),
        "[Straße]: /u/DEST\n\n" + String(repeating: "[STRASSE] ", count: 30),
        "> [a  b]: /u/DEST\n\n" + String(repeating: "[A B] ", count: 30),
        "- [a]:\n  /u/DEST\n  'title\n\n" + String(repeating: "*[a]* ", count: 30),
        "[a]: /u \"DEST\nstill the title\"\n\n" + String(repeating: "[a]\n", count: 30),
    ])
    func everyFormOfAUseCounts(template: String) throws {
        let markdown = template.replacingOccurrences(of: "DEST", with: String(repeating: "z", count: 1_000))
        var options = Options()
        options.maximumReferenceExpansionBytes = 20_000
        #expect(
            Self.limit { try _ = AttributedString(markdown: markdown, options: options) } == .referenceExpansionBytes)
        // Used once a definition adds nothing; under a raised limit the text reads as before.
        options.maximumReferenceExpansionBytes = 100_000
        let string = try AttributedString(markdown: markdown, options: options)
        #expect(string.runs.contains { $0.link != nil })
        let once =
            template.replacingOccurrences(of: "DEST", with: String(repeating: "z", count: 100_000))
            .components(separatedBy: "\n\n")[0] + "\n\n[a] [A B] [STRASSE] English עברית\n"
        #expect(throws: Never.self) { try AttributedString(markdown: once, options: options) }
    }

    @Test func aWideHeaderOverManyRowsIsRefused() throws {
        // 31 KB: a 5,000-column header over 200 one-cell rows would be a million cells.
        var markdown =
            "|" + String(repeating: "a|", count: 5_000) + "\n|" + String(repeating: "-|", count: 5_000) + "\n"
        for _ in 0 ..< 200 { markdown += "|x|\n" }
        #expect(Self.limit { try _ = AttributedString(markdown: markdown) } == .tableCells)
        #expect(Self.limit { try _ = MarkdownHTML.render(markdown) } == .tableCells)
        // The limit is an option, and counts every table of the document together.
        let small = "| n | שם | ไทย |\n| --- | :-: | --: |\n| 1 | ಕನ್ನಡ | 👍🏽 |\n| 2 | مرحبا | x |\n"
        let two = small + "\ntext\n\n" + small
        var options = Options()
        options.maximumTableCells = 15
        #expect(throws: Never.self) { try AttributedString(markdown: small, options: options) }
        #expect(Self.limit { try _ = AttributedString(markdown: two, options: options) } == .tableCells)
        options.maximumTableCells = 24
        let string = try AttributedString(markdown: two, options: options)
        #expect(String(string.characters).contains("ಕನ್ನಡ"))
    }

    @Test(arguments: [
        String(repeating: "![[]()", count: 20_000),
        "a" + String(repeating: " <?", count: 20_000),
        "a" + String(repeating: "<![CDATA[", count: 10_000),
        "مرحبا " + String(repeating: "[[", count: 10_000) + String(repeating: "]]", count: 10_000),
        "a <?\n" + String(repeating: "x <? y\n", count: 10_000),
        "mail " + String(repeating: "a@b.c ", count: 10_000),
        "x " + String(repeating: "a@a.", count: 10_000),
    ])
    func quadraticConstructsAreRefused(markdown: String) throws {
        #expect(Self.limit { try _ = AttributedString(markdown: markdown) } == .rescanWork)
        #expect(Self.limit { try _ = MarkdownHTML.render(markdown) } == .rescanWork)
        #expect(Self.limit { try Options().checkLimits(of: markdown) } == .rescanWork)
    }

    @Test(arguments: [
        String(repeating: "![img](a.png) [link](b) ", count: 20_000),
        String(repeating: "x <?php echo 1; ?> y ", count: 20_000),
        String(repeating: "<![CDATA[ a ]]> עברית ", count: 20_000),
        String(repeating: "<? a\n\n", count: 20_000),
        String(repeating: "[[wiki]] ", count: 20_000),
        String(repeating: "<?php echo 1;\n\nmore <?php text\n\n", count: 20_000),
        String(repeating: "From: עברית <someone@example.com> and [x](y)\n", count: 20_000),
    ])
    func theSameConstructsClosedAreRead(markdown: String) throws {
        #expect(throws: Never.self) { try Options().checkLimits(of: markdown) }
        #expect(throws: Never.self) { try AttributedString(markdown: markdown) }
    }

    /// The scan passes over prose sixteen bytes at a time: brackets at every offset from a
    /// line's start, after capitals, Kannada, Arabic or Thai, are counted all the same.
    @Test func bracketsAreCountedWhereverTheyFallOnTheLine() throws {
        var options = Options()
        options.maximumRescanWork = 100
        let brackets = String(repeating: "[", count: 40) + String(repeating: "]", count: 40)
        var found: Set<Int> = []
        for prefix in ["In the Beginning GOD ", "ಕನ್ನಡ ", "مرحبا ", "ภาษาไทย "] {
            for length in 0 ..< 40 {
                let lead = String(String(repeating: prefix, count: 4).unicodeScalars.prefix(length))
                do {
                    try options.checkLimits(of: lead + brackets + "\n")
                    Issue.record("no limit met after \(length) scalars of \(prefix)")
                } catch .limitExceeded(let limit, _, let work, _) {
                    #expect(limit == .rescanWork)
                    found.insert(work)
                }
            }
        }
        #expect(found == [780], "forty open brackets closed: 39 + 38 + ... + 0")
    }

    @Test func theRescanLimitIsAnOption() throws {
        let markdown = "a" + String(repeating: " <?", count: 300)
        var options = Options()
        options.maximumRescanWork = 1_000
        #expect(Self.limit { try _ = AttributedString(markdown: markdown, options: options) } == .rescanWork)
        options.maximumRescanWork = Options.defaultMaximumRescanWork
        #expect(String(try AttributedString(markdown: markdown, options: options).characters).hasSuffix("<?"))
    }

    @Test func nestingCountsListsNotTheirItems() throws {
        // 33 nested lists are 33 levels (a list and its item are one), under the limit of 64.
        let lists = { (count: Int) in String(repeating: "- ", count: count) + "deep עמוק\n" }
        let string = try AttributedString(markdown: lists(33))
        #expect(string.runs.first?.presentationIntent?.indentationLevel == 33)
        #expect(try string.markdown().contains("deep"))
        #expect(throws: Never.self) { try AttributedString(markdown: lists(64)) }
        #expect(throws: MarkdownError.nestingTooDeep(limit: 64, line: 1)) { try AttributedString(markdown: lists(65)) }
        // Quotes and lists mixed, and ordered lists, count the same way.
        let mixed = String(repeating: "> 1. ", count: 32) + "x\n"
        #expect(try AttributedString(markdown: mixed).runs.first?.presentationIntent?.indentationLevel == 64)
        #expect(throws: MarkdownError.self) { try AttributedString(markdown: "> " + mixed) }
        #expect(MarkdownError.nestingTooDeep(limit: 64, line: 1).message.contains("each list counts one level"))
    }

    @Test(arguments: [Options.maximumNestingDepthCap + 1, 1_000, 100_000_000, Int.max, -1])
    func theNestingDepthOptionIsCapped(depth: Int) throws {
        // Memory and time grow with the square of the depth: a larger option is refused before
        // anything is read, on every path, for any document (even an empty or flat one).
        let cap = Options.maximumNestingDepthCap
        #expect(cap == 256)
        let options = Options(maximumNestingDepth: depth)
        let expected = MarkdownError.optionOutOfRange(option: "maximumNestingDepth", value: depth, range: 0 ... cap)
        for markdown in [
            "", "مرحبا עולם\n", String(repeating: "> ", count: 300) + "עמוק\n",
            String(repeating: "- ", count: 300) + "ลึก\n",
        ] {
            #expect(throws: expected) { try AttributedString(markdown: markdown, options: options) }
            #expect(throws: expected) { try AttributedString(markdown: Data(markdown.utf8), options: options) }
            #expect(throws: expected) { try TextContentStorage(markdown: markdown, options: options) }
            #expect(throws: expected) { try MarkdownHTML.render(markdown, options: options) }
            #expect(throws: expected) { try options.checkLimits(of: markdown) }
        }
        #expect(expected.message.contains("maximumNestingDepth is \(depth)"), "\(expected.message)")
        #expect(expected.message.contains("0 through 256"), "\(expected.message)")
    }

    @Test func nestingUpToTheCapIsRead() throws {
        // The cap itself is accepted: quotes, lists and both mixed, 256 deep, read and written back.
        let options = Options(maximumNestingDepth: Options.maximumNestingDepthCap)
        for prefix in ["> ", "- ", "1. "] {
            let markdown = String(repeating: prefix, count: 256) + "deep עמוק مرحبا\n"
            let string = try AttributedString(markdown: markdown, options: options)
            #expect(string.runs.first?.presentationIntent?.indentationLevel == 256)
            #expect(try string.markdown(maximumNestingDepth: 256).contains("deep עמוק مرحبا"))
            let deeper = String(repeating: prefix, count: 257) + "x\n"
            #expect(throws: MarkdownError.nestingTooDeep(limit: 256, line: 1)) {
                try AttributedString(markdown: deeper, options: options)
            }
        }
    }

    /// cmark-gfm's HTML renderer aborts the process past a 1 GiB buffer; the bound checked
    /// before rendering must never be below what it renders, whatever the text holds.
    @Test func theHTMLBoundIsNeverBelowTheHTML() throws {
        var documents = [try String(contentsOf: RoundTripTests.fixture, encoding: .utf8)]
        documents += try Fixtures.lines(of: Fixtures.directory.appendingPathComponent("mixed.tsv")).map {
            "# \($0)\n\n> *\($0)*\n"
        }
        documents.append(String(repeating: "\"&<>'\" ", count: 2_000))
        documents.append(String(repeating: "[a](<\"&'<> \u{7F}é>) ", count: 500))
        documents.append("[r]: /\"'&<>é \"t&<>\"\n\n" + String(repeating: "[r] ![r] ", count: 500))
        documents.append("| a | b |\n| :-: | --: |\n" + String(repeating: "| &amp; | <b>\"</b> |\n", count: 500))
        documents.append(String(repeating: "- [x] ~~s~~ www.example.com a@b.co `\"<>`\n", count: 500))
        documents.append("```\"&<>\n" + String(repeating: "<\"&>\n", count: 500) + "```\n<div>\n\"&\n</div>\n")
        for markdown in documents {
            let document = try CmarkDocument(markdown, extensions: CmarkDocument.blockExtensions)
            let html = try document.html()
            #expect(document.htmlSizeBound >= html.utf8.count, "\(markdown.prefix(80))")
        }
    }
}
