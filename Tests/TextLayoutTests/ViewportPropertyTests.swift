import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Thousands of random steps (edits, viewport moves, container resizes, hidden-paragraph
/// toggles, rendering-attribute changes), checking the layout manager's invariants after each.
@Suite struct ViewportPropertyTests {
    static let pieces =
        LayoutSamples.mixed.map { String($0.text.prefix(24)) } + [
            "\n", "\n» hidden ", " ", "a", "\r\n", "word ", "😀", "\u{2028}",
        ]

    @Test(arguments: [101, 202])
    func randomStepsKeepEveryInvariant(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let initial = (0 ..< 80).map { index in
            index % 9 == 4
                ? "» hidden \(index)" : String(LayoutSamples.mixed[index % LayoutSamples.mixed.count].text.prefix(90))
        }.joined(separator: "\n")
        let storage = TextContentStorage(string: initial)
        let hiding = MarkerHidingDelegate()
        hiding.marker = "»"
        storage.delegate = hiding
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 300, height: 0)))
        manager.keptLayoutLimit = 1_500
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        let view = ViewportTestView(visibleRect: CGRect(x: 0, y: 0, width: 300, height: 200))
        let controller = manager.textViewportLayoutController
        controller.delegate = view
        controller.layoutViewport()
        let highlight = NSAttributedString.Key("highlight")

        for step in 0 ..< 1_500 {
            let before = screenPositions(controller, storage)
            var anchorMustHold = false
            switch Int.random(in: 0 ..< 100, using: &random) {
            case 0 ..< 35:
                let length = storage.utf16Length
                let start = Int.random(in: 0 ... length, using: &random)
                let end = min(length, start + Int.random(in: 0 ... 20, using: &random))
                try storage.replaceContents(
                    in: storage.textRange(avoidingSurrogateSplits: start ..< end),
                    with: Bool.random(using: &random) ? Self.pieces.randomElement(using: &random)! : "")
            case 35 ..< 55:
                view.visibleRect.origin.y = CGFloat.random(
                    in: -50 ... manager.usageBoundsForTextContainer.height + 50, using: &random)
            case 55 ..< 62:
                let width = [0, 1, 120, 300, 480].randomElement(using: &random)!
                manager.textContainer = TextContainer(size: CGSize(width: CGFloat(width), height: 0))
            case 62 ..< 72:
                hiding.marker = hiding.marker == nil ? "»" : nil
                manager.invalidateLayout(for: storage.documentRange)
            case 72 ..< 82:
                let length = storage.utf16Length
                let start = Int.random(in: 0 ... length, using: &random)
                let range = storage.textRange(
                    for: start ..< min(length, start + Int.random(in: 1 ... 60, using: &random)))!
                if Bool.random(using: &random) {
                    manager.addRenderingAttribute(highlight, value: step, for: range)
                } else {
                    manager.invalidateRenderingAttributes(for: range)
                }
                anchorMustHold = true
            case 82 ..< 92:
                // Measure every estimate above the viewport: the text on screen must not move.
                manager.ensureLayout(for: CGRect(x: 0, y: 0, width: 300, height: controller.viewportBounds.minY))
                anchorMustHold = true
            default:
                controller.adjustViewport(byVerticalOffset: CGFloat.random(in: -120 ... 120, using: &random))
            }
            controller.layoutViewport()
            try checkInvariants(manager, storage, controller, step: step)
            if anchorMustHold {
                let after = screenPositions(controller, storage)
                for (range, y) in before {
                    if let moved = after[range] {
                        #expect(abs(moved - y) < 1e-5, "step \(step): \(range) moved on screen by \(moved - y)")
                    }
                }
            }
        }
    }

    private func screenPositions(
        _ controller: TextViewportLayoutController, _ storage: TextContentStorage
    ) -> [NSRange: CGFloat] {
        Dictionary(
            controller.visibleFragments.map {
                (storage.nsRange(for: $0.rangeInElement!), $0.layoutFragmentFrame.minY - controller.viewportBounds.minY)
            },
            uniquingKeysWith: { first, _ in first })
    }

    private func checkInvariants(
        _ manager: TextLayoutManager, _ storage: TextContentStorage, _ controller: TextViewportLayoutController,
        step: Int
    ) throws {
        // Fragments (measured or estimated) tile the container, their heights summing to the
        // usage bounds, and their ranges follow one another without overlapping.
        var y: CGFloat = 0
        var end = 0
        var longest = 0
        // What the last viewport layout pins: the paragraphs meeting the viewport and its band.
        let bounds = controller.viewportBounds
        let band = bounds.height * controller.prefetchFraction
        var protected = 0
        manager.enumerateTextLayoutFragments(from: nil, options: .estimatesSize) { fragment in
            let frame = fragment.layoutFragmentFrame
            if frame.maxY >= bounds.minY - band, frame.minY <= bounds.maxY + band {
                protected += fragment.rangeInElement.map { storage.nsRange(for: $0).length } ?? 0
            }
            #expect(abs(fragment.layoutFragmentFrame.minY - y) < 1e-5, "step \(step): a gap or overlap at \(y)")
            y = fragment.layoutFragmentFrame.maxY
            let range = storage.nsRange(for: fragment.rangeInElement!)
            #expect(range.location >= end, "step \(step): ranges overlap")
            end = range.location + range.length
            longest = max(longest, range.length)
            return true
        }
        #expect(
            abs(y - manager.usageBoundsForTextContainer.height) < 1e-5,
            "step \(step): heights do not sum to the usage bounds")
        // Every location maps to the one fragment holding it (or none, in hidden text).
        for offset in stride(from: 0, through: storage.utf16Length, by: max(1, storage.utf16Length / 7)) {
            let location = try #require(storage.location(storage.documentRange.location, offsetBy: offset))
            if let fragment = manager.textLayoutFragment(for: location) {
                let range = storage.nsRange(for: fragment.rangeInElement!)
                #expect(
                    range.location <= offset
                        && (offset < range.location + range.length || offset == storage.utf16Length),
                    "step \(step): offset \(offset)")
            } else {
                #expect(
                    storage.textParagraph(for: location).map { String($0.attributedString.characters).hasPrefix("»") }
                        == true, "step \(step): offset \(offset) has no fragment")
            }
        }
        // Kept layouts stay within the bound, beyond what the viewport and its band pin.
        #expect(
            manager.keptLayoutUsage.utf16 <= manager.keptLayoutLimit + protected + 2 * longest,
            "step \(step): \(manager.keptLayoutUsage)")
        #expect(manager.layoutFailures == [], "step \(step)")
    }

    @Test func badInputGivesClearResults() throws {
        let (storage, manager, view) = ViewportLayoutTests.setUp(
            text: String(NoncontiguousLayoutTests.document.prefix(3_000)))
        let controller = manager.textViewportLayoutController
        // A viewport far below the document: it stops at the document's last line.
        view.visibleRect.origin.y = 1e9
        controller.layoutViewport()
        let last = try #require(controller.visibleFragments.last)
        #expect(controller.visibleFragments.count == 1)
        #expect(last.rangeInElement?.endLocation.isEqual(to: storage.documentRange.endLocation) == true)
        #expect(controller.viewportBounds.minY < manager.usageBoundsForTextContainer.height)
        #expect(view.visibleRect.minY == controller.viewportBounds.minY)
        // A location of another document.
        let other = TextContentStorage(string: "another")
        #expect(manager.textLayoutFragment(for: other.documentRange.location) == nil)
        let y = controller.relocateViewport(to: other.documentRange.endLocation)
        #expect(y == controller.viewportBounds.minY)
        manager.ensureLayout(for: other.documentRange)
        // A zero-width container: every grapheme on its own line, still tiling.
        manager.textContainer = TextContainer(size: CGSize(width: 0, height: 0))
        view.visibleRect.origin.y = 0
        controller.layoutViewport()
        #expect(!controller.visibleFragments.isEmpty)
        #expect(manager.layoutFailures == [])
        withExtendedLifetime(storage) {}
    }
}
