import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering

/// A PDF's pages are laid out on another thread while the ones before them are drawn; an app's
/// layout delegate keeps everything on the caller's thread. Both give the same document.
@Suite struct PagePipelineTests {
    /// Makes the fragments the layout manager would make: the renderer then lays pages out on
    /// the caller's thread, one after another.
    final class PassThroughDelegate: TextLayoutManagerDelegate {}

    static func path(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("otk-pipeline-\(UUID().uuidString)-\(name)").path
    }

    @Test func pagesLaidOutOnAnotherThreadAreThoseOfTheCallersThread() throws {
        let storage = try PageTests.document()
        var link = AttributeContainer()
        link.link = URL(string: "https://example.org/genesis")
        try storage.addAttributes(link, in: try #require(storage.textRange(for: 40 ..< 60)))
        try storage.addAttributes(
            link, in: try #require(storage.textRange(for: storage.utf16Length - 30 ..< storage.utf16Length - 10)))
        var options = DocumentRenderer.Options()
        options.pageSize = PageSize.a5.size
        let pipelined = Self.path("a.pdf"), sequential = Self.path("b.pdf")
        defer {
            try? FileManager.default.removeItem(atPath: pipelined)
            try? FileManager.default.removeItem(atPath: sequential)
        }
        var pages: [Int] = []
        let first = try DocumentRenderer(options: options).render(storage, to: pipelined) { pages.append($0) }
        #expect(pages == Array(1 ... first.pageCount))
        let delegate = PassThroughDelegate()
        options.layoutManagerDelegate = delegate
        let second = try DocumentRenderer(options: options).render(storage, to: sequential)
        #expect(first.pageCount > 5)
        #expect(first.pageCount == second.pageCount)
        #expect(first.linkAreas.map(\.page) == second.linkAreas.map(\.page))
        #expect(first.linkAreas.map(\.area) == second.linkAreas.map(\.area))
        #expect(first.linkAreas.count >= 2)
        #expect(
            try PageTests.run("pdftotext", [pipelined, "-"]) == (try PageTests.run("pdftotext", [sequential, "-"])))
    }

    @Test func aFailureOnALaterPageStopsTheLayoutAndWritesNothing() throws {
        // An image past the pixel limit in the last quarter of a document of many pages.
        var text = AttributedString(
            try Fixtures.lines(of: Fixtures.kjvGenesis).prefix(300).joined(separator: "\n") + "\n")
        var image = AttributedString("\u{FFFC} ಕನ್ನಡ مرحبا\n")
        image[image.range(of: "\u{FFFC}")!].attachment = TextAttachment(
            contents: try AttachmentImageLimitTests.png(width: 40, height: 30, red: 1), fileType: "public.png",
            bounds: CGRect(x: 0, y: 0, width: 24, height: 24))
        text +=
            image
            + AttributedString(
                try Fixtures.lines(of: Fixtures.kjvGenesis).prefix(100).joined(separator: "\n"))
        let storage = TextContentStorage(attributedString: text)
        var options = DocumentRenderer.Options()
        options.pageSize = PageSize.a5.size
        options.maximumImagePixels = 40 * 30 - 1
        let path = Self.path("failed.pdf")
        var pages: [Int] = []
        #expect(throws: RenderingError.imageTooLarge(width: 40, height: 30, limit: 40 * 30 - 1)) {
            try DocumentRenderer(options: options).render(storage, to: path) { pages.append($0) }
        }
        #expect(pages.count > 3)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
