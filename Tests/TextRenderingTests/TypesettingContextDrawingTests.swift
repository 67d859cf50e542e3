import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering
import TextTypography

/// Drawing takes the colours the content does not give from the typesetting context, and a
/// renderer lays out and draws with the context it is given.
@Suite struct TypesettingContextDrawingTests {
    typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)

    static let colors = TypesettingContext.Colors(
        text: TextColor(red: 0, green: 0, blue: 1), link: TextColor(red: 0, green: 0.6, blue: 0),
        selection: TextColor(red: 1, green: 1, blue: 0), spellingMark: TextColor(red: 1, green: 0.5, blue: 0))

    static func isBlue(_ pixel: Pixel) -> Bool { pixel.alpha > 100 && pixel.blue > 150 && pixel.red < 90 }
    static func isGreen(_ pixel: Pixel) -> Bool {
        pixel.alpha > 100 && pixel.green > 80 && pixel.red < 60 && pixel.blue < 60
    }
    static func isOrange(_ pixel: Pixel) -> Bool {
        pixel.alpha > 100 && pixel.red > 200 && pixel.green > 60 && pixel.green < 190 && pixel.blue < 60
    }
    static func isYellow(_ pixel: Pixel) -> Bool { pixel.alpha > 200 && pixel.red > 230 && pixel.green > 230 }
    static func isDark(_ pixel: Pixel) -> Bool {
        pixel.alpha > 200 && pixel.red < 60 && pixel.green < 60 && pixel.blue < 60
    }

    @Test func textLinksMarksAndSelectionsTakeTheContextsColours() throws {
        let plain = "Plain text مرحبا "
        var link = AttributedString("a link")
        link.link = URL(string: "https://example.org")
        let storage = TextContentStorage(attributedString: AttributedString(plain) + link)
        let context = TypesettingContext(colors: Self.colors)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: 600, height: 0)), typesettingContext: context)
        storage.addTextLayoutManager(manager)
        let line = try #require(fragments(of: manager).first?.textLineFragments.first)
        // Set after layout, which drops the rendering attributes of what it lays out.
        var mark = RenderingAttributes()
        mark.spellingState = .spelling
        manager.setRenderingAttributes(mark, for: try #require(storage.textRange(for: 0 ..< 5)))
        let plainEnd = line.locationForCharacter(at: plain.utf16.count).x
        let selected = try #require(storage.textRange(for: 6 ..< 10))
        let pixels = try drawDocument(manager, scale: 4) { context in
            manager.drawSelection([selected], in: context)
        }
        let height = line.typographicBounds.maxY + 4
        let plainArea = CGRect(x: 0, y: 0, width: plainEnd, height: height)
        let linkArea = CGRect(x: plainEnd, y: 0, width: line.typographicBounds.maxX - plainEnd, height: height)
        #expect(pixels.count(in: plainArea, where: Self.isBlue) > 100)
        #expect(pixels.count(in: linkArea, where: Self.isGreen) > 100)
        #expect(pixels.count(in: linkArea, where: Self.isBlue) == 0)
        let markArea = CGRect(x: 0, y: line.baseline, width: line.locationForCharacter(at: 5).x, height: height)
        #expect(pixels.count(in: markArea, where: Self.isOrange) > 20)
        #expect(pixels.count(in: plainArea, where: Self.isYellow) > 100)
        // Nothing was drawn in the standard context's black.
        let all = CGRect(x: 0, y: 0, width: 600, height: height)
        #expect(pixels.count(in: all, where: Self.isDark) == 0)
    }

    @Test func aRendererLaysOutWithItsContextAndFailsOnAParagraphItCannotLayOut() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otk-context-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let storage = TextContentStorage(string: "Large serif text, ಕನ್ನಡ and مرحبا.\nA second paragraph.")
        var options = DocumentRenderer.Options()
        let standard = try DocumentRenderer(options: options).render(
            storage, to: directory.appendingPathComponent("standard.png").path)
        options.typesettingContext = TypesettingContext(defaultFont: FontDescriptor(family: "DejaVu Serif", size: 30))
        let large = try DocumentRenderer(options: options).render(
            storage, to: directory.appendingPathComponent("large.png").path)
        #expect(large.size.height > standard.size.height * 1.5)

        // A paragraph in a font of no size: the render fails and writes nothing, on a sheet and
        // on pages.
        var bad = AttributedString("No size ಕನ್ನಡ\n")
        bad.font = FontDescriptor(family: "DejaVu Sans", size: 0)
        let broken = TextContentStorage(attributedString: bad + AttributedString("fine"))
        for name in ["broken.png", "broken.pdf"] {
            if name.hasSuffix(".pdf") { options.pageSize = PageSize.a5.size }
            let path = directory.appendingPathComponent(name).path
            #expect {
                try DocumentRenderer(options: options).render(broken, to: path)
            } throws: { error in
                guard case .layout? = error as? RenderingError else { return false }
                return true
            }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}
