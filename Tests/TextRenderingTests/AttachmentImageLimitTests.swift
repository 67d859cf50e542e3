internal import CCairo
import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextRendering

/// Attached images are untrusted: a large one is refused with a clear error, the others are
/// decoded one at a time at the size they are drawn, and the cache is bounded by bytes.
@Suite struct AttachmentImageLimitTests {
    /// A PNG of `width` × `height` pixels of one colour, written by Cairo.
    static func png(width: Int, height: Int, red: Double, green: Double = 0, blue: Double = 0) throws -> Data {
        let surface = try DrawingSurface.image(size: CGSize(width: width, height: height))
        try surface.makeContext().fillBackground(TextColor(red: red, green: green, blue: blue))
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("otk-image-\(UUID().uuidString).png")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try surface.writePNG(to: path)
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }

    static func document(_ images: [Data], side: CGFloat = 24) -> TextContentStorage {
        var text = AttributedString("Images in English, بالعربية, בעברית: ")
        for image in images {
            var piece = AttributedString("\u{FFFC} ")
            piece[piece.range(of: "\u{FFFC}")!].attachment = TextAttachment(
                contents: image, fileType: "public.png",
                bounds: CGRect(x: 0, y: 0, width: side, height: side))
            text += piece
        }
        text.font = FontDescriptor(family: "DejaVu Sans", size: 13)
        return TextContentStorage(attributedString: text)
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func anImagePastThePixelLimitIsAClearErrorAndTheLimitCanBeRaised(ext: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-limit-\(UUID().uuidString).\(ext)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let small = try Self.png(width: 40, height: 30, red: 1)
        // 4097 × 4096 is one column past the default 4096 × 4096; and a header claiming 10^10 pixels.
        let wide = try Self.png(width: 4097, height: 4096, red: 0, blue: 1)
        var claimed = [UInt8](small)
        claimed.replaceSubrange(16 ..< 24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
        for (image, width, height) in [(wide, 4097, 4096), (Data(claimed), 100_000, 100_000)] {
            for paged in [false, true] {
                var options = DocumentRenderer.Options()
                if paged { options.pageSize = PageSize.a5.size }
                #expect(throws: RenderingError.imageTooLarge(width: width, height: height, limit: 4096 * 4096)) {
                    try DocumentRenderer(options: options).render(Self.document([small, image]), to: path)
                }
            }
        }
        var options = DocumentRenderer.Options()
        options.maximumImagePixels = 4097 * 4096
        _ = try DocumentRenderer(options: options).render(Self.document([small, wide]), to: path)
        options.maximumImagePixels = 40 * 30 - 1
        #expect(throws: RenderingError.imageTooLarge(width: 40, height: 30, limit: 40 * 30 - 1)) {
            try DocumentRenderer(options: options).render(Self.document([small]), to: path)
        }
        #expect(
            "\(RenderingError.imageTooLarge(width: 4097, height: 4096, limit: 4096 * 4096))".contains("4097 × 4096"))
    }

    @Test func imagesAreKeptAtTheSizeTheyAreDrawn() throws {
        let images = AttachmentImages()
        let large = try Self.png(width: 2000, height: 1500, red: 0, green: 1)
        let image = try #require(TextImage(pngData: large))
        guard case let .image(surface) = images.image(of: image, width: 48, height: 36, maximumPixels: 4096 * 4096)
        else {
            Issue.record("not decoded")
            return
        }
        defer { cairo_surface_destroy(surface) }
        #expect(cairo_image_surface_get_width(surface) == 48)
        #expect(cairo_image_surface_get_height(surface) == 36)
        #expect(images.cachedBytes == 48 * 36 * 4)
        // Never scaled up: drawn larger than it is, the image is kept at its own size.
        let tiny = try Self.png(width: 3, height: 2, red: 1)
        if case let .image(small) = images.image(
            of: TextImage(pngData: tiny), width: 300, height: 200, maximumPixels: 100)
        {
            #expect(cairo_image_surface_get_width(small) == 3)
            cairo_surface_destroy(small)
        } else {
            Issue.record("not decoded")
        }
    }

    @Test func theCacheIsBoundedByBytes() throws {
        let images = AttachmentImages()
        // 20 distinct 1024 × 1024 images drawn at their own size: 80 MiB decoded, more than the cache holds.
        for index in 0 ..< 20 {
            let png = try Self.png(width: 1024, height: 1024, red: Double(index) / 20, green: 0.5)
            guard
                case let .image(surface) = images.image(
                    of: TextImage(pngData: png), width: 1024, height: 1024, maximumPixels: 4096 * 4096)
            else {
                Issue.record("image \(index) not decoded")
                continue
            }
            cairo_surface_destroy(surface)
            #expect(images.cachedBytes <= AttachmentImages.cacheCapacityBytes)
        }
        #expect(images.cachedBytes >= 1024 * 1024 * 4)
    }

    @Test(arguments: ["png", "pdf"])
    func largeImagesDrawnSmallAreStillDrawn(ext: String) throws {
        // Distinct colours, each a 3000 × 3000 PNG drawn in 24 points: the picture shows each colour.
        let colours: [(Double, Double, Double)] = [(1, 0, 0), (0, 0, 1)]
        let pngs = try colours.map { try Self.png(width: 3000, height: 3000, red: $0.0, green: $0.1, blue: $0.2) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-small-\(UUID().uuidString).\(ext)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var options = DocumentRenderer.Options()
        options.scale = 2
        _ = try DocumentRenderer(options: options).render(Self.document(pngs), to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        if ext == "png" {
            let image = try #require(cairo_image_surface_create_from_png(path))
            defer { cairo_surface_destroy(image) }
            let width = Int(cairo_image_surface_get_width(image)), height = Int(cairo_image_surface_get_height(image))
            let stride = Int(cairo_image_surface_get_stride(image))
            let pixels = try #require(cairo_image_surface_get_data(image))
            var red = 0, blue = 0
            for y in 0 ..< height {
                for x in 0 ..< width {
                    let word = UnsafeRawPointer(pixels + y * stride).load(fromByteOffset: x * 4, as: UInt32.self)
                    let r = (word >> 16) & 0xFF, g = (word >> 8) & 0xFF, b = word & 0xFF
                    if r > 240, g < 20, b < 20 { red += 1 }
                    if b > 240, r < 20, g < 20 { blue += 1 }
                }
            }
            // Each image covers about 48 × 48 pixels at scale 2.
            #expect(red > 1_500 && blue > 1_500, "red \(red), blue \(blue)")
        } else {
            // The PDF holds the images at 2 pixels a point: far less than 2 × 36 MB of pixels.
            #expect(data.count < 1_000_000, "\(data.count) bytes")
        }
    }
}
