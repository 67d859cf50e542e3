import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering

@Suite struct DrawingTests {
    @Test(arguments: renderingSamples.map(\.tag))
    func inkLiesInTheLinesAndNeverOutsideTheRenderingSurface(tag: String) throws {
        let text = renderingSamples.first { $0.tag == tag }!.text
        let (_, manager) = makeLayout(AttributedString(text), width: 300)
        let pixels = try drawDocument(manager)
        let all = fragments(of: manager)
        let surfaces = all.map {
            $0.renderingSurfaceBounds.offsetBy(dx: $0.layoutFragmentFrame.minX, dy: $0.layoutFragmentFrame.minY)
        }
        let inked = pixels.inked()
        #expect(!inked.isEmpty, "\(tag): nothing was drawn")
        // Antialiasing may touch the pixel next to an edge: allow one pixel.
        let slack = 1 / pixels.scale
        for (x, y) in inked {
            let point = CGPoint(x: Double(x) / pixels.scale, y: Double(y) / pixels.scale)
            let inside = surfaces.contains { $0.insetBy(dx: -slack, dy: -slack).contains(point) }
            #expect(inside, "\(tag): ink at \(point) lies outside every rendering surface \(surfaces)")
            if !inside { break }
        }
        for fragment in all {
            for line in fragment.textLineFragments where line.characterRange.length > 1 {
                let bounds = line.typographicBounds.offsetBy(
                    dx: fragment.layoutFragmentFrame.minX, dy: fragment.layoutFragmentFrame.minY)
                #expect(pixels.count(in: bounds) { $0.alpha > 0 } > 0, "\(tag): no ink in the line \(line)")
            }
        }
    }

    @Test func aBackgroundColourFillsItsSegments() throws {
        var text = AttributedString("Plain, then marked, then plain, and עברית marked too.")
        let yellow = TextColor(red: 1, green: 0.9, blue: 0)
        for word in ["marked", "עברית"] {
            text[text.range(of: word)!].backgroundColor = yellow
        }
        let (storage, manager) = makeLayout(text)
        let pixels = try drawDocument(manager)
        let string = String(text.characters)
        for word in ["marked", "עברית"] {
            let range = string.range(of: word)!
            let start = string.utf16.distance(from: string.startIndex, to: range.lowerBound)
            let textRange = TextRange(
                location: storage.location(storage.documentRange.location, offsetBy: start)!,
                end: storage.location(storage.documentRange.location, offsetBy: start + word.utf16.count)!)!
            var rects: [CGRect] = []
            manager.enumerateTextSegments(in: textRange, type: .highlight, options: .rangeNotRequired) {
                _, rect, _, _ in
                rects.append(rect); return true
            }
            #expect(!rects.isEmpty)
            for rect in rects {
                let total = pixels.count(in: rect.insetBy(dx: 1, dy: 1)) { _ in true }
                let yellowish = pixels.count(in: rect.insetBy(dx: 1, dy: 1)) {
                    $0.alpha == 255 && $0.red > 200 && $0.green > 180 && $0.blue < 60
                }
                // Glyphs cover part of the box; most of it shows the background.
                #expect(yellowish * 2 > total, "\(word): \(yellowish) of \(total) pixels are the background colour")
            }
        }
        // The unmarked start is not filled.
        let first = try #require(fragments(of: manager).first?.textLineFragments.first)
        let plainBox = CGRect(x: 0, y: 0, width: 30, height: first.typographicBounds.height)
        #expect(pixels.count(in: plainBox) { $0.red > 200 && $0.green > 180 && $0.blue < 60 && $0.alpha == 255 } == 0)
    }

    @Test func anUnderlineIsInkedBelowTheBaseline() throws {
        // No descenders, so any ink below the baseline is the underline's.
        func inkBelowBaseline(_ underline: TextDecorationStyle?) throws -> Int {
            var text = AttributedString("Underlined ABC")
            text.underlineStyle = underline
            let (_, manager) = makeLayout(text)
            let pixels = try drawDocument(manager)
            let line = try #require(fragments(of: manager).first?.textLineFragments.first)
            let below = CGRect(
                x: 0, y: line.typographicBounds.minY + line.baseline + 0.75, width: 200,
                height: line.typographicBounds.height - line.baseline - 0.75)
            return pixels.count(in: below) { $0.alpha > 128 }
        }
        #expect(try inkBelowBaseline(nil) == 0)
        for style in [
            TextDecorationStyle.single, .double, .thick, TextDecorationStyle(pattern: .dot),
            TextDecorationStyle(pattern: .dash),
        ] {
            #expect(try inkBelowBaseline(style) > 50, "\(style)")
        }
        #expect(try inkBelowBaseline(.thick) > inkBelowBaseline(.single))
    }

