import Foundation
import TestFixtures
import Testing
import TextContent
import TextMarkdown

/// Export escapes what Markdown would read differently from the text: what GitHub's autolink
/// extension takes for a link, and line feeds inside a block's text.
@Suite struct ExportEscapingTests {
    static let lookalikes = [
        "see http://example.com/a now",
        "www.example.com",
        "HTTPS://EXAMPLE.ORG/x and ftp://files.example/f.txt",
        "or Www.Example.com, (www.paren.example)",
        "راجع http://example.com/ع الآن",
        "כתובת: www.example.co.il ו-https://example.co.il/א",
        "ภาษาไทย https://th.example/ทดสอบ",
        "ಕನ್ನಡ 👩‍👩‍👧 www.kn.example *http://x.example*",
    ]

    @Test(arguments: lookalikes)
    func plainTextThatAutolinkWouldReadStaysText(text: String) throws {
        let written = try AttributedString(text).markdown()
        let back = try AttributedString(markdown: written)
        #expect(String(back.characters) == text, "written:\n\(written)")
        #expect(back.runs.allSatisfy { $0.link == nil }, "written:\n\(written)")
    }

    @Test(arguments: lookalikes)
    func escapedLookalikesRoundTripInEveryContext(text: String) throws {
        // Made text by escaping the characters the autolink extension starts from.
        let source = text.replacingOccurrences(of: ":", with: "\\:").replacingOccurrences(of: "*", with: "\\*")
            .replacingOccurrences(of: "www.", with: "www\\.").replacingOccurrences(of: "Www.", with: "Www\\.")
        let markdown = "\(source)\n\n# \(source)\n\n> - \(source)\n\n| \(source) |\n| --- |\n| \(source) |\n"
        let attributed = try AttributedString(markdown: markdown)
        #expect(attributed.runs.allSatisfy { $0.link == nil })
        let written = try attributed.markdown()
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)")
    }

    @Test(arguments: ["a@b.com", "write first.last+tag@example.co.uk", "כתובת user@example.co.il", "ಕನ್ನಡ x@y.in"])
    func anEmailAddressInTextComesBackAsAMailtoLink(text: String) throws {
        // Documented: cmark-gfm joins text nodes (escapes included) before it finds addresses.
        let written = try AttributedString(text).markdown()
        let back = try AttributedString(markdown: written)
        #expect(String(back.characters) == text)
        let links = back.runs.compactMap(\.link)
        #expect(links.count == 1)
        #expect(links.first?.scheme == "mailto")
    }

    @Test func linksFoundByAutolinkStayLinks() throws {
        let markdown = "see http://example.com/a now, www.example.com and a@b.com\n"
        let attributed = try AttributedString(markdown: markdown)
        #expect(attributed.runs.compactMap(\.link).count == 3)
        let written = try attributed.markdown()
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)")
    }

    @Test(arguments: [
        "foo&#10;&#10;bar",
        "foo&#10;bar&#13;baz",
        "# heading&#10;line",
        "| a&#10;b | c |\n| --- | --- |\n| שלום&#10;עולם | x |",
        "> مرحبا&#10;&#10;بالعالم",
        "- ภาษา&#10;ไทย\n- ಕನ್ನಡ&#10;",
        "*emphasis&#10;here* and **👩‍👩‍👧&#10;**",
        "&#10;starts with a line feed",
    ])
    func lineFeedsInTextStayInTheirBlock(markdown: String) throws {
        let attributed = try AttributedString(markdown: markdown)
        #expect(String(attributed.characters).contains("\n"))
        let written = try attributed.markdown()
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)")
    }

    @Test func mixedScriptSamplesWithLookalikesRoundTrip() throws {
        #expect(!MixedSamples.all.isEmpty)
        for (tag, text) in MixedSamples.all {
            let plain = "\(text) http://example.com/\(tag) www.\(tag).example"
            let written = try AttributedString(plain).markdown()
            let back = try AttributedString(markdown: written)
            #expect(String(back.characters) == plain)
            #expect(back.runs.allSatisfy { $0.link == nil }, "written:\n\(written)")
        }
    }
    // A literal U+2028 came back from import and export as a hard line break (`<br />`); in
    // headings and table cells it became a space. U+2029 likewise stays itself.
    @Test(arguments: [
        "שלום\u{2028}עולם",
        "مرحبا\u{2028}بالعالم and \u{2029} עברית",
        "\u{2028}starts, ends\u{2028}",
        "# כותרת\u{2028}ראשית\n\n## عنوان\u{2029}فرعي",
        "Setext מבחן\u{2028}שורה\n===",
        "| a\u{2028}b | שלום\u{2029} |\n| --- | --- |\n| مرحبا\u{2028}عالم | x |",
        "> ציטוט\u{2028}عربي\n>\n> - ภาษา\u{2028}ไทย\n> - ಕನ್ನಡ\u{2029}👩‍👩‍👧",
        "*הדגשה\u{2028}כאן* and **قوي\u{2028}**\u{2028}_x_\u{2028}",
        "[קישור\u{2028}link](https://example.com/a \"כותרת\u{2028}title\") `code\u{2028}span`",
        "hard break then separator  \nשלום\u{2028}עולם\\\nمرحبا",
        "1. one\u{2028}\n2. two\u{2029}\n\n```\nfenced\u{2028}code\n```",
    ])
    func lineAndParagraphSeparatorsInTextStayText(markdown: String) throws {
        let attributed = try AttributedString(markdown: markdown)
        let written = try attributed.markdown()
        #expect(try MarkdownHTML.render(written) == MarkdownHTML.render(markdown), "written:\n\(written)")
        let back = try AttributedString(markdown: written)
        #expect(String(back.characters) == String(attributed.characters), "written:\n\(written)")
        #expect(
            back.runs.filter { $0.inlinePresentationIntent?.contains(.lineBreak) == true }.count
                == attributed.runs.filter { $0.inlinePresentationIntent?.contains(.lineBreak) == true }.count)
    }

    @Test func aSeparatorInPlainTextIsTextAndAHardBreakStaysABreak() throws {
        for text in ["שלום\u{2028}עולם", "مرحبا\u{2029}بالعالم", "ไทย\u{2028}\u{2028}ಕನ್ನಡ 👍🏽"] {
            let written = try AttributedString(text).markdown()
            #expect(!written.contains("\\\n"), "written:\n\(written)")
            let back = try AttributedString(markdown: written)
            #expect(String(back.characters) == text)
            #expect(back.runs.allSatisfy { $0.inlinePresentationIntent?.contains(.lineBreak) != true })
            #expect(try !MarkdownHTML.render(written).contains("<br"))
        }
        // A hard break from the source (U+2028 marked `.lineBreak`) is still written as one.
        let broken = try AttributedString(markdown: "שלום\\\nعالم\n")
        #expect(try MarkdownHTML.render(broken.markdown()).contains("<br />"))
    }
}
