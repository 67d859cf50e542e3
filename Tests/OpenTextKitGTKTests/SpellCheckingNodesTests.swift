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

    /// GTK's Cairo renderer replays a Cairo node at every frame: the marks are kept as pixels
    /// (not strokes to rasterize again) and painted pixel for pixel, so that at a fraction of a
    /// pixel they land on whole pixels, as sharp as anywhere else.
    @Test func marksAreKeptAsPixelsThatLandOnWholePixelsAtAnyFraction() throws {
        let text = "A mispeled word in English, مرحبا and ಕನ್ನಡ, and anothr one"
        let view = try InProcessWidget.open(
            TextViewWidget(textView: TextView(storage: TextContentStorage(string: text))))
        defer { InProcessWidget.close(view) }
        try view.startSpellChecking(language: "en-US")
        InProcessWidget.draw(view)
        try #require(view.textCheckingController).finishChecking()
        InProcessWidget.draw(view)
        let surface = try #require(view.textView.renderingSurfaces.first)
        let node = try #require(view.keptNode(for: surface))
        try #require(gsk_render_node_get_node_type(node) == GSK_CONTAINER_NODE)
        let marks = try #require(gsk_container_node_get_child(node, 0))
        // Drawn at whole pixels and at fractions below and above a half.
        func pixels(offsetBy offset: Double) -> [UInt8] {
            let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 60)
            defer { cairo_surface_destroy(image) }
            let cairo = cairo_create(image)
            cairo_translate(cairo, 2 + offset, 10 + offset)
            gsk_render_node_draw(marks, cairo)
            cairo_destroy(cairo)
            cairo_surface_flush(image)
            let data = cairo_image_surface_get_data(image)!
            return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(image)) * 60))
        }
        let whole = pixels(offsetBy: 0)
        let redPixels = stride(from: 0, to: whole.count, by: 4).filter { whole[$0 + 2] > 100 && whole[$0] < 100 }
        #expect(redPixels.count > 20, "the waves under the two misspellings")
        let sameAtAFraction = pixels(offsetBy: 0.3).elementsEqual(whole)
        #expect(sameAtAFraction)
        // Past a half: the same pixels, one pixel right and down.
        let rowBytes = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, 800))
        let moved = pixels(offsetBy: 0.7)
        let shift = rowBytes + 4
        let sameMovedByAPixel = moved[shift...].elementsEqual(whole[..<(whole.count - shift)])
        #expect(sameMovedByAPixel)
    }
}
