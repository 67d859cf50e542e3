import CGtk
import COpenTextKitGTK
import Foundation

/// The choice GTK 4.14 makes by itself and GTK 4.8 does not: without a GPU (a virtual machine,
/// Xvfb, a remote X display) its GL renderer rasterizes every pixel on the processor (Mesa's
/// llvmpipe), several times slower for text than its Cairo renderer.
public enum SoftwareGL {
    /// Has GTK draw this process's windows with its Cairo renderer when its GL renderer would
    /// rasterize in software; nothing when `GSK_RENDERER` is set (the user's choice) or GL is a
    /// GPU's. Call after `gtk_init` and before the first window is realized. Returns whether it
    /// chose Cairo.
    ///
    /// ```swift
    /// guard gtk_init_check() != 0 else { exit(69) }
    /// SoftwareGL.preferCairoRenderer()
    /// ```
    @discardableResult
    public static func preferCairoRenderer() -> Bool {
        guard ProcessInfo.processInfo.environment["GSK_RENDERER"] == nil, let display = gdk_display_get_default(),
            otk_gl_is_software(display) != 0
        else { return false }
        // GTK reads the variable when it makes its first renderer, for a window being realized.
        setenv("GSK_RENDERER", "cairo", 1)
        return true
    }
}
