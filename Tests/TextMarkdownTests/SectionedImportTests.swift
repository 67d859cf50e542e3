import Foundation
import Testing
import TestFixtures
import TextContent
@testable import TextMarkdown

/// A large document is imported in sections (parsed, read and drawn in a pipeline): the result
/// must be the very document a whole import makes, identities included, and the document is cut
/// only where nothing reaches across.
@Suite struct SectionedImportTests {
    /// Sections of every construct, each opened by a heading after a blank line; some end in a
    /// table, a list, a quote or a code block, so that what a section leaves to the next counts.
    static let document: String = {
        let samples = MixedSamples.all.map(\.text)
        var parts: [String] = []
        for number in 0 ..< 24 {
            let sample = samples.isEmpty ? "" : samples[number % samples.count]
            var part = "\(String(repeating: "#", count: number % 6 + 1)) Part \(number) \(sample.prefix(24))\n\n"
            part +=
                "A paragraph with *emphasis*, **strong**, `code`, ~~struck~~, [a "
                + "link](https://example.com/\(number)) and www.example.org.\n"
            part += "\(sample)\n\n"
            switch number % 6 {
            case 0:
                part +=
                    "| Name | Centre | Right |\n| --- | :-: | --: |\n| العربية | ಕನ್ನಡ | ภาษาไทย |\n| 👩‍👩‍👧 | "
                    + "*em* | `code` |\n"
            case 1:
                part += "- [x] done \(sample.prefix(10))\n- [ ] open\n  - nested\n    1. deep\n    2. deeper\n"
            case 2:
                part += "> A quote with **strong**.\n>\n> > Nested \(sample.prefix(12)).\n"
            case 3:
                part += "```swift\nlet x = \(number)\n\n# not a heading, inside code\n```\n"
            case 4:
                part += "3. three\n4. four\n\n   Loose, second paragraph.\n\n***\n"
            default:
                part += "~~~\nplain ``` code\n\n## still code\n~~~\n\nLast words of part \(number).\n"
            }
            parts.append(part)
        }
        return parts.joined(separator: "\n")
    }()

