import Foundation
import Testing
import TextContent
import TextMarkdown

/// A loose list (items or blocks separated by blank lines) is written loose again, and a tight
/// one tight, at every depth.
@Suite struct LooseListTests {
    private typealias Keys = AttributeScopes.OpenTextKitAttributes

    @Test(arguments: [
        "- a\n\n- b",
        "1. שלום\n\n2. עולם",
        "- مرحبا\n\n  بالعالم",
        "- ภาษา\n  - ไทย\n  - ಕನ್ನಡ\n\n- 👩‍👩‍👧",
        "- tight\n- outer\n  - loose\n\n  - inner",
        "* a\n*\n\n* c",
        "1. ```\n   code\n   ```\n\n   after",
        "> - quoted\n>\n> - loose",
        "- [x] task\n\n- [ ] open",
    ])
    func looseListsStayLoose(markdown: String) throws {
        let attributed = try AttributedString(markdown: markdown)
        #expect(attributed.runs.contains { $0[Keys.MarkdownLooseListsAttribute.self] != nil })
        let written = try attributed.markdown()
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)")
    }

    @Test(arguments: ["- a\n- b", "1. שלום\n2. عالم\n   - ไทย", "- [x] a\n- b"])
    func tightListsAreNotMarked(markdown: String) throws {
        let attributed = try AttributedString(markdown: markdown)
        #expect(attributed.runs.allSatisfy { $0[Keys.MarkdownLooseListsAttribute.self] == nil })
        let written = try attributed.markdown()
        #expect(!written.contains("\n\n"))
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render(markdown))
    }

    @Test func onlyTheLooseListIsNamed() throws {
        let attributed = try AttributedString(markdown: "- outer\n\n- b\n  - inner\n  - tight\n")
        for run in attributed.runs {
            guard let intent = run.presentationIntent else { continue }
            let lists = intent.components.filter { $0.kind == .unorderedList }.map(\.identity)
            // The outer list (the last component) is named; the inner one is not.
            let outer = try #require(lists.last)
            #expect(run[Keys.MarkdownLooseListsAttribute.self] == [outer])
        }
    }
}
