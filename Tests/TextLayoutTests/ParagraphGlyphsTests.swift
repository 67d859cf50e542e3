import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Typesetting) import TextTypography
@_spi(Rendering) @testable import TextLayout

/// A paragraph's glyphs are kept compact (ids only) when they are one per offset in logical
/// order; every glyph read back must be the one the shaper made.
@Suite struct ParagraphGlyphsTests {
    private func shaped(
        _ text: String, font: FontDescriptor = FontDescriptor(family: "DejaVu Sans", size: 13), kern: Double? = nil
    ) throws -> ShapedParagraph {
        var attributed = AttributedString(text)
        if let kern { attributed.kern = kern }
        return try ShapedParagraph(
            ParagraphContent(TextParagraph(attributedString: attributed), defaultFont: font), scratch: LayoutScratch())
    }

    /// The glyphs shaped afresh with the word cache and the context-free table off: what
    /// HarfBuzz gives, to compare the stored glyphs with.
    private func harfBuzzGlyphs(of paragraph: ShapedParagraph) throws -> [ShapedGlyph] {
        let shaper = TextShaper(matcher: .shared, usesContextFreeGlyphs: false)
        var glyphs: [ShapedGlyph] = []
        for piece in paragraph.pieces {
            let run = paragraph.content.runs[piece.attributes]
            let pieceGlyphs = try shaper.shape(
                text: paragraph.content.units, range: piece.range, request: run.font, features: run.features,
                isRightToLeft: piece.isRightToLeft)
            glyphs += pieceGlyphs.flatMap(\.glyphs)
        }
        return glyphs
    }

    private func expectSameGlyphs(_ stored: ParagraphGlyphs, _ expected: [ShapedGlyph], _ comment: Comment) {
        #expect(stored.count == expected.count, comment)
        for (a, b) in zip(stored, expected) {
            #expect(
                a.id == b.id && a.cluster == b.cluster && a.advance == b.advance && a.xOffset == b.xOffset
                    && a.yOffset == b.yOffset, comment)
        }
    }

    @Test func englishAndCodeAreCompactAndReadBackAsShaped() throws {
        let samples = [
            LayoutSamples.english, "    if (x->flags & O_NONBLOCK) return -EAGAIN; /* fi ffi */", "#endif", "a",
        ]
        for (text, family) in samples.flatMap({ t in [(t, "DejaVu Sans"), (t, "DejaVu Sans Mono")] }) {
            let paragraph = try shaped(text, font: FontDescriptor(family: family, size: 13))
            let expected = try harfBuzzGlyphs(of: paragraph)
            if expected.enumerated().allSatisfy({
                $0.element.cluster == $0.offset && $0.element.xOffset == 0 && $0.element.yOffset == 0
            }) {
                #expect(paragraph.glyphs.isCompact, "\(family): \(text)")
            }
            expectSameGlyphs(paragraph.glyphs, expected, "\(family): \(text)")
        }
    }

    @Test func everyScriptReadsBackAsShaped() throws {
        for sample in LayoutSamples.mixed {
            let paragraph = try shaped(sample.text)
            expectSameGlyphs(paragraph.glyphs, try harfBuzzGlyphs(of: paragraph), "\(sample.tag)")
        }
    }

    @Test func rightToLeftClustersAndMarksKeepEveryGlyph() throws {
        let arabic = try #require(LayoutSamples.mixed.first { $0.tag.hasPrefix("ar") }?.text)
        let kannada = try #require(LayoutSamples.mixed.first { $0.tag.hasPrefix("kn") }?.text)
        for text in [arabic, kannada, "e\u{301}te\u{301}"] {
            let paragraph = try shaped(text)
            #expect(!paragraph.glyphs.isCompact, "\(text)")
            expectSameGlyphs(paragraph.glyphs, try harfBuzzGlyphs(of: paragraph), "\(text)")
        }
    }

    @Test func kernedTextKeepsItsOwnAdvances() throws {
        // Kern is added to the per-offset advances, not to the glyphs: such glyphs are kept whole.
        let paragraph = try shaped("kerned words", kern: 2)
        #expect(!paragraph.glyphs.isCompact)
        #expect(paragraph.glyphs.allSatisfy { $0.advance + 2 == paragraph.advances[$0.cluster] })
    }

    @Test func aTabBreaksTheOneGlyphPerOffsetRule() throws {
        let paragraph = try shaped("name\tvalue")
        #expect(!paragraph.glyphs.isCompact)
        expectSameGlyphs(paragraph.glyphs, try harfBuzzGlyphs(of: paragraph), "tab")
    }
}