    @Test func aDocumentIsCutBeforeHeadingsOnly() throws {
        var source = Self.document
        let sections = source.withUTF8 { MarkdownSections.split($0, targetBytes: 64) }
        #expect(sections.count >= 20)
        let utf8 = Array(Self.document.utf8)
        for section in sections.dropFirst() {
            #expect(utf8[section.bytes.lowerBound] == UInt8(ascii: "#"))
            #expect(
                utf8[section.bytes.lowerBound - 1] == UInt8(ascii: "\n")
                    && utf8[section.bytes.lowerBound - 2] == UInt8(ascii: "\n"))
            let linesBefore = utf8[..<section.bytes.lowerBound].count { $0 == UInt8(ascii: "\n") }
            #expect(section.linesBefore == linesBefore)
        }
        // No cut inside code: the headings written in code blocks start no section.
        let starts = sections.map { String(decoding: utf8[$0.bytes.lowerBound...].prefix(8), as: UTF8.self) }
        #expect(!starts.contains { $0.hasPrefix("# not") || $0.hasPrefix("## still") })
    }

    @Test func sectionsMakeTheWholeImportsDocument() throws {
        let options = AttributedString.MarkdownParsingOptions(interpretedSyntax: .full)
        for presentation in [MarkdownPresentation(), nil] {
            let whole = try TextContentStorage(
                markdown: Self.document, options: options, baseURL: nil, presentation: presentation,
                width: 500, sectionBytes: Int.max)
            let sectioned = try TextContentStorage(
                markdown: Self.document, options: options, baseURL: nil, presentation: presentation,
                width: 500, sectionBytes: 64)
            #expect(sectioned.paragraphCount == whole.paragraphCount)
            #expect(sectioned.string == whole.string)
            #expect(sectioned.attributedString == whole.attributedString)
            // And both are what AttributedString(markdown:) gives.
            #expect(whole.string == String(try AttributedString(markdown: Self.document, options: options).characters))
        }
        // AttributedString(markdown:) is made in sections too, joined.
        let wholeText = try AttributedString(
            markdown: Self.document, options: options, baseURL: nil, sectionBytes: Int.max)
        let sectionedText = try AttributedString(
            markdown: Self.document, options: options, baseURL: nil, sectionBytes: 64)
        #expect(Self.sameContent(sectionedText, wholeText))
    }

    /// The same text, and the same attributes over the same UTF-8 ranges. (`==` of two
    /// attributed strings also compares how their text is stored: on Linux, two strings with
    /// the same bytes and attributes, one of them joined from parts, can compare unequal.)
    static func sameContent(_ left: AttributedString, _ right: AttributedString) -> Bool {
        func runs(_ text: AttributedString) -> [(Int, AttributeContainer)] {
            text.runs.map { (text.utf8.distance(from: text.startIndex, to: $0.range.lowerBound), $0.attributes) }
        }
        let (leftRuns, rightRuns) = (runs(left), runs(right))
        return Array(String(left.characters).utf8) == Array(String(right.characters).utf8)
            && leftRuns.count == rightRuns.count
            && zip(leftRuns, rightRuns).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
    }

    @Test func aNestingErrorNamesTheLineInTheWholeDocument() throws {
        var options = AttributedString.MarkdownParsingOptions(interpretedSyntax: .full)
        options.maximumNestingDepth = 8
        let deep = String(repeating: ">", count: 20) + " deep\n"
        let markdown = Self.document + "\n# Last\n\n" + deep
        let line = markdown.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(throws: MarkdownError.nestingTooDeep(limit: 8, line: line)) {
            try TextContentStorage(
                markdown: markdown, options: options, baseURL: nil, presentation: MarkdownPresentation(),
                width: 500, sectionBytes: 64)
        }
    }

    @Test(arguments: [
        "[ref]: https://example.com\n", // a link reference definition, which any section may use
        "<!--\n", // an HTML block, which runs on past blank lines
        "  ```\n", // a fence that may be in a list item
        "Old Mac line\rbreak\n", // a carriage return alone
    ])
    func whatMayReachAcrossKeepsTheDocumentWhole(_ line: String) {
        var markdown = Self.document + "\n" + line
        let sections = markdown.withUTF8 { MarkdownSections.split($0, targetBytes: 64) }
        #expect(sections == [MarkdownSections.Section(bytes: 0 ..< markdown.utf8.count, linesBefore: 0)])
    }

    /// cmark-gfm reads the first line after a byte order mark: a fence or HTML block there is
    /// one, and no heading inside it starts a section.
    @Test(arguments: ["```", "~~~", "  ```", "<!--", "<?php"])
    func aByteOrderMarkDoesNotHideTheFirstLine(_ opening: String) throws {
        let markdown = "\u{FEFF}\(opening)\nfoo\n\n# inside\n```\n~~~\n-->\n?>\n\n# after\n\nمرحبا\n"
        let whole = try TextContentStorage(
            markdown: markdown, options: .init(interpretedSyntax: .full), baseURL: nil,
            presentation: MarkdownPresentation(), width: 400, sectionBytes: Int.max)
        let sectioned = try TextContentStorage(
            markdown: markdown, options: .init(interpretedSyntax: .full), baseURL: nil,
            presentation: MarkdownPresentation(), width: 400, sectionBytes: 1)
        #expect(sectioned.attributedString == whole.attributedString)
        #expect(whole.string.contains("# inside"))
    }

    @Test func aFenceLeftOpenIsNotCut() {
        // A fence with a longer opening than its would-be closing runs to the end.
        var markdown =
            String(repeating: "Words.\n\n", count: 40) + "````\n\n# in code\n```\n\n# still in code\n"
            + String(repeating: "x\n", count: 200)
        let sections = markdown.withUTF8 { MarkdownSections.split($0, targetBytes: 64) }
        #expect(sections.count == 1)
        // A backtick in a backtick fence's info string makes it a paragraph, not a fence.
        var inline =
            String(repeating: "Words.\n\n", count: 40) + "```a`b\n\n# a heading\n\n"
            + String(repeating: "y\n", count: 200)
        let cut = inline.withUTF8 { MarkdownSections.split($0, targetBytes: 64) }
        #expect(cut.count == 2)
    }

    /// Random soups of lines that open, continue and close blocks (fences of both kinds and
    /// lengths, indented ones, lists, quotes, tables, HTML, definitions): cut wherever the
    /// splitter allows (sections of one byte), each imports to the whole document's result.
    @Test func randomDocumentsImportTheSameInSections() throws {
        let lines = [
            "# heading", "## ಕನ್ನಡ heading", "###### six", "####### seven", "#notaheading", "", "", "", "  ", "\t",
            "```", "````", "```swift", "```a`b", "~~~", "~~~~", "\t```", "    ```", "- ```", "> ```",
            "- item مرحبا", "  - nested", "1. one", "2) two", "   continued", "> quote ภาษาไทย", ">", "> > deep",
            "| a | b |", "| --- | :-: |", "| 1 | 👩‍👩‍👧 |", "    indented code", "paragraph *em* **strong**", "Setext",
            "===", "---",
            "***", "-->", "see [x]", "- [ ] task", "- [x] done", "text\\", "\n# after a blank line",
            "\n## ಕನ್ನಡ after a blank line",
            "\n#", "\n#\tafter a tab", "```   ", "~~~ info ~", "~~~~~", "```` x",
        ]
        // Lines that keep a document whole, in every other soup.
        let reaching = ["<div>", "<!--", "[x]: https://example.com", "  ```", " ~~~"]
        var random = SplitMix64(seed: 2611)
        let options = AttributedString.MarkdownParsingOptions(interpretedSyntax: .full)
        var cutDocuments = 0
        for number in 0 ..< 500 {
            let choices = number.isMultiple(of: 2) ? lines : lines + reaching
            var markdown =
                (0 ..< Int.random(in: 10 ... 60, using: &random))
                .map { _ in choices[Int.random(in: 0 ..< choices.count, using: &random)] }
                .joined(separator: "\n") + "\n"
            if number % 7 == 3 { markdown = "\u{FEFF}" + markdown }
            if markdown.withUTF8({ MarkdownSections.split($0, targetBytes: 1) }).count > 1 { cutDocuments += 1 }
            let whole = try TextContentStorage(
                markdown: markdown, options: options, baseURL: nil, presentation: MarkdownPresentation(),
                width: 400, sectionBytes: Int.max)
            let sectioned = try TextContentStorage(
                markdown: markdown, options: options, baseURL: nil, presentation: MarkdownPresentation(),
                width: 400, sectionBytes: 1)
            #expect(sectioned.attributedString == whole.attributedString, "\(markdown.debugDescription)")
            let text = try AttributedString(markdown: markdown, options: options, baseURL: nil, sectionBytes: 1)
            let wholeText = try AttributedString(
                markdown: markdown, options: options, baseURL: nil, sectionBytes: Int.max)
            #expect(Self.sameContent(text, wholeText), "\(markdown.debugDescription)")
        }
        // Half the soups have something that keeps them whole; enough are cut to mean something.
        #expect(cutDocuments >= 100)
    }
}
