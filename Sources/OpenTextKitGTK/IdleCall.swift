import CGtk

/// A call made on GTK's thread when its main loop is next idle, asked for from any thread (a
/// worker, an observation's change): GLib's idle sources are thread-safe. Each `schedule()` makes
/// one call; the call holds what it captures until it runs.
///
/// ```swift
/// let redraw = IdleCall { [weak widget] in widget?.queueDraw() }
/// DispatchQueue.global().async { redraw.schedule() }
/// ```
final class IdleCall: @unchecked Sendable {
    /// Run on GTK's thread only.
    private let action: () -> Void

    init(_ action: @escaping () -> Void) {
        self.action = action
    }

    func schedule() {
        g_idle_add(
            { pointer in
                Unmanaged<IdleCall>.fromOpaque(pointer!).takeRetainedValue().action()
                return 0
            }, Unmanaged.passRetained(self).toOpaque())
    }
}
