import CGtk
import Foundation
import OpenTextKit
import TestFixtures
import Testing

@testable import OpenTextKitExamplesGTK
@testable import OpenTextKitGTK

/// Responsive scrolling: while the main loop is idle the widget prepares the screen beyond what
/// it shows in the direction of the last scroll (laid out, surfaces given, nodes drawn), so that
/// a frame scrolling into it draws nothing new, and what is shown never moves while it does.
/// GTK in this process, the widget sized and drawn into snapshots as GTK would.
@MainActor
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct ResponsiveScrollingTests {
    /// 3,000 paragraphs in English, Arabic, Devanagari, Thai and emoji, some wrapping.
    static let text: String = (0 ..< 3_000).map { index in
        let sample = ["ar_Arab", "hi_Deva", "th_Thai", "emoji"].map(MixedSamples.text)[index % 4]
        return index % 3 == 0
            ? "Verse \(index), a longer one that wraps in the widget: \(sample) \(sample) \(sample)"
            : "Verse \(index): \(sample.prefix(30))"
    }.joined(separator: "\n")

    /// A widget 600 x 400 on `text`, drawn once; let go when `body` returns.
    func withWidget(_ body: (TextViewWidget) throws -> Void) throws {
        try InProcessWidget.with(
            TextViewWidget(textView: TextView(storage: TextContentStorage(string: Self.text))), body)
    }

    func draw(_ view: TextViewWidget) {
        InProcessWidget.draw(view)
    }

    /// A wheel scroll as the scroll bar reports it.
    func scroll(_ view: TextViewWidget, by delta: CGFloat) {
        view.preparation.direction = delta < 0 ? -1 : 1
        view.textView.visibleRect.origin.y += delta
        view.queueDraw()
    }

    /// Idle steps until the widget has prepared all it will; returns how many it took.
    @discardableResult
    func prepareUntilDone(_ view: TextViewWidget) -> Int {
        var steps = 0
        while view.prepareContentStep() { steps += 1 }
        return steps
    }

    @Test func theNextScreenIsPreparedInStepsAndAScrollIntoItDrawsNothingNew() throws {
        try withWidget { view in
            let shown = view.textView.visibleRect
            let steps = prepareUntilDone(view)
            #expect(steps >= 3)
            // What is shown stays, and is what the viewport holds again (paging and scrolling to
            // the caret read it).
            #expect(view.textView.visibleRect == shown)
            #expect(view.textView.textLayoutManager.textViewportLayoutController.viewportBounds == shown)
            #expect(view.textView.renderingSurfaces.allSatisfy { $0.frame.intersects(shown) })
            // Scrolling through most of the prepared screen makes no node, step after step: the
            // surfaces of the text coming into view were made, and drawn, beforehand.
            let made = view.fragmentNodes.madeCount
            for _ in 0 ..< 8 {
                scroll(view, by: 40)
                draw(view)
                #expect(view.fragmentNodes.madeCount == made)
                #expect(view.textView.renderingSurfaces.allSatisfy { view.fragmentNodes.isKept($0) })
            }
            #expect(view.textView.visibleRect.minY == shown.minY + 320)
        }
    }

    @Test func scrollingUpPreparesTheScreenAboveWithoutMovingTheText() throws {
        try withWidget { view in
            // A jump into the middle (heights above are estimates), then a scroll up.
            view.textView.visibleRect.origin.y = view.textView.textLayoutManager.usageBoundsForTextContainer.height / 2
            draw(view)
            scroll(view, by: -40)
            draw(view)
            let first = try #require(view.textView.renderingSurfaces.first)
            let place = first.frame.minY - view.textView.visibleRect.minY
            prepareUntilDone(view)
            let same = try #require(
                view.textView.renderingSurfaces.first { $0.renderingSurfaceKey == first.renderingSurfaceKey })
            #expect(same.frame.minY - view.textView.visibleRect.minY == place)
            let made = view.fragmentNodes.madeCount
            for _ in 0 ..< 6 {
                scroll(view, by: -40)
                draw(view)
                #expect(view.fragmentNodes.madeCount == made)
            }
        }
    }

    /// After a jump away and back, the text beside what is shown is prepared again (what was
    /// prepared elsewhere does not count).
    @Test func aJumpAwayAndBackPreparesAgain() throws {
        try withWidget { view in
            prepareUntilDone(view)
            view.textView.visibleRect.origin.y = 30_000
            draw(view)
            #expect(prepareUntilDone(view) >= 3)
            view.textView.visibleRect.origin.y = 0
            draw(view)
            #expect(prepareUntilDone(view) >= 3)
            let made = view.fragmentNodes.madeCount
            scroll(view, by: 200)
            draw(view)
            #expect(view.fragmentNodes.madeCount == made)
        }
    }

    @Test func nothingIsPreparedPastTheEndOfTheText() throws {
        try withWidget { view in
            let bottom = view.textView.textLayoutManager.usageBoundsForTextContainer.maxY
            view.textView.visibleRect.origin.y = bottom + 10_000
            draw(view)
            prepareUntilDone(view)
            #expect(view.prepareContentStep() == false)
        }
    }
}

/// The collapsible sections' margin, drawn at every frame (and while preparing): its triangles
/// are the last frame's only, however many frames were drawn.
@MainActor
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct CollapsibleSectionsMarginTests {
    @Test func theTrianglesAreTheLastFramesOnly() throws {
        let text = (1 ... 6).map { "# Heading \($0) ಕನ್ನಡ\nA paragraph of section \($0), مرحبا." }.joined(
            separator: "\n")
        try InProcessWidget.with(CollapsibleSectionsWidget(storage: TextContentStorage(string: text))) { view in
            for _ in 0 ..< 4 { InProcessWidget.draw(view) }
            #expect(view.sections.sectionHeaders.count == 6)
            #expect(view.triangles.labels.count == 6)
        }
    }
}

/// The kept nodes' budget: at the end of a frame, nodes not shown in it are let go, oldest first,
/// down to three quarters of `limitBytes`; the nodes shown stay whatever they weigh.
@MainActor
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct FragmentRenderNodesTests {
    /// A node of 100 x 100 points (40,000 bytes as a texture) under `key`, drawn if not kept.
    func ask(_ nodes: FragmentRenderNodes, _ key: String) {
        _ = nodes.node(for: key, bounds: CGRect(x: 0, y: 0, width: 96, height: 96), scale: 1) { _ in }
    }

    @Test func nodesNotShownAreLetGoOldestFirstAndShownOnesStay() throws {
        try #require(InProcessDisplay.isReady)
        let nodes = FragmentRenderNodes()
        nodes.limitBytes = 100_000
        // One node a frame, a to d. At the end of d's frame a, b and c (120,000 bytes) are not
        // shown, over the limit: down to 75,000, a then b let go (the oldest), c kept.
        for key in ["a", "b", "c", "d"] {
            ask(nodes, key)
            nodes.endFrame()
        }
        #expect(nodes.madeCount == 4)
        ask(nodes, "c")
        ask(nodes, "d")
        #expect(nodes.madeCount == 4)
        ask(nodes, "a")
        #expect(nodes.madeCount == 5)
        // Shown in a frame, nodes stay, however far over the limit they are.
        nodes.limitBytes = 0
        nodes.endFrame()
        ask(nodes, "a")
        ask(nodes, "c")
        #expect(nodes.madeCount == 5)
    }
}
