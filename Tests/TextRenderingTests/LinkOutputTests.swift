import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextRendering

/// A link in a PDF is written once a page however many lines it covers, and relative links are
/// written only against a base URL the caller gave.
@Suite struct LinkOutputTests {
    static func pdf(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    }

    static func occurrences(of needle: String, in haystack: String) -> Int {
        haystack.components(separatedBy: needle).count - 1
    }

    /// Long links of several kinds, each its own text wrapping over hundreds of lines: an ASCII
    /// URL shown as itself, an Arabic path (percent-encoded, six bytes a letter in the PDF), and
    /// a Hebrew label over a long query; with English around them.
    static func longLinks() -> (storage: TextContentStorage, urls: [URL], bytes: Int) {
        // Each URL just under the 8,192 bytes a link may have.
        let ascii = "https://example.com/" + String(repeating: "http://", count: 1_100)
        let arabic = "https://example.com/ar/" + String(repeating: "شبكة", count: 300)
        let hebrew = "https://example.com/he?q=" + String(repeating: "x", count: 8_000)
        var text = AttributedString("English before. ")
        var first = AttributedString(ascii)
        first.link = URL(string: ascii)
        var second = AttributedString(" and " + String(repeating: "شبكة ", count: 800))
        second.link = URL(string: arabic)
        var third = AttributedString(" then " + String(repeating: "קישור ארוך ", count: 400))
        third.link = URL(string: hebrew)
        text += first + second + AttributedString(" middle ") + third + AttributedString(" English after.")
        text.font = FontDescriptor(family: "DejaVu Sans", size: 13)
        let urls = [ascii, arabic, hebrew].map { URL(string: $0)! }
        return (
            TextContentStorage(attributedString: text), urls,
            text.characters.reduce(0) { $0 + $1.utf8.count } + [ascii, arabic, hebrew].reduce(0) { $0 + $1.utf8.count }
        )
    }

