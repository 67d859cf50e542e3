import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

@Suite struct TextSegmentTests {
    static let texts =
        [LayoutSamples.english]
        + ["mixed", "ar_Arab", "he_Hebr", "kn_Knda", "th_Thai"].compactMap { tag in
            LayoutSamples.mixed.first { $0.tag == tag }?.text
        }

    private struct Segment {
        var range: NSRange?
        var rect: CGRect
    }

    private static func segments(
        _ manager: TextLayoutManager, _ storage: TextContentStorage, _ range: Range<Int>,
        type: TextSegmentType = .standard, options: TextSegmentOptions = []
    ) -> [Segment] {
        var result: [Segment] = []
        let textRange = storage.textRange(for: range)!
        manager.enumerateTextSegments(in: textRange, type: type, options: options) { segmentRange, rect, baseline, _ in
            #expect(baseline > 0 && baseline <= rect.height)
            result.append(Segment(range: segmentRange.map { storage.nsRange(for: $0) }, rect: rect))
            return true
        }
        return result
    }

    /// For random ranges in every script: the segments of each line are left to right and do
    /// not overlap, and a grapheme lies inside a segment exactly when the range holds it.
    @Test(arguments: texts)
    func segmentsCoverExactlyTheRange(_ text: String) throws {
        let (storage, manager) = makeLayout(text, width: 240)
        let fragment = try #require(allFragments(manager).first)
        var random = SplitMix64(seed: UInt64(text.utf16.count))
        let length = text.utf16.count
        for _ in 0 ..< 25 {
            let a = Int.random(in: 0 ..< length, using: &random), b = Int.random(in: 0 ... length, using: &random)
            let range = min(a, b) ..< max(a, b) + 1
            guard range.upperBound <= length else { continue }
            let found = Self.segments(manager, storage, range)
            #expect(!found.isEmpty)
            for line in fragment.textLineFragments {
                let top = fragment.layoutFragmentFrame.minY + line.typographicBounds.minY
                let inLine = found.filter { abs($0.rect.minY - top) < 1e-6 }
                for (left, right) in zip(inLine, inLine.dropFirst()) {
                    #expect(left.rect.maxX <= right.rect.minX + 1e-6, "segments overlap or are out of order")
                }
                let lineRange =
                    line.characterRange.location ..< line.characterRange.location + line.characterRange.length
                let starts = lineRange.filter { fragmentIsBoundary(fragment, $0) }
                for (k, start) in starts.enumerated() {
                    let end = k + 1 < starts.count ? starts[k + 1] : lineRange.upperBound
                    guard let own = line.segments(showing: start ..< end).first, own.maxX - own.minX > 0.5 else {
                        continue
                    }
                    let middle =
                        fragment.layoutFragmentFrame.minX + line.typographicBounds.minX + (own.minX + own.maxX) / 2
                    let covered = inLine.contains { $0.rect.minX < middle && middle < $0.rect.maxX }
                    let selected = start >= range.lowerBound && end <= range.upperBound
                    let outside = end <= range.lowerBound || start >= range.upperBound
                    if selected { #expect(covered, "grapheme \(start) selected but not covered") }
                    if outside { #expect(!covered, "grapheme \(start) not selected but covered") }
                }
            }
        }
    }

    private func fragmentIsBoundary(_ fragment: TextLayoutFragment, _ offset: Int) -> Bool {
        fragment.shapedParagraph?.isGraphemeBoundary(offset) ?? true
    }

    @Test func selectionsReachTheTrailingEdgeOfLinesTheyContinuePast() throws {
        for text in [LayoutSamples.english, try #require(LayoutSamples.mixed.first { $0.tag == "ar_Arab" }?.text)] {
            let (storage, manager) = makeLayout(text + "\n" + text, width: 160)
            let fragments = allFragments(manager)
            let lines = fragments[0].textLineFragments
            #expect(lines.count >= 2)
            let rightToLeft = fragments[0].shapedParagraph?.levels.isRightToLeft ?? false
            let selection = Self.segments(manager, storage, 3 ..< storage.utf16Length - 3, type: .selection)
            let standard = Self.segments(manager, storage, 3 ..< storage.utf16Length - 3, type: .standard)
            for line in lines.dropLast() {
                let top = fragments[0].layoutFragmentFrame.minY + line.typographicBounds.minY
                let inLine = selection.filter { abs($0.rect.minY - top) < 1e-6 }
                // At least to the edge (a space hanging past it stays selected).
                if rightToLeft {
                    #expect((inLine.first?.rect.minX ?? .infinity) <= line.typographicBounds.minX + 1e-6)
                } else {
                    #expect((inLine.last?.rect.maxX ?? -1) >= line.typographicBounds.maxX - 1e-6)
                }
            }
            #expect(standard.count <= selection.count + 2)
            // Only the first and last lines.
            let ends = Self.segments(
                manager, storage, 3 ..< storage.utf16Length - 3, options: [.middleFragmentsExcluded, .rangeNotRequired])
            #expect(Set(ends.map(\.rect.minY)).count == 2)
            #expect(ends.allSatisfy { $0.range == nil })
            // Head and tail reach the edges.
            let extended = Self.segments(
                manager, storage, 3 ..< 6, options: [.headSegmentExtended, .tailSegmentExtended])
            #expect(extended.count == 1)
            #expect(abs(extended[0].rect.minX - lines[0].typographicBounds.minX) < 1e-6)
            #expect(abs(extended[0].rect.maxX - lines[0].typographicBounds.maxX) < 1e-6)
        }
    }

    @Test func anEmptyRangeIsTheCaret() throws {
        let (storage, manager) = makeLayout(LayoutSamples.english, width: 240)
        let fragment = try #require(allFragments(manager).first)
        let lines = fragment.textLineFragments
        let wrap = lines[0].characterRange.length
        for offset in [0, 7, wrap, storage.utf16Length] {
            for upstream in [false, true] {
                let caret = Self.segments(
                    manager, storage, offset ..< offset, options: upstream ? .upstreamAffinity : [])
                #expect(caret.count == 1)
                #expect(caret[0].rect.width == 0)
                #expect(caret[0].range == NSRange(location: offset, length: 0))
                let onFirstLine = abs(caret[0].rect.minY - fragment.layoutFragmentFrame.minY) < 1e-6
                if offset == wrap { #expect(onFirstLine == upstream, "the caret at a wrap follows its affinity") }
            }
        }
    }

    @Test func aRangeOfAnotherDocumentGivesNothing() {
        let (_, manager) = makeLayout(LayoutSamples.english)
        let other = TextContentStorage(string: "another document")
        let finished = manager.enumerateTextSegments(in: other.documentRange, type: .standard) { _, _, _, _ in
            Issue.record("a range of another document gave a segment")
            return true
        }
        #expect(!finished)
        // A block that stops at once gets one segment, and the call says it was stopped.
        let (storage, wrapped) = makeLayout(LayoutSamples.english + "\n" + LayoutSamples.english, width: 200)
        var calls = 0
        let completed = wrapped.enumerateTextSegments(in: storage.documentRange, type: .selection) { _, _, _, _ in
            calls += 1
            return false
        }
        #expect(calls == 1 && !completed)
    }
}