    @Test func aStrikethroughCrossesTheMiddleOfTheText() throws {
        var text = AttributedString("ooooo")
        let (_, plainManager) = makeLayout(text)
        text.strikethroughStyle = .single
        text.strikethroughColor = TextColor.red
        let (_, manager) = makeLayout(text)
        let pixels = try drawDocument(manager)
        let plain = try drawDocument(plainManager)
        let line = try #require(fragments(of: manager).first?.textLineFragments.first)
        let band = CGRect(x: 0, y: line.baseline - 8, width: 60, height: 6)
        #expect(pixels.count(in: band) { $0.red > 200 && $0.green < 80 && $0.alpha > 200 } > 20)
        #expect(plain.count(in: band) { $0.red > 200 && $0.green < 80 && $0.alpha > 200 } == 0)
    }

    @Test func colourEmojiProduceColouredPixels() throws {
        // A skin tone, a flag, a ZWJ sequence and an emoji-presentation heart. (Noto draws the
        // family sequence in greys, so it is checked below for being drawn at all.)
        for emoji in ["👍🏽", "🇫🇷", "🏳️‍🌈", "❤️"] {
            let (_, manager) = makeLayout(
                AttributedString(emoji), font: FontDescriptor(family: "DejaVu Sans", size: 32))
            let pixels = try drawDocument(manager)
            let coloured = pixels.inked(threshold: 200).filter { x, y in
                let p = pixels[x, y]
                return max(p.red, p.green, p.blue) - min(p.red, p.green, p.blue) > 60
            }
            #expect(coloured.count > 100, "\(emoji): \(coloured.count) coloured pixels")
        }
        let (_, family) = makeLayout(AttributedString("👨‍👩‍👧‍👦"), font: FontDescriptor(family: "DejaVu Sans", size: 32))
        let familyPixels = try drawDocument(family)
        let greys = familyPixels.inked(threshold: 200).filter { familyPixels[$0.x, $0.y].red > 60 }
        #expect(greys.count > 100, "the family sequence is drawn from the colour font's bitmap")
        // Black text stays black: no colour.
        let (_, manager) = makeLayout(AttributedString("Text"))
        let pixels = try drawDocument(manager)
        #expect(
            pixels.inked(threshold: 100).allSatisfy { x, y in
                let p = pixels[x, y]; return max(p.red, p.green, p.blue) < 30
            })
    }

    @Test func foregroundColourAndRenderingAttributesColourTheGlyphs() throws {
        var text = AttributedString("black red black green")
        text[text.range(of: "red")!].foregroundColor = TextColor(red: 0.9, green: 0, blue: 0)
        let (storage, manager) = makeLayout(text)
        // A rendering attribute (a find highlight, say) colours "green" without touching the content.
        let start = storage.location(storage.documentRange.location, offsetBy: 16)!
        let end = storage.location(storage.documentRange.location, offsetBy: 21)!
        manager.addRenderingAttribute(
            .foregroundColor, value: TextColor(red: 0, green: 0.7, blue: 0), for: TextRange(location: start, end: end)!)
        let pixels = try drawDocument(manager)
        let line = try #require(fragments(of: manager).first?.textLineFragments.first)
        func columns(_ test: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool) -> ClosedRange<Double>? {
            let xs = pixels.inked(threshold: 150).filter { test(pixels[$0.x, $0.y]) }.map {
                Double($0.x) / pixels.scale
            }
            guard let low = xs.min(), let high = xs.max() else { return nil }
            return low ... high
        }
        let red = try #require(columns { $0.red > 150 && $0.green < 60 })
        let green = try #require(columns { $0.green > 100 && $0.red < 60 })
        let left = Double(line.typographicBounds.minX)
        let redSpan = line.segments(showing: 6 ..< 9).first!, greenSpan = line.segments(showing: 16 ..< 21).first!
        #expect(red.lowerBound >= left + redSpan.minX - 1 && red.upperBound <= left + redSpan.maxX + 1)
        #expect(green.lowerBound >= left + greenSpan.minX - 1 && green.upperBound <= left + greenSpan.maxX + 1)
        #expect(String(storage.attributedString.characters[storage.attributedString.range(of: "green")!]) == "green")
        #expect(
            storage.attributedString.runs.allSatisfy { $0.foregroundColor != TextColor(red: 0, green: 0.7, blue: 0) })
    }

    @Test func linksAreStyledAndTheirRectanglesReported() throws {
        var text = AttributedString("See the Swift site and العربية link.")
        text[text.range(of: "the Swift site")!].link = URL(string: "https://www.swift.org")
        text[text.range(of: "العربية")!].link = URL(string: "https://example.org/ar")
        let (_, manager) = makeLayout(text)
        let surface = try DrawingSurface.image(size: CGSize(width: 400, height: 60))
        let context = try surface.makeContext()
        for fragment in fragments(of: manager) { fragment.draw(at: fragment.layoutFragmentFrame.origin, in: context) }
        let areas = context.linkAreas
        #expect(Set(areas.map(\.url.absoluteString)) == ["https://www.swift.org", "https://example.org/ar"])
        let pixels = try #require(surface.pixels())
        for area in areas {
            #expect(area.rect.width > 10 && area.rect.height > 10)
            // Link blue inside the area.
            #expect(pixels.count(in: area.rect) { $0.blue > 120 && $0.red < 80 && $0.alpha > 150 } > 10)
        }
    }

    @Test func selectionAndCaretAreDrawnFromTheTextSegments() throws {
        let text = MixedSamples.text("mixed")
        let (storage, manager) = makeLayout(AttributedString(text), width: 250)
        let documentStart = storage.documentRange.location
        let range = TextRange(
            location: storage.location(documentStart, offsetBy: 2)!, end: storage.location(documentStart, offsetBy: 30)!
        )!
        let pixels = try drawDocument(manager) { context in
            manager.drawSelection([range], color: TextColor(red: 0, green: 0, blue: 1), in: context)
            manager.drawCaret(
                at: storage.location(documentStart, offsetBy: 40)!, color: TextColor(red: 1, green: 0, blue: 0),
                in: context)
        }
        var selected = 0
        manager.enumerateTextSegments(in: range, type: .selection, options: .rangeNotRequired) { _, rect, _, _ in
            let blue = pixels.count(in: rect.insetBy(dx: 1, dy: 1)) { $0.blue > 200 && $0.red < 40 && $0.alpha == 255 }
            let total = pixels.count(in: rect.insetBy(dx: 1, dy: 1)) { _ in true }
            #expect(blue * 3 > total)
            selected += 1
            return true
        }
        #expect(selected > 0)
        #expect(
            pixels.inked().contains {
                pixels[$0.x, $0.y].red > 200 && pixels[$0.x, $0.y].green < 40 && pixels[$0.x, $0.y].blue < 40
            })
    }

    @Test func theSameDocumentDrawsTheSameBytesTwice() throws {
        var text = AttributedString(renderingSamples.map(\.text).joined(separator: "\n"))
        text.font = FontDescriptor(family: "DejaVu Sans", size: 14)
        let storage = TextContentStorage(attributedString: text)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("otk-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let renderer = DocumentRenderer()
        let first = directory.appendingPathComponent("a.png").path,
            second = directory.appendingPathComponent("b.png").path
        _ = try renderer.render(storage, to: first)
        _ = try renderer.render(storage, to: second)
        let a = try Data(contentsOf: URL(fileURLWithPath: first)),
            b = try Data(contentsOf: URL(fileURLWithPath: second))
        #expect(a.count > 1000)
        #expect(a.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(a == b)
    }

    @Test func badSurfacesAreClearErrors() {
        #expect(throws: RenderingError.self) { try DrawingSurface.image(size: CGSize(width: 0, height: 10)) }
        #expect(throws: RenderingError.self) { try DrawingSurface.image(size: CGSize(width: -5, height: 10)) }
        #expect(throws: RenderingError.self) { try DrawingSurface.image(size: CGSize(width: CGFloat.nan, height: 10)) }
        #expect(throws: RenderingError.self) {
            try DrawingSurface.image(size: CGSize(width: 100, height: 100), scale: 0)
        }
        #expect(throws: RenderingError.self) { try DrawingSurface.image(size: CGSize(width: 40_000, height: 10)) }
        #expect(throws: RenderingError.self) {
            try DrawingSurface.pdf(path: "/nonexistent-folder/x.pdf", pageSize: CGSize(width: 100, height: 100))
        }
        #expect(throws: RenderingError.self) {
            try DocumentRenderer().render(TextContentStorage(string: "x"), to: "/tmp/x.bmp")
        }
    }

    @Test func attachmentsAreDrawnInTheirFramesAndBadImagesLeaveABox() throws {
        // A 4 × 4 opaque blue PNG, and one whose header claims 100,000 × 100,000 pixels.
        let blueSurface = try DrawingSurface.image(size: CGSize(width: 4, height: 4))
        try blueSurface.makeContext().fillBackground(TextColor(red: 0, green: 0, blue: 1))
        let bluePath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-blue-\(UUID().uuidString).png"
        ).path
        defer { try? FileManager.default.removeItem(atPath: bluePath) }
        try blueSurface.writePNG(to: bluePath)
        let blue = try Data(contentsOf: URL(fileURLWithPath: bluePath))
        var huge = [UInt8](blue)
        huge.replaceSubrange(16 ..< 24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
        for (contents, expectBlue) in [(blue, true), (Data(huge), false), (Data([1, 2, 3]), false)] {
            var text = AttributedString("Image \u{FFFC} here, صورة")
            text[text.range(of: "\u{FFFC}")!].attachment = TextAttachment(
                contents: contents, fileType: "public.png", bounds: CGRect(x: 0, y: 0, width: 24, height: 24))
            let (_, manager) = makeLayout(text)
            let pixels = try drawDocument(manager)
            let line = try #require(fragments(of: manager).first?.textLineFragments.first)
            let placement = try #require(line.attachmentPlacements.first)
            let frame = placement.frame.offsetBy(dx: line.typographicBounds.minX, dy: line.typographicBounds.minY)
            let inside = frame.insetBy(dx: 2, dy: 2)
            let blueCount = pixels.count(in: inside) { $0.blue > 200 && $0.red < 40 && $0.alpha > 200 }
            if expectBlue {
                #expect(blueCount * 10 > pixels.count(in: inside) { _ in true } * 9)
            } else {
                #expect(blueCount == 0)
                // The place is still marked: a grey box with a cross.
                #expect(pixels.count(in: frame) { $0.alpha > 100 } > 20)
            }
        }
    }

    @Test func listItemsAreNumberedAndRightToLeftMarkersGoOnTheRight() throws {
        let list = TextList(markerFormat: TextList.MarkerFormat("{decimal}."))
        var text = AttributedString()
        for item in ["One", "Two", "Three"] {
            var piece = AttributedString(item + "\n")
            piece.paragraphStyle = ParagraphStyle(headIndent: 30, firstLineHeadIndent: 30, textLists: [list])
            text.append(piece)
        }
        var arabic = AttributedString(
            MixedSamples.text("ar_Arab").split(separator: " ").prefix(3).joined(separator: " ") + "\n")
        arabic.paragraphStyle = ParagraphStyle(
            headIndent: 30, tailIndent: -30, firstLineHeadIndent: 30, textLists: [list])
        text.append(arabic)
        let (_, manager) = makeLayout(text)
        var markers = ListMarkers(defaultFont: FontDescriptor(family: "DejaVu Sans", size: 16))
        let all = fragments(of: manager)
        #expect(all.prefix(4).map { markers.marker(for: $0) } == ["1.", "2.", "3.", "4."])
        // Drawn: ink left of the English items' text, right of the Arabic item's.
        let pixels = try drawDocument(manager) { context in
            var drawing = ListMarkers(defaultFont: FontDescriptor(family: "DejaVu Sans", size: 16))
            for fragment in fragments(of: manager) {
                drawing.draw(for: fragment, at: fragment.layoutFragmentFrame.origin, in: context)
            }
        }
        let first = all[0], last = all[3]
        let firstLine = try #require(first.textLineFragments.first),
            lastLine = try #require(last.textLineFragments.first)
        let leftGutter = CGRect(
            x: 0, y: first.layoutFragmentFrame.minY, width: firstLine.typographicBounds.minX,
            height: first.layoutFragmentFrame.height)
        #expect(pixels.count(in: leftGutter) { $0.alpha > 128 } > 10)
        let textRight = lastLine.typographicBounds.minX + (lastLine.caretStops.map(\.x).max() ?? 0)
        let rightGutter = CGRect(
            x: textRight + 1, y: last.layoutFragmentFrame.minY, width: 400 - textRight - 1,
            height: last.layoutFragmentFrame.height)
        #expect(pixels.count(in: rightGutter) { $0.alpha > 128 } > 10)
    }

    @Test func aFontTooSmallToDrawDoesNotStopTheDrawing() throws {
        var text = AttributedString("tiny then normal")
        text[text.range(of: "tiny")!].font = FontDescriptor(family: "DejaVu Sans", size: 1e-200)
        let (_, manager) = makeLayout(text)
        let surface = try DrawingSurface.image(size: CGSize(width: 400, height: 40))
        let context = try surface.makeContext()
        for fragment in fragments(of: manager) { fragment.draw(at: fragment.layoutFragmentFrame.origin, in: context) }
        try context.checkStatus()
        #expect(try #require(surface.pixels()).inked().count > 50)
    }
}

