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

    /// Puts the selected text on the widget's clipboard three ways: the engine's document
    /// format (every attribute, for a paste into any OpenTextKit view), HTML for other programs,
    /// and plain text; with `cutting`, deletes it (one undo step). Nothing selected: the
    /// clipboard is left as it is.
    func copyToClipboard(cutting: Bool = false) {
        guard let canvas, textView.selectedRange().length > 0 || textView.textLayoutManager.textSelections.count > 1
        else { return }
        let copied = cutting ? textView.cut() : textView.copy()
        guard let offered = TransferredText(copied, fontResolutionContext: textView.fontResolutionContext) else {
            return
        }
        offered.document.withUnsafeBytes { bytes in
            otk_text_canvas_set_clipboard(canvas, offered.text, bytes.baseAddress, gsize(bytes.count), offered.html)
        }
    }

    /// The clipboard's content arrived for a paste: the engine's document format is pasted with
    /// its attributes (through the view's formatting definition, as any paste), text as text.
    /// A document that does not decode is pasted as nothing: the clipboard is another program's
    /// and untrusted.
    func pasteArrived(_ mimeType: String?, _ data: Data?) {
        guard let mimeType, let data, !data.isEmpty, widget != nil else { return }
        if mimeType == Self.documentMimeType {
            guard let text = try? TextDocumentFormat.decode(data), !text.characters.isEmpty else { return }
            textView.paste(text)
        } else {
            let text = String(decoding: data, as: UTF8.self)
            guard !text.isEmpty else { return }
            textView.paste(text)
        }
        userDidEdit()
    }

    /// The engine's document format on the clipboard.
    static let documentMimeType = "application/x-opentextkit-document+json"

    func focusChanged(_ focused: Bool) {
        if focused { updateInputMethodCursor() }
        queueDraw()
    }
}
