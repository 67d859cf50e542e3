import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering

/// The glyph attributes of seed 003, drawn: `shadow`, `strokeColor` and `strokeWidth`,
/// `obliqueness`, `expansion` (with `kern` and `baselineOffset`, which layout places). Each in a
/// PNG (its pixels), a PDF (its pixels, rasterized by poppler, and its text) and an SVG (its
/// operations), in English and in Arabic, Hebrew, Thai and Kannada.
@Suite struct GlyphAttributeDrawingTests {
    static let font = FontDescriptor(family: "DejaVu Sans", size: 48)
    static let samples: [(tag: String, text: String)] = [
        ("en", "IH"), ("ar", "سلام"), ("he", "שלום"), ("th", "สวัสดี"), ("kn", "ಕನ್ನಡ"),
    ]
    static let red = TextColor(red: 1, green: 0, blue: 0)

    /// A picture, whatever drew it: white where nothing was drawn.
    struct Picture {
        var width: Int, height: Int
        /// Pixels per point.
        var scale: Double
        /// RGB, a row after another, on white.
        var rgb: [(UInt8, UInt8, UInt8)]

        func pixel(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) {
            guard (0 ..< width).contains(x), (0 ..< height).contains(y) else { return (255, 255, 255) }
            return rgb[y * width + x]
        }
        /// Dark pixels: the black glyphs.
        func isInk(_ x: Int, _ y: Int) -> Bool { let p = pixel(x, y); return max(p.0, p.1, p.2) < 110 }
        /// Clearly red pixels: an opaque red shadow or outline.
        func isRed(_ x: Int, _ y: Int) -> Bool { let p = pixel(x, y); return p.0 > 190 && p.1 < 90 && p.2 < 90 }
        /// Pixels that are not white.
        func isMarked(_ x: Int, _ y: Int) -> Bool { let p = pixel(x, y); return min(p.0, p.1, p.2) < 235 }

        func points(where test: (Int, Int) -> Bool) -> [(x: Int, y: Int)] {
            var found: [(Int, Int)] = []
            for y in 0 ..< height { for x in 0 ..< width where test(x, y) { found.append((x, y)) } }
            return found
        }
    }

    enum Kind: String, CaseIterable { case png, pdf }

    static func temporaryPath(_ ext: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("otk-glyphs-\(UUID().uuidString).\(ext)").path
    }

    /// `text` in DejaVu Sans 48, black, drawn as `kind` at two pixels a point with no margin.
    static func draw(_ text: AttributedString, as kind: Kind) throws -> Picture {
        var text = text
        text.font = text.font ?? font
        switch kind {
        case .png:
            let (_, manager) = makeLayout(text, width: 400, font: font)
            let pixels = try drawDocument(manager, scale: 2, background: .white)
            var rgb: [(UInt8, UInt8, UInt8)] = []
            rgb.reserveCapacity(pixels.width * pixels.height)
            for y in 0 ..< pixels.height {
                for x in 0 ..< pixels.width { let p = pixels[x, y]; rgb.append((p.red, p.green, p.blue)) }
            }
            return Picture(width: pixels.width, height: pixels.height, scale: 2, rgb: rgb)
        case .pdf:
            let path = try renderFile(text, ext: "pdf")
            defer { try? FileManager.default.removeItem(atPath: path) }
            return try rasterize(pdf: path)
        }
    }

    /// The file `DocumentRenderer` writes for `text` (400 points wide, no margin).
    static func renderFile(_ text: AttributedString, ext: String) throws -> String {
        var options = DocumentRenderer.Options()
        options.width = 400
        options.margin = 0
        options.defaultFont = font
        let path = temporaryPath(ext)
        _ = try DocumentRenderer(options: options).render(TextContentStorage(attributedString: text), to: path)
        return path
    }

