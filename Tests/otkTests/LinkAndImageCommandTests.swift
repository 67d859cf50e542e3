import Foundation
import OpenTextKit
import Testing

/// `otk render` of untrusted links and images: a long link costs its size once, relative links
/// need --base-url, and many large images cost one image's memory, not all of them.
@Suite struct LinkAndImageCommandTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static func count(_ needle: String, in data: Data) -> Int {
        String(decoding: data, as: UTF8.self).components(separatedBy: needle).count - 1
    }

    @Test(arguments: [[], ["--page-size", "A5"]])
    func aLongAutolinkMakesASmallPDFWithTheURLOnceAPage(pages: [String]) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The h.md with a link just under the 8,192-byte limit: 'http://' * 1100, an
        // autolink wrapping onto ~100 lines.
        let markdown = String(repeating: "http://", count: 1_100) + "\n"
        let input = folder.appendingPathComponent("h.md"), output = folder.appendingPathComponent("h.pdf")
        try Data(markdown.utf8).write(to: input)
        let result = try Otk.run(["render", input.path, "-o", output.path, "--links"] + pages)
        #expect(result.status == 0, "\(result.stderr)")
        let pdf = try Data(contentsOf: output)
        #expect(pdf.count < 10 * markdown.utf8.count + 100_000, "\(pdf.count) bytes from \(markdown.utf8.count)")
        let links = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let pagesWithLinks = Set(links.compactMap { $0["page"] as? Int })
        #expect(links.count > 50, "one area a line")
        #expect(Self.count("/URI (http://http://", in: pdf) == pagesWithLinks.count)
    }

    @Test func aHugeAutolinkIsTextWithAWarningAndASmallPDF() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // The h.md, smaller: 'http://' * 8000, a 56 KB link.
        let markdown = String(repeating: "http://", count: 8_000) + "\n"
        let input = folder.appendingPathComponent("h.md"), output = folder.appendingPathComponent("h.pdf")
        try Data(markdown.utf8).write(to: input)
        let result = try Otk.run(["render", input.path, "-o", output.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("bytes long, more than the 8192"), "\(result.stderr)")
        let pdf = try Data(contentsOf: output)
        #expect(Self.count("/URI", in: pdf) == 0)
        #expect(pdf.count < 10 * markdown.utf8.count + 100_000, "\(pdf.count) bytes from \(markdown.utf8.count)")
    }

    @Test func relativeLinksNeedABaseURL() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown =
            "English [passwd](/etc/passwd), עברית [shadow](../../etc/shadow), العربية [share](//evil.example/x), "
            + "[page](notes/page.html).\n"
        let input = folder.appendingPathComponent("links.md"), output = folder.appendingPathComponent("links.pdf")
        try Data(markdown.utf8).write(to: input)
        let plain = try Otk.run(["render", input.path, "-o", output.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(Self.count("/URI", in: try Data(contentsOf: output)) == 0)
        for link in ["/etc/passwd", "../../etc/shadow", "//evil.example/x", "notes/page.html"] {
            #expect(plain.stderr.contains("relative link to \"\(link)\""), "\(link): \(plain.stderr)")
        }
        #expect(plain.stderr.contains("--base-url"))

        let based = try Otk.run(["render", input.path, "-o", output.path, "--base-url", "https://docs.example/guide/"])
        #expect(based.status == 0, "\(based.stderr)")
        let pdf = try Data(contentsOf: output)
        for url in [
            "https://docs.example/etc/passwd", "https://docs.example/etc/shadow", "https://evil.example/x",
            "https://docs.example/guide/notes/page.html",
        ] {
            #expect(Self.count("/URI (\(url))", in: pdf) == 1, "\(url)")
        }
        let bad = try Otk.run(["render", input.path, "-o", output.path, "--base-url", "docs/guide"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("--base-url takes an absolute URL"), "\(bad.stderr)")
    }

    @Test func aBaseURLWhoseLinksWouldAllBeDroppedIsRefusedUpFront() throws {
        // --base-url file:///etc/ and javascript:x were accepted, then every relative link
        // resolved against them was dropped by the scheme policy without a word.
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let markdown = "English [page](notes/page.html), עברית [שלום](../b.html), العربية [مرحبا](/c), ไทย ಕನ್ನಡ 👍🏽.\n"
        let input = folder.appendingPathComponent("links.md"), output = folder.appendingPathComponent("links.pdf")
        try Data(markdown.utf8).write(to: input)
        let refused: [(base: String, extra: [String], reason: String)] = [
            ("file:///etc/", [], "links of scheme \"file\" are not written"),
            ("javascript:x", [], "links of scheme \"javascript\" are not written"),
            ("JavaScript:alert(1)//", [], "links of scheme \"JavaScript\" are not written"),
            ("data:text/html,<b>x</b>", [], "links of scheme \"data\" are not written"),
            ("ftp://files.example/pub/", [], "links of scheme \"ftp\" are not written"),
            ("file:///etc/", ["--allow-link-scheme", "ftp"], "allowed: ftp, http, https, mailto"),
            ("http:/etc/passwd", [], "must name a host"),
            ("https://", [], "must name a host"),
            ("https://example.com/" + String(repeating: "a", count: 9_000), [], "more than the 8192"),
            ("https://example.com/docs/", ["--max-link-length", "20"], "more than the 20"),
            ("docs/guide", [], "--base-url takes an absolute URL"),
            ("/etc/", [], "--base-url takes an absolute URL"),
            ("//evil.example/x", [], "--base-url takes an absolute URL"),
        ]
        for (base, extra, reason) in refused {
            let result = try Otk.run(["render", input.path, "-o", output.path, "--base-url", base] + extra)
            #expect(result.status == 64, "\(base): exit \(result.status) \(result.stderr.prefix(300))")
            #expect(result.stderr.contains(reason), "\(base): \(result.stderr.prefix(400))")
            #expect(result.stderr.contains("--base-url"), "\(base)")
            #expect(!FileManager.default.fileExists(atPath: output.path), "\(base): nothing is written")
        }
        // A scheme the user allowed is a base like any other; its links are written.
        let accepted: [(base: String, extra: [String], link: String)] = [
            ("file:///srv/docs/", ["--allow-link-scheme", "file"], "file:///srv/docs/notes/page.html"),
            ("FTP://files.example/pub/", ["--allow-link-scheme", "ftp"], "ftp://files.example/pub/notes/page.html"),
            ("HTTPS://Docs.Example/guide/", [], "https://docs.example/guide/notes/page.html"),
        ]
        for (base, extra, link) in accepted {
            let result = try Otk.run(["render", input.path, "-o", output.path, "--base-url", base] + extra)
            #expect(result.status == 0, "\(base): \(result.stderr.prefix(300))")
            let pdf = try Data(contentsOf: output)
            #expect(Self.count("/URI (", in: pdf) == 3, "\(base)")
            #expect(String(decoding: pdf, as: UTF8.self).lowercased().contains("/uri (\(link))"), "\(base): \(link)")
            try FileManager.default.removeItem(at: output)
        }
    }

    /// A PNG of `side` × `side` pixels of one colour, written by Cairo.
    static func png(side: Int, red: Double, green: Double, in folder: URL) throws -> Data {
        let surface = try DrawingSurface.image(size: CGSize(width: side, height: side))
        try surface.makeContext().fillBackground(TextColor(red: red, green: green, blue: 0.5))
        let path = folder.appendingPathComponent("image-\(UUID().uuidString).png").path
        try surface.writePNG(to: path)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func document(_ images: [Data]) throws -> Data {
        var text = AttributedString("Images, صور, תמונות: ")
        for image in images {
            var piece = AttributedString("\u{FFFC} ")
            piece[piece.range(of: "\u{FFFC}")!].attachment = TextAttachment(
                contents: image, fileType: "public.png",
                bounds: CGRect(x: 0, y: 0, width: 32, height: 32))
            text += piece
        }
        return try TextDocumentFormat.encode(text)
    }

    @Test func anImageBombCostsOneImageNotAll() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Ten distinct 4096 × 4096 PNGs (64 MiB each decoded) drawn at 32 points: the bomb, smaller.
        let images = try (0 ..< 10).map { try Self.png(side: 4096, red: Double($0) / 10, green: 0.3, in: folder) }
        var peaks: [Int] = []
        for set in [[images[0]], images] {
            let input = folder.appendingPathComponent("bomb-\(set.count).otk.json"),
                output = folder.appendingPathComponent("bomb.pdf")
            try Self.document(set).write(to: input)
            let result = try Otk.run(["render", input.path, "-o", output.path, "--stats"])
            #expect(result.status == 0, "\(result.stderr)")
            peaks.append(try #require(result.json?["peakResidentBytes"] as? Int))
        }
        // All at full size would be 9 × 64 MiB more than one; decoded one at a time and kept at
        // 64 × 64 pixels, ten cost about what one does.
        #expect(
            peaks[1] - peaks[0] < 150 << 20, "peak \(peaks[0] >> 20) MiB with one image, \(peaks[1] >> 20) MiB with ten"
        )
    }

    @Test func anImagePastThePixelLimitIsAClearErrorAndTheLimitAnOption() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let surface = try DrawingSurface.image(size: CGSize(width: 4097, height: 4096))
        try surface.makeContext().fillBackground(TextColor(red: 0, green: 0, blue: 1))
        let path = folder.appendingPathComponent("wide.png").path
        try surface.writePNG(to: path)
        let input = folder.appendingPathComponent("wide.otk.json"), output = folder.appendingPathComponent("wide.png")
        try Self.document([try Data(contentsOf: URL(fileURLWithPath: path))]).write(to: input)
        try FileManager.default.removeItem(atPath: path)
        let refused = try Otk.run(["render", input.path, "-o", output.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("4097 × 4096") && refused.stderr.contains("16777216"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        let allowed = try Otk.run(["render", input.path, "-o", output.path, "--max-image-pixels", "\(4097 * 4096)"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(FileManager.default.fileExists(atPath: output.path))
    }
}
