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
        // While a GL context of its own is current, this process has Mesa mapped: what the
        // editor's check would find. (Held: with no context left, Mesa may be unloaded.)
        let display = gdk_display_get_default()
        var error: UnsafeMutablePointer<GError>?
        let context = try #require(gdk_display_create_gl_context(display, &error))
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        #expect(gdk_gl_context_realize(context, &error) != 0)
        gdk_gl_context_make_current(context)
        #expect(!(try EditorWithoutGLTests.mesaLibraries(ofProcess: "self")).isEmpty)
        gdk_gl_context_clear_current()
        g_clear_error(&error)
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

    /// GDK starts with GL off when the windows are drawn with Cairo whatever GL is: the user
    /// chose Cairo, or there is no GPU to draw with. A user's other choice needs GL.
    @Test func glIsTurnedOffWhenCairoDrawsAnyway() {
        #expect(SoftwareGL.turnsGLOff(environment: [:], hasGPUDevice: false))
        #expect(!SoftwareGL.turnsGLOff(environment: [:], hasGPUDevice: true))
        #expect(SoftwareGL.turnsGLOff(environment: ["GSK_RENDERER": "cairo"], hasGPUDevice: true))
        for renderer in ["gl", "ngl", "vulkan"] {
            #expect(!SoftwareGL.turnsGLOff(environment: ["GSK_RENDERER": renderer], hasGPUDevice: false))
        }
    }

    /// Starting GTK leaves the environment as it was (programs started from the app inherit it).
    @Test func startingGTKPutsTheEnvironmentBack() throws {
        try #require(InProcessDisplay.isReady)
        let saved = getenv("GDK_DEBUG").map { String(cString: $0) }
        defer {
            if let saved { setenv("GDK_DEBUG", saved, 1) } else { unsetenv("GDK_DEBUG") }
            otk_display_use_renderer(gdk_display_get_default(), nil)
        }
        withRendererVariable("cairo") {
            unsetenv("GDK_DEBUG")
            #expect(SoftwareGL.initializeGTK())
            #expect(getenv("GDK_DEBUG") == nil)
            setenv("GDK_DEBUG", "events", 1)
            #expect(SoftwareGL.initializeGTK())
            #expect(getenv("GDK_DEBUG").map { String(cString: $0) } == "events")
        }
    }
}

/// The editor started as a user starts it: on a machine without a GPU (as here, where Xvfb's GL
/// is Mesa's software rasterizer) GTK never loads Mesa, a saving of about 60 MB resident.
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct EditorWithoutGLTests {
    /// The Mesa libraries (and the LLVM its software rasterizer compiles with) the process
    /// `process` ("self" or a number) has mapped.
    static func mesaLibraries(ofProcess process: String) throws -> [String] {
        let maps = try String(contentsOfFile: "/proc/\(process)/maps", encoding: .utf8)
        return maps.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
            .filter { name in ["_dri.so", "libGLX_mesa", "libEGL_mesa", "libLLVM"].contains { name.contains($0) } }
    }

    /// (That the check finds Mesa where it is loaded is `SoftwareGLTests`' to show, in its own
    /// process: whether GTK keeps Mesa mapped after a GL renderer of a started editor varies.)
    @Test(arguments: ["", "cairo"])
    func mesaIsNotLoadedWhenCairoDraws(_ renderer: String) throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(
                text: "GL off: مرحبا ಕನ್ನಡ 😀\n", display: display, environment: ["GSK_RENDERER": renderer])
            if otk_has_gpu_device() == 0 || renderer == "cairo" {
                let mesa = try Self.mesaLibraries(ofProcess: "\(editor.processIdentifier)")
                #expect(mesa.isEmpty, "\(mesa)")
            }
            // The text was drawn either way.
            #expect(try editor.settledScreenshot().showsText)
        }
    }
}
