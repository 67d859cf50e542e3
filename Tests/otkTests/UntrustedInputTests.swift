import Foundation
import OpenTextKit
import Testing

/// `otk` with inputs it cannot trust: links carrying actions, inputs without end.
@Suite struct UntrustedInputTests {
    static func document(_ text: AttributedString) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-untrusted-\(UUID().uuidString).otk.json")
        try TextDocumentFormat.encode(text).write(to: url)
        return url
    }

    @Test func unsafeLinksAreDroppedWithAWarningUnlessTheirSchemeIsAllowed() throws {
        var text = AttributedString("Safe, script, local, ftp. English مرحبا नमस्ते")
        text[text.range(of: "Safe")!].link = URL(string: "https://example.com/a)/S/JavaScript/JS(app.alert(1))")
        text[text.range(of: "script")!].link = URL(string: "javascript:alert(1)")
        text[text.range(of: "local")!].link = URL(string: "file:///etc/passwd")
        text[text.range(of: "ftp")!].link = URL(string: "ftp://example.com/f")
        let input = try Self.document(text)
        defer { try? FileManager.default.removeItem(at: input) }
        let pdf = RenderCommandTests.temporaryPath("pdf")
        defer { try? FileManager.default.removeItem(atPath: pdf) }
        let output = try Otk.run(["render", input.path, "-o", pdf, "--links"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("warning: a link to \"javascript:alert(1)\""), "\(output.stderr)")
        #expect(output.stderr.contains("\"file:///etc/passwd\""), "\(output.stderr)")
        let written = try #require(
            (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [[String: Any]])
        #expect(written.compactMap { $0["url"] as? String } == ["https://example.com/a)/S/JavaScript/JS(app.alert(1))"])
        let bytes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: pdf)), as: UTF8.self)
        #expect(!bytes.contains(")/S/JavaScript"))
        let allowed = try Otk.run([
            "render", input.path, "-o", pdf, "--links", "--allow-link-scheme", "ftp", "--allow-link-scheme", "FILE",
        ])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(!allowed.stderr.contains("file:///etc/passwd"))
        #expect(allowed.stdout.contains("ftp:"))
    }

    @Test func anEndlessInputStopsAtTheLimit() throws {
        // Endless text (a stream of NUL bytes, /dev/zero, is refused at its first byte).
        let output = try Otk.runShell(
            "yes 'English مرحبا' | \"$1\" stats /dev/stdin --max-input-bytes 1000000", arguments: [Otk.executable.path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("more than the limit of 1000000 bytes"), "\(output.stderr)")
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let file = try Otk.temporaryFile(Array(String(repeating: "English مرحبا नमस्ते\n", count: 100).utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        for command in ["stats", "layout", "render", "viewport"] {
            let output = try Otk.run([command, file.path, "--max-input-bytes", "1000"])
            #expect(output.status != 0, "\(command)")
            #expect(output.stderr.contains("more than the limit of 1000 bytes"), "\(command): \(output.stderr)")
        }
        let copies = try Otk.run(["viewport", file.path, "--copies", "3", "--max-input-bytes", "1000"])
        #expect(copies.status != 0)
        let within = try Otk.run(["stats", file.path, "--max-input-bytes", "100000"])
        #expect(within.status == 0, "\(within.stderr)")
        #expect(within.json?["paragraphs"] as? Int == 100)
    }
}
