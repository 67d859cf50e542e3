import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

/// The context menu (a right click): on a word the spell checker marked, what could replace it
/// (a choice replaces the word, an undo step of its own), then Cut, Copy, Paste and Select All.
extension TextViewWidget {
    /// How many of the dictionary's suggestions the menu offers.
    static let suggestionsShown = 5

    /// A right click at `point` (widget coordinates): the menu there.
    func showContextMenu(at point: CGPoint) {
        guard let canvas else { return }
        layoutIfNeeded()
        let menu = g_menu_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(menu)) }
        contextMenuIssue = nil
        if let checking = textCheckingController, let offset = textView.closestPosition(to: containerPoint(point)),
            let issue = checking.issues(at: offset).first
        {
            contextMenuIssue = issue
            let section = g_menu_new()!
            let suggestions = checking.suggestions(for: issue).prefix(Self.suggestionsShown)
            for suggestion in suggestions {
                // A repeated word's correction is nothing: the item says what it does.
                let label =
                    suggestion.isEmpty
                    ? "Remove \u{201C}\(issue.text.trimmingCharacters(in: .whitespaces))\u{201D}" : suggestion
                let item = g_menu_item_new(label, nil)!
                g_menu_item_set_action_and_target_value(item, "text.replace-word", g_variant_new_string(suggestion))
                g_menu_append_item(section, item)
                g_object_unref(UnsafeMutableRawPointer(item))
            }
            if suggestions.isEmpty { g_menu_append(section, "No Suggestions", "text.none") }
            g_menu_append_section(menu, nil, UnsafeMutableRawPointer(section).assumingMemoryBound(to: GMenuModel.self))
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        let editing = g_menu_new()!
        for (label, action) in [("Cu_t", "text.cut"), ("_Copy", "text.copy"), ("_Paste", "text.paste")] {
            g_menu_append(editing, label, action)
        }
        g_menu_append(editing, "Select _All", "text.select-all")
        g_menu_append_section(menu, nil, UnsafeMutableRawPointer(editing).assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(UnsafeMutableRawPointer(editing))
        otk_text_canvas_show_menu(
            canvas, UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self), point.x, point.y)
    }

    /// An item of the menu was chosen.
    func menuActionChosen(_ name: String, argument: String?) {
        switch name {
        case "replace-word":
            guard let issue = contextMenuIssue, let replacement = argument else { return }
            contextMenuIssue = nil
            textCheckingController?.correct(issue, with: replacement)
            userDidEdit()
        case "cut": perform(.cut)
        case "copy": perform(.copy)
        case "paste": perform(.paste)
        case "select-all": perform(.command(.selectAll))
        default: break
        }
    }
}
