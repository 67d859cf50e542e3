import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

@Suite struct HitTestingTests {
    static let text = ([LayoutSamples.english] + LayoutSamples.mixed.map(\.text)).joined(separator: "\n")

    @Test func everyCaretStopIsFoundAtItsPoint() throws {
        let (storage, manager) = makeLayout(Self.text, width: 260)
        var checked = 0
        for fragment in allFragments(manager) {
            let start = storage.offset(from: storage.documentRange.location, to: fragment.rangeInElement!.location)
            let lines = fragment.textLineFragments
            for line in lines {
                for stop in line.caretStops {
                    let point = CGPoint(
                        x: fragment.layoutFragmentFrame.minX + line.typographicBounds.minX + stop.x,
                        y: fragment.layoutFragmentFrame.minY + line.typographicBounds.midY)
                    let (location, affinity) = try #require(manager.caretPosition(closestTo: point))
                    let offset = storage.offset(from: storage.documentRange.location, to: location)
                    // The caret found is drawn where the click was (where the text changes
                    // direction, the offset and affinity of that place may be another stop's).
                    let x = try #require(caretX(manager, storage, offset, affinity))
                    #expect(abs(x - point.x) < 0.01, "stop \(stop) of line \(line): found \(offset) \(affinity)")
                    let end = line.characterRange.location + line.characterRange.length
                    if line !== lines.last, stop.characterIndex == end {
                        // A wrapped line's end stays on that line.
                        #expect(offset == start + end && affinity == .upstream)
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 500)
    }

    @Test func pointsOutsideTheTextFindTheNearestCaret() throws {
        let (storage, manager) = makeLayout(Self.text, width: 260)
        let height = manager.usageBoundsForTextContainer.height
        let first = try #require(manager.caretPosition(closestTo: CGPoint(x: -100, y: -100)))
        #expect(storage.offset(from: storage.documentRange.location, to: first.location) == 0)
        let last = try #require(manager.caretPosition(closestTo: CGPoint(x: 10_000, y: height + 100)))
        let lastOffset = storage.offset(from: storage.documentRange.location, to: last.location)
        #expect(lastOffset > storage.utf16Length - 200 && lastOffset <= storage.utf16Length)
        #expect(manager.caretPosition(closestTo: CGPoint(x: CGFloat.nan, y: 10)) == nil)
        #expect(manager.caretPosition(closestTo: CGPoint(x: CGFloat.infinity, y: 10)) != nil)
        let empty = makeLayout("")
        #expect(empty.1.caretPosition(closestTo: .zero) == nil)
    }
}

/// Hit testing with answers worked out by hand: DejaVu Sans Mono 10 gives every character it
/// draws (ASCII and Arabic alike) the same advance `a`, so a caret stop is at a multiple of `a`
/// from the line's start and the offset under a point follows by arithmetic. The container is
/// 12.5 advances wide plus its 5 pt padding at each end: 12 characters fit on a line, 13 do not.
/// Points are in container coordinates: a line starts at x = 5 (the padding).
@Suite struct HandWorkedHitTestingTests {
    static let font = FontDescriptor(family: "DejaVu Sans Mono", size: 10)
    static let padding: CGFloat = 5

    /// The advance, read once from the caret stops of a one-character line.
    static let advance: CGFloat = {
        let (_, manager) = layOut("x", width: 600)
        return allFragments(manager).first?.textLineFragments.first?.caretStops.last?.x ?? .nan
    }()

    static func layOut(
        _ text: String, width: CGFloat = 2 * padding + 12.5 * advance
    ) -> (TextContentStorage, TextLayoutManager) {
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: width, height: 0)), defaultFont: font)
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        RetainedStorages.keep(storage)
        return (storage, manager)
    }

    /// The offset and affinity of the caret nearest (x, y).
    static func hit(
        _ storage: TextContentStorage, _ manager: TextLayoutManager, x: CGFloat, y: CGFloat,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (offset: Int, affinity: TextLocationAffinity) {
        let (location, affinity) = try #require(
            manager.caretPosition(closestTo: CGPoint(x: x, y: y)), sourceLocation: sourceLocation)
        return (storage.offset(from: storage.documentRange.location, to: location), affinity)
    }

    /// The vertical middle of line `index` of the fragment `fragment`, in container coordinates.
    static func midY(line index: Int, of fragment: TextLayoutFragment) -> CGFloat {
        fragment.layoutFragmentFrame.minY + fragment.textLineFragments[index].typographicBounds.midY
    }

    /// DejaVu Sans Mono's advance is 1233 font units on a 2048-unit em: 1233 / 2048 × 10 pt.
    @Test func theAdvanceIsTheFontsOwn() {
        let expected: CGFloat = 1233.0 / 2048.0 * 10 // 6.0205078125 pt, exact in binary
        #expect(Self.advance == expected)
    }

