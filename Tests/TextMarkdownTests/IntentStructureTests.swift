import Foundation
import Testing
import TextDocument
import TextContent
import TextMarkdown

/// The presentation intents the parser gives: kinds, nesting, identities, ordinals, tables.
@Suite struct IntentStructureTests {
    /// (characters, intent) per run.
    func runs(_ string: AttributedString) -> [(String, PresentationIntent?)] {
        string.runs.map { (String(string.characters[$0.range]), $0.presentationIntent) }
    }

    @Test func blocksAreParagraphsSeparatedByLineFeeds() throws {
        let string = try AttributedString(markdown: "# Title\n\nBody *em*\n\n***\n")
        #expect(String(string.characters) == "Title\nBody em\n\n")
        let title = try #require(string.runs.first?.presentationIntent)
        #expect(title.components.map(\.kind) == [.header(level: 1)])
        // The separator carries the block it ends.
        let intents = string.runs[\.presentationIntent].map(\.0)
        #expect(intents.count == 3)
        #expect(intents[2]?.components.first?.kind == .thematicBreak)
        let identities = intents.compactMap { $0?.components.first?.identity }
        #expect(Set(identities).count == 3)
    }

    @Test func listsNestWithOrdinalsFromTheStart() throws {
        let string = try AttributedString(markdown: "3. three\n4. four\n   - inner\n")
        let intents = runs(string).compactMap(\.1)
        #expect(intents.count == 3)
        #expect(intents[0].components.map(\.kind) == [.paragraph, .listItem(ordinal: 3), .orderedList])
        #expect(intents[1].components.map(\.kind) == [.paragraph, .listItem(ordinal: 4), .orderedList])
        #expect(
            intents[2].components.map(\.kind) == [
                .paragraph, .listItem(ordinal: 1), .unorderedList, .listItem(ordinal: 4), .orderedList,
            ])
        // Both items are in one list; the inner paragraph is inside the second item.
        #expect(intents[0].components[2].identity == intents[1].components[2].identity)
        #expect(intents[1].components[1].identity == intents[2].components[3].identity)
        #expect(intents[2].indentationLevel == 2)
    }

    @Test func quotesNest() throws {
        let string = try AttributedString(markdown: "> outer\n>\n> > inner\n")
        let intents = runs(string).compactMap(\.1)
        #expect(intents[1].components.map(\.kind) == [.paragraph, .blockQuote, .blockQuote])
        #expect(intents[0].components[1].identity == intents[1].components[2].identity)
        #expect(intents[1].indentationLevel == 2)
    }

    @Test func codeBlockLinesShareOneIntent() throws {
        let string = try AttributedString(markdown: "```swift\nlet a = 1\n\nlet b = 2\n```\n\nafter\n")
        #expect(String(string.characters) == "let a = 1\n\nlet b = 2\nafter")
        let code = try #require(string.runs.first?.presentationIntent)
        #expect(code.components.map(\.kind) == [.codeBlock(languageHint: "swift")])
        let codeRange = try #require(string.characters.firstRange(of: "let a = 1\n\nlet b = 2\n"))
        #expect(string[codeRange].runs.count == 1)
    }

    @Test func codeBlockEndingInAnEmptyLineKeepsIt() throws {
        let last = try AttributedString(markdown: "```\na\n\n```")
        #expect(String(last.characters) == "a\n\n")
        // An empty code block is kept: an empty paragraph of its own, its line feed marked so
        // that it is told apart from a block of one empty line.
        let empty = try AttributedString(markdown: "before\n\n```\n```\n\nafter")
        #expect(String(empty.characters) == "before\n\nafter")
        let marked = empty.runs.filter {
            $0[AttributeScopes.OpenTextKitAttributes.MarkdownEmptyCodeBlockAttribute.self] == true
        }
        #expect(marked.count == 1)
        #expect(marked.first.map { String(empty.characters[$0.range]) } == "\n")
        #expect(marked.first?.presentationIntent?.components.map(\.kind) == [.codeBlock(languageHint: nil)])
    }

    @Test func tableRowsAreParagraphsOfTabSeparatedCells() throws {
        let string = try AttributedString(markdown: "| a | b | c |\n| :- | :-: | -: |\n| 1 | 2 | 3 |\n| x | | z |\n")
        #expect(String(string.characters) == "a\tb\tc\n1\t2\t3\nx\t\tz")
        let columns: [PresentationIntent.TableColumn] = [
            .init(alignment: .left), .init(alignment: .center), .init(alignment: .right),
        ]
        var cells: [(String, [PresentationIntent.Kind])] = []
        for run in string.runs {
            cells.append((String(string.characters[run.range]), run.presentationIntent?.components.map(\.kind) ?? []))
        }
        #expect(cells.count == 9)
        #expect(cells[0].1 == [.tableCell(columnIndex: 0), .tableHeaderRow, .table(columns: columns)])
        #expect(cells[4].1 == [.tableCell(columnIndex: 1), .tableRow(rowIndex: 1), .table(columns: columns)])
        #expect(cells[7] == ("\t", [.tableCell(columnIndex: 1), .tableRow(rowIndex: 2), .table(columns: columns)]))
        #expect(cells[8].1 == [.tableCell(columnIndex: 2), .tableRow(rowIndex: 2), .table(columns: columns)])
    }

    @Test func inlineIntentsLinksAndImages() throws {
        let string = try AttributedString(
            markdown:
                "*e* **s** `c` ~~d~~ [l](https://a.example) ![alt](https://a.example/i.png) <b>h</b>\nsoft  \nhard")
        func run(_ text: String) -> AttributedString.Runs.Run? {
            string.runs.first { String(string.characters[$0.range]) == text }
        }
        #expect(run("e")?.inlinePresentationIntent == .emphasized)
        #expect(run("s")?.inlinePresentationIntent == .stronglyEmphasized)
        #expect(run("c")?.inlinePresentationIntent == .code)
        #expect(run("d")?.inlinePresentationIntent == .strikethrough)
        #expect(run("l")?.link == URL(string: "https://a.example"))
        #expect(run("alt")?.imageURL == URL(string: "https://a.example/i.png"))
        #expect(run("<b>")?.inlinePresentationIntent == .inlineHTML)
        #expect(String(string.characters).hasSuffix("h</b> soft\u{2028}hard"))
        let breaks = string.runs.compactMap(\.inlinePresentationIntent).filter { $0 == .softBreak || $0 == .lineBreak }
        #expect(breaks == [.softBreak, .lineBreak])
    }

    @Test func taskItemsMarkTheirParagraphs() throws {
        let string = try AttributedString(markdown: "- [x] done\n- [ ] open\n- plain\n")
        let tasks = string.runs.map(\.taskListItem)
        #expect(tasks == [TaskListItem(isChecked: true), TaskListItem(isChecked: false), nil])
    }

    @Test func documentFormatKeepsTheIntents() throws {
        let markdown = try String(contentsOf: RoundTripTests.fixture, encoding: .utf8)
        let string = try AttributedString(markdown: markdown, options: .init(appliesSourcePositionAttributes: true))
        let data = try TextDocumentFormat.encode(string)
        let decoded = try TextDocumentFormat.decode(data)
        #expect(decoded == string)
    }

    @Test func intentsAreCodableAndDescribed() throws {
        let table = PresentationIntent(.table(columns: [.init(alignment: .right)]), identity: 1)
        let cell = PresentationIntent(
            .tableCell(columnIndex: 0), identity: 3,
            parent: PresentationIntent(.tableRow(rowIndex: 1), identity: 2, parent: table))
        let data = try JSONEncoder().encode(cell)
        #expect(try JSONDecoder().decode(PresentationIntent.self, from: data) == cell)
        #expect(cell.debugDescription.contains("tableCell 0"))
        #expect(!cell.isEmpty && PresentationIntent(types: []).isEmpty)
        let inline: InlinePresentationIntent = [.emphasized, .code]
        #expect(try JSONDecoder().decode(InlinePresentationIntent.self, from: JSONEncoder().encode(inline)) == inline)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(InlinePresentationIntent.self, from: Data("4096".utf8))
        }
    }
}
