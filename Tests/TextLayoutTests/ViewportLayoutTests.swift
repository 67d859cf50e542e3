import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// A surface that records nothing: the tests count how many are made.
final class RecordedSurface: TextViewportRenderingSurface {}

/// A view as the tests see it: a visible rect that follows the controller's anchor, and a log
/// of the delegate calls.
final class ViewportTestView: TextViewportLayoutControllerDelegate {
    var visibleRect: CGRect
    var log: [String] = []
    var configured: [TextLayoutFragment] = []
    var surfacesMade = 0
    var cachedSurfaces: [RenderingSurfaceKey: any TextViewportRenderingSurface] = [:]
    var needsLayoutCount = 0

    init(visibleRect: CGRect) {
        self.visibleRect = visibleRect
    }

    func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { visibleRect }

    func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController) {
        log.append("will")
        configured = []
    }

    func textViewportLayoutController(
        _ controller: TextViewportLayoutController, configureRenderingSurfaceFor fragment: TextLayoutFragment
    ) {
        log.append("configure")
        configured.append(fragment)
        let key = fragment.renderingSurfaceKey
        if controller.renderingSurface(forKey: key) == nil {
            surfacesMade += 1
            controller.setRenderingSurface(RecordedSurface(), forKey: key)
        } else if let kept = cachedSurfaces.removeValue(forKey: key) {
            controller.setRenderingSurface(kept, forKey: key)
        }
    }

    func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
        log.append("did")
        visibleRect.origin.y = controller.viewportBounds.minY
    }

    func textViewportLayoutControllerReceivedSetNeedsLayout(_ controller: TextViewportLayoutController) {
        needsLayoutCount += 1
    }

    func textViewportLayoutController(
        _ controller: TextViewportLayoutController, cacheRenderingSurface surface: any TextViewportRenderingSurface,
        forKey key: RenderingSurfaceKey
    ) {
        cachedSurfaces[key] = surface
    }

    func textViewportLayoutController(
        _ controller: TextViewportLayoutController, retrieveCachedRenderingSurfaceForKey key: RenderingSurfaceKey
    ) -> (any TextViewportRenderingSurface)? {
        cachedSurfaces[key]
    }
}

@Suite struct ViewportLayoutTests {
    /// About 2,400 paragraphs of every script and English.
    static let text = Array(repeating: NoncontiguousLayoutTests.document, count: 10).joined(separator: "\n")

