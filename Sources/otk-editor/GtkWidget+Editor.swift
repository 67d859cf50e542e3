import CGtk

/// The casts and the signal connection the editor's windows make: GTK's C macros for them
/// (`GTK_WINDOW(...)`, `g_signal_connect`) do not import into Swift.
extension UnsafeMutablePointer where Pointee == GtkWidget {
    var window: UnsafeMutablePointer<GtkWindow> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkWindow.self)
    }
    var box: UnsafeMutablePointer<GtkBox> { UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkBox.self) }
    var entry: UnsafeMutablePointer<GtkEntry> { UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkEntry.self) }
    var button: UnsafeMutablePointer<GtkButton> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkButton.self)
    }
    var toggleButton: UnsafeMutablePointer<GtkToggleButton> {
        UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkToggleButton.self)
    }
    var object: UnsafeMutablePointer<GObject> { UnsafeMutableRawPointer(self).assumingMemoryBound(to: GObject.self) }

    /// Calls `callback` (a C function whose parameters match the signal's) with `owner` as its
    /// user data when the widget emits `signal`.
    func connect(_ signal: String, owner: UnsafeMutableRawPointer?, _ callback: GCallback) {
        g_signal_connect_data(self, signal, callback, owner, nil, GConnectFlags(rawValue: 0))
    }
}
