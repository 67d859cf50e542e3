import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering

/// Underline patterns spelled as Apple spells them (`.dot`, `.dash`, `.dashDot`,
/// `.dashDotDot`, and `.byWord`), read from the pixels below the baseline.
@Suite struct UnderlinePatternTests {
    /// The lengths of the inked stretches below the baseline, left to right, in pixels at 4x,
    /// for `text` (whose glyphs have no descenders) underlined with `style`.
    func stretches(
        _ style: TextDecorationStyle, text string: String = String(repeating: "H", count: 30)
    ) throws -> [Int] {
        var text = AttributedString(string)
        text.underlineStyle = style
        let (_, manager) = makeLayout(text, width: 1_000)
        let pixels = try drawDocument(manager, scale: 4)
        let line = try #require(fragments(of: manager).first?.textLineFragments.first)
        let top = Int(((line.typographicBounds.minY + line.baseline + 0.5) * 4).rounded(.up))
        let bottom = Int(((line.typographicBounds.minY + line.typographicBounds.height) * 4).rounded(.down))
        var columns: [Bool] = []
        for x in 0 ..< pixels.width {
            columns.append((top ..< max(top, bottom)).contains { pixels[x, $0].alpha > 128 })
        }
        var runs: [Int] = [], current = 0
        for inked in columns + [false] {
            if inked { current += 1 } else if current > 0 { runs.append(current); current = 0 }
        }
        return runs
    }

    @Test func eachPatternDrawsItsOwnDashes() throws {
        let solid = try stretches(.single)
        #expect(solid.count == 1 && solid[0] > 200, "\(solid)")
        let dot = try stretches(.patternDot), dash = try stretches(.patternDash)
        let dashDot = try stretches(.patternDashDot), dashDotDot = try stretches(.patternDashDotDot)
        for (name, runs) in [("dot", dot), ("dash", dash), ("dashDot", dashDot), ("dashDotDot", dashDotDot)] {
            #expect(runs.count > 10, "\(name): \(runs)")
        }
        // Dots are all short, dashes all long, and the mixed patterns alternate.
        let long = (dash.dropFirst().dropLast().min() ?? 0)
        #expect(long > 2 * (dot.dropFirst().dropLast().max() ?? .max), "dots \(dot) dashes \(dash)")
        func kinds(_ runs: [Int]) -> String {
            String(runs.dropFirst().dropLast().map { $0 * 2 > long ? "L" : "s" })
        }
        #expect(kinds(dashDot).contains("LsLsLs") && !kinds(dashDot).contains("ss"), "\(dashDot)")
        #expect(kinds(dashDotDot).contains("LssLss") && !kinds(dashDotDot).contains("sss"), "\(dashDotDot)")
    }

    @Test func byWordLeavesTheSpacesBetweenWordsBare() throws {
        for words in ["HHHH HHHH HHHH", "שלום שלום שלום", "ไทย ไทย ไทย"] {
            let whole = try stretches(.single, text: words)
            let byWord = try stretches(.byWord, text: words)
            let dashedByWord = try stretches(TextDecorationStyle.patternDash.with(byWord: true), text: words)
            #expect(whole.count == 1, "\(words): \(whole)")
            #expect(byWord.count == 3, "\(words): \(byWord)")
            #expect(byWord.reduce(0, +) < whole[0], "\(words)")
            #expect(dashedByWord.count > byWord.count, "\(words): \(dashedByWord)")
        }
    }
}
