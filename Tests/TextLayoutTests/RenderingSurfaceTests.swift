import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// `renderingSurfaceBounds` comes from the glyphs' real extents.
@Suite struct RenderingSurfaceTests {
    @Test func stackedMarksOverflowTheTopOfTheFrame() throws {
        let (_, manager) = makeLayout("a" + String(repeating: "\u{301}", count: 8) + " plain", width: 300)
        let fragment = try #require(allFragments(manager).first)
        let surface = fragment.renderingSurfaceBounds
        #expect(surface.minY < 0, "\(surface)")
        #expect(surface.contains(CGRect(origin: .zero, size: fragment.layoutFragmentFrame.size)))
    }

    @Test func inkOfEveryScriptLiesInsideTheSurface() throws {
        for sample in LayoutSamples.mixed {
            let (_, manager) = makeLayout(sample.text + " gjpqy", width: 300)
            for fragment in allFragments(manager) {
                let surface = fragment.renderingSurfaceBounds
                for line in fragment.textLineFragments where !line.inkBounds.isNull {
                    #expect(surface.contains(line.inkBounds), "\(sample.tag)")
                    // Ink sits around the baseline: above it and, for descenders, below it.
                    #expect(line.inkBounds.minY < line.typographicBounds.minY + line.baseline, "\(sample.tag)")
                }
            }
        }
        let (_, latin) = makeLayout("gjpqy", width: 300)
        let line = try #require(allFragments(latin).first?.textLineFragments.first)
        #expect(line.inkBounds.maxY > line.typographicBounds.minY + line.baseline + 2)
    }
}
