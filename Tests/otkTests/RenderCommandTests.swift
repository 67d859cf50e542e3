import Foundation
import Testing

@Suite struct RenderCommandTests {
    static func temporaryPath(_ ext: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("otk-render-\(UUID().uuidString).\(ext)").path
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func theSampleRendersToEachKind(ext: String) throws {
        let path = Self.temporaryPath(ext)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try Otk.run(["render", SampleDocument.url.path, "-o", path, "--links"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("Wrote \(path)"))
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let signature: [UInt8] =
            switch ext {
            case "png": [0x89, 0x50, 0x4E, 0x47]
            case "pdf": Array("%PDF".utf8)
            default: Array("<?xml".utf8)
            }
        #expect(data.starts(with: signature))
        // The sample's one link, with its rectangle.
        let links = try #require(
            (try? JSONSerialization.jsonObject(with: Data(output.stdout.utf8))) as? [[String: Any]])
        #expect(links.count == 1)
        #expect(links.first?["url"] as? String == "https://www.swift.org")
    }

    @Test func pagesOptionsAndTheDebugOverlay() throws {
        let path = Self.temporaryPath("pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try Otk.run([
            "render", SampleDocument.url.path, "-o", path, "--page-size", "300x200", "--margin", "20",
            "--debug-overlay", "--exclusion", "2:10,10,100,60", "--exclusion", "150,0,40,40",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("pages"), "\(output.stderr)")
        let png = Self.temporaryPath("png")
        defer { try? FileManager.default.removeItem(atPath: png) }
        let scaled = try Otk.run(["render", SampleDocument.url.path, "-o", png, "--scale", "2", "--select", "10:40"])
        #expect(scaled.status == 0, "\(scaled.stderr)")
        #expect(scaled.stderr.contains("648 × "), "the size is reported in points: \(scaled.stderr)")
    }

    @Test func statsReportPagesTimeAndRawShaping() throws {
        let path = Self.temporaryPath("pdf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try Otk.run(["render", SampleDocument.url.path, "-o", path, "--page-size", "A5", "--stats"])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["kind"] as? String == "pdf")
        #expect((json["pages"] as? Int ?? 0) >= 1)
        #expect(json["paragraphs"] as? Int == 16)
        #expect((json["seconds"] as? Double ?? 0) > 0)
        #expect((json["rawHarfBuzzShapingSeconds"] as? Double ?? 0) > 0)
    }

    @Test func badInputIsAPlainError() throws {
        let text = try Otk.temporaryFile(Array("Hello, مرحبا\n".utf8))
        defer { try? FileManager.default.removeItem(at: text) }
        let out = Self.temporaryPath("png")
        defer { try? FileManager.default.removeItem(atPath: out) }
        let cases: [([String], String)] = [
            (["render", "/nonexistent/input.txt", "-o", out], "No such file"),
            (["render", text.path, "-o", Self.temporaryPath("bmp")], "Unknown output kind"),
            (
                ["render", text.path, "-o", "/nonexistent-folder/out.png"],
                "cannot write /nonexistent-folder/out.png: No such file or directory"
            ),
            (
                ["render", text.path, "-o", "/nonexistent-folder/out.pdf"],
                "cannot write /nonexistent-folder/out.pdf: No such file or directory"
            ),
            (["render", text.path, "-o", out, "--page-size", "A9"], "Unknown page size"),
            (["render", text.path, "-o", out, "--page-size", "40x40"], "leaves no room"),
            (["render", text.path, "-o", out, "--page-size", "A4", "--margin", "400"], "leaves no room"),
            (["render", text.path, "-o", out, "--width", "0"], "--width"),
            (["render", text.path, "-o", out, "--scale", "-1"], "--scale"),
            (["render", text.path, "-o", out, "--exclusion", "1,2,3"], "--exclusion"),
            (["render", text.path, "-o", out, "--select", "5:999"], "past the document's end"),
            (["render", text.path, "-o", out, "--font", "No Such Family 13", "--strict-fonts"], "is not installed"),
            (["render", text.path, "-o", out, "--font", "DejaVu Sans"], "--font"),
        ]
        for (arguments, message) in cases {
            let output = try Otk.run(arguments)
            #expect(output.status != 0, "\(arguments) should fail")
            #expect(output.stderr.contains(message), "\(arguments): \(output.stderr)")
        }
        // Without --strict-fonts a missing family is said, with the one used instead.
        let output = try Otk.run(["render", text.path, "-o", out, "--font", "No Such Family 13"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stderr.contains("\"No Such Family\" is not installed; using \""), "\(output.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func aTallSheetAsksForPages() throws {
        let lines = String(repeating: "A line of text that is long enough.\n", count: 3_000)
        let input = try Otk.temporaryFile(Array(lines.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let out = Self.temporaryPath("png")
        let output = try Otk.run(["render", input.path, "-o", out])
        #expect(output.status != 0)
        #expect(output.stderr.contains("pixels a side"), "\(output.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