    static func setUp(y: CGFloat = 0, text: String = text) -> (TextContentStorage, TextLayoutManager, ViewportTestView)
    {
        let storage = TextContentStorage(string: text)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 800, height: 0)))
        manager.recordLayoutFailures()
        storage.addTextLayoutManager(manager)
        let view = ViewportTestView(visibleRect: CGRect(x: 0, y: y, width: 800, height: 600))
        manager.textViewportLayoutController.delegate = view
        return (storage, manager, view)
    }

    /// Where each visible fragment is drawn on screen, by its text.
    private static func screen(
        _ controller: TextViewportLayoutController, _ storage: TextContentStorage
    ) -> [NSRange: CGFloat] {
        Dictionary(
            uniqueKeysWithValues: controller.visibleFragments.map {
                (storage.nsRange(for: $0.rangeInElement!), $0.layoutFragmentFrame.minY - controller.viewportBounds.minY)
            })
    }

    @Test func theViewportLaysOutOnlyWhatIsVisible() throws {
        let (storage, manager, view) = Self.setUp()
        let controller = manager.textViewportLayoutController
        view.visibleRect.origin.y = manager.usageBoundsForTextContainer.height / 2
        var completions: [LayoutCompletion] = []
        let observation = manager.observeLayoutCompletion { completions.append($0) }
        controller.layoutViewport()
        #expect(view.log.first == "will" && view.log.last == "did")
        #expect(view.log.dropFirst().dropLast().allSatisfy { $0 == "configure" })
        #expect(!view.configured.isEmpty)
        let bounds = controller.viewportBounds
        for fragment in view.configured {
            #expect(fragment.state == .layoutAvailable)
            #expect(fragment.layoutFragmentFrame.maxY > bounds.minY && fragment.layoutFragmentFrame.minY < bounds.maxY)
        }
        // The fragments cover the viewport.
        #expect(view.configured.first!.layoutFragmentFrame.minY <= bounds.minY)
        #expect(view.configured.last!.layoutFragmentFrame.maxY >= bounds.maxY)
        #expect(manager.keptLayoutUsage.paragraphs < 120, "\(manager.keptLayoutUsage)")
        #expect(!manager.isLayoutComplete)
        let range = try #require(controller.viewportRange)
        #expect(
            storage.nsRange(for: range).location
                == storage.nsRange(for: view.configured.first!.rangeInElement!).location)
        #expect(completions == [.viewport(bounds)])
        observation.cancel()
    }

    @Test(arguments: [1, 2, 3, 4, 5])
    func measuringEstimatesAboveDoesNotMoveTheVisibleText(seed: Int) throws {
        var random = SplitMix64(seed: UInt64(seed))
        let (storage, manager, view) = Self.setUp()
        let controller = manager.textViewportLayoutController
        view.visibleRect.origin.y = CGFloat.random(
            in: 1_000 ..< manager.usageBoundsForTextContainer.height - 700, using: &random)
        controller.layoutViewport()
        let before = Self.screen(controller, storage)
        let heightBefore = manager.usageBoundsForTextContainer.height
        #expect(!before.isEmpty)

        // Every estimate above the viewport is measured.
        manager.ensureLayout(for: CGRect(x: 0, y: 0, width: 800, height: controller.viewportBounds.minY))
        controller.layoutViewport()
        let after = Self.screen(controller, storage)
        for (range, y) in before {
            let moved = try #require(after[range], "fragment \(range) left the viewport")
            #expect(abs(moved - y) < 1e-6, "fragment \(range) moved on screen by \(moved - y)")
        }
        // The total height and the scroll offset moved instead (estimates are not exact).
        #expect(manager.usageBoundsForTextContainer.height != heightBefore)
        #expect(abs(controller.scrollCorrection) > 0)
        #expect(view.visibleRect.minY == controller.viewportBounds.minY)
    }

    @Test func relocatingPutsTheLocationAtTheTop() throws {
        let (storage, manager, view) = Self.setUp()
        let controller = manager.textViewportLayoutController
        for ordinal in [0, 1_201, 2_000, storage.paragraphCount - 1] {
            let paragraph = try #require(storage.textParagraph(atIndex: ordinal)?.elementRange)
            let location = try #require(
                storage.location(paragraph.location, offsetBy: min(5, storage.nsRange(for: paragraph).length - 1)))
            let y = controller.relocateViewport(to: location)
            controller.layoutViewport()
            // Measuring the band above the viewport may move the viewport (and the view with it)
            // by what the estimates were off; the location's line stays at its top.
            #expect(abs(controller.viewportBounds.minY - y) <= abs(controller.scrollCorrection) + 1e-6)
            #expect(view.visibleRect.minY == controller.viewportBounds.minY)
            let first = try #require(controller.visibleFragments.first)
            #expect(first.rangeInElement == paragraph, "paragraph \(ordinal)")
            let line = try #require(
                first.textLineFragment(forCharacterAt: storage.offset(from: paragraph.location, to: location)))
            #expect(
                abs(first.layoutFragmentFrame.minY + line.typographicBounds.minY - controller.viewportBounds.minY)
                    < 1e-6)
        }
    }

    @Test func adjustingMovesTheViewportWithoutLayout() throws {
        let (storage, manager, view) = Self.setUp(y: 5_000)
        defer { withExtendedLifetime(storage) {} }
        let controller = manager.textViewportLayoutController
        controller.layoutViewport()
        let top = controller.viewportBounds.minY
        let kept = manager.keptLayoutUsage
        controller.adjustViewport(byVerticalOffset: 250)
        #expect(manager.keptLayoutUsage == kept)
        controller.layoutViewport()
        #expect(abs(controller.viewportBounds.minY - (top + 250)) < 1e-6)
        #expect(view.visibleRect.minY == controller.viewportBounds.minY)
        controller.adjustViewport(byVerticalOffset: .nan)
        controller.adjustViewport(byVerticalOffset: -1_000_000)
        controller.layoutViewport()
        #expect(controller.viewportBounds.minY >= 0)
    }

    @Test func surfacesAreReusedWhileTheirFragmentsAreUnchanged() throws {
        let (storage, manager, view) = Self.setUp(y: 3_000)
        let controller = manager.textViewportLayoutController
        controller.layoutViewport()
        let made = view.surfacesMade
        #expect(made == view.configured.count)
        controller.layoutViewport()
        #expect(view.surfacesMade == made)

        // A paragraph typed at the top moves the visible ones without laying them out again.
        try storage.replaceContents(in: TextRange(location: storage.documentRange.location), with: "ಹೊಸ ಸಾಲು مرحبا\n")
        #expect(view.needsLayoutCount >= 1)
        controller.layoutViewport()
        #expect(view.surfacesMade == made)

        // Scrolled away and back: the surfaces come back from the view's cache.
        view.visibleRect.origin.y = 30_000
        controller.layoutViewport()
        let away = view.surfacesMade
        #expect(away > made)
        view.visibleRect.origin.y = 3_000
        controller.layoutViewport()
        #expect(view.surfacesMade <= away + 2)
    }

    @Test func joiningTheTopParagraphToTheOneAboveKeepsTheViewportStill() throws {
        let (storage, manager, view) = Self.setUp(y: 8_000)
        let controller = manager.textViewportLayoutController
        controller.layoutViewport()
        let top = controller.viewportBounds.minY
        let first = try #require(controller.visibleFragments.first?.rangeInElement)
        // Backspace at the start of the top paragraph: it joins the one above the viewport.
        let start = storage.offset(from: storage.documentRange.location, to: first.location)
        try storage.replaceContents(in: storage.textRange(for: start - 1 ..< start)!, with: "")
        controller.layoutViewport()
        #expect(
            abs(controller.viewportBounds.minY - top) < 1e-6,
            "the viewport moved by \(controller.viewportBounds.minY - top)")
        #expect(view.visibleRect.minY == controller.viewportBounds.minY)
    }

    @Test func absurdViewportsNeitherTrapNorHang() {
        let (storage, manager, view) = Self.setUp()
        let controller = manager.textViewportLayoutController
        withExtendedLifetime(storage) {
            for rect in [
                CGRect(x: CGFloat.nan, y: CGFloat.nan, width: 10, height: 10),
                CGRect(x: 0, y: -500, width: -10, height: -10),
                CGRect(x: 0, y: 1e300, width: 800, height: 600),
                CGRect(x: 0, y: 0, width: 800, height: CGFloat.infinity),
            ] {
                view.visibleRect = rect
                controller.layoutViewport()
                #expect(controller.viewportBounds.minY.isFinite && controller.viewportBounds.height.isFinite)
            }
        }
        let empty = Self.setUp(text: "")
        empty.1.textViewportLayoutController.layoutViewport()
        #expect(empty.1.textViewportLayoutController.visibleFragments.isEmpty)
        #expect(empty.1.textViewportLayoutController.viewportRange == nil)
    }
}

