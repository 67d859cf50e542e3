import Testing
import TextContent
@_spi(Typesetting) @testable import TextTypography
import TextMeasurement

/// The benchmarks' second reference: raw HarfBuzz (hb-ft) shaping the runs the engine itemized,
/// each in the engine's font. It must shape what the engine shapes: the same glyph count for
/// every sample (word by word or whole, the same glyphs come out; nothing joins across spaces).
@Suite struct RunShapingBaselineTests {
    @Test func shapesTheEnginesRunsToTheSameGlyphCount() throws {
        let shaper = TextShaper(matcher: FontMatcher())
        for sample in try MixedSampleFixture.samples() {
            let units = Array(sample.text.utf16)
            let runs = try shaper.shape(
                text: units, range: 0 ..< units.count, request: FontRequest(family: "DejaVu Sans", size: 13),
                isRightToLeft: sample.isRightToLeft)
            let baseline = try RunShapingBaseline(paragraphs: [
                RunShapingBaseline.Paragraph(
                    utf16: units,
                    runs: runs.map {
                        RunShapingBaseline.Run(range: $0.range, font: $0.font, isRightToLeft: $0.isRightToLeft)
                    })
            ])
            #expect(runs.count >= 1)
            #expect(baseline.shape() == runs.reduce(0) { $0 + $1.glyphs.count }, "\(sample.tag)")
        }
    }
}