/// Lines made on their own draw as laid-out ones do.
@Suite struct StandaloneLineDrawingTests {
    @Test func aStandaloneLineDrawsItsGlyphs() throws {
        for text in ["Hello, world", "مرحبا بالعالم", "שלום עולם", "สวัสดีชาวโลก"] {
            let line = try TextLineFragment(
                string: text, attributes: AttributeContainer(), range: NSRange(location: 0, length: text.utf16.count))
            let size = CGSize(width: line.typographicBounds.width + 20, height: line.typographicBounds.height + 20)
            let surface = try DrawingSurface.image(size: size, scale: 2)
            let context = try surface.makeContext()
            line.draw(at: CGPoint(x: 10, y: 10), in: context)
            try context.checkStatus()
            let pixels = try #require(surface.pixels())
            let inked = pixels.inked(threshold: 64)
            #expect(inked.count > 30, "\(text)")
            // All the ink lies within the line's box (a point of slack for antialiasing).
            for (x, y) in inked {
                #expect(Double(x) / 2 >= 9 && Double(x) / 2 <= 10 + Double(line.typographicBounds.width) + 1, "\(text)")
                #expect(Double(y) / 2 >= 8 && Double(y) / 2 <= 12 + Double(line.typographicBounds.height), "\(text)")
            }
        }
    }
}

