import CGtk
import Foundation
import OpenTextKit
import OpenTextKitGTK

/// The editor's window: the document's text view in a scrolled window, its title the file's
/// name (with a dot while changes are unsaved), Ctrl+S to save, Ctrl+F to find and replace,
/// Ctrl+Q to close.
final class EditorWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    let document: DocumentFile
    let view: TextViewWidget
    private var findBar: FindBar!
    private(set) var isClosed = false
    private var hasUnsavedChanges = false {
        didSet { if hasUnsavedChanges != oldValue { updateTitle() } }
    }

    init(document: DocumentFile) {
        self.document = document
        window = gtk_window_new()
        view = LineNumberedTextViewWidget(storage: document.storage)
        gtk_window_set_default_size(window.window, 900, 700)
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_ALWAYS)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), view.widget)
        gtk_widget_set_vexpand(scrolled, 1)
        findBar = FindBar(view: view)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_box_append(column.box, findBar.bar)
        gtk_box_append(column.box, scrolled)
        gtk_window_set_child(window.window, column)
        view.onUserEdit = { [unowned self] in hasUnsavedChanges = true }
        updateTitle()
        let owner = Unmanaged.passUnretained(self).toOpaque()
        window.connect("close-request", owner: owner, unsafeBitCast(Self.closeRequested, to: GCallback.self))
        addShortcut("<Control>s", owner: owner, action: Self.saveShortcut)
        addShortcut("<Control>q", owner: owner, action: Self.closeShortcut)
        addShortcut("<Control>f", owner: owner, action: Self.findShortcut)
    }

    func present() {
        gtk_window_present(window.window)
        gtk_widget_grab_focus(view.widget)
    }

    /// Saves; a failure is told on standard error and in the title, and the file is untouched.
    /// Saves; a failure is said in a dialog (and on standard error), the file untouched.
    /// Returns whether the file was written.
    @discardableResult
    func save() -> Bool {
        do {
            try document.save()
            hasUnsavedChanges = false
            FileHandle.standardError.write(Data("otk-editor: saved \(document.path)\n".utf8))
            return true
        } catch {
            FileHandle.standardError.write(Data("otk-editor: could not save \(document.path): \(error)\n".utf8))
            _ = EditorDialog(
                title: "Not saved", message: "\(document.path) was not saved, and is as it was: \(error)",
                buttons: ["_OK"], over: window
            ) { _ in }
            return false
        }
    }

    /// Closing with unsaved changes asks first: save (and close if that worked), close without
    /// saving, or stay.
    private func closeRequested() -> Bool {
        guard hasUnsavedChanges else {
            isClosed = true
            return false
        }
        let name = (document.path as NSString).lastPathComponent
        _ = EditorDialog(
            title: "Unsaved changes", message: "Save the changes to \(name) before closing?",
            buttons: ["_Save", "_Don't Save", "_Cancel"], over: window
        ) { [unowned self] answer in
            switch answer {
            case 0: if save() { closeNow() }
            case 1: closeNow()
            default: gtk_widget_grab_focus(view.widget)
            }
        }
        return true
    }

    private func closeNow() {
        isClosed = true
        gtk_window_destroy(window.window)
    }

    private func updateTitle() {
        let name = (document.path as NSString).lastPathComponent
        gtk_window_set_title(window.window, (hasUnsavedChanges ? "• " : "") + name + " — OpenTextKit")
    }

    private func addShortcut(_ trigger: String, owner: UnsafeMutableRawPointer, action: GtkShortcutFunc) {
        let controller = gtk_shortcut_controller_new()
        gtk_shortcut_controller_set_scope(controller, GTK_SHORTCUT_SCOPE_GLOBAL)
        let shortcut = gtk_shortcut_new(
            gtk_shortcut_trigger_parse_string(trigger), gtk_callback_action_new(action, owner, nil))
        gtk_shortcut_controller_add_shortcut(controller, shortcut)
        gtk_widget_add_controller(window, controller)
    }

    private static let closeRequested: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean =
        {
            _, owner in
            Unmanaged<EditorWindow>.fromOpaque(owner!).takeUnretainedValue().closeRequested() ? 1 : 0
        }

    private static let findShortcut: GtkShortcutFunc = { _, _, owner in
        Unmanaged<EditorWindow>.fromOpaque(owner!).takeUnretainedValue().findBar.show()
        return 1
    }

    private static let closeShortcut: GtkShortcutFunc = { _, _, owner in
        let editor = Unmanaged<EditorWindow>.fromOpaque(owner!).takeUnretainedValue()
        gtk_window_close(editor.window.window)
        return 1
    }

    private static let saveShortcut: GtkShortcutFunc = { _, _, owner in
        Unmanaged<EditorWindow>.fromOpaque(owner!).takeUnretainedValue().save()
        return 1
    }
}
