import CGtk
import Foundation
import OpenTextKit
import Testing

@testable import OpenTextKitGTK

/// A widget in this process's GTK (`InProcessDisplay`), sized and drawn into snapshots as GTK
/// would, for tests that count what it draws.
@MainActor
enum InProcessWidget {
    static let width = 600, height = 400

    /// Makes a view (once GTK is initialised: `view` is evaluated then), holds its widget (in a
    /// scrolled window with `scrolled`, which then gives it its scroll bar's adjustment), sizes
    /// it 600 x 400 and draws a frame. `close(_:)` lets it go.
    static func open<View: TextViewWidget>(_ view: @autoclosure () -> View, scrolled: Bool = false) throws -> View {
        try #require(InProcessDisplay.isReady)
        let view = view()
        let widget = try #require(view.widget)
        g_object_ref_sink(UnsafeMutableRawPointer(widget))
        if scrolled, let window = gtk_scrolled_window_new() {
            g_object_ref_sink(UnsafeMutableRawPointer(window))
            gtk_scrolled_window_set_child(OpaquePointer(window), widget)
        }
        view.allocate(width: width, height: height)
        draw(view)
        return view
    }

    /// Lets go of a view `open(_:scrolled:)` made (and of its scrolled window).
    static func close(_ view: TextViewWidget) {
        view.cancelContentPreparation()
        guard let widget = view.widget else { return }
        let window = gtk_widget_get_parent(widget)
        g_object_unref(UnsafeMutableRawPointer(widget))
        if let window { g_object_unref(UnsafeMutableRawPointer(window)) }
    }

    /// `open(_:scrolled:)`, `body`, `close(_:)`.
    static func with<View: TextViewWidget>(
        _ view: @autoclosure () -> View, scrolled: Bool = false, _ body: (View) throws -> Void
    ) throws {
        let view = try open(view(), scrolled: scrolled)
        defer { close(view) }
        try body(view)
    }

    /// One frame drawn into a snapshot that is thrown away.
    static func draw(_ view: TextViewWidget) {
        let snapshot = gtk_snapshot_new()!
        view.snapshot(snapshot, width: width, height: height)
        if let node = gtk_snapshot_free_to_node(snapshot) { gsk_render_node_unref(node) }
    }
}
