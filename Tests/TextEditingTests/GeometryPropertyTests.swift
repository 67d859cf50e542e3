import Foundation
import TestFixtures
import Testing
import TextContent
@testable import TextEditing
@_spi(Rendering) @testable import TextLayout

/// The input client's geometry against the layout's own: selection rectangles over lines that
/// mix directions, the first rectangle of a range across wrapped lines, and hit testing.
@Suite struct GeometryPropertyTests {
    /// A view of `text` laid out `width` wide.
    func layOut(_ text: String, width: CGFloat) -> TextView {
        let view = TextView(
            storage: TextContentStorage(string: text),
            layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: width, height: 0))))
        view.textLayoutManager.ensureLayoutForEntireDocument()
        return view
    }

    /// The layout's lines with their fragment: the line, its frame in container coordinates and
    /// its paragraph's first offset.
    func lines(of view: TextView) -> [(line: TextLineFragment, frame: CGRect, start: Int)] {
        var result: [(TextLineFragment, CGRect, Int)] = []
        let storage = view.textContentStorage
        view.textLayoutManager.enumerateTextLayoutFragments(from: nil) { fragment in
            let start = fragment.rangeInElement.flatMap { try? storage.offset(of: $0.location) } ?? 0
            let origin = fragment.layoutFragmentFrame.origin
            for line in fragment.textLineFragments {
                result.append((line, line.typographicBounds.offsetBy(dx: origin.x, dy: origin.y), start))
            }
            return true
        }
        return result
    }

    /// Over a line mixing directions, the rectangles of a selection cover exactly the selected
    /// characters: the middle of each glyph cluster of the line (from shaping, not from the
    /// selection code) is inside a rectangle if the cluster is selected and inside none if not.
    @Test(arguments: [
        "English العربية 123 end", "מחיר: 25 ₪ (כולל מע״מ) ok", MixedSamples.text("mixed"),
        MixedSamples.all.last { $0.tag == "mixed" }?.text ?? "",
    ])
    func selectionRectsCoverExactlyTheSelectedCharacters(_ text: String) throws {
        let view = layOut(text, width: 100_000)
        let (line, frame, start) = try #require(lines(of: view).first)
        let extents = line.placed.caretExtents(in: line.shaped).filter { $0.maxX - $0.minX > 0.5 }
        #expect(
            extents.count > 10 && extents.contains(where: \.isRightToLeft) && extents.contains { !$0.isRightToLeft })
        let boundaries = EditingPropertyTests.boundaries(text).sorted()
        var random = SplitMix64(seed: UInt64(text.utf16.count))
        var ranges = [0 ..< text.utf16.count, 0 ..< 0]
        for _ in 0 ..< 40 {
            let a = boundaries[Int.random(in: 0 ..< boundaries.count, using: &random)]
            let b = boundaries[Int.random(in: 0 ..< boundaries.count, using: &random)]
            ranges.append(min(a, b) ..< max(a, b))
        }
        for selected in ranges {
            let rects = view.selectionRects(for: NSRange(location: selected.lowerBound, length: selected.count)).map(
                \.rect)
            #expect(
                rects.allSatisfy { $0.minY >= frame.minY - 0.01 && $0.maxY <= frame.maxY + 0.01 },
                "\(selected): \(rects) outside the line \(frame)")
            for extent in extents {
                let characters = start + extent.range.lowerBound ..< start + extent.range.upperBound
                let point = CGPoint(x: frame.minX + (extent.minX + extent.maxX) / 2, y: frame.midY)
                let covered = rects.contains {
                    $0.minX - 0.01 <= point.x && point.x <= $0.maxX + 0.01 && $0.minY <= point.y && point.y <= $0.maxY
                }
                let inside = rects.contains { $0.minX + 0.01 < point.x && point.x < $0.maxX - 0.01 }
                let piece = String(decoding: Array(text.utf16)[extent.range], as: UTF16.self)
                if selected.lowerBound <= characters.lowerBound, characters.upperBound <= selected.upperBound,
                    !characters.isEmpty
                {
                    #expect(
                        covered,
                        "\(selected) selects \(piece.debugDescription) at \(characters), x \(point.x), not in \(rects)")
                } else if !selected.overlaps(characters) {
                    #expect(
                        !inside,
                        Comment(
                            rawValue:
                                "\(selected) does not select \(piece.debugDescription) at \(characters), x \(point.x), "
                                + "yet \(rects) covers it")
                    )
                }
            }
        }
    }

    /// The first rectangle of a range running over several wrapped lines is the piece of its
    /// first line: from the range's start caret to the line's edge, the line's height, the
    /// selection's rectangle on that line; the actual range is that piece.
    @Test(arguments: [
        String(repeating: "word ", count: 60), MixedSamples.text("ar_Arab") + " " + MixedSamples.text("ar_Arab"),
        MixedSamples.text("hi_Deva") + " " + MixedSamples.text("kn_Knda"),
    ])
    func firstRectIsTheFirstLinesPiece(_ text: String) throws {
        let view = layOut(text, width: 200)
        let all = lines(of: view)
        try #require(all.count >= 3)
        let first = all[0]
        let lineEnd = first.start + first.line.characterRange.location + first.line.characterRange.length
        for start in EditingPropertyTests.boundaries(text).sorted().filter({ $0 < lineEnd - 1 }).prefix(12) {
            let range = NSRange(location: start, length: text.utf16.count - start)
            var actual: NSRange?
            let rect = view.firstRect(forCharacterRange: range, actualRange: &actual)
            #expect(
                actual == NSRange(location: start, length: lineEnd - start),
                "from \(start): \(String(describing: actual))")
            #expect(
                abs(rect.minY - first.frame.minY) < 0.01 && abs(rect.height - first.frame.height) < 0.01,
                "from \(start): \(rect) vs \(first.frame)")
            // The range's selection rectangle on the first line (one: these lines run one way),
            // reaching the line's margin since the selection goes on.
            let onFirstLine = view.selectionRects(for: range).map(\.rect).filter { $0.midY < first.frame.maxY }
            #expect(onFirstLine == [rect], "from \(start): \(rect) vs \(onFirstLine)")
            // Its edge at the range's start is the start's caret.
            let caret = view.caretRect(for: start)
            #expect(
                abs(caret.minX - rect.minX) < 0.01 || abs(caret.minX - rect.maxX) < 0.01,
                "from \(start): caret \(caret.minX), rect \(rect)")
        }
    }

    /// `characterIndex(for:)` and `closestPosition(to:)` find what the line fragment under a point
    /// finds (its nearest caret stop), over a grid of points on wrapped mixed-script paragraphs;
    /// `closestPosition(to:within:)` clamps it into the range.
    @Test func hitTestingAgreesWithTheLayout() throws {
        let text = [
            MixedSamples.text("mixed"), MixedSamples.text("he_Hebr"), MixedSamples.text("th_Thai"),
            MixedSamples.text("emoji"),
        ]
        .joined(separator: "\n")
        let view = layOut(text, width: 240)
        let all = lines(of: view)
        let bottom = try #require(all.last?.frame.maxY)
        var checked = 0
        for y in stride(from: 1.0, to: bottom, by: 3.7) {
            for x in stride(from: -10.0, through: 260, by: 4.3) {
                let point = CGPoint(x: x, y: y)
                guard let (line, frame, start) = all.first(where: { $0.frame.minY <= y && y < $0.frame.maxY }) else {
                    continue
                }
                let expected = start + line.characterIndex(for: CGPoint(x: x - frame.minX, y: y - frame.minY))
                #expect(view.characterIndex(for: point) == expected, "at \(point)")
                #expect(view.closestPosition(to: point) == expected, "at \(point)")
                let within = NSRange(location: 10, length: 20)
                #expect(view.closestPosition(to: point, within: within) == min(max(expected, 10), 30))
                checked += 1
            }
        }
        #expect(checked > 1_000)
        // Above the text the first line, below it the last.
        let firstLine = try #require(all.first)
        #expect(
            view.characterIndex(for: CGPoint(x: 5, y: -50))
                == firstLine.start + firstLine.line.characterIndex(for: CGPoint(x: 5 - firstLine.frame.minX, y: 0)))
        let lastLine = try #require(all.last)
        #expect(
            view.characterIndex(for: CGPoint(x: 5, y: bottom + 50))
                == lastLine.start + lastLine.line.characterIndex(for: CGPoint(x: 5 - lastLine.frame.minX, y: 0)))
    }
}
