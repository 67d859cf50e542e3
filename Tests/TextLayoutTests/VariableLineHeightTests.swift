import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// `LineHeight.variable`: each line as tall as its own fonts make it.
@Suite struct VariableLineHeightTests {
    @Test func aLineWithALargerRunIsTallerThanItsNeighbours() throws {
        // Long enough to wrap into several lines at 200 points, in several scripts.
        for words in [
            "Hello world again and again and again", "مرحبا بالعالم مرحبا بالعالم مرحبا",
            "ภาษาไทย ภาษาไทย ภาษาไทย ภาษาไทย",
            "ಕನ್ನಡ ನುಡಿ ಕನ್ನಡ ನುಡಿ ಕನ್ನಡ ನುಡಿ",
        ] {
            var text = AttributedString(words + " BIG " + words)
            text.lineHeight = .variable
            text[text.range(of: "BIG")!].font = FontDescriptor(family: "DejaVu Sans", size: 40)
            let storage = TextContentStorage(attributedString: text)
            let manager = TextLayoutManager(
                textContainer: TextContainer(size: CGSize(width: 200, height: 0)),
                defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13))
            storage.addTextLayoutManager(manager)
            RetainedStorages.keep(storage)
            manager.ensureLayoutForEntireDocument()
            var lines: [TextLineFragment] = []
            manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) {
                lines += $0.textLineFragments; return true
            }
            let heights = lines.map(\.typographicBounds.height)
            #expect(heights.count >= 3, "\(words)")
            let tallest = try #require(heights.max()), shortest = try #require(heights.min())
            // The line holding the 40-point run is taller; the others keep their fonts' height.
            #expect(tallest > shortest * 1.5, "\(words): \(heights)")
            #expect(heights.filter { $0 == tallest }.count == 1, "\(words): \(heights)")
        }
    }
}
