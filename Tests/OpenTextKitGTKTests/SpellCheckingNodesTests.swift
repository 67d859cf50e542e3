import CGtk
import Foundation
import OpenTextKit
import Testing

@testable import OpenTextKitGTK

/// Spelling marks in the GTK view's kept nodes: a fragment is drawn again when its marks come
/// (and only then), as GTK text nodes over a small Cairo node of its marks, so that a marked
/// paragraph costs a scroll what an unmarked one does. GTK in this process.
@MainActor
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct SpellCheckingNodesTests {
    @Test func markedFragmentsAreDrawnAgainOnceAsTextOverTheirMarks() throws {
        let text = (0 ..< 60).map { $0 % 2 == 0 ? "Line \($0) has a mispeled word مرحبا" : "Line \($0) is fine ಕನ್ನಡ" }
            .joined(separator: "\n")
        let view = try InProcessWidget.open(
            TextViewWidget(textView: TextView(storage: TextContentStorage(string: text))))
        defer { InProcessWidget.close(view) }
        func draw() { InProcessWidget.draw(view) }
        try view.startSpellChecking(language: "en-US")
        draw()
        let surfaces = view.textView.renderingSurfaces
        let made = view.fragmentNodes.madeCount
        #expect(
            surfaces.allSatisfy {
                gsk_render_node_get_node_type(view.keptNode(for: $0)) == GSK_TEXT_NODE
                    || gsk_render_node_get_node_type(view.keptNode(for: $0)) == GSK_CONTAINER_NODE
            })
        // The checker's results arrive: the marked half is drawn again, the rest kept.
        try #require(view.textCheckingController).finishChecking()
        draw()
        let marked = surfaces.filter {
            !view.textView.textLayoutManager.renderingAttributes(for: $0.textLayoutFragment).isEmpty
        }
        #expect(marked.count >= surfaces.count / 2 - 1 && marked.count <= surfaces.count / 2 + 1, "\(marked.count)")
        #expect(view.fragmentNodes.madeCount == made + marked.count)
        for surface in marked {
            // Text nodes over the marks' Cairo node.
            let node = try #require(view.keptNode(for: surface))
            #expect(gsk_render_node_get_node_type(node) == GSK_CONTAINER_NODE)
            #expect(gsk_container_node_get_n_children(node) == 2)
            #expect(gsk_render_node_get_node_type(gsk_container_node_get_child(node, 0)) == GSK_CAIRO_NODE)
        }
        // Another frame draws nothing again; spell checking stopped, the marked ones are drawn
        // once more, without marks.
        draw()
        #expect(view.fragmentNodes.madeCount == made + marked.count)
        view.stopSpellChecking()
        draw()
        #expect(view.fragmentNodes.madeCount == made + 2 * marked.count)
    }

    @Test func textPreparedAheadIsDrawnWithItsMarksSoAScrollIntoItDrawsNothingNew() throws {
        // Every paragraph has a misspelling.
        let text = (0 ..< 400).map { "Verse \($0) has a mispeled word and ಕನ್ನಡ text" }.joined(separator: "\n")
        let view = try InProcessWidget.open(
            TextViewWidget(textView: TextView(storage: TextContentStorage(string: text))))
        defer { InProcessWidget.close(view) }
        func draw() { InProcessWidget.draw(view) }
        try view.startSpellChecking(language: "en-US")
        draw()
        try #require(view.textCheckingController).finishChecking()
        draw()
        // The next screen prepared while idle: each step waits for the checker's marks of what
        // it laid out before drawing its nodes.
        while view.prepareContentStep() {}
        let made = view.fragmentNodes.madeCount
        for _ in 0 ..< 8 {
            view.preparation.direction = 1
            view.textView.visibleRect.origin.y += 40
            draw()
            #expect(view.fragmentNodes.madeCount == made)
            let manager = view.textView.textLayoutManager
            #expect(
                view.textView.renderingSurfaces.allSatisfy {
                    !manager.renderingAttributes(for: $0.textLayoutFragment).isEmpty
                })
        }
    }
}
