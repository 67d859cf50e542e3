import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Every caret position a click can give is reached from the keyboard, by walking right from the
/// line's left end and by walking left from its right end; and so is every offset of the line,
/// except one beside a character without width (a direction mark, a zero-width joiner), whose
/// places it shares with its neighbour. Where the text changes direction one x stands for two
/// offsets: the keys stop at both ("abc אבג": 0 1 2 3 4 7 6 5 4).
@Suite struct VisualCaretReachabilityTests {
    /// A caret position: offset and affinity, as text.
    static func key(_ offset: Int, _ affinity: TextSelection.Affinity) -> String {
        "\(offset)\(affinity == .upstream ? "u" : "d")"
    }

    /// The texts of the sampled BidiCharacterTest lines (Tests/Fixtures/bidi-character-sample.txt).
    static let bidiTexts: [String] = {
        guard let lines = try? Fixtures.lines(of: Fixtures.bidiCharacterSample) else { return [] }
        return lines.filter { !$0.hasPrefix("#") && !$0.isEmpty }.compactMap { line in
            guard let field = line.split(separator: ";").first else { return nil }
            var text = ""
            for hex in field.split(separator: " ") {
                guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { return nil }
                text.unicodeScalars.append(scalar)
            }
            return text
        }
    }()

    /// The positions a click on the first line gives: at every stop's x, half-way between two
    /// neighbouring stops, and past both ends.
    func clickPositions(_ manager: TextLayoutManager, _ storage: TextContentStorage) throws -> [String] {
        let visual = try #require(manager.lineInfo(at: 0, upstream: false)?.visual)
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        let y = line.typographicBounds.midY
        var xs: [CGFloat] = [-1_000_000, 1_000_000]
        for (index, stop) in visual.stops.enumerated() {
            xs.append(stop.x)
            if index > 0 { xs.append((stop.x + visual.stops[index - 1].x) / 2) }
        }
        return try xs.map { x in
            let found = try #require(manager.caretPosition(closestTo: CGPoint(x: x, y: y)))
            return Self.key(storage.offset(from: storage.documentRange.location, to: found.location), found.affinity)
        }
    }

    /// The positions a caret visits moving `direction` from the first line's leftmost caret
    /// stop (or its rightmost), until it stops. (A click beside the line gives its start or end
    /// in the text, which need not be at that side: see `walkFromClick`.)
    func walk(
        _ manager: TextLayoutManager, _ storage: TextContentStorage, fromLeft: Bool,
        _ direction: TextSelectionNavigation.Direction
    ) throws -> [String] {
        let visual = try #require(manager.lineInfo(at: 0, upstream: false)?.visual)
        let stop = try #require(fromLeft ? visual.stops.first : visual.stops.last)
        let location = try #require(storage.location(storage.documentRange.location, offsetBy: stop.offset))
        return walk(manager, storage, from: TextSelection(location, affinity: stop.affinity), direction)
    }

    /// The positions a caret visits moving `direction` from the click at `x` on the first line.
    func walkFromClick(
        _ manager: TextLayoutManager, _ storage: TextContentStorage, x: CGFloat,
        _ direction: TextSelectionNavigation.Direction
    ) throws -> [String] {
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        let start = try #require(manager.caretPosition(closestTo: CGPoint(x: x, y: line.typographicBounds.midY)))
        return walk(manager, storage, from: TextSelection(start.location, affinity: start.affinity), direction)
    }

    private func walk(
        _ manager: TextLayoutManager, _ storage: TextContentStorage, from start: TextSelection,
        _ direction: TextSelectionNavigation.Direction
    ) -> [String] {
        var selection = start
        var visited = [
            Self.key(
                storage.offset(from: storage.documentRange.location, to: start.textRanges[0].location), start.affinity)
        ]
        for _ in 0 ..< storage.utf16Length * 3 + 4 {
            guard
                let next = manager.textSelectionNavigation.destinationSelection(
                    for: selection, direction: direction, destination: .character, extending: false, confined: false),
                let location = next.textRanges.first?.location
            else { break }
            let key = Self.key(storage.offset(from: storage.documentRange.location, to: location), next.affinity)
            if key == visited.last || visited.contains(key) { break }
            visited.append(key)
            selection = next
        }
        return visited
    }

