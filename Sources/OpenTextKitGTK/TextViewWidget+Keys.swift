import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

extension TextViewWidget {
    /// A key the input method did not take: the view's binding for it, if any.
    func keyPressed(keyval: UInt32, modifiers: GdkModifierType) -> Bool {
        guard let action = KeyBinding.action(keyval: keyval, modifiers: modifiers) else { return false }
        perform(action)
        return true
    }

    /// Does what a key binding says, as a user's action (the selection kept in view).
    func perform(_ action: KeyAction) {
        switch action {
        case .command(let command): textView.perform(command)
        case .copy: copyToClipboard()
        case .cut: copyToClipboard(cutting: true)
        case .paste:
            if let canvas { otk_text_canvas_request_paste(canvas) }
            return
        }
        userDidEdit()
    }

    /// Puts the selected text on the widget's clipboard (as text); with `cutting`, deletes it
    /// (one undo step). Nothing selected: the clipboard is left as it is.
    func copyToClipboard(cutting: Bool = false) {
        guard let widget, textView.selectedRange().length > 0 || textView.textLayoutManager.textSelections.count > 1
        else { return }
        let copied = cutting ? textView.cut() : textView.copy()
        let text = String(copied.characters[...])
        guard !text.isEmpty else { return }
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), text)
    }

    /// The clipboard's text arrived for a paste.
    func pasteArrived(_ text: String?) {
        guard let text, !text.isEmpty, widget != nil else { return }
        textView.paste(text)
        userDidEdit()
    }

    func focusChanged(_ focused: Bool) {
        if focused { updateInputMethodCursor() }
        queueDraw()
    }
}
