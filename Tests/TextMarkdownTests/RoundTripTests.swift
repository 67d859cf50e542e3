import Foundation
import TestFixtures
import Testing
import TextContent
import TextMarkdown

/// Markdown -> attributed text -> Markdown renders to the same cmark-gfm HTML.
@Suite struct RoundTripTests {
    static let fixture = Fixtures.directory.appendingPathComponent("markdown-constructs.md")

    func expectRoundTrip(_ markdown: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let attributed = try AttributedString(markdown: markdown)
        let written = try attributed.markdown()
        let original = try MarkdownHTML.render(markdown)
        let again = try MarkdownHTML.render(written)
        #expect(again == original, "written:\n\(written)", sourceLocation: sourceLocation)
    }

    @Test func fixtureWithEveryConstruct() throws {
        let markdown = try String(contentsOf: Self.fixture, encoding: .utf8)
        try expectRoundTrip(markdown)
    }

    @Test func fixtureTwiceIsStable() throws {
        let markdown = try String(contentsOf: Self.fixture, encoding: .utf8)
        let once = try AttributedString(markdown: markdown).markdown()
        let twice = try AttributedString(markdown: once).markdown()
        #expect(once == twice)
    }

    @Test(arguments: [
        "# Title", "Plain", "> quote", "- item", "***", "```\n\n```", "```\na\n\n```", "```\n\n\n```\n\nafter",
        "| a |\n| - |", "Hard  \nbreak", "1) one\n2) two", "- a\n-\n- c", ">", "1. 1.", "> a\n>\n> >",
    ])
    func smallDocuments(_ markdown: String) throws {
        try expectRoundTrip(markdown)
    }

    @Test func mixedScriptSamplesInEveryBlock() throws {
        #expect(!MixedSamples.all.isEmpty)
        for (tag, text) in MixedSamples.all {
            let markdown =
                "# \(text)\n\n*\(tag)* \(text)\n\n> \(text)\n\n- \(text)\n  1. **\(text)**\n\n| \(tag) | x |\n| "
                + ":-: | --: |\n| \(text) | `\(tag)` |\n"
            try expectRoundTrip(markdown)
        }
    }

    @Test func adjacentListsStaySeparate() throws {
        // Two lists of one kind next to each other are told apart by their markers.
        let attributed = try AttributedString(markdown: "- a\n- b\n\n* c\n\n1. d\n\n1) e\n")
        let written = try attributed.markdown()
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render("- a\n- b\n\n* c\n\n1. d\n\n1) e\n"))
    }

    @Test func plainTextIsEscaped() throws {
        let text =
            "# not *a* heading\n- not a list\n1. not ordered\n<b>not html</b> & [not](link) `not code` ~~no~~ | \\"
        let written = try AttributedString(text).markdown()
        let back = try AttributedString(markdown: written)
        #expect(String(back.characters) == text)
        #expect(back.runs.allSatisfy { $0.inlinePresentationIntent == nil && $0.link == nil })
    }

    @Test func deepNestingWithinTheLimitRoundTrips() throws {
        let quotes = String(repeating: "> ", count: 40) + "deep\n"
        try expectRoundTrip(quotes)
        var list = ""
        for level in 0 ..< 30 { list += String(repeating: "  ", count: level) + "- level \(level)\n" }
        try expectRoundTrip(list)
    }
}