    @Test(arguments: [false, true])
    func aLongLinkIsWrittenOnceAPageAndThePDFStaysSmall(paged: Bool) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-longlink-\(UUID().uuidString).pdf"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (storage, urls, bytes) = Self.longLinks()
        var options = DocumentRenderer.Options()
        if paged { options.pageSize = PageSize.a4.size }
        let result = try DocumentRenderer(options: options).render(storage, to: path)
        let pdf = try Self.pdf(path)
        let size = try Data(contentsOf: URL(fileURLWithPath: path)).count
        // Glyphs, fonts and one copy of each URL a page: a small multiple of the input.
        #expect(size < 8 * bytes + 200_000, "\(size) bytes from \(bytes)")
        for url in urls {
            let written = "/URI (\(LinkPolicy.pdfSafe(url)))"
            let pagesWithTheLink = Set(result.linkAreas.filter { $0.area.url == url }.map(\.page))
            let lines = result.linkAreas.filter { $0.area.url == url }.count
            #expect(lines > 20, "the link wraps onto many lines")
            #expect(
                Self.occurrences(of: written, in: pdf) == pagesWithTheLink.count, "\(url.absoluteString.prefix(30))")
            if !paged { #expect(pagesWithTheLink.count == 1) }
        }
        // Each annotation carries every line's rectangle.
        #expect(pdf.contains("/QuadPoints"))
    }

    @Test func aLinkLongerThanTheLimitIsTextWithAWarningAndTheLimitCanBeRaised() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("otk-toolong-\(UUID().uuidString).pdf")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let long = "https://example.com/" + String(repeating: "http://", count: 3_000)
        var text = AttributedString("English, עברית, العربية: " + long)
        text[text.range(of: long)!].link = URL(string: long)
        text.font = FontDescriptor(family: "DejaVu Sans", size: 13)
        let storage = TextContentStorage(attributedString: text)
        let refused = try DocumentRenderer().render(storage, to: path)
        #expect(refused.linkAreas.isEmpty)
        #expect(
            refused.warnings.count == 1 && refused.warnings[0].contains("21020 bytes long, more than the 8192"),
            "\(refused.warnings)")
        #expect(!(try Self.pdf(path)).contains("/URI"))
        var options = DocumentRenderer.Options()
        options.linkPolicy.maximumURLLength = 30_000
        let written = try DocumentRenderer(options: options).render(storage, to: path)
        #expect(written.warnings.isEmpty)
        #expect(Self.occurrences(of: "/URI (\(long))", in: try Self.pdf(path)) == 1)
    }

    static let pathLike = [
        "/etc/passwd", "../../etc/shadow", "//evil.example/x", "notes/page.html", "#part", "?q=1", "./a%20b",
    ]

    static func pathLikeDocument() -> TextContentStorage {
        var text = AttributedString("Links: ")
        for (index, link) in pathLike.enumerated() {
            let label = ["passwd", "shadow", "شبكة", "notes", "חלק", "query", "ไทย"][index]
            var piece = AttributedString(label)
            piece.link = URL(string: link)
            text += piece + AttributedString(" ")
        }
        var hostless = AttributedString("hostless")
        hostless.link = URL(string: "http:/etc/passwd")
        text += hostless
        text.font = FontDescriptor(family: "DejaVu Sans", size: 13)
        return TextContentStorage(attributedString: text)
    }

    @Test(arguments: [false, true])
    func pathLikeAndSchemeRelativeLinksAreTextWithoutABase(paged: Bool) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-relative-\(UUID().uuidString).pdf"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = DocumentRenderer.Options()
        if paged { options.pageSize = PageSize.a5.size }
        let result = try DocumentRenderer(options: options).render(Self.pathLikeDocument(), to: path)
        let pdf = try Self.pdf(path)
        #expect(!pdf.contains("/URI"), "no link at all is written")
        #expect(result.linkAreas.isEmpty)
        #expect(result.warnings.count == Self.pathLike.count + 1, "\(result.warnings)")
        for link in Self.pathLike {
            #expect(
                result.warnings.contains { $0.contains("relative link to \"\(link)\"") && $0.contains("base URL") },
                "\(link)")
        }
        #expect(result.warnings.contains { $0.contains("http:/etc/passwd") && $0.contains("host") })
        #expect(try UntrustedDocumentTests.pdfText(path).contains("passwd"), "the text is still drawn")
    }

    @Test func relativeLinksResolveAgainstTheBaseTheCallerGave() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("otk-base-\(UUID().uuidString).pdf")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = DocumentRenderer.Options()
        options.baseURL = URL(string: "https://docs.example/guide/intro.html")
        let result = try DocumentRenderer(options: options).render(Self.pathLikeDocument(), to: path)
        let pdf = try Self.pdf(path)
        let expected = [
            "https://docs.example/etc/passwd", "https://docs.example/etc/shadow", "https://evil.example/x",
            "https://docs.example/guide/notes/page.html", "https://docs.example/guide/intro.html#part",
            "https://docs.example/guide/intro.html?q=1", "https://docs.example/guide/a%20b",
        ]
        for url in expected {
            #expect(pdf.contains("/URI (\(url))"), "\(url)")
            #expect(result.linkAreas.contains { $0.area.url.absoluteString == url }, "\(url)")
        }
        // A web link without a host is still refused.
        #expect(result.warnings.count == 1, "\(result.warnings)")

        // A base of a scheme that is not allowed resolves to links that are not written.
        options.baseURL = URL(string: "file:///home/someone/")
        let local = try DocumentRenderer(options: options).render(Self.pathLikeDocument(), to: path)
        #expect(local.linkAreas.isEmpty)
        #expect(!(try Self.pdf(path)).contains("/URI"))
        #expect(local.warnings.contains { $0.contains("/etc/passwd") && $0.contains("resolved against") })
    }

    @Test func aBaseURLMustBeALinkThePolicyWrites() throws {
        let policy = LinkPolicy()
        for base in [
            "file:///etc/", "javascript:x", "data:,x", "ftp://host/", "http:/etc/", "https://", "notes/", "/etc/",
            "//host/x",
        ] {
            #expect(policy.baseURLRefusal(try #require(URL(string: base))) != nil, "\(base)")
        }
        for base in [
            "https://example.com/docs/", "http://example.com", "HTTPS://Example.COM/a/b", "mailto:someone@example.com",
        ] {
            #expect(policy.baseURLRefusal(try #require(URL(string: base))) == nil, "\(base)")
        }
        #expect(LinkPolicy(allowing: ["file"]).baseURLRefusal(try #require(URL(string: "file:///srv/docs/"))) == nil)
        var short = LinkPolicy()
        short.maximumURLLength = 10
        #expect(short.baseURLRefusal(try #require(URL(string: "https://example.com/"))) != nil)
    }

    @Test func thePolicyResolvesAndRefuses() {
        let policy = LinkPolicy(baseURL: URL(string: "https://example.com/a/b"))
        #expect(policy.resolved(URL(string: "../c")!)?.absoluteString == "https://example.com/c")
        #expect(policy.resolved(URL(string: "//other.example/d")!)?.absoluteString == "https://other.example/d")
        #expect(LinkPolicy().resolved(URL(string: "/etc/passwd")!) == nil)
        #expect(LinkPolicy().resolved(URL(string: "https:///etc/passwd")!) == nil)
        #expect(LinkPolicy().resolved(URL(string: "mailto:a@example.com")!) != nil)
        #expect(LinkPolicy(allowing: ["file"]).resolved(URL(string: "file:///etc/passwd")!) != nil)
    }
}
