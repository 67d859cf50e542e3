import CGtk
import COpenTextKitGTK
import Foundation

/// Without a GPU (a virtual machine, Xvfb, a remote X display) GTK 4.8's GL renderer rasterizes
/// every pixel on the processor (Mesa's llvmpipe): a frame of text takes several times what its
/// Cairo renderer takes (about 8 ms against 1.6 ms for a screen of the editor under Xvfb). GTK
/// 4.14 stopped using its GPU renderers on llvmpipe; an app on 4.8 chooses for itself with this.
public enum SoftwareGL {
    /// Has GTK draw the windows of the default display with its Cairo renderer when its GL
    /// renderer would rasterize in software (asked of GL itself); nothing when `GSK_RENDERER`
    /// is set (the user's choice) or GL is a GPU's. Call after `gtk_init` and before the first
    /// window is realized. Returns whether it chose Cairo.
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
        otk_display_use_renderer(display, "cairo")
        return true
    }
}