/// The bands beyond the viewport are laid out in batches: scrolling a line at a time lays
/// nothing new out most of the time, yet at least half a band stays laid out past each edge,
/// down and up, in every script.
@Suite struct ViewportLookAheadTests {
    /// Whether everything from `from` to `to` (container y) is laid out at the current geometry.
    static func isLaidOut(_ manager: TextLayoutManager, from: CGFloat, to: CGFloat) -> Bool {
        guard let first = manager.layoutIndex.ordinal(atY: max(0, from)) else { return false }
        var covered = true
        manager.layoutIndex.forEach(from: first) { position in
            guard position.y < to else { return false }
            if position.entry.kept == nil || position.entry.needsLayout { covered = false }
            return covered
        }
        return covered
    }

    @Test func smallScrollsKeepHalfABandLaidOutPastEachEdge() throws {
        let (storage, manager, view) = ViewportLayoutTests.setUp()
        let controller = manager.textViewportLayoutController
        let band = view.visibleRect.height * controller.prefetchFraction
        view.visibleRect.origin.y = 3_000
        controller.layoutViewport()
        var layoutsWithNewParagraphs = 0, steps = 0
        // Down 2,550 points, then up past where it started.
        for (step, count) in [(17.0, 150), (-17.0, 300)] {
            for _ in 0 ..< count {
                view.visibleRect.origin.y = max(0, view.visibleRect.origin.y + step)
                let laidOutBefore = manager.keptLayoutUsage.paragraphs
                controller.layoutViewport()
                steps += 1
                if manager.keptLayoutUsage.paragraphs != laidOutBefore { layoutsWithNewParagraphs += 1 }
                let bounds = controller.viewportBounds
                #expect(
                    Self.isLaidOut(manager, from: bounds.minY - band / 2, to: bounds.maxY + band / 2),
                    "less than half a band laid out around \(bounds)")
                let fragments = controller.visibleFragments
                #expect((fragments.first?.layoutFragmentFrame.minY ?? .infinity) <= bounds.minY)
                #expect((fragments.last?.layoutFragmentFrame.maxY ?? -.infinity) >= bounds.maxY)
            }
        }
        // A batch is half a band (150 points): about one scroll in sixteen lays anything out
        // (laying out to a whole band every time, it was one in three or four).
        #expect(
            layoutsWithNewParagraphs * 8 < steps, "\(layoutsWithNewParagraphs) of \(steps) scrolls laid paragraphs out")
        #expect(storage.utf16Length > 0)
    }
}
