import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
@_spi(GlyphRuns) import TextRendering

/// `RenderingContext.glyphRunHandler` (SPI for a view host that draws glyphs with its toolkit's
/// text nodes): plain runs are handed over, in the target's coordinates, and not drawn when the
/// handler takes them; what it refuses, and what is not a plain run, is drawn as before.
@Suite struct GlyphRunHandoffTests {
    static func drawn(
        _ text: AttributedString, translation: CGPoint = .zero, handler: @escaping (HandedGlyphRun) -> Bool
    ) throws -> (runs: [HandedGlyphRun], inked: Int) {
        let (_, manager) = makeLayout(text)
        var runs: [HandedGlyphRun] = []
        let pixels = try drawDocument(manager, scale: 1) { context in
            context.translate(by: translation)
            context.glyphRunHandler = {
                runs.append($0)
                return handler($0)
            }
        }
        return (runs, pixels.inked().count)
    }

    @Test func plainRunsAreHandedOverInTheTargetsCoordinatesAndNotDrawn() throws {
        let text = AttributedString("Hello مرحبا ಕನ್ನಡ")
        let taken = try Self.drawn(text, translation: CGPoint(x: 5, y: 7)) { _ in true }
        #expect(taken.inked == 0, "nothing drawn through Cairo")
        #expect(taken.runs.count >= 3, "Latin, Arabic and Kannada runs: \(taken.runs.count)")
        #expect(
            taken.runs.allSatisfy { !$0.fontFile.isEmpty && $0.size == 16 && $0.glyphs.count == $0.positions.count })
        #expect(taken.runs.allSatisfy { $0.color == .black })
        // The translation is applied: the first glyph stands right of and below the origin moved.
        let first = try #require(taken.runs.first?.positions.first)
        #expect(first.x >= 5 && first.y > 7 + 10, "\(first)")
        // Refused, the same runs are drawn through Cairo.
        let refused = try Self.drawn(text) { _ in false }
        #expect(refused.inked > 100)
        #expect(refused.runs.map(\.glyphs) == taken.runs.map(\.glyphs))
    }

    @Test func runsThatAreNotPlainAreDrawnAsBefore() throws {
        var text = AttributedString("outlined")
        text.strokeWidth = 2
        text.strokeColor = .black
        let outlined = try Self.drawn(text) { _ in true }
        #expect(outlined.runs.isEmpty && outlined.inked > 50)
        var shadowed = AttributedString("shadow")
        shadowed.shadow = Shadow(shadowOffset: CGSize(width: 2, height: 2), shadowColor: .black)
        let withShadow = try Self.drawn(shadowed) { _ in true }
        #expect(withShadow.inked > 50, "the shadow is drawn through Cairo, the glyphs handed over")
    }
}
