import CGtk
import Foundation
import Observation
import OpenTextKit
import OpenTextKitExamples
import OpenTextKitGTK

// The seed's SwiftUI `FormattedEditor` on GTK: `TextEditor(text: $text, selection: $selection)`
// bound to an @Observable model, and the Bold, Italic and Underline buttons running the seed's
// `toggleBold`, `toggleItalic`, `toggleUnderline` (Examples' `FormattedEditor`, the seed's code)
// on the model. When the window closes (Ctrl+Q), the model's runs are printed as JSON: each
// run's text and whether it is bold, italic and underlined.

/// The view's state (`@State private var text`, `selection`), observed by the editor.
@Observable final class FormattedEditorModel {
    var editor = FormattedEditor()
}

// Without a GPU, GTK's Cairo renderer rather than GL on the processor (GTK 4.14's choice).
guard SoftwareGL.initializeGTK() else {
    FileHandle.standardError.write(Data("formatted-editor: cannot open a display\n".utf8))
    exit(69)
}
let model = FormattedEditorModel()
let editor = TextEditor(
    model, text: \.editor.text, selection: \.editor.selection,
    fontResolutionContext: model.editor.fontResolutionContext)

let window = gtk_window_new()!
let gtkWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
gtk_window_set_title(gtkWindow, "formatted-editor")
gtk_window_set_default_size(gtkWindow, 600, 400)
let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
let toolbar = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!

/// A `GtkWidget` as the `GtkBox` it is.
func box(_ widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkBox> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GtkBox.self)
}

/// The buttons' actions: the seed's, on the model.
let actions: [(String, @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void)] = [
    ("Bold", { _, _ in model.editor.toggleBold() }),
    ("Italic", { _, _ in model.editor.toggleItalic() }),
    ("Underline", { _, _ in model.editor.toggleUnderline() }),
]
for (label, action) in actions {
    let button = gtk_button_new_with_label(label)!
    // Each 100 x 36 at the window's top left, so that a test can click them.
    gtk_widget_set_size_request(button, 100, 36)
    gtk_widget_set_focus_on_click(button, 0)
    g_signal_connect_data(
        button, "clicked", unsafeBitCast(action, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
    gtk_box_append(box(toolbar), button)
}
let scrolled = gtk_scrolled_window_new()!
gtk_widget_set_vexpand(scrolled, 1)
gtk_scrolled_window_set_child(OpaquePointer(scrolled), editor.widget)
gtk_box_append(box(column), toolbar)
gtk_box_append(box(column), scrolled)
gtk_window_set_child(gtkWindow, column)

var isClosed = false
let close: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _ in
    isClosed = true
    return 0
}
g_signal_connect_data(
    window, "close-request", unsafeBitCast(close, to: GCallback.self), nil, nil, GConnectFlags(rawValue: 0))
let quit: GtkShortcutFunc = { _, _, _ in
    gtk_window_close(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self))
    return 1
}
let shortcuts = gtk_shortcut_controller_new()
gtk_shortcut_controller_set_scope(shortcuts, GTK_SHORTCUT_SCOPE_GLOBAL)
gtk_shortcut_controller_add_shortcut(
    shortcuts,
    gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Control>q"), gtk_callback_action_new(quit, nil, nil)))
gtk_widget_add_controller(window, shortcuts)

gtk_window_present(gtkWindow)
gtk_widget_grab_focus(editor.widget)
while !isClosed { g_main_context_iteration(nil, 1) }

// The model's runs.
let context = model.editor.fontResolutionContext
var runs: [String] = []
for run in model.editor.text.runs {
    let characters = String(model.editor.text[run.range].characters)
    let resolved = (run.font ?? .default).resolve(in: context)
    let quoted = String(data: try JSONEncoder().encode(characters), encoding: .utf8)!
    runs.append(
        "{\"text\": \(quoted), \"bold\": \(resolved.isBold), \"italic\": \(resolved.isItalic), "
            + "\"underline\": \(run.underlineStyle != nil)}")
}
print("[" + runs.joined(separator: ", ") + "]")