/// A fragment subclass's drawing reaches the picture, and rendering attributes still apply to
/// the text its `super.draw` draws.
@Suite struct FragmentSubclassDrawingTests {
    final class Backdrop: TextLayoutFragment, @unchecked Sendable {
        override func draw(at point: CGPoint, in context: any TextDrawingContext) {
            context.fill(
                CGRect(origin: point, size: layoutFragmentFrame.size), color: TextColor(red: 0, green: 0, blue: 1))
            super.draw(at: point, in: context)
        }
    }

    final class Delegate: TextLayoutManagerDelegate {
        func textLayoutManager(
            _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
            in textElement: TextParagraph
        ) -> TextLayoutFragment {
            Backdrop(textElement: textElement, range: textElement.elementRange)
        }
    }

    @Test func theSubclassesBackgroundAndTheRenderingAttributesBothShow() throws {
        let storage = TextContentStorage(string: "Backdrop مرحبا")
        RetainedStorages.keep(storage)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        let delegate = Delegate()
        manager.delegate = delegate
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        manager.addRenderingAttribute(
            .foregroundColor, value: TextColor(red: 1, green: 0, blue: 0), for: storage.documentRange)
        let pixels = try drawDocument(manager, scale: 2, background: .white)
        let fragment = try #require(fragments(of: manager).first)
        #expect(fragment is Backdrop)
        let frame = fragment.layoutFragmentFrame
        let blue = pixels.count(in: frame) { $0.blue > 200 && $0.red < 60 && $0.green < 60 }
        let red = pixels.count(in: frame) { $0.red > 150 && $0.blue < 120 && $0.green < 80 }
        let black = pixels.count(in: frame) { $0.red < 60 && $0.green < 60 && $0.blue < 60 }
        #expect(blue > Int(frame.width * frame.height) * 2, "the subclass's background")
        #expect(red > 20, "the text in its rendering attribute's colour")
        #expect(black == 0, "no text in the default colour")
    }
}
