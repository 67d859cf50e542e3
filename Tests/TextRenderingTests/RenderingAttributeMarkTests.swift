import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering

/// The marks only rendering attributes carry: spelling and grammar marks (wavy underlines) and
/// the gaps between clauses of marked text, read from the pixels.
@Suite struct RenderingAttributeMarkTests {
    /// `text` laid out 600 points wide, with `attributes` set over each range (UTF-16 offsets).
    func draw(
        _ text: String, _ marks: [(Range<Int>, RenderingAttributes)], width: CGFloat = 600, scale: Double = 4
    )
        throws -> (pixels: ImagePixels, line: TextLineFragment)
    {
        let (storage, manager) = makeLayout(AttributedString(text), width: width)
        for (range, attributes) in marks {
            manager.setRenderingAttributes(attributes, for: try #require(storage.textRange(for: range)))
        }
        let pixels = try drawDocument(manager, scale: scale)
        return (pixels, try #require(fragments(of: manager).first?.textLineFragments.first))
    }

    /// The pixel rows below the baseline that `test` finds in columns `xs` (points).
    func rows(
        below line: TextLineFragment, in pixels: ImagePixels, xs: ClosedRange<CGFloat>,
        _ test: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool
    ) -> Set<Int> {
        let scale = pixels.scale
        let top = Int(((line.typographicBounds.minY + line.baseline) * scale).rounded(.down))
        let bottom = Int(((line.typographicBounds.maxY + 4) * scale).rounded(.up))
        var found: Set<Int> = []
        for y in top ..< bottom {
            for x in Int(xs.lowerBound * scale) ... Int(xs.upperBound * scale) where test(pixels[x, y]) {
                found.insert(y)
            }
        }
        return found
    }

    static func isRed(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
        pixel.alpha > 100 && pixel.red > 150 && pixel.green < 90
    }
    static func isGreen(_ pixel: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool {
        pixel.alpha > 100 && pixel.green > 90 && pixel.red < 80
    }

    @Test func spellingAndGrammarMarksAreWavyUnderlinesUnderTheirWords() throws {
        // An English misspelling, and a grammar mark on an Arabic word (right to left).
        let text = "Teh word كتاب جميل ಕನ್ನಡ"
        var spelling = RenderingAttributes()
        spelling.spellingState = .spelling
        var grammar = RenderingAttributes()
        grammar.spellingState = .grammar
        let arabic = (text as NSString).range(of: "كتاب")
        let (pixels, line) = try draw(text, [(0 ..< 3, spelling), (arabic.location ..< NSMaxRange(arabic), grammar)])
        let left = line.typographicBounds.minX
        let teh = try #require(line.segments(showing: 0 ..< 3).first)
        let kitab = try #require(line.segments(showing: arabic.location ..< NSMaxRange(arabic)).first)
        let word = try #require(line.segments(showing: 4 ..< 8).first)
        let redRows = rows(below: line, in: pixels, xs: (left + teh.minX + 1) ... (left + teh.maxX - 1), Self.isRed)
        let greenRows = rows(
            below: line, in: pixels, xs: (left + kitab.minX + 1) ... (left + kitab.maxX - 1), Self.isGreen)
        // Wavy: the mark spans several rows, where a straight underline of its width spans one or two.
        #expect(redRows.count >= 4, "\(redRows.sorted())")
        #expect(greenRows.count >= 4, "\(greenRows.sorted())")
        // Only under its own word.
        #expect(
            rows(below: line, in: pixels, xs: (left + word.minX + 1) ... (left + word.maxX - 1)) {
                Self.isRed($0) || Self.isGreen($0)
            }.isEmpty)
        #expect(
            rows(below: line, in: pixels, xs: (left + kitab.minX + 1) ... (left + kitab.maxX - 1), Self.isRed).isEmpty)
    }

    @Test func clausesOfMarkedTextAreUnderlinedApart() throws {
        // Two clauses of an input method's marked text, side by side: one underline, or two with
        // a gap between them when each says which clause it is.
        func stretches(segments: Bool, text: String) throws -> Int {
            var first = RenderingAttributes(), second = RenderingAttributes()
            // Red underlines, told apart from the glyphs (Kannada's reach below the baseline).
            (first.underlineStyle, second.underlineStyle) = (.single, .single)
            (first.underlineColor, second.underlineColor) = (
                TextColor(red: 1, green: 0, blue: 0), TextColor(red: 1, green: 0, blue: 0)
            )
            if segments { (first.markedClauseSegment, second.markedClauseSegment) = (0, 1) }
            let half = (text as NSString).length / 2
            let (pixels, line) = try draw(text, [(0 ..< half, first), (half ..< (text as NSString).length, second)])
            let top = Int(((line.typographicBounds.minY + line.baseline) * pixels.scale).rounded())
            let bottom = Int((line.typographicBounds.maxY * pixels.scale).rounded())
            var runs = 0, inked = false
            for x in 0 ..< pixels.width {
                let now = (top ..< bottom).contains { Self.isRed(pixels[x, $0]) }
                if now, !inked { runs += 1 }
                inked = now
            }
            return runs
        }
        // Texts whose glyphs keep above the underline (descenders would cut it where they cross).
        for text in ["にほんごにゅうりょく", "HHHHHHHH", "שלוםשלום"] {
            let plain = try stretches(segments: false, text: text), apart = try stretches(segments: true, text: text)
            #expect(plain == 1, "\(text): \(plain)")
            #expect(apart == 2, "\(text): \(apart)")
        }
    }

    /// A mark over a line far wider than anything drawn (a line 300,000 points wide) draws
    /// only the waves the image shows: it returns, and the visible part is marked.
    @Test func aMarkOverAnAbsurdlyWideLineDrawsWhatIsVisible() throws {
        let text = String(repeating: "w", count: 30_000)
        var spelling = RenderingAttributes()
        spelling.spellingState = .spelling
        let (storage, manager) = makeLayout(AttributedString(text), width: 1_000_000)
        manager.setRenderingAttributes(spelling, for: storage.documentRange)
        let fragment = try #require(fragments(of: manager).first)
        let line = try #require(fragment.textLineFragments.first)
        #expect(line.typographicBounds.width > 200_000)
        let surface = try DrawingSurface.image(size: CGSize(width: 400, height: 60), scale: 2)
        let context = try surface.makeContext()
        fragment.draw(
            at: fragment.layoutFragmentFrame.origin, in: context,
            renderingAttributes: manager.renderingAttributes(for: fragment))
        try context.checkStatus()
        let pixels = try #require(surface.pixels())
        #expect(rows(below: line, in: pixels, xs: 10 ... 390, Self.isRed).count >= 3)
    }
}