    /// "abc 123": the caret before character k is at 5 + k·a. A point in the left half of
    /// character k (5 + (k + 0.3)·a) is nearer that caret: k; in its right half
    /// (5 + (k + 0.7)·a) nearer the next: k + 1. Left of the line: 0; past its end: 7.
    @Test func pointsInEachHalfOfAGlyphFindTheNearerCaret() throws {
        let a = Self.advance
        let (storage, manager) = Self.layOut("abc 123")
        let fragment = try #require(allFragments(manager).first)
        let y = Self.midY(line: 0, of: fragment)
        for k in 0 ..< 7 {
            let left = try Self.hit(storage, manager, x: 5 + (CGFloat(k) + 0.3) * a, y: y)
            #expect(left.offset == k, "left half of character \(k)") // 0.3·a from caret k, 0.7·a from k + 1
            #expect(left.affinity == .downstream)
            let right = try Self.hit(storage, manager, x: 5 + (CGFloat(k) + 0.7) * a, y: y)
            #expect(right.offset == k + 1, "right half of character \(k)") // 0.3·a from caret k + 1
        }
        #expect(try Self.hit(storage, manager, x: 0, y: y).offset == 0) // left of 5 + 0·a
        #expect(try Self.hit(storage, manager, x: 5 + 11 * a, y: y).offset == 7) // past the last caret, 5 + 7·a
        #expect(try Self.hit(storage, manager, x: 5 + 11 * a, y: y).affinity == .downstream)
    }

    /// "abcd efgh ijkl" is 14 characters, 12 fit: the line breaks after "efgh ", whose space
    /// hangs, so line 1 is 0..<10 and line 2 10..<14. On line 2 the caret before character k is
    /// at 5 + (k − 10)·a.
    @Test func pointsOnEachLineOfAWrappedParagraph() throws {
        let a = Self.advance
        let (storage, manager) = Self.layOut("abcd efgh ijkl")
        let fragment = try #require(allFragments(manager).first)
        #expect(
            fragment.textLineFragments.map(\.characterRange) == [
                NSRange(location: 0, length: 10), NSRange(location: 10, length: 4),
            ])
        let line1 = Self.midY(line: 0, of: fragment), line2 = Self.midY(line: 1, of: fragment)
        #expect(try Self.hit(storage, manager, x: 5 + 2.6 * a, y: line2).offset == 13) // 10 + 3: right half of "k"
        #expect(try Self.hit(storage, manager, x: 5 + 0.2 * a, y: line2).offset == 10) // left half of "i"
        #expect(try Self.hit(storage, manager, x: 5 + 12 * a, y: line2).offset == 14) // past "ijkl": the text's end
        Self.expectWrappedLineEnd(storage, manager, x: 5 + 12 * a, y: line1, end: 10) // past "abcd efgh "
        #expect(try Self.hit(storage, manager, x: 5 + 6.4 * a, y: line1).offset == 6) // left half of "g", 5 + 6·a
        // Above the first line: the first line's caret under x; below the last: the last line's.
        #expect(try Self.hit(storage, manager, x: 5 + 2.3 * a, y: -20).offset == 2)
        let below = manager.usageBoundsForTextContainer.maxY + 20
        #expect(try Self.hit(storage, manager, x: 5 + 1.7 * a, y: below).offset == 12) // 10 + 2
        #expect(try Self.hit(storage, manager, x: -50, y: below).offset == 10)
    }

    /// "abcdefghijklmnop" has no break opportunity, 16 characters and 12 fit: the word is cut
    /// after "l", line 1 is 0..<12 and line 2 12..<16. In line 1, the caret before character k is
    /// at 5 + k·a, so a point 0.4·a past "l" (5 + 12.4·a) is 0.4·a from the line's end and 1.4·a
    /// from the caret before "l".
    @Test func pointsPastTheEndOfALineCutInsideAWord() throws {
        let a = Self.advance
        let (storage, manager) = Self.layOut("abcdefghijklmnop")
        let fragment = try #require(allFragments(manager).first)
        #expect(
            fragment.textLineFragments.map(\.characterRange) == [
                NSRange(location: 0, length: 12), NSRange(location: 12, length: 4),
            ])
        let line1 = Self.midY(line: 0, of: fragment), line2 = Self.midY(line: 1, of: fragment)
        #expect(try Self.hit(storage, manager, x: 5 + 10.6 * a, y: line1).offset == 11) // right half of "k"
        #expect(try Self.hit(storage, manager, x: 5 + 0.4 * a, y: line2).offset == 12) // left half of "m"
        Self.expectWrappedLineEnd(storage, manager, x: 5 + 12.4 * a, y: line1, end: 12)
    }

    /// Past the end of a wrapped line the caret goes to the line's end with upstream affinity:
    /// the end is also the next line's start, and the caret there belongs to this line (as
    /// `caretPosition(closestTo:)` itself says, and as in TextKit).
    static func expectWrappedLineEnd(
        _ storage: TextContentStorage, _ manager: TextLayoutManager, x: CGFloat, y: CGFloat, end: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // A wrapped line has a caret stop at its end: past it, the caret stays on this line.
        do {
            let hit = try Self.hit(storage, manager, x: x, y: y, sourceLocation: sourceLocation)
            #expect(hit.offset == end && hit.affinity == .upstream, "\(hit)", sourceLocation: sourceLocation)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
    }

    /// Arabic in a right-to-left paragraph, shaped in DejaVu Sans Mono (it draws the joined forms
    /// at the same advance): the line is right aligned, so it ends at the container's right
    /// padding, 5 + 12.5·a, where offset 0's caret stands; the caret before character k is at
    /// 5 + (12.5 − k)·a, and the visual left edge of the text is the logical end, 3.
    @Test func aRightToLeftLineRunsFromTheRight() throws {
        let a = Self.advance
        let right = 5 + 12.5 * a
        let (storage, manager) = Self.layOut("\u{0627}\u{0628}\u{062A}") // ابت
        let fragment = try #require(allFragments(manager).first)
        let y = Self.midY(line: 0, of: fragment)
        #expect(fragment.textLineFragments.first?.caretStops.map(\.characterIndex) == [3, 2, 1, 0]) // left to right
        for k in 0 ..< 3 {
            // The first 0.3·a left of caret k is nearer it; 0.7·a left, nearer caret k + 1.
            #expect(try Self.hit(storage, manager, x: right - (CGFloat(k) + 0.3) * a, y: y).offset == k)
            #expect(try Self.hit(storage, manager, x: right - (CGFloat(k) + 0.7) * a, y: y).offset == k + 1)
        }
        #expect(try Self.hit(storage, manager, x: right - 5 * a, y: y).offset == 3) // left of the text: its end
        #expect(try Self.hit(storage, manager, x: 0, y: y).offset == 3)
        #expect(try Self.hit(storage, manager, x: right + 4, y: y).offset == 0) // right of it: its start
    }

    /// "abc\r\ndef": the first paragraph is "abc" and its CRLF (0..<5), the second "def"
    /// (5..<8). Past "abc" the caret goes before the CR (3), never between CR and LF (4) or after
    /// the LF (5, the next paragraph's start); past "def", the text's end (8).
    @Test func aCRLFParagraphEndIsBeforeTheCR() throws {
        let a = Self.advance
        let (storage, manager) = Self.layOut("abc\r\ndef")
        let fragments = allFragments(manager)
        #expect(fragments.count == 2)
        let first = try #require(fragments.first), second = try #require(fragments.last)
        #expect(try Self.hit(storage, manager, x: 5 + 10 * a, y: Self.midY(line: 0, of: first)).offset == 3)
        #expect(try Self.hit(storage, manager, x: 5 + 3.4 * a, y: Self.midY(line: 0, of: first)).offset == 3)
        #expect(try Self.hit(storage, manager, x: 5 + 1.4 * a, y: Self.midY(line: 0, of: second)).offset == 6) // 5 + 1
        #expect(try Self.hit(storage, manager, x: 5 + 10 * a, y: Self.midY(line: 0, of: second)).offset == 8)
    }
}