    /// The offsets of the first line that must be reached: every grapheme boundary, except one
    /// next to a grapheme without width.
    func offsetsToReach(_ manager: TextLayoutManager) throws -> Set<Int> {
        let line = try #require(allFragments(manager).first?.textLineFragments.first)
        let edges = line.graphemeEdges
        var offsets = Set(edges.map(\.range.lowerBound)).union(edges.map(\.range.upperBound))
        for edge in edges where abs(edge.leadingX - edge.trailingX) < 1.0 / 64 {
            offsets.remove(edge.range.lowerBound)
            offsets.remove(edge.range.upperBound)
        }
        return offsets.filter { $0 <= line.characterRange.length }
    }

    func check(_ text: String, _ context: String) throws {
        let (storage, manager) = makeLayout(text, width: 1_000_000)
        let lines = try #require(allFragments(manager).first?.textLineFragments)
        try #require(lines.count == 1, "\(context): one line")
        let clicks = Set(try clickPositions(manager, storage))
        let rightward = try walk(manager, storage, fromLeft: true, .right)
        let leftward = try walk(manager, storage, fromLeft: false, .left)
        #expect(
            clicks.isSubset(of: rightward),
            "\(context): clicks \(clicks.subtracting(rightward).sorted()) not reached going right \(rightward)")
        #expect(
            clicks.isSubset(of: leftward),
            "\(context): clicks \(clicks.subtracting(leftward).sorted()) not reached going left \(leftward)")
        let offsets = try offsetsToReach(manager)
        let reachedRight = Set(rightward.map { Int($0.dropLast())! }),
            reachedLeft = Set(leftward.map { Int($0.dropLast())! })
        #expect(
            offsets.isSubset(of: reachedRight),
            "\(context): offsets \(offsets.subtracting(reachedRight).sorted()) not reached going right")
        #expect(
            offsets.isSubset(of: reachedLeft),
            "\(context): offsets \(offsets.subtracting(reachedLeft).sorted()) not reached going left")
        // Both walks go through the same positions, in opposite orders.
        #expect(rightward == leftward.reversed(), "\(context): \(rightward) vs \(leftward)")
    }

    @Test func theLogicalEndAtADirectionBoundaryIsReached() throws {
        let (storage, manager) = makeLayout("abc אבג", width: 10_000)
        // 4 and 7 share the x between the space and ג: the keys stop at both, 4 (after the
        // space, on the left) first going right.
        let rightward = try walk(manager, storage, fromLeft: true, .right)
        #expect(rightward.map { Int($0.dropLast())! } == [0, 1, 2, 3, 4, 7, 6, 5, 4], "\(rightward)")
        let leftward = try walk(manager, storage, fromLeft: false, .left)
        #expect(leftward == rightward.reversed())
        // A click there gives 4, the position of the character before it in reading order.
        #expect(try clickPositions(manager, storage).contains(Self.key(4, .upstream)))
        // The end of "abc" in "אב abc" (a right-to-left paragraph) likewise: 6 and 3 at one x.
        let (rtlStorage, rtlManager) = makeLayout("אב abc", width: 10_000)
        let rtl = try walk(rtlManager, rtlStorage, fromLeft: true, .right).map { Int($0.dropLast())! }
        #expect(rtl == [3, 4, 5, 6, 3, 2, 1, 0], "\(rtl)")
        // A click beside a line gives its end in the text on the side it ends (right of a
        // left-to-right line, left of a right-to-left one), its start on the other, as AppKit
        // and Pango place it: "abc אבג" ends at its right at 7 (the Hebrew's end, drawn at the
        // Hebrew's left); "אב abc" starts at its right at 0.
        let clicks = [
            try walkFromClick(manager, storage, x: 50_000, .left).first,
            try walkFromClick(manager, storage, x: -50_000, .right).first,
            try walkFromClick(rtlManager, rtlStorage, x: 50_000, .left).first,
            try walkFromClick(rtlManager, rtlStorage, x: -50_000, .right).first,
        ]
        #expect(clicks == ["7d", "0d", "0d", "6d"])
    }

    @Test func everyClickPositionOfBidiCharacterTestLinesIsReached() throws {
        let texts = Self.bidiTexts
        #expect(texts.count == 200)
        for (index, text) in texts.enumerated() {
            try check(
                text,
                "BidiCharacterTest sample line \(index + 1): \(text.unicodeScalars.map { String($0.value, radix: 16) })"
            )
        }
    }

    /// The mixed.tsv samples (two rows of each class), and lines made of their pieces.
    @Test func everyClickPositionOfMixedScriptLinesIsReached() throws {
        let samples = LayoutSamples.mixed
        #expect(samples.count == 18)
        for (tag, text) in samples {
            try check(text, "mixed-sample.tsv \(tag)")
        }
        var random = SplitMix64(seed: 0xCA4E7)
        for run in 0 ..< 12 {
            let pieces = (0 ..< 4).map { _ -> String in
                let words = samples[Int.random(in: 0 ..< samples.count, using: &random)].text.split(separator: " ")
                let start = Int.random(in: 0 ..< words.count, using: &random)
                return words[start ..< min(words.count, start + 3)].joined(separator: " ")
            }
            try check(pieces.joined(separator: " "), "pieces \(run)")
        }
    }

    /// Over wrapped mixed-direction paragraphs every offset a click gives is reached moving
    /// the paragraph's way from the start and the other way from the end (a soft wrap's two
    /// carets, the end of one line and the start of the next, are one offset: one is passed).
    @Test(arguments: ["mixed", "ar_Arab", "he_Hebr", "emoji"])
    func everyClickOffsetOfWrappedLinesIsReached(_ tag: String) throws {
        let text = MixedSamples.text(tag) + " abc אבג " + MixedSamples.text(tag)
        let (storage, manager) = makeLayout(text, width: 240)
        let fragment = try #require(allFragments(manager).first)
        #expect(fragment.textLineFragments.count > 2)
        var clicks = Set<Int>()
        for line in fragment.textLineFragments {
            let y = line.typographicBounds.midY + fragment.layoutFragmentFrame.minY
            for x in stride(from: -10.0, through: 260, by: 1.5) {
                if let found = manager.caretPosition(closestTo: CGPoint(x: x, y: y)) {
                    clicks.insert(storage.offset(from: storage.documentRange.location, to: found.location))
                }
            }
        }
        let rightToLeft = manager.baseWritingDirection(at: storage.documentRange.location) == .rightToLeft
        let on: TextSelectionNavigation.Direction = rightToLeft ? .left : .right,
            back: TextSelectionNavigation.Direction = rightToLeft ? .right : .left
        for (start, direction) in [(0, on), (storage.utf16Length, back)] {
            var selection = TextSelection(storage.location(at: start))
            var reached: Set<Int> = [start], seen: Set<String> = [Self.key(start, .downstream)]
            for _ in 0 ..< storage.utf16Length * 3 {
                guard
                    let next = manager.textSelectionNavigation.destinationSelection(
                        for: selection, direction: direction, destination: .character, extending: false, confined: false
                    ),
                    let location = next.textRanges.first?.location
                else { break }
                let offset = storage.offset(from: storage.documentRange.location, to: location)
                guard seen.insert(Self.key(offset, next.affinity)).inserted else { break }
                reached.insert(offset)
                selection = next
            }
            #expect(
                clicks.isSubset(of: reached),
                "\(tag) from \(start): \(clicks.subtracting(reached).sorted()) not reached")
        }
    }
}
