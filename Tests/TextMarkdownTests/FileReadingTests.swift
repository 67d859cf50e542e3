import Foundation
import Testing
import TextContent
import TextMarkdown

/// `AttributedString(contentsOf:)`: a Markdown file, its links resolved against it, and the files
/// that cannot be read refused with a clear error.
@Suite struct FileReadingTests {
    func withFolder(_ body: (URL) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-md-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(folder)
    }

    @Test func aFileIsParsedWithItsLinksResolvedAgainstIt() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("notes.md")
            try Data("# مرحبا ಕನ್ನಡ\n\nSee [the guide](guide/start.md) 👩‍👩‍👧\n".utf8).write(to: file)
            let text = try AttributedString(contentsOf: file)
            #expect(String(text.characters).hasPrefix("مرحبا ಕನ್ನಡ\n"))
            let link = text.runs.compactMap(\.link).first
            #expect(link?.absoluteURL == folder.appendingPathComponent("guide/start.md").absoluteURL)
            // A base URL given wins over the file's.
            let based = try AttributedString(contentsOf: file, baseURL: URL(string: "https://example.com/docs/"))
            #expect(based.runs.compactMap(\.link).first?.absoluteString == "https://example.com/docs/guide/start.md")
        }
    }

    @Test func whatCannotBeReadIsAClearError() throws {
        try withFolder { folder in
            let missing = folder.appendingPathComponent("missing.md")
            #expect {
                _ = try AttributedString(contentsOf: missing)
            } throws: { error in
                guard case .unreadable(let path, _) = error as? MarkdownError else { return false }
                return path == missing.path && (error as? MarkdownError)?.message.contains("could not be read") == true
            }
            let large = folder.appendingPathComponent("large.md")
            try Data(repeating: UInt8(ascii: "a"), count: 2_000).write(to: large)
            #expect(throws: MarkdownError.self) { _ = try AttributedString(contentsOf: large, maximumBytes: 1_000) }
            let invalid = folder.appendingPathComponent("invalid.md")
            try Data([0x61, 0x62, 0xFF, 0x63]).write(to: invalid)
            #expect(throws: MarkdownError.invalidUTF8(byteOffset: 2)) { _ = try AttributedString(contentsOf: invalid) }
            let lossy = try AttributedString(
                contentsOf: invalid, options: .init(failurePolicy: .returnPartiallyParsedIfPossible))
            #expect(String(lossy.characters) == "ab\u{FFFD}c")
        }
    }
}
