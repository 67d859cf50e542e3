import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// A scroll by d points moves the text by exactly d points, whatever was estimated; a width
/// changed and changed back keeps the top line; documents far taller than 10⁷ points are
/// reachable to their last line.
@Suite struct ScrollExactnessTests {
    /// Paragraphs whose real heights differ from the estimate both ways: long lines of wide
    /// "mw" (taller than estimated), short lines of narrow "il" (shorter), Arabic, Chinese,
    /// Kannada and Thai.
    static let uneven: String = {
        let samples = ["ar_Arab", "zh_Hans", "kn_Knda", "th_Thai", "he_Hebr"].map(MixedSamples.text)
        return (0 ..< 3_000).map { index -> String in
            switch index % 6 {
            case 0: return String(repeating: "mw", count: 40 + index % 90)
            case 1: return String(repeating: "il ", count: 3 + index % 5)
            case 2: return "il"
            default: return samples[index % samples.count]
            }
        }.joined(separator: "\n")
    }()

    /// Where the paragraph holding `location` is drawn relative to the viewport's top (laid
    /// out if it must be: heights measured once stay what they are).
    private static func screenY(of location: any TextLocation, _ manager: TextLayoutManager) throws -> CGFloat {
        let fragment = try #require(manager.textLayoutFragment(for: location))
        return fragment.layoutFragmentFrame.minY - manager.textViewportLayoutController.viewportBounds.minY
    }

    /// The top fragment's text and where it is drawn.
    private static func top(
        _ controller: TextViewportLayoutController, _ storage: TextContentStorage
    ) throws -> (NSRange, CGFloat) {
        let first = try #require(controller.visibleFragments.first)
        return (
            storage.nsRange(for: first.rangeInElement!), first.layoutFragmentFrame.minY - controller.viewportBounds.minY
        )
    }

    enum Move: CaseIterable { case viewScrolls, adjustViewport }

    @Test(arguments: Move.allCases, [CGFloat(600), 1_500])
    func pagingIntoEstimatesMovesTheTextByExactlyTheDistance(move: Move, step: CGFloat) throws {
        let (storage, manager, view) = ViewportLayoutTests.setUp(text: Self.uneven)
        let controller = manager.textViewportLayoutController
        manager.keptLayoutLimit = 4_000 // releasing layouts must not change what is shown
        // Start in the middle, everything around it estimated.
        let middle = try #require(storage.location(storage.documentRange.location, offsetBy: storage.utf16Length / 2))
        view.visibleRect.origin.y = controller.relocateViewport(to: middle)
        controller.layoutViewport()
        let start = try Self.top(controller, storage)
        #expect(controller.viewportBounds.minY > 16 * step, "room to scroll up")

        func scroll(by distance: CGFloat) throws {
            // The text at the top before the move, and where it is on screen.
            let reference = try #require(controller.visibleFragments.first?.rangeInElement?.location)
            let before = try Self.screenY(of: reference, manager)
            switch move {
            case .viewScrolls: view.visibleRect.origin.y += distance
            case .adjustViewport: controller.adjustViewport(byVerticalOffset: distance)
            }
            controller.layoutViewport()
            #expect(view.visibleRect.minY == controller.viewportBounds.minY)
            let after = try Self.screenY(of: reference, manager)
            #expect(abs(after - (before - distance)) < 1e-6, "moved \(after - before) for a scroll of \(distance)")
            #expect(manager.layoutFailures == [])
        }
        for _ in 0 ..< 15 { try scroll(by: -step) }
        for _ in 0 ..< 15 { try scroll(by: step) }
        let end = try Self.top(controller, storage)
        #expect(end.0 == start.0)
        #expect(abs(end.1 - start.1) < 1e-6, "fifteen pages up and down end \(end.1 - start.1) pt away")
    }

