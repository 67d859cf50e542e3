import Foundation
import Testing
import TextContent
import TextMarkdown

/// A heading read from several setext lines keeps its line breaks when written again.
@Suite struct HeadingRoundTripTests {
    @Test(arguments: [
        "Foo *bar\nbaz*\n====",
        "Foo\nBar\n---",
        "שלום\nעולם\n===",
        "مرحبا\\\nبالعالم\n---",
        "ภาษา\n\\- ไทย\n===",
        "ಕನ್ನಡ\n1\\. 👩‍👩‍👧\n---",
        "> quoted\n> heading\n> ---",
        "- item\n  heading\n  ===",
    ])
    func multiLineSetextHeadingsKeepTheirLines(markdown: String) throws {
        let attributed = try AttributedString(markdown: markdown)
        #expect(
            attributed.runs.contains { run in
                run.presentationIntent?.components.contains { if case .header = $0.kind { true } else { false } }
                    == true
            })
        let written = try attributed.markdown()
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)")
    }

    @Test func oneLineHeadingsStayATX() throws {
        let written = try AttributedString(markdown: "Title\n===\n\nSub\n---").markdown()
        #expect(written == "# Title\n\n## Sub\n")
    }
}
