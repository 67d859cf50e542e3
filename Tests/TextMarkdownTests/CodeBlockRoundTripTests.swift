import Foundation
import Testing
import TextContent
import TextMarkdown

/// Code blocks survive import and export: one with no line at all, and one after a quote in a
/// tight list item.
@Suite struct CodeBlockRoundTripTests {
    func expectRoundTrip(_ markdown: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let written = try AttributedString(markdown: markdown).markdown()
        #expect(
            try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        "```\n```",
        "~~~\n~~~",
        "```swift\n```",
        "```\n",
        "> ```\n> ```",
        "- ```\n  ```\n- b",
        "```\n```\n\nafter שלום",
        "مرحبا\n\n```\n```\n\n```\n\n```",
        "| a |\n| - |\n\n```\n```",
        "1. ```\n   ```\n2. ```\n   x\n   ```",
    ])
    func emptyFencedCodeBlocksAreKept(markdown: String) throws {
        let attributed = try AttributedString(markdown: markdown)
        let codeBlocks = attributed.runs.compactMap { run -> Int? in
            guard let intent = run.presentationIntent else { return nil }
            return intent.components.first { if case .codeBlock = $0.kind { true } else { false } }?.identity
        }
        #expect(!codeBlocks.isEmpty)
        try expectRoundTrip(markdown)
    }

    @Test func anEmptyBlockAndABlockOfOneEmptyLineDiffer() throws {
        let empty = try AttributedString(markdown: "```\n```").markdown()
        let oneLine = try AttributedString(markdown: "```\n\n```").markdown()
        #expect(try MarkdownHTML.render(empty) == "<pre><code></code></pre>\n")
        #expect(try MarkdownHTML.render(oneLine) == "<pre><code>\n</code></pre>\n")
    }

    @Test func textTypedIntoAnEmptyBlockIsWritten() throws {
        var attributed = try AttributedString(markdown: "```\n```")
        let intent = try #require(attributed.runs.first?.presentationIntent)
        attributed.insert(AttributedString("let x = 1"), at: attributed.startIndex)
        attributed[attributed.startIndex ..< attributed.index(attributed.startIndex, offsetByCharacters: 9)]
            .presentationIntent = intent
        let written = try attributed.markdown()
        #expect(try MarkdownHTML.render(written) == "<pre><code>let x = 1\n</code></pre>\n", "written:\n\(written)")
    }

    @Test(arguments: [
        "- > a\n  ```\n  b\n  ```\n- c",
        "- > שלום\n  ```\n  עולם\n  ```\n- مرحبا",
        "1. > ಕನ್ನಡ\n   ***\n2. ภาษาไทย",
        "- > quote\n  # heading\n- 👩‍👩‍👧",
        "- > a\n  > b\n  ```swift\n  let x = 1\n  ```",
    ])
    func aTightItemWithAQuoteThenABlockStaysTight(markdown: String) throws {
        try expectRoundTrip(markdown)
        let written = try AttributedString(markdown: markdown).markdown()
        #expect(!written.contains("\n\n"), "written:\n\(written)")
    }

    @Test func aQuoteThenAParagraphStillGetsABlankLine() throws {
        // Without one the paragraph would continue the quote (laziness): the list is loose.
        try expectRoundTrip("- > a\n\n  b\n- c")
    }
}
