import CGtk
import Foundation

/// A small modal window over the editor's: a message and buttons (labels with mnemonics, so
/// Alt and the underlined letter press one), the first the default. GTK 4.8's message dialog
/// is made through a variadic C function, which Swift cannot call.
final class EditorDialog {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let answer: (Int) -> Void
    private var answered = false

    /// Shows `message` over `parent` with `buttons`; `answer` is told the index of the one
    /// pressed (or the last, Cancel's place, when the dialog is closed otherwise).
    init(
        title: String, message: String, buttons: [String], over parent: UnsafeMutablePointer<GtkWidget>,
        answer: @escaping (Int) -> Void
    ) {
        self.answer = answer
        window = gtk_window_new()
        let gtkWindow = window.window
        gtk_window_set_title(gtkWindow, title)
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_transient_for(gtkWindow, parent.window)
        gtk_window_set_resizable(gtkWindow, 0)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        for margin in [
            gtk_widget_set_margin_top, gtk_widget_set_margin_bottom, gtk_widget_set_margin_start,
            gtk_widget_set_margin_end,
        ] {
            margin(column, 16)
        }
        let label = gtk_label_new(message)!
        gtk_label_set_wrap(OpaquePointer(label), 1)
        gtk_box_append(column.box, label)
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_halign(row, GTK_ALIGN_END)
        let owner = Unmanaged.passRetained(self).toOpaque()
        for (index, title) in buttons.enumerated() {
            let button = gtk_button_new_with_mnemonic(title)!
            g_object_set_data(button.object, "otk-answer", UnsafeMutableRawPointer(bitPattern: index + 1))
            button.connect("clicked", owner: owner, unsafeBitCast(Self.clicked, to: GCallback.self))
            gtk_box_append(row.box, button)
            if index == 0 { gtk_window_set_default_widget(gtkWindow, button) }
        }
        gtk_box_append(column.box, row)
        gtk_window_set_child(gtkWindow, column)
        window.connect("close-request", owner: owner, unsafeBitCast(Self.closeRequested, to: GCallback.self))
        gtk_window_present(gtkWindow)
    }

    private func finish(_ index: Int) {
        guard !answered else { return }
        answered = true
        gtk_window_destroy(window.window)
        answer(index)
        Unmanaged.passUnretained(self).release()
    }

    private static let clicked: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
        button, owner in
        let object = button?.assumingMemoryBound(to: GObject.self)
        let index = Int(bitPattern: g_object_get_data(object, "otk-answer")) - 1
        Unmanaged<EditorDialog>.fromOpaque(owner!).takeUnretainedValue().finish(index)
    }

    private static let closeRequested: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean =
        { _, owner in
            let dialog = Unmanaged<EditorDialog>.fromOpaque(owner!).takeUnretainedValue()
            // Closed by its window's button or Escape: the last answer (Cancel).
            dialog.finish(Int.max)
            return 1
        }
}
