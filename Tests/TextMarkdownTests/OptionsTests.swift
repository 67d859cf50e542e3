import Foundation
import Testing
import TextContent
import TextMarkdown

/// MarkdownParsingOptions: syntax, source positions, base URL.
@Suite struct OptionsTests {
    @Test func inlineOnlyIgnoresBlocksAndCollapsesWhitespace() throws {
        let options = AttributedString.MarkdownParsingOptions(interpretedSyntax: .inlineOnly)
        let string = try AttributedString(
            markdown: "# Not a heading\n\n*em*   and\n    text\n- no list\n", options: options)
        #expect(String(string.characters) == "# Not a heading em and text - no list")
        #expect(string.runs.allSatisfy { $0.presentationIntent == nil })
        #expect(string.runs.contains { $0.inlinePresentationIntent == .emphasized })
    }

    @Test func inlineOnlyPreservingWhitespaceKeepsLines() throws {
        let options = AttributedString.MarkdownParsingOptions(interpretedSyntax: .inlineOnlyPreservingWhitespace)
        let string = try AttributedString(
            markdown: "line one\n    indented *em*\n\n\n> not a quote\n1. not a list", options: options)
        #expect(String(string.characters) == "line one\n    indented em\n\n\n> not a quote\n1. not a list")
        #expect(string.runs.allSatisfy { $0.presentationIntent == nil })
    }

    @Test func sourcePositionsWhenAsked() throws {
        let plain = try AttributedString(markdown: "Hello\n\n*there*")
        #expect(plain.runs.allSatisfy { $0.markdownSourcePosition == nil })
        let string = try AttributedString(
            markdown: "Hello\n\n*there*", options: .init(appliesSourcePositionAttributes: true))
        let positions = string.runs.map(\.markdownSourcePosition)
        #expect(positions.allSatisfy { $0 != nil })
        #expect(positions.first??.startLine == 1)
        #expect(positions.last??.startLine == 3)
    }

    @Test func linksResolveAgainstTheBaseURL() throws {
        let base = try #require(URL(string: "https://example.com/dir/"))
        let string = try AttributedString(markdown: "[page](page.html) ![i](img/a.png)", baseURL: base)
        #expect(string.runs.compactMap(\.link).first?.absoluteString == "https://example.com/dir/page.html")
        #expect(string.runs.compactMap(\.imageURL).first?.absoluteString == "https://example.com/dir/img/a.png")
    }

    @Test func foundationDefaults() {
        let options = AttributedString.MarkdownParsingOptions()
        #expect(options.interpretedSyntax == .full)
        #expect(options.failurePolicy == .throwError)
        #expect(
            !options.allowsExtendedAttributes && !options.appliesSourcePositionAttributes && options.languageCode == nil
        )
    }
}
