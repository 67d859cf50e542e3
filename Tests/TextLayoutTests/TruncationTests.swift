import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

@Suite struct TruncationTests {
    static let modes: [LineBreakMode] = [.byTruncatingTail, .byTruncatingHead, .byTruncatingMiddle]
    static let texts = [
        LayoutSamples.english, LayoutSamples.mixed.first { $0.tag == "mixed" }?.text ?? "",
        LayoutSamples.mixed.first { $0.tag == "ar_Arab" }?.text ?? "",
    ]

    @Test(arguments: modes, texts)
    func anEllipsisReplacesWhatDoesNotFit(_ mode: LineBreakMode, _ text: String) throws {
        let width: CGFloat = 200
        let (_, manager) = makeLayout(text, width: width) { $0.lineBreakMode = mode }
        let lines = try #require(allFragments(manager).first).textLineFragments
        #expect(lines.count == 1, "a truncating container shows one line per paragraph")
        let line = try #require(lines.first)
        #expect(line.isTruncated)
        let ellipsis = try #require(
            line.glyphRuns.first {
                $0.characterRange.count > 1 && $0.glyphs.count == 1 && $0.characterRange.lowerBound > 0
                    || mode == .byTruncatingHead && $0.glyphs.count == 1 && $0.characterRange.lowerBound == 0
            })
        #expect(!ellipsis.glyphs.contains(0))
        for run in line.glyphRuns {
            for position in run.positions {
                #expect(
                    position.x >= -0.5 && position.x <= line.typographicBounds.width + 0.5,
                    "\(mode): glyph at \(position.x)")
            }
        }
        // What stays visible sits at the kept end(s).
        let shown = line.glyphRuns.filter { $0.characterRange != ellipsis.characterRange }.map(\.characterRange)
        switch mode {
        case .byTruncatingTail: #expect(shown.contains { $0.lowerBound == 0 })
        case .byTruncatingHead: #expect(shown.contains { $0.upperBound == text.utf16.count })
        default: #expect(shown.contains { $0.lowerBound == 0 } && shown.contains { $0.upperBound == text.utf16.count })
        }
        let xs = line.caretStops.map(\.x)
        #expect(Set(xs).count == xs.count)
    }

    @Test func aLineThatFitsIsNotTruncated() throws {
        let (_, manager) = makeLayout("Short", width: 200) { $0.lineBreakMode = .byTruncatingTail }
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        #expect(!line.isTruncated)
    }
}