    /// The first page of a PDF at 144 dpi (two pixels a point), by poppler's `pdftoppm`.
    static func rasterize(pdf path: String) throws -> Picture {
        let prefix = temporaryPath("raster")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        process.arguments = ["-r", "144", "-singlefile", path, prefix]
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        defer { try? FileManager.default.removeItem(atPath: prefix + ".ppm") }
        let data = [UInt8](try Data(contentsOf: URL(fileURLWithPath: prefix + ".ppm")))
        // P6, width, height, 255, one white-space byte, then RGB.
        var fields: [String] = [], index = 0
        while fields.count < 4 {
            while index < data.count, data[index] == 0x20 || data[index] == 0x0A { index += 1 }
            let start = index
            while index < data.count, data[index] != 0x20, data[index] != 0x0A { index += 1 }
            fields.append(String(decoding: data[start ..< index], as: UTF8.self))
        }
        index += 1
        let width = try #require(Int(fields[1])), height = try #require(Int(fields[2]))
        try #require(fields[0] == "P6" && data.count >= index + width * height * 3)
        var rgb: [(UInt8, UInt8, UInt8)] = []
        rgb.reserveCapacity(width * height)
        for pixel in 0 ..< width * height {
            rgb.append((data[index + 3 * pixel], data[index + 3 * pixel + 1], data[index + 3 * pixel + 2]))
        }
        return Picture(width: width, height: height, scale: 2, rgb: rgb)
    }

    static func text(_ string: String, _ set: (inout AttributedString) -> Void = { _ in }) -> AttributedString {
        var text = AttributedString(string)
        set(&text)
        return text
    }

