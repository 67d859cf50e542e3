import CGtk
import Foundation
import OpenTextKit
import OpenTextKitGTK

/// The editor's find and replace bar (a `GtkSearchBar`): Ctrl+F shows it; typing finds the
/// first match after the caret; Enter (or Ctrl+G) finds the next, Shift+Enter (Ctrl+Shift+G)
/// the one before; the replacement field and its buttons replace the match found or every
/// match (one undo step); Escape hides the bar and gives the text view the keys again, the
/// match still selected.
final class FindBar {
    let bar: UnsafeMutablePointer<GtkWidget>
    private let pattern: UnsafeMutablePointer<GtkWidget>
    private let replacement: UnsafeMutablePointer<GtkWidget>
    var view: TextViewWidget

    init(view: TextViewWidget) {
        self.view = view
        bar = gtk_search_bar_new()
        pattern = gtk_search_entry_new()
        replacement = gtk_entry_new()
        gtk_entry_set_placeholder_text(replacement.entry, "Replace with")
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(row.box, pattern)
        gtk_box_append(row.box, replacement)
        let owner = Unmanaged.passUnretained(self).toOpaque()
        for (label, action) in [("Replace", Self.replaceOne), ("Replace All", Self.replaceAll)] {
            let button = gtk_button_new_with_label(label)!
            button.connect("clicked", owner: owner, unsafeBitCast(action, to: GCallback.self))
            gtk_box_append(row.box, button)
        }
        gtk_search_bar_set_child(OpaquePointer(bar), row)
        gtk_search_bar_set_show_close_button(OpaquePointer(bar), 1)
        // Each key finds at once (GTK waits 150 ms by default): Enter right after typing finds
        // the next match after the one the typing found.
        gtk_search_entry_set_search_delay(OpaquePointer(pattern), 0)
        // Escape anywhere in the bar (a button has the keys after a click) hides it.
        let escape = gtk_shortcut_controller_new()
        gtk_shortcut_controller_add_shortcut(
            escape,
            gtk_shortcut_new(
                gtk_shortcut_trigger_parse_string("Escape"), gtk_callback_action_new(Self.escapeShortcut, owner, nil)))
        gtk_widget_add_controller(bar, escape)
        pattern.connect("search-changed", owner: owner, unsafeBitCast(Self.searchChanged, to: GCallback.self))
        pattern.connect("activate", owner: owner, unsafeBitCast(Self.next, to: GCallback.self))
        pattern.connect("next-match", owner: owner, unsafeBitCast(Self.next, to: GCallback.self))
        pattern.connect("previous-match", owner: owner, unsafeBitCast(Self.previous, to: GCallback.self))
        pattern.connect("stop-search", owner: owner, unsafeBitCast(Self.stop, to: GCallback.self))
    }

    /// Shows the bar with the keys in its find field.
    func show() {
        gtk_search_bar_set_search_mode(OpaquePointer(bar), 1)
        gtk_widget_grab_focus(pattern)
    }

    private var searchText: String {
        String(cString: gtk_editable_get_text(OpaquePointer(pattern)))
    }

    /// Selects the next match after the selection (or, `backward`, the one before it), going
    /// round the document's end, and scrolls it into view.
    private func find(backward: Bool = false) {
        let text = searchText
        guard !text.isEmpty, (try? view.textView.find(text, backward: backward)) != nil else { return }
        view.textView.scrollRangeToVisible(view.textView.selectedRange())
        view.queueDraw()
    }

    private func replace(all: Bool) {
        let text = searchText
        guard !text.isEmpty else { return }
        let with = String(cString: gtk_editable_get_text(OpaquePointer(replacement)))
        if all {
            _ = try? view.textView.replaceAll(text, with: with)
        } else {
            _ = try? view.textView.replace(text, with: with)
        }
        view.textView.scrollRangeToVisible(view.textView.selectedRange())
        view.queueDraw()
        view.onUserEdit?()
    }

    private static func bar(_ owner: UnsafeMutableRawPointer?) -> FindBar {
        Unmanaged<FindBar>.fromOpaque(owner!).takeUnretainedValue()
    }

    private typealias Action = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    private static let searchChanged: Action = { _, owner in
        // From the start of the match found so far: typing more narrows the same match.
        let bar = bar(owner)
        let selection = bar.view.textView.selectedRange()
        bar.view.textView.setSelectedRange(NSRange(location: selection.location, length: 0))
        bar.find()
    }
    private static let next: Action = { _, owner in bar(owner).find() }
    private static let previous: Action = { _, owner in bar(owner).find(backward: true) }
    private static let replaceOne: Action = { _, owner in bar(owner).replace(all: false) }
    private static let replaceAll: Action = { _, owner in bar(owner).replace(all: true) }
    private static let stop: Action = { _, owner in bar(owner).hide() }
    private static let escapeShortcut: GtkShortcutFunc = { _, _, owner in
        bar(owner).hide()
        return 1
    }

    /// Hides the bar and gives the text view the keys.
    private func hide() {
        gtk_search_bar_set_search_mode(OpaquePointer(bar), 0)
        if let widget = view.widget { gtk_widget_grab_focus(widget) }
    }
}
