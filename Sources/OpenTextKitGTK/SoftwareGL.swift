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
    /// `gtk_init_check()` for an app that draws as `preferCairoRenderer()` chooses: when GTK's
    /// windows will be drawn with Cairo anyway (`GSK_RENDERER=cairo`, or no GPU device on this
    /// machine, so that GL could only be rasterized in software), GDK starts with GL turned off
    /// (`GDK_DEBUG=gl-disable` while it starts; the environment is then put back, as programs
    /// started from the app inherit it): GTK then neither loads Mesa (about 60 MB resident, its
    /// LLVM among them) nor probes it. Then `preferCairoRenderer()`. Returns whether GTK started.
    ///
    /// ```swift
    /// guard SoftwareGL.initializeGTK() else { exit(69) }
    /// ```
    public static func initializeGTK() -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let turnsGLOff = turnsGLOff(environment: environment, hasGPUDevice: otk_has_gpu_device() != 0)
        if turnsGLOff {
            let flags = [environment["GDK_DEBUG"], "gl-disable"].compactMap { $0 }.filter { !$0.isEmpty }
            setenv("GDK_DEBUG", flags.joined(separator: ","), 1)
        }
        let started = gtk_init_check() != 0
        if turnsGLOff {
            if let debug = environment["GDK_DEBUG"] { setenv("GDK_DEBUG", debug, 1) } else { unsetenv("GDK_DEBUG") }
        }
        guard started else { return false }
        if turnsGLOff, environment["GSK_RENDERER"] == nil {
            // Not GTK's GL renderer first, to find that GL is off.
            otk_display_use_renderer(gdk_display_get_default(), "cairo")
        } else {
            preferCairoRenderer()
        }
        return true
    }

    /// Whether GDK starts with GL off: the windows are drawn with Cairo whatever GL is (the user
    /// chose it, or there is no GPU to draw with). Other renderers the user chose need GL.
    static func turnsGLOff(environment: [String: String], hasGPUDevice: Bool) -> Bool {
        switch environment["GSK_RENDERER"] {
        case nil: !hasGPUDevice
        case "cairo"?: true
        default: false
        }
    }

    @discardableResult
    public static func preferCairoRenderer() -> Bool {
        guard ProcessInfo.processInfo.environment["GSK_RENDERER"] == nil, let display = gdk_display_get_default(),
            otk_gl_is_software(display) != 0
        else { return false }
        otk_display_use_renderer(display, "cairo")
        return true
    }
}