/// Draws a bubble behind a paragraph: a larger surface around the engine's layout.
final class BubbleFragment: TextLayoutFragment, @unchecked Sendable {
    override var renderingSurfaceBounds: CGRect { super.renderingSurfaceBounds.insetBy(dx: -8, dy: -4) }
}

final class BubbleDelegate: TextLayoutManagerDelegate {
    var calls = 0
    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
        in textElement: TextParagraph, laidOut fragment: TextLayoutFragment
    ) -> TextLayoutFragment {
        calls += 1
        return BubbleFragment(copying: fragment)
    }
}

@Suite struct LayoutManagerDelegateTests {
    @Test func anAppSuppliesItsOwnFragmentType() throws {
        let storage = TextContentStorage(string: HitTestingTests.text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        let delegate = BubbleDelegate()
        manager.delegate = delegate
        storage.addTextLayoutManager(manager)
        let plain = makeLayout(HitTestingTests.text, width: 300).1
        let fragments = allFragments(manager)
        let reference = allFragments(plain)
        #expect(fragments.allSatisfy { $0 is BubbleFragment })
        for (bubble, engine) in zip(fragments, reference) {
            #expect(bubble.layoutFragmentFrame == engine.layoutFragmentFrame)
            #expect(bubble.textLineFragments.map(\.characterRange) == engine.textLineFragments.map(\.characterRange))
            #expect(bubble.renderingSurfaceBounds == engine.renderingSurfaceBounds.insetBy(dx: -8, dy: -4))
        }
        // An edit in the first paragraph moves the fragments below: they stay the app's type,
        // with the same key (the edited paragraph, now two, is laid out again).
        let keys = fragments.map(\.renderingSurfaceKey)
        try storage.replaceContents(in: TextRange(location: storage.documentRange.location), with: "ಹೊಸ\n")
        let moved = allFragments(manager)
        #expect(moved.count == fragments.count + 1)
        #expect(moved.allSatisfy { $0 is BubbleFragment })
        #expect(Array(moved.dropFirst(2).map(\.renderingSurfaceKey)) == Array(keys.dropFirst()))
        #expect(delegate.calls > fragments.count)
    }
}
