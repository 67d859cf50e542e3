import Foundation
import Testing

/// `otk render` draws Markdown files with their presentation; `otk markdown --stats` measures
/// importing one beside cmark-gfm.
@Suite struct MarkdownCommandTests {
    static let markdown = """
        # Title مرحبا

        Text with **bold** and a [link](https://example.com), ಕನ್ನಡ ไทย.

        | A | B |
        |---|--:|
        | 1 | 2 |

        - [x] done
        - [ ] open

        ```
        code line
        ```
        """

    @Test func renderDrawsMarkdownToAPDF() throws {
        let input = try Otk.temporaryFile(Array(Self.markdown.utf8), extension: "md")
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("otk-md-\(UUID().uuidString).pdf")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        let result = try Otk.run(["render", input.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = try Data(contentsOf: output)
        #expect(pdf.starts(with: Array("%PDF".utf8)))
        #expect(result.stderr.contains("1 pages") || result.stderr.contains("PDF, 1"))
    }

    @Test func markdownStatsBesideCmark() throws {
        let verses =
            "Genesis 1\n1 In the beginning God created the heaven and the earth.\n2 And the earth was without "
            + "form.\nExodus 1\n1 Now these are the names.\n"
        let input = try Otk.temporaryFile(Array(verses.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try Otk.run(["markdown", input.path, "--from-verses", "--minimum-bytes", "2000", "--stats"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(result.json)
        #expect((json["markdownBytes"] as? Int).map { $0 >= 2000 } == true)
        for key in ["cmarkParseToHTMLSeconds", "importSeconds", "importRatioToCmark", "firstViewportDrawnSeconds"] {
            #expect((json[key] as? Double).map { $0 >= 0 } == true, "\(key)")
        }
        #expect((json["paragraphs"] as? Int).map { $0 > 10 } == true)
    }

    @Test func invalidMarkdownInputIsAClearError() throws {
        let input = try Otk.temporaryFile([0x23, 0x20, 0xC3, 0x28], extension: "md")
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try Otk.run(["render", input.path, "-o", "/tmp/otk-never-\(UUID().uuidString).png"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("UTF-8"), "\(result.stderr)")
    }
}
