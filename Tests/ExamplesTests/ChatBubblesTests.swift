import Foundation
import OpenTextKit
import OpenTextKitExamples
import TestFixtures
import Testing

/// The seed's chat bubbles: a delegate returns `BubbleLayoutFragment` for messages, which layout
/// pads and the renderer draws with the fragment's own `draw(at:in:)`.
@Suite struct ChatBubblesTests {
    static let messages = [
        "> Are we still meeting at noon? I will bring the printed drafts and the coffee.",
        "> " + MixedSamples.text("ar_Arab"),
        "> " + MixedSamples.text("he_Hebr"),
        "> " + MixedSamples.text("th_Thai"),
    ]
    static let text = (["A plain paragraph before the messages."] + messages + ["And a plain one after them."]).joined(
        separator: "\n")

    static func isBubble(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
        abs(Int(pixel.red) - 199) <= 3 && abs(Int(pixel.green) - 199) <= 3 && pixel.blue >= 250
    }

    static func isInk(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
        pixel.red < 100 && pixel.green < 100 && pixel.blue < 140
    }

    @Test func bubblesAreDrawnBehindTheTextOfTheMessages() throws {
        let storage = TextContentStorage(string: Self.text)
        let layoutManager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 420, height: 0)))
        let bubbles = ChatBubbles()
        layoutManager.delegate = bubbles
        storage.addTextLayoutManager(layoutManager)
        layoutManager.ensureLayoutForEntireDocument()
        var fragments: [TextLayoutFragment] = []
        layoutManager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) {
            fragments.append($0); return true
        }
        #expect(fragments.map { $0 is BubbleLayoutFragment } == [false, true, true, true, true, false])

        let size = layoutManager.usageBoundsForTextContainer.size
        let scale = 2.0
        let surface = try DrawingSurface.image(size: size, scale: scale)
        let context = try surface.makeContext()
        context.fillBackground(.white)
        for fragment in fragments {
            fragment.draw(
                at: fragment.layoutFragmentFrame.origin, in: context,
                renderingAttributes: layoutManager.renderingAttributes(for: fragment))
        }
        try context.checkStatus()
        let pixels = try #require(surface.pixels())
        func count(_ rect: CGRect, _ test: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool) -> Int {
            var found = 0
            for y in max(0, Int(rect.minY * scale)) ..< min(pixels.height, Int(rect.maxY * scale)) {
                for x in max(0, Int(rect.minX * scale)) ..< min(pixels.width, Int(rect.maxX * scale))
                where test(pixels[x, y]) { found += 1 }
            }
            return found
        }
        for fragment in fragments {
            let frame = fragment.layoutFragmentFrame
            guard let bubble = fragment as? BubbleLayoutFragment else {
                #expect(count(frame, Self.isBubble) == 0, "no bubble behind a plain paragraph")
                #expect(count(frame, Self.isInk) > 0, "its text is drawn")
                continue
            }
            let rect = bubble.bubbleRect(at: frame.origin)
            // The bubble's colour fills the room around the text: above the first line (the top
            // margin), before the lines (the leading padding), below the last line.
            let first = try #require(fragment.textLineFragments.first),
                last = try #require(fragment.textLineFragments.last)
            let above = CGRect(
                x: rect.minX + 12, y: rect.minY + 1, width: rect.width - 24,
                height: first.typographicBounds.minY - BubbleLayoutFragment.gap - 2)
            let aboveArea = Int(above.width * scale) * Int(above.height * scale)
            #expect(
                aboveArea > 0 && count(above, Self.isBubble) > aboveArea * 9 / 10,
                "the bubble above the text: \(fragment)")
            let below = CGRect(
                x: rect.minX + 12, y: frame.minY + last.typographicBounds.maxY + 1, width: rect.width - 24, height: 4)
            #expect(count(below, Self.isBubble) > Int(below.width * scale) * 6, "the bubble below the text")
            // The text is still drawn, inside the bubble, over it.
            let lines = CGRect(
                x: frame.minX, y: frame.minY + first.typographicBounds.minY, width: frame.width,
                height: last.typographicBounds.maxY - first.typographicBounds.minY)
            #expect(count(lines, Self.isInk) > 50, "the text over the bubble: \(fragment)")
            // Outside the bubble (the corner and the room after its end) stays white.
            let corner = CGRect(x: rect.minX, y: rect.minY, width: 2, height: 2)
            #expect(count(corner, Self.isBubble) == 0, "a rounded corner")
            let after = CGRect(x: rect.maxX + 1, y: rect.minY, width: frame.maxX - rect.maxX - 1, height: rect.height)
            #expect(count(after, Self.isBubble) == 0)
            // The paddings moved the lines: inside the bubble, away from its leading edge.
            let rightToLeft =
                fragment.textLineFragments.first.map { $0.characterIndex(for: CGPoint(x: 1, y: 0)) > 2 } ?? false
            for line in fragment.textLineFragments {
                if rightToLeft {
                    #expect(line.typographicBounds.maxX <= frame.width - 5 - 14 + 0.01)
                } else {
                    #expect(line.typographicBounds.minX >= 5 + 14 - 0.01)
                }
                #expect(line.typographicBounds.minY >= 8 - 0.01)
            }
        }
    }

    @Test func theRendererDrawsTheBubblesInPNGSVGAndPDF() throws {
        let storage = TextContentStorage(string: Self.text)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-bubbles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bubbles = ChatBubbles()
        var options = DocumentRenderer.Options()
        options.width = 420
        options.layoutManagerDelegate = bubbles
        let plain = try DocumentRenderer().render(storage, to: folder.appendingPathComponent("plain.png").path)
        let png = try DocumentRenderer(options: options).render(
            storage, to: folder.appendingPathComponent("bubbles.png").path)
        // Four messages, each 16 points taller (its margins) at least.
        #expect(png.size.height >= plain.size.height + 4 * 16 - 0.5)
        let svg = try DocumentRenderer(options: options).render(
            storage, to: folder.appendingPathComponent("bubbles.svg").path)
        #expect(svg.size == png.size)
        let svgText = try String(contentsOf: folder.appendingPathComponent("bubbles.svg"), encoding: .utf8)
        _ = try DocumentRenderer().render(storage, to: folder.appendingPathComponent("plain.svg").path)
        let plainSVGText = try String(contentsOf: folder.appendingPathComponent("plain.svg"), encoding: .utf8)
        // Cairo writes the bubble's fill as a percentage colour.
        #expect(svgText.contains("rgb(78%,78%,100%)"), "the bubbles' colour is in the SVG")
        #expect(!plainSVGText.contains("rgb(78%,78%,100%)"))

        let pdfPath = folder.appendingPathComponent("bubbles.pdf").path
        _ = try DocumentRenderer(options: options).render(storage, to: pdfPath)
        // Rasterized by poppler: the bubble's colour and the text are both there.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        process.arguments = ["-r", "72", pdfPath, folder.appendingPathComponent("page").path]
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let page = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
                $0.hasPrefix("page") && $0.hasSuffix(".ppm")
            })
        let ppm = try Data(contentsOf: folder.appendingPathComponent(page))
        let (bubblePixels, inkPixels) = Self.countPPM(ppm)
        #expect(bubblePixels > 4 * 300 * 10, "the bubbles are in the PDF")
        #expect(inkPixels > 200, "the text is in the PDF")
    }

    @Test func bubblesOnPDFPages() throws {
        let storage = TextContentStorage(string: Array(repeating: Self.text, count: 3).joined(separator: "\n"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-bubble-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bubbles = ChatBubbles()
        var options = DocumentRenderer.Options()
        options.pageSize = CGSize(width: 420, height: 300)
        options.layoutManagerDelegate = bubbles
        let pdfPath = folder.appendingPathComponent("pages.pdf").path
        let result = try DocumentRenderer(options: options).render(storage, to: pdfPath)
        #expect(result.pageCount >= 3)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        process.arguments = ["-r", "72", pdfPath, folder.appendingPathComponent("page").path]
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".ppm") }
            .sorted()
        #expect(pages.count == result.pageCount)
        // Every page shows bubbles (each has messages) and text.
        for page in pages {
            let (bubblePixels, inkPixels) = Self.countPPM(try Data(contentsOf: folder.appendingPathComponent(page)))
            #expect(bubblePixels > 2_000, "\(page)")
            #expect(inkPixels > 100, "\(page)")
        }
    }

    /// Pixels of the bubble's colour and of ink in a binary PPM (P6, 8 bits).
    static func countPPM(_ data: Data) -> (bubble: Int, ink: Int) {
        let bytes = [UInt8](data)
        var fields: [String] = []
        var index = 0
        while fields.count < 4, index < bytes.count {
            while index < bytes.count,
                bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09
            { index += 1 }
            var field = ""
            while index < bytes.count,
                !(bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09)
            {
                field.append(Character(UnicodeScalar(bytes[index])))
                index += 1
            }
            fields.append(field)
        }
        index += 1
        guard fields.first == "P6" else { return (0, 0) }
        var bubble = 0, ink = 0
        while index + 2 < bytes.count {
            let pixel = (red: bytes[index], green: bytes[index + 1], blue: bytes[index + 2], alpha: UInt8(255))
            if isBubble(pixel) { bubble += 1 }
            if isInk(pixel) { ink += 1 }
            index += 3
        }
        return (bubble, ink)
    }
}
