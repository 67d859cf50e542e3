import Foundation
import TestFixtures
import Testing
import TextContent
@testable import TextLayout

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
                    let point = CGPoint(x: fragment.layoutFragmentFrame.minX + line.typographicBounds.minX + stop.x,
                                        y: fragment.layoutFragmentFrame.minY + line.typographicBounds.midY)
                    let (location, affinity) = try #require(manager.caretPosition(closestTo: point))
                    let offset = storage.offset(from: storage.documentRange.location, to: location)
                    #expect(offset == start + stop.characterIndex, "stop \(stop) of line \(line)")
                    let end = line.characterRange.location + line.characterRange.length
                    #expect(affinity == (line !== lines.last && stop.characterIndex == end ? .upstream : .downstream))
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

/// Draws a bubble behind a paragraph: a larger surface around the engine's layout.
final class BubbleFragment: TextLayoutFragment, @unchecked Sendable {
    override var renderingSurfaceBounds: CGRect { super.renderingSurfaceBounds.insetBy(dx: -8, dy: -4) }
}

final class BubbleDelegate: TextLayoutManagerDelegate {
    var calls = 0
    func textLayoutManager(_ textLayoutManager: TextLayoutManager, textLayoutFragmentFor location: any TextLocation,
                           in textElement: TextParagraph, laidOut fragment: TextLayoutFragment) -> TextLayoutFragment {
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