    @Test func aScrollShowsEveryParagraphOnceOnTheWayDown() throws {
        // Paging down a page at a time from the top of estimated text: the fragments seen tile
        // the document, none skipped and none seen at two different document positions.
        let (storage, manager, view) = ViewportLayoutTests.setUp(text: Self.uneven)
        let controller = manager.textViewportLayoutController
        view.visibleRect.size.height = 400
        controller.prefetchFraction = 0
        controller.layoutViewport()
        var seen: [Int: CGFloat] = [:] // paragraph start -> its top relative to the first page's
        var scrolled: CGFloat = 0
        for _ in 0 ..< 60 {
            for fragment in controller.visibleFragments {
                let start = storage.nsRange(for: fragment.rangeInElement!).location
                let y = fragment.layoutFragmentFrame.minY - controller.viewportBounds.minY + scrolled
                if let earlier = seen[start] {
                    #expect(abs(earlier - y) < 1e-6, "paragraph at \(start) seen at \(earlier) and \(y)")
                }
                seen[start] = y
            }
            view.visibleRect.origin.y += 400
            scrolled += 400
            controller.layoutViewport()
        }
        // What was seen has no gap: each paragraph starts where the one before it ends.
        let starts = seen.keys.sorted()
        let paragraphs = storage.string.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.utf16.count + 1
        }
        var expected = 0
        for (index, start) in starts.enumerated() {
            #expect(start == expected, "paragraph \(index) starts at \(start), not \(expected): one was skipped")
            expected = start + paragraphs[index]
        }
    }

    @Test(arguments: ["en", "ar_Arab", "kn_Knda"])
    func aWidthChangedAndChangedBackKeepsTheTopLine(tag: String) throws {
        let body = tag == "en" ? LayoutSamples.english : MixedSamples.text(tag)
        let long = Array(repeating: body, count: 40).joined(separator: " ")
        let text = Array(repeating: long, count: 6).joined(separator: "\n")
        let (storage, manager, view) = ViewportLayoutTests.setUp(text: text)
        let controller = manager.textViewportLayoutController
        // The top of the viewport on the last line of the third paragraph.
        let third = try #require(storage.location(storage.documentRange.location, offsetBy: 2 * (long.utf16.count + 1)))
        let fragment = try #require(manager.textLayoutFragment(for: third))
        let lastLine = try #require(fragment.textLineFragments.last)
        let anchorOffset = 2 * (long.utf16.count + 1) + lastLine.characterRange.location
        let anchor = try #require(storage.location(storage.documentRange.location, offsetBy: anchorOffset))
        view.visibleRect.origin.y = controller.relocateViewport(to: anchor)
        controller.layoutViewport()

        /// The line at the top of the viewport: its paragraph's start and its range.
        func topLine() throws -> (Int, NSRange) {
            let top = controller.viewportBounds.minY
            let first = try #require(controller.visibleFragments.first { $0.layoutFragmentFrame.maxY > top })
            let line = try #require(
                first.textLineFragments.first {
                    first.layoutFragmentFrame.minY + $0.typographicBounds.maxY > top + 1e-6
                })
            return (storage.nsRange(for: first.rangeInElement!).location, line.characterRange)
        }
        let before = try topLine()
        #expect(before.0 + before.1.location == anchorOffset)
        manager.textContainer = TextContainer(size: CGSize(width: 1_400, height: 0))
        controller.layoutViewport()
        let wide = try topLine()
        // Wider, the top line is the one that holds the anchored character.
        #expect(wide.0 == before.0)
        #expect(wide.1.location <= before.1.location && before.1.location < wide.1.location + wide.1.length)
        manager.textContainer = TextContainer(size: CGSize(width: 800, height: 0))
        controller.layoutViewport()
        let back = try topLine()
        #expect(back.0 == before.0 && back.1 == before.1)
    }

    /// Half a million paragraphs in a 200-point font: about 1.2 × 10⁸ points tall, far past the
    /// 10⁷ points a paragraph's height may count for.
    static func tallDocument() -> (TextContentStorage, TextLayoutManager, ViewportTestView) {
        let text = String(repeating: "hello world مرحبا\n", count: 500_000) + "the last paragraph"
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: 800, height: 0)),
            defaultFont: FontDescriptor(family: "DejaVu Sans", size: 200))
        storage.addTextLayoutManager(manager)
        let view = ViewportTestView(visibleRect: CGRect(x: 0, y: 0, width: 800, height: 600))
        manager.textViewportLayoutController.delegate = view
        return (storage, manager, view)
    }

    @Test func theLastParagraphOfADocumentTallerThan1e8PointsIsReachable() throws {
        let (storage, manager, view) = Self.tallDocument()
        let controller = manager.textViewportLayoutController
        let total = manager.usageBoundsForTextContainer.height
        #expect(total > 1e8)
        // Relocate to the last paragraph, lay it out and hit-test there.
        let lastStart = try #require(
            storage.location(storage.documentRange.endLocation, offsetBy: -"the last paragraph".utf16.count))
        view.visibleRect.origin.y = controller.relocateViewport(to: lastStart)
        controller.layoutViewport()
        #expect(controller.viewportBounds.minY > 1e8)
        let last = try #require(controller.visibleFragments.last)
        #expect(last.rangeInElement?.endLocation.isEqual(to: storage.documentRange.endLocation) == true)
        let point = CGPoint(x: 20, y: last.layoutFragmentFrame.midY)
        let hit = try #require(manager.textLayoutFragment(for: point))
        #expect(hit.rangeInElement?.location.isEqual(to: lastStart) == true)
        let caret = try #require(manager.caretPosition(closestTo: point))
        #expect(storage.offset(from: lastStart, to: caret.location) >= 0)
        // Points past 10⁷ find paragraphs past the one at 10⁷.
        let atTenMillion = try #require(manager.position(atY: 1e7)).ordinal
        let farther = try #require(manager.position(atY: 9e7)).ordinal
        #expect(farther > atTenMillion * 8)
    }

    @Test func pagingPastTenMillionPointsKeepsMoving() throws {
        let (storage, manager, view) = Self.tallDocument()
        let controller = manager.textViewportLayoutController
        // Pages across 10⁷ points: each one moves on by a page.
        view.visibleRect.origin.y = 1e7 - 3_000
        controller.layoutViewport()
        var previous = controller.viewportBounds.minY
        for _ in 0 ..< 20 {
            view.visibleRect.origin.y += 600
            controller.layoutViewport()
            #expect(abs(controller.viewportBounds.minY - controller.scrollCorrection - (previous + 600)) < 1e-6)
            #expect(controller.viewportBounds.minY > previous)
            previous = controller.viewportBounds.minY
        }
        #expect(previous > 1e7 + 5_000)
        // A jump far down (a scroll bar dragged) lands there: as far into the text as into
        // the height (every paragraph is alike).
        view.visibleRect.origin.y = 1.1e8
        controller.layoutViewport()
        #expect(controller.viewportBounds.minY > 1e8)
        let shown = try #require(controller.viewportRange)
        let fraction =
            Double(storage.offset(from: storage.documentRange.location, to: shown.location))
            / Double(storage.utf16Length)
        #expect(abs(fraction - 1.1e8 / manager.usageBoundsForTextContainer.height) < 0.01)
    }

    @Test func absurdHeightsNeverOverflowTheTree() throws {
        // Every paragraph as tall as a paragraph may count for: the tree's total is bounded, and
        // nothing traps.
        var text = AttributedString((0 ..< 30).map { "سطر \($0) line" }.joined(separator: "\n"))
        text.paragraphStyle = ParagraphStyle(paragraphSpacingBefore: 1e15, paragraphSpacing: 1e15)
        let storage = TextContentStorage(attributedString: text)
        let manager = TextLayoutManager()
        storage.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        let height = manager.usageBoundsForTextContainer.height
        #expect(height.isFinite && height > 0 && height <= LayoutHeight.points(LayoutHeight.maximumTotalUnits))
        #expect(manager.textLayoutFragment(for: CGPoint(x: 0, y: height - 1)) != nil)
        #expect(LayoutHeight.position(.infinity) == LayoutHeight.maximumTotalUnits)
        #expect(LayoutHeight.position(-.infinity) == 0 && LayoutHeight.position(.nan) == 0)
    }
}
