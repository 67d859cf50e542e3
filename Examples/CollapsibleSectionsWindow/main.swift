import CGtk
import Foundation
import OpenTextKit
import OpenTextKitExamplesGTK
import OpenTextKitGTK

// `collapsible-sections FILE`: the seed's collapsible sections in a GTK window (Examples'
// `CollapsibleSectionsWidget`), a disclosure triangle beside each heading ("# " at a paragraph's
// start); a click on a triangle collapses or expands its section.

let arguments = CommandLine.arguments
guard arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: collapsible-sections FILE\n".utf8))
    exit(64)
}
// Without a GPU, GTK's Cairo renderer rather than GL on the processor (GTK 4.14's choice).
guard SoftwareGL.initializeGTK() else {
    FileHandle.standardError.write(Data("collapsible-sections: cannot open a display\n".utf8))
    exit(69)
}
let storage: TextContentStorage
do { storage = try TextContentStorage(contentsOf: URL(fileURLWithPath: arguments[1])) } catch {
    FileHandle.standardError.write(Data("collapsible-sections: \(arguments[1]): \(error)\n".utf8))
    exit(66)
}
let view = CollapsibleSectionsWidget(storage: storage)
let window = gtk_window_new()!
let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
gtk_window_set_title(gtkWindow, "collapsible-sections")
gtk_window_set_default_size(gtkWindow, 700, 500)
let scrolled = gtk_scrolled_window_new()!
gtk_scrolled_window_set_child(OpaquePointer(scrolled), view.widget)
gtk_window_set_child(gtkWindow, scrolled)
var isClosed = false
let close: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _ in
    isClosed = true
    return 0
}
g_signal_connect_data(
    window, "close-request", unsafeBitCast(close, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
gtk_window_present(gtkWindow)
gtk_widget_grab_focus(view.widget)
while !isClosed { g_main_context_iteration(nil, 1) }
