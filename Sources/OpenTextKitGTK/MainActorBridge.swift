import COpenTextKitGTK

/// Swift's main actor in a GTK program. On Linux the main actor's work waits in libdispatch's
/// main queue, which nothing drains while GTK runs its GLib main loop: a `Task { @MainActor in }`
/// never starts, and an `async` call made on the main actor (a Writing Tools session) never comes
/// back. `attachToGLib()` has GLib's main loop drain that queue whenever work arrives, as
/// CoreFoundation's run loop does elsewhere.
///
/// ```swift
/// gtk_init()
/// MainActorBridge.attachToGLib()
/// Task { @MainActor in try await coordinator.perform(.proofread, using: service) }
/// while running { g_main_context_iteration(nil, 1) }
/// ```
public enum MainActorBridge {
    /// Attaches the main queue to GLib's default main context (once; later calls do nothing).
    /// Returns whether it is attached.
    @discardableResult
    public static func attachToGLib() -> Bool {
        otk_main_queue_attach_to_glib() != 0
    }
}
