import CGtk
import COpenTextKitGTK
import Foundation
import Testing

@testable import OpenTextKitGTK

/// Without a GPU GTK's GL renderer rasterizes on the processor (Mesa's llvmpipe), as under Xvfb:
/// the editor then has GTK draw with Cairo (the display's renderer, not the environment), unless
/// the user chose a renderer with `GSK_RENDERER`.
@MainActor
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct SoftwareGLTests {
    /// Runs `body` with `GSK_RENDERER` as `value` (nil: unset), then puts it back, and the
    /// display's renderer GTK's own again.
    func withRendererVariable(_ value: String?, _ body: () throws -> Void) rethrows {
        let saved = getenv("GSK_RENDERER").map { String(cString: $0) }
        if let value { setenv("GSK_RENDERER", value, 1) } else { unsetenv("GSK_RENDERER") }
        defer {
            if let saved { setenv("GSK_RENDERER", saved, 1) } else { unsetenv("GSK_RENDERER") }
            otk_display_use_renderer(gdk_display_get_default(), nil)
        }
        try body()
    }

    /// The renderer the default display's windows will be made with, as set by the app.
    var displayRenderer: String? {
        otk_display_renderer(gdk_display_get_default()).map { String(cString: $0) }
    }

    @Test func xvfbsGLIsSoftwareAndTheCairoRendererIsChosen() throws {
        try #require(InProcessDisplay.isReady)
        // Xvfb's GL is always Mesa's software rasterizer, GPU or none.
        #expect(otk_gl_is_software(gdk_display_get_default()) != 0)
        withRendererVariable(nil) {
            #expect(SoftwareGL.preferCairoRenderer())
            #expect(displayRenderer == "cairo")
            // The environment, which programs started from the editor inherit, is left alone.
            #expect(getenv("GSK_RENDERER") == nil)
        }
    }

    @Test(arguments: ["gl", "vulkan", "cairo"])
    func theUsersChoiceStands(_ renderer: String) throws {
        try #require(InProcessDisplay.isReady)
        withRendererVariable(renderer) {
            #expect(!SoftwareGL.preferCairoRenderer())
            #expect(displayRenderer == nil)
            #expect(getenv("GSK_RENDERER").map { String(cString: $0) } == renderer)
        }
    }

    /// What the display is told is what GTK makes its windows' renderers with (ahead of the
    /// environment's `GSK_RENDERER`, here "cairo").
    @Test(arguments: [("gl", "GskGLRenderer"), ("cairo", "GskCairoRenderer")])
    func windowsAreMadeWithTheDisplaysRenderer(_ name: String, _ type: String) throws {
        try #require(InProcessDisplay.isReady)
        otk_display_use_renderer(gdk_display_get_default(), name)
        defer { otk_display_use_renderer(gdk_display_get_default(), nil) }
        let window = try #require(gtk_window_new())
        defer { gtk_window_destroy(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)) }
        gtk_widget_realize(window)
        let renderer = try #require(gtk_native_get_renderer(OpaquePointer(window)))
        let instance = UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)
        #expect(String(cString: g_type_name_from_instance(instance)) == type)
    }

    @Test func noDisplayIsNoSoftwareGL() {
        #expect(otk_gl_is_software(nil) == 0)
    }
}
