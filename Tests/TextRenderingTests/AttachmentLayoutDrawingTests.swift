import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering

/// A live-view attachment that draws a green image on paper: its layout's image, asked with
/// the attributes and location of its U+FFFC.
final class GreenBadgeAttachment: TextAttachment, TextAttachmentLayout, @unchecked Sendable {
    let green: TextImage
    private(set) var askedLocations: [Int] = []

    init(green: TextImage) {
        self.green = green
        super.init(fileType: "org.opentextkit.test.badge", bounds: CGRect(x: 0, y: -2, width: 30, height: 18))
    }

    func image(
        for bounds: CGRect, attributes: AttributeContainer, location: any TextLocation, textContainer: TextContainer?
    ) -> TextImage? {
        askedLocations.append((location as? TextContentLocation)?.offset ?? -1)
        return green
    }
}

/// In PNG, SVG and PDF output an attachment's `image(for:attributes:location:textContainer:)` is
/// drawn (a live view exists only on screen).
@Suite struct AttachmentLayoutDrawingTests {
    static func greenPNG() throws -> TextImage {
        let surface = try DrawingSurface.image(size: CGSize(width: 6, height: 4))
        try surface.makeContext().fillBackground(TextColor(red: 0, green: 0.8, blue: 0))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("otk-green-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: path) }
        try surface.writePNG(to: path.path)
        return try #require(TextImage(pngData: try Data(contentsOf: path)))
    }

    static func text(_ badge: GreenBadgeAttachment) -> AttributedString {
        var text = AttributedString("Badge \u{FFFC} شارة ಕನ್ನಡ")
        text[text.range(of: "\u{FFFC}")!].attachment = badge
        return text
    }

    @Test func theLayoutsImageIsDrawnInTheAttachmentsFrame() throws {
        let badge = GreenBadgeAttachment(green: try Self.greenPNG())
        #expect(badge.standardImage() == nil)
        let (_, manager) = makeLayout(Self.text(badge))
        let pixels = try drawDocument(manager)
        let line = try #require(fragments(of: manager).first?.textLineFragments.first)
        let placement = try #require(line.attachmentPlacements.first)
        let frame = placement.frame.offsetBy(dx: line.typographicBounds.minX, dy: line.typographicBounds.minY)
        #expect(frame.size == CGSize(width: 30, height: 18))
        let inside = frame.insetBy(dx: 1, dy: 1)
        let green = pixels.count(in: inside) { $0.green > 150 && $0.red < 60 && $0.blue < 60 && $0.alpha > 200 }
        #expect(green * 5 > pixels.count(in: inside) { _ in true } * 4) // its edges blend
        #expect(badge.askedLocations.first == 6)
    }

    @Test(arguments: ["svg", "pdf", "png"])
    func pagesAndImagesDrawTheLayoutsImage(ext: String) throws {
        let badge = GreenBadgeAttachment(green: try Self.greenPNG())
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-badge-\(UUID().uuidString).\(ext)")
        defer { try? FileManager.default.removeItem(at: path) }
        _ = try DocumentRenderer().render(TextContentStorage(attributedString: Self.text(badge)), to: path.path)
        #expect(!badge.askedLocations.isEmpty)
        let data = try Data(contentsOf: path)
        switch ext {
        case "svg": #expect(String(decoding: data, as: UTF8.self).contains("<image"))
        case "pdf": #expect(String(decoding: data, as: UTF8.self).contains("/Subtype /Image"))
        default: #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        }
    }
}
