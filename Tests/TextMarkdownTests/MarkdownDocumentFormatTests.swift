import Foundation
import Testing
import TextDocument
import TextContent
import TextMarkdown

/// What Markdown import keeps beyond Foundation's attributes (titles, loose lists, empty code
/// blocks, destinations `URL(string:)` refuses) survives the document format.
@Suite struct MarkdownDocumentFormatTests {
    @Test(arguments: [
        "[link](/uri \"title\") ![img](/i 'שלום')",
        "- a\n\n- مرحبا\n  - tight\n  - inner\n\n- c",
        "```\n```\n\n~~~swift\n~~~",
        "[empty]() [angle](<>) [paren](foo\\)\\:) <http://foo.bar.`baz> [pct](foo%20b&auml;)",
        "1. ภาษาไทย\n\n   > ಕನ್ನಡ\n\n2. [👩‍👩‍👧](/x \"t\")",
    ])
    func importedMarkdownSurvivesTheDocumentFormat(markdown: String) throws {
        let attributed = try AttributedString(markdown: markdown)
        let decoded = try TextDocumentFormat.decode(TextDocumentFormat.encode(attributed))
        #expect(decoded == attributed)
        let written = try decoded.markdown()
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)")
    }
}
