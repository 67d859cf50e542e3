import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Finding a fragment's line by offset or by y is a search by halves that makes one line's
/// object; it must find the line a walk through every line finds.
struct LineLookupTests {
    /// The line a walk through every line finds for `index` (the documented rule).
    private func walkedLine(_ lines: [TextLineFragment], forCharacterAt index: Int, upstream: Bool) -> Int? {
        for (position, line) in lines.enumerated() {
            let start = line.characterRange.location, end = start + line.characterRange.length
            if index == end, upstream || position == lines.count - 1 { return position }
            if index >= start, index < end { return position }
        }
        return lines.isEmpty ? nil : lines.count - 1
    }

    private func walkedLine(_ lines: [TextLineFragment], forVerticalOffset y: CGFloat, exact: Bool) -> Int? {
        if let hit = lines.firstIndex(where: { $0.typographicBounds.minY <= y && y < $0.typographicBounds.maxY }) {
            return hit
        }
        guard !exact else { return nil }
        return lines.indices.min {
            abs(lines[$0].typographicBounds.midY - y) < abs(lines[$1].typographicBounds.midY - y)
        }
    }

    enum Shape: CaseIterable, Sendable { case plain, exclusions, spacing }

    @Test(arguments: Shape.allCases)
    func searchingByHalvesFindsTheLineAWalkFinds(shape: Shape) throws {
        // Long paragraphs in every script, with a hard line break and a final separator.
        let paragraphs = LayoutSamples.mixed.map { sample in
            String(repeating: sample.text + " ", count: 4) + "\u{2028}" + sample.text
        }
        let text = paragraphs.joined(separator: "\n") + "\n"
        var attributed = AttributedString(text)
        if shape == .spacing {
            attributed.paragraphStyle = ParagraphStyle(
                lineHeight: .multiple(factor: 1.4), paragraphSpacingBefore: 9, paragraphSpacing: 14)
        }
        let storage = TextContentStorage(attributedString: attributed)
        var container = TextContainer(size: CGSize(width: 230, height: 0))
        if shape == .exclusions {
            container.exclusionPaths = [.rectangle(CGRect(x: 90, y: 40, width: 60, height: 400))]
        }
        let manager = TextLayoutManager(textContainer: container)
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        var checked = 0
        for fragment in allFragments(manager) {
            // Freshly laid out each time, so that the search runs before the objects exist.
            let lines = fragment.textLineFragments
            #expect(fragment.lineCount == lines.count)
            let length = lines.last.map { $0.characterRange.location + $0.characterRange.length } ?? 0
            for index in 0 ... length + 1 {
                for upstream in [false, true] {
                    let found = fragment.lineIndex(reaching: index, atEnd: upstream)
                    #expect(
                        found == walkedLine(lines, forCharacterAt: index, upstream: upstream),
                        "offset \(index) upstream \(upstream)")
                    let line = fragment.textLineFragment(forCharacterAt: index, isUpstreamAffinity: upstream)
                    #expect(line?.characterRange == found.map { lines[$0].characterRange })
                    checked += 1
                }
            }
            let height = fragment.layoutFragmentFrame.height
            for step in -4 ... Int(height) + 8 {
                let y = CGFloat(step) * 0.75
                for exact in [false, true] {
                    let found = fragment.lineIndex(atVerticalOffset: y, requiresExactMatch: exact)
                    let walked = walkedLine(lines, forVerticalOffset: y, exact: exact)
                    // Two lines equally near: either is the nearest.
                    if let found, let walked, found != walked, !exact {
                        #expect(
                            abs(lines[found].typographicBounds.midY - y)
                                == abs(lines[walked].typographicBounds.midY - y), "y \(y)")
                    } else {
                        #expect(found == walked, "y \(y) exact \(exact)")
                    }
                }
            }
            #expect(fragment.lastLineTop == (lines.last?.typographicBounds.minY ?? 0))
        }
        #expect(checked > 1_000)
    }

    @Test func aLineAskedForTwiceIsTheSameObject() throws {
        let (_, manager) = makeLayout(String(repeating: "مرحبا بالعالم hello world ", count: 40), width: 200)
        let fragment = try #require(allFragments(manager).first)
        #expect(fragment.lineCount > 5)
        let line = fragment.textLineFragment(at: 3)
        #expect(fragment.textLineFragment(at: 3) === line)
        // Every line's object made later keeps the one already handed out.
        #expect(fragment.textLineFragments[3] === line)
    }
}
