import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

/// The input method's side (`GtkIMContext`): its preedit is the view's marked text, its commit
/// the view's `insertText`, and it reads and deletes the text around the caret.
extension TextViewWidget {
    /// How much text around the caret an input method is shown, each side, in UTF-16 units.
    static let surroundingReach = 1_000

    var inputMethodContext: UnsafeMutablePointer<GtkIMContext>? {
        canvas.flatMap { otk_text_canvas_get_im_context($0) }
    }

    func inputMethodCommitted(_ text: String) {
        textView.insertText(text, replacementRange: NSRange(location: NSNotFound, length: 0))
        userDidEdit()
    }

    /// The preedit changed: it becomes the marked text, with its clauses' attributes and the
    /// caret where the input method's cursor is; an empty preedit removes the marked text (a
    /// commit, if any, follows).
    func preeditChanged() {
        guard let context = inputMethodContext else { return }
        var string: UnsafeMutablePointer<CChar>?
        var attributes: OpaquePointer?
        var cursor: Int32 = 0
        gtk_im_context_get_preedit_string(context, &string, &attributes, &cursor)
        defer {
            g_free(string)
            if let attributes { pango_attr_list_unref(attributes) }
        }
        let text = string.map { String(cString: $0) } ?? ""
        if text.isEmpty, !textView.hasMarkedText { return }
        // GTK counts the cursor in characters (Unicode scalars).
        let scalars = text.unicodeScalars
        let cursorScalar = scalars.index(scalars.startIndex, offsetBy: Int(max(0, cursor)), limitedBy: scalars.endIndex)
        let caret = text.utf16.distance(from: text.startIndex, to: cursorScalar ?? scalars.endIndex)
        // The clauses' attributes (the one being converted) come with the text.
        textView.setMarkedText(
            PreeditText.attributedString(text, attributes: attributes),
            selectedRange: NSRange(location: caret, length: 0),
            replacementRange: NSRange(location: NSNotFound, length: 0))
        userDidEdit()
    }

    /// The text around the caret (at most `surroundingReach` each side, within the document),
    /// and the caret's and the selection's anchor in it, for the input method.
    private func surrounding() -> (text: String, start: Int, caret: Int, anchor: Int)? {
        let selection = textView.selectedRange()
        guard selection.location != NSNotFound else { return nil }
        let length = textView.textContentStorage.utf16Length
        var start = max(0, selection.location - Self.surroundingReach)
        var end = min(length, selection.location + selection.length + Self.surroundingReach)
        // A range that splits a surrogate pair gives no text: step off it.
        for _ in 0 ..< 2 {
            if let text = textView.text(in: NSRange(location: start, length: end - start)) {
                return (text, start, selection.location + selection.length - start, selection.location - start)
            }
            start = min(start + 1, selection.location)
            end = max(end - 1, selection.location + selection.length)
        }
        return nil
    }

    func retrieveSurrounding() -> Bool {
        guard let context = inputMethodContext, let around = surrounding() else { return false }
        let utf16 = around.text.utf16
        func bytes(_ offset: Int) -> Int32 {
            let index = utf16.index(utf16.startIndex, offsetBy: offset)
            return Int32(around.text.utf8.distance(from: around.text.startIndex, to: index))
        }
        gtk_im_context_set_surrounding_with_selection(
            context, around.text, Int32(around.text.utf8.count), bytes(around.caret), bytes(around.anchor))
        return true
    }

    /// Deletes `count` characters (Unicode scalars) starting `offset` characters from the
    /// caret, as an input method asks; false when that reaches outside the text it was shown.
    func deleteSurrounding(offset: Int, count: Int) -> Bool {
        guard count >= 0, let around = surrounding() else { return false }
        let scalars = around.text.unicodeScalars
        let caretIndex = around.text.utf16.index(around.text.utf16.startIndex, offsetBy: around.caret)
        let caretScalar = scalars.distance(from: scalars.startIndex, to: caretIndex)
        let first = caretScalar + offset
        guard first >= 0, first + count <= scalars.count else { return false }
        let from = scalars.index(scalars.startIndex, offsetBy: first)
        let to = scalars.index(from, offsetBy: count)
        let lower = around.text.utf16.distance(from: around.text.startIndex, to: from)
        let upper = around.text.utf16.distance(from: around.text.startIndex, to: to)
        textView.replace(NSRange(location: around.start + lower, length: upper - lower), withText: "")
        userDidEdit()
        return true
    }

    /// Tells the input method where the caret is on the widget, so that its window (a list of
    /// candidates) opens under the text.
    func updateInputMethodCursor() {
        guard let context = inputMethodContext else { return }
        let selection = textView.selectedRange()
        guard selection.location != NSNotFound else { return }
        let rect = textView.firstRect(for: NSRange(location: selection.location + selection.length, length: 0))
        guard !rect.isNull else { return }
        let shift = containerToWidget
        var area = GdkRectangle(
            x: Int32(clamping: Int((rect.minX + shift.x).rounded())),
            y: Int32(clamping: Int((rect.minY + shift.y).rounded())),
            width: max(1, Int32(clamping: Int(rect.width.rounded()))),
            height: Int32(clamping: Int(rect.height.rounded())))
        gtk_im_context_set_cursor_location(context, &area)
    }
}