    static func bounds(of points: [(x: Int, y: Int)]) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        guard let first = points.first else { return nil }
        return points.reduce((first.x, first.y, first.x, first.y)) {
            (min($0.0, $1.x), min($0.1, $1.y), max($0.2, $1.x), max($0.3, $1.y))
        }
    }

    static let cases = Kind.allCases.flatMap { kind in samples.map { (kind, $0.tag) } }

    // MARK: stroke

    /// A positive width outlines the glyphs and leaves them empty; a negative one fills and
    /// outlines them (wider than the fill alone); the outline takes `strokeColor`.
    @Test(arguments: cases)
    func strokeWidthOutlinesOrFillsAndOutlines(_ kind: Kind, _ tag: String) throws {
        let string = try #require(Self.samples.first { $0.tag == tag }).text
        let filled = try Self.draw(Self.text(string), as: kind)
        let outlined = try Self.draw(Self.text(string) { $0.strokeWidth = 1 }, as: kind)
        let both = try Self.draw(Self.text(string) { $0.strokeWidth = -6 }, as: kind)
        let filledInk = filled.points(where: filled.isInk).count
        #expect(filledInk > 200, "\(kind) \(tag)")
        #expect(outlined.points(where: outlined.isInk).count > 50, "\(kind) \(tag): the outlines are drawn")
        // The inside of the strokes (pixels two or more from the edge of the filled ink) is
        // left empty by the outline.
        let inside = filled.points { x, y in
            (-2 ... 2).allSatisfy { dy in (-2 ... 2).allSatisfy { dx in filled.isInk(x + dx, y + dy) } }
        }
        let filledInside = inside.filter { outlined.isMarked($0.x, $0.y) }.count
        #expect(inside.count > 20, "\(kind) \(tag)")
        #expect(
            filledInside * 5 < inside.count,
            "\(kind) \(tag): \(filledInside) of \(inside.count) inner pixels are marked")
        #expect(
            both.points(where: both.isInk).count > filledInk,
            "\(kind) \(tag): fill and outline cover more than the fill")
        // Coloured outlines on the black fill: red at the edges, the inside still black.
        let coloured = try Self.draw(
            Self.text(string) {
                $0.strokeWidth = -8; $0.strokeColor = Self.red
            }, as: kind)
        #expect(coloured.points(where: coloured.isRed).count > 100, "\(kind) \(tag)")
        #expect(coloured.points(where: coloured.isInk).count > 0, "\(kind) \(tag)")
    }

    /// The middle of the stem of "I" is ink when filled and empty when only outlined.
    @Test(arguments: Kind.allCases)
    func anOutlinedStemIsEmptyInside(_ kind: Kind) throws {
        let filled = try Self.draw(Self.text("I"), as: kind)
        let ink = try #require(Self.bounds(of: filled.points(where: filled.isInk)))
        let center = ((ink.minX + ink.maxX) / 2, (ink.minY + ink.maxY) / 2)
        #expect(filled.isInk(center.0, center.1))
        let outlined = try Self.draw(Self.text("I") { $0.strokeWidth = 3 }, as: kind)
        #expect(!outlined.isMarked(center.0, center.1), "\(kind): the inside of an outlined I is empty")
        #expect(
            outlined.isInk(ink.minX, center.1) || outlined.isInk(ink.minX + 1, center.1), "\(kind): its edge is drawn")
        let both = try Self.draw(Self.text("I") { $0.strokeWidth = -3 }, as: kind)
        #expect(both.isInk(center.0, center.1), "\(kind): filled and outlined stays filled")
    }

    // MARK: shadow

    /// A sharp opaque red shadow offset (6, 8) points: red pixels exactly where the glyphs'
    /// ink is, moved by the offset (12, 16 pixels), and the glyphs drawn over it.
    @Test(arguments: cases)
    func aShadowIsTheGlyphsMovedInItsColour(_ kind: Kind, _ tag: String) throws {
        let string = try #require(Self.samples.first { $0.tag == tag }).text
        let plain = try Self.draw(Self.text(string), as: kind)
        #expect(plain.points(where: plain.isRed).isEmpty)
        // Empty lines below give the shadow room on the picture.
        let shadowed = try Self.draw(
            Self.text(string + "\n\n") {
                $0.shadow = Shadow(
                    shadowOffset: CGSize(width: 6, height: 8), shadowBlurRadius: 0, shadowColor: Self.red)
            }, as: kind)
        let red = shadowed.points(where: shadowed.isRed)
        #expect(red.count > 100, "\(kind) \(tag)")
        let underInk = red.filter { plain.isMarked($0.x - 12, $0.y - 16) }.count
        #expect(
            underInk * 10 >= red.count * 9,
            "\(kind) \(tag): \(underInk) of \(red.count) red pixels are the glyphs' ink moved")
        // The glyphs are over their shadow: as much black as without it, nearly.
        let ink = shadowed.points(where: shadowed.isInk).count, plainInk = plain.points(where: plain.isInk).count
        #expect(ink * 10 >= plainInk * 9, "\(kind) \(tag)")
        // A blur spreads it: red reaches past the sharp shadow's edges, fading.
        let blurred = try Self.draw(
            Self.text(string + "\n\n") {
                $0.shadow = Shadow(
                    shadowOffset: CGSize(width: 6, height: 8), shadowBlurRadius: 6, shadowColor: Self.red)
            }, as: kind)
        let sharpBox = try #require(Self.bounds(of: red))
        let reddish = blurred.points { x, y in
            let p = blurred.pixel(x, y); return p.0 > 200 && p.1 < 235 && p.2 < 235 && p.1 == p.2 && p.1 > 0
        }
        let blurBox = try #require(Self.bounds(of: reddish))
        #expect(
            blurBox.minX < sharpBox.minX && blurBox.maxX > sharpBox.maxX && blurBox.maxY > sharpBox.maxY,
            "\(kind) \(tag)")
    }

    // MARK: obliqueness

    /// Obliqueness leans the glyphs: the top of their ink moves right (left for a negative
    /// value) by about the obliqueness times its height above the bottom.
    @Test(arguments: cases)
    func obliquenessShiftsTheTopOfTheGlyphs(_ kind: Kind, _ tag: String) throws {
        let string = try #require(Self.samples.first { $0.tag == tag }).text
        func lean(_ picture: Picture) throws -> (lean: Double, height: Double) {
            let ink = picture.points(where: picture.isInk)
            let box = try #require(Self.bounds(of: ink))
            let height = Double(box.maxY - box.minY)
            let top = ink.filter { Double($0.y - box.minY) < height / 4 },
                bottom = ink.filter { Double(box.maxY - $0.y) < height / 4 }
            func meanX(_ points: [(x: Int, y: Int)]) -> Double {
                points.reduce(0) { $0 + Double($1.x) } / Double(max(points.count, 1))
            }
            return (meanX(top) - meanX(bottom), height)
        }
        // Spaces around give the leaning tops room on the picture.
        let spaced = "    " + string + "    "
        let plain = try lean(try Self.draw(Self.text(spaced), as: kind))
        let right = try lean(try Self.draw(Self.text(spaced) { $0.obliqueness = 0.5 }, as: kind))
        let left = try lean(try Self.draw(Self.text(spaced) { $0.obliqueness = -0.5 }, as: kind))
        #expect(
            right.lean - plain.lean > 0.2 * plain.height,
            "\(kind) \(tag): \(right.lean) vs \(plain.lean), height \(plain.height)")
        #expect(plain.lean - left.lean > 0.2 * plain.height, "\(kind) \(tag): \(left.lean) vs \(plain.lean)")
    }

    // MARK: expansion, kern, baseline offset

    /// Expansion stretches the drawn glyphs with their advances; kern spreads them; a baseline
    /// offset raises them.
    @Test(arguments: cases)
    func expansionKernAndBaselineOffsetMoveTheInk(_ kind: Kind, _ tag: String) throws {
        let string = try #require(Self.samples.first { $0.tag == tag }).text
        func box(_ text: AttributedString) throws -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
            let picture = try Self.draw(text, as: kind)
            return try #require(Self.bounds(of: picture.points(where: picture.isInk)))
        }
        let plain = try box(Self.text(string))
        let plainWidth = Double(plain.maxX - plain.minX)
        let wide = try box(Self.text(string) { $0.expansion = log(2) })
        #expect(abs(Double(wide.maxX - wide.minX) / plainWidth - 2) < 0.15, "\(kind) \(tag): \(wide) vs \(plain)")
        let kerned = try box(Self.text(string) { $0.kern = 10 })
        // At least one gap between clusters, 10 points (20 pixels) wider.
        #expect(kerned.maxX - kerned.minX >= plain.maxX - plain.minX + 19, "\(kind) \(tag)")
        // Raised 10 points: the line grows by 10 above, so the ink stays where it was.
        let raised = try box(Self.text(string) { $0.baselineOffset = 10 })
        let loweredPart = try box(Self.text(string) { $0.baselineOffset = -10 })
        #expect(
            abs(raised.minY - plain.minY) <= 2 && abs(raised.maxY - plain.maxY) <= 2,
            "\(kind) \(tag): \(raised) vs \(plain)")
        #expect(abs(loweredPart.minY - plain.minY - 20) <= 2, "\(kind) \(tag): lowered ink starts 20 pixels lower")
        // Raised after unraised text: the raised glyphs' ink is 20 pixels above the rest.
        let mixed = try box(
            Self.text(string + " " + string) { text in
                let middle = text.index(text.startIndex, offsetByCharacters: string.count + 1)
                text[middle...].baselineOffset = 10
            })
        #expect(
            abs(mixed.minY - plain.minY - 0) <= 2 && mixed.maxY - mixed.minY >= plain.maxY - plain.minY + 18,
            "\(kind) \(tag): \(mixed)")
    }

    // MARK: rendering surface

    /// Shadows, outlines and skewed glyphs draw past the glyphs' outlines: the fragment's
    /// rendering surface grows to hold them, so a view that clips to it keeps them whole.
    @Test(arguments: samples.map(\.tag))
    func theRenderingSurfaceHoldsShadowsOutlinesAndSkew(_ tag: String) throws {
        let string = try #require(Self.samples.first { $0.tag == tag }).text
        let sets: [(inout AttributedString) -> Void] = [
            {
                $0.shadow = Shadow(
                    shadowOffset: CGSize(width: 12, height: 30), shadowBlurRadius: 4, shadowColor: Self.red)
            },
            { $0.shadow = Shadow(shadowOffset: CGSize(width: -12, height: -30), shadowColor: Self.red) },
            { $0.strokeWidth = 20 }, { $0.obliqueness = 1 }, { $0.obliqueness = -1 }, { $0.expansion = 1 },
        ]
        for (index, set) in sets.enumerated() {
            // Room around the text, so that nothing is cut at the picture's edges.
            var text = Self.text("\n\n     ") + Self.text(string, set) + Self.text("     \n\n")
            text.font = Self.font
            let (_, manager) = makeLayout(text, width: 400, font: Self.font)
            let pixels = try drawDocument(manager)
            let surfaces = fragments(of: manager).map {
                $0.renderingSurfaceBounds.offsetBy(dx: $0.layoutFragmentFrame.minX, dy: $0.layoutFragmentFrame.minY)
            }
            let slack = 1 / pixels.scale
            let outside = pixels.inked().filter { x, y in
                let point = CGPoint(x: Double(x) / pixels.scale, y: Double(y) / pixels.scale)
                return !surfaces.contains { $0.insetBy(dx: -slack, dy: -slack).contains(point) }
            }
            #expect(outside.isEmpty, "\(tag) case \(index): \(outside.count) inked pixels outside \(surfaces)")
            // The shadows 30 points below and above reach past the fragment's frame, and so does its surface.
            let styled = try #require(
                fragments(of: manager).first { $0.textLineFragments.contains { $0.characterRange.length > 3 } })
            if index == 0 {
                #expect(styled.renderingSurfaceBounds.maxY > styled.layoutFragmentFrame.height + 10, "\(tag)")
            }
            if index == 1 { #expect(styled.renderingSurfaceBounds.minY < -10, "\(tag)") }
        }
    }

    // MARK: SVG and PDF content

    /// The SVG shows each attribute's operations: a stroke style for outlines, the shadow's
    /// colour, other glyph outlines for skewed or stretched glyphs, other glyph positions for
    /// kern, tracking and a baseline offset.
    @Test(arguments: samples.map(\.tag))
    func theSVGShowsTheOperations(_ tag: String) throws {
        let string = try #require(Self.samples.first { $0.tag == tag }).text
        func svg(_ text: AttributedString) throws -> String {
            let path = try Self.renderFile(text, ext: "svg")
            defer { try? FileManager.default.removeItem(atPath: path) }
            return try String(contentsOfFile: path, encoding: .utf8)
        }
        let plain = try svg(Self.text(string))
        #expect(!plain.contains("stroke-width"))
        let outlined = try svg(
            Self.text(string) {
                $0.strokeWidth = 5; $0.strokeColor = Self.red
            })
        // 5 % of 48 points.
        #expect(outlined.contains("stroke-width:2.4"), "\(tag)")
        #expect(outlined.contains("stroke:rgb(100%,0%,0%)"), "\(tag)")
        let shadowed = try svg(
            Self.text(string) { $0.shadow = Shadow(shadowOffset: CGSize(width: 3, height: 3), shadowColor: Self.red) })
        #expect(shadowed.contains("fill:rgb(100%,0%,0%)") && !plain.contains("rgb(100%,0%,0%)"), "\(tag)")
        for (name, oblique) in [
            ("obliqueness", try svg(Self.text(string) { $0.obliqueness = 0.3 })),
            ("expansion", try svg(Self.text(string) { $0.expansion = 0.5 })),
            // Layout's attributes move the glyphs the SVG places.
            ("kern", try svg(Self.text(string) { $0.kern = 3 })),
            ("tracking", try svg(Self.text(string) { $0.tracking = 3 })),
            (
                "baselineOffset",
                try svg(
                    Self.text(string) {
                        $0[$0.startIndex ..< $0.index(afterCharacter: $0.startIndex)].baselineOffset = 5
                    })
            ),
        ] {
            #expect(oblique != plain, "\(tag): \(name) changes the glyphs")
        }
    }

    /// In a PDF, filled glyphs keep their text (outlined or not); a positive stroke draws
    /// outlines only.
    @Test func thePDFKeepsTheTextOfFilledGlyphs() throws {
        func extracted(_ text: AttributedString) throws -> String {
            let path = try Self.renderFile(text, ext: "pdf")
            defer { try? FileManager.default.removeItem(atPath: path) }
            // Without white space and poppler's direction marks.
            return try UntrustedDocumentTests.pdfText(path).filter {
                !$0.isWhitespace && !("\u{202A}" ... "\u{202E}").contains($0)
            }
        }
        for sample in Self.samples {
            let plain = try extracted(Self.text(sample.text))
            #expect(!plain.isEmpty)
            for set in [
                { (text: inout AttributedString) in text.strokeWidth = -3 }, { $0.obliqueness = 0.3 },
                { $0.expansion = 0.4 },
                { $0.shadow = Shadow(shadowOffset: CGSize(width: 2, height: 2)) },
            ] {
                // Once: a shadow is drawn as shapes, not as a second copy of the text.
                #expect(try extracted(Self.text(sample.text, set)) == plain, "\(sample.tag)")
            }
        }
    }

    // MARK: absurd values

    /// Values from an untrusted document draw clamped, in every format, without trapping or
    /// hanging: a stroke 10⁹ % of the font size, NaN shadow offsets, expansion 1000.
    @Test(arguments: ["png", "svg", "pdf"])
    func absurdValuesDrawClamped(_ ext: String) throws {
        let sets: [(inout AttributedString) -> Void] = [
            { $0.strokeWidth = 1e9 }, { $0.strokeWidth = -1e9 }, { $0.strokeWidth = .nan },
            { $0.strokeWidth = .infinity },
            {
                $0.shadow = Shadow(
                    shadowOffset: CGSize(width: CGFloat.nan, height: CGFloat.nan), shadowBlurRadius: .nan)
            },
            { $0.shadow = Shadow(shadowOffset: CGSize(width: 1e300, height: -1e300), shadowBlurRadius: 1e300) },
            { $0.expansion = 1000 }, { $0.expansion = -1000 }, { $0.obliqueness = 1e300 }, { $0.obliqueness = .nan },
            {
                $0.kern = .nan; $0.baselineOffset = 1e300
            },
        ]
        for sample in Self.samples {
            for set in sets {
                do {
                    let path = try Self.renderFile(Self.text(sample.text, set), ext: ext)
                    #expect(FileManager.default.fileExists(atPath: path))
                    try? FileManager.default.removeItem(atPath: path)
                } catch let error as RenderingError {
                    // A baseline raised 100,000 points (the clamp) makes a line too tall for an
                    // image: a clear error, not a trap.
                    #expect(ext == "png" && "\(error)".contains("at most 32767 pixels"), "\(error)")
                }
            }
        }
        // What the clamps are.
        let shadow = Shadow(shadowOffset: CGSize(width: CGFloat.nan, height: 1e9), shadowBlurRadius: -5)
        #expect(shadow.shadowOffset == CGSize(width: 0, height: Shadow.maximumOffset) && shadow.shadowBlurRadius == 0)
        #expect(AttributeValueLimits.strokeWidth(1e9) == AttributeValueLimits.maximumStrokeWidth)
        #expect(AttributeValueLimits.obliqueness(.nan) == 0)
    }

    /// The drawing-only attributes are rendering attributes too: a layout manager's
    /// `.strokeWidth` outlines the glyphs without touching the content.
    @Test func renderingAttributesOutlineAndShadow() throws {
        let (storage, manager) = makeLayout(Self.text("I") { $0.font = Self.font }, width: 400, font: Self.font)
        let plainPixels = try drawDocument(manager, background: .white)
        manager.addRenderingAttribute(.strokeWidth, value: 3.0, for: storage.documentRange)
        manager.addRenderingAttribute(
            .shadow, value: Shadow(shadowOffset: CGSize(width: 6, height: 8), shadowColor: Self.red),
            for: storage.documentRange)
        let pixels = try drawDocument(manager, background: .white)
        func count(_ p: ImagePixels, _ test: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool) -> Int {
            p.count(
                in: CGRect(x: 0, y: 0, width: Double(p.width) / p.scale, height: Double(p.height) / p.scale),
                where: test)
        }
        let dark = { (p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) in max(p.red, p.green, p.blue) < 110 }
        #expect(count(pixels, dark) < count(plainPixels, dark) * 3 / 4)
        #expect(count(pixels) { $0.red > 190 && $0.green < 90 } > 100)
        #expect(storage.attributedString.runs.allSatisfy { $0.strokeWidth == nil && $0.shadow == nil })
    }
}

extension GlyphAttributeDrawingTests.Kind: CustomTestStringConvertible {
    var testDescription: String { rawValue }
}
