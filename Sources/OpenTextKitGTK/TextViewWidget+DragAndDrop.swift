import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

/// Drag and drop, as GtkTextView does it: a drag that starts inside the selection drags the
/// selection, offered as the clipboard offers it (the engine's document format, HTML, text).
/// Dropped elsewhere in the view, it moves there with its attributes (one undo step); dropped in
/// another program that moves it, it leaves here. Text dragged in from elsewhere is inserted
/// where it is dropped. While text is dragged over the view, a caret shows where it would go.
extension TextViewWidget {
    /// Whether `offset` is inside the selection (not at its ends), where a press may start a drag.
    func isInsideSelection(_ offset: Int) -> Bool {
        let selected = textView.selectedRange()
        return selected.length > 0 && textView.textLayoutManager.textSelections.count == 1
            && offset > selected.location && offset < selected.location + selected.length
    }

    /// Starts dragging the selection once the pointer has gone past GTK's threshold from `start`.
    func beginDraggingSelection(from start: CGPoint, to point: CGPoint) {
        guard let widget, let canvas,
            gtk_drag_check_threshold(widget, Int32(start.x), Int32(start.y), Int32(point.x), Int32(point.y)) != 0
        else { return }
        pressInSelection = nil
        let selected = textView.selectedRange()
        let copied = textView.copy()
        guard let offered = TransferredText(copied, fontResolutionContext: textView.fontResolutionContext) else {
            return
        }
        let begun = offered.document.withUnsafeBytes { bytes in
            otk_text_canvas_begin_drag(
                canvas, offered.text, bytes.baseAddress, gsize(bytes.count), offered.html, point.x, point.y)
        }
        if begun != 0 { draggedSelection = (selected, false) }
    }

    /// The drag of the selection ended: moved to another program (`GDK_ACTION_MOVE`), the text
    /// leaves here; dropped within the view, it has already moved.
    func dragEnded(action: GdkDragAction) {
        guard let dragged = draggedSelection else { return }
        draggedSelection = nil
        dropCaretOffset = nil
        if action == GDK_ACTION_MOVE, !dragged.droppedWithin {
            textView.setSelectedRange(dragged.range)
            textView.deleteBackward()
            userDidEdit(scrolling: false)
        }
        queueDraw()
    }

    /// Text is dragged over `point`: the drop caret goes to the place hit testing gives, unless
    /// that is inside the selection being dragged (a drop there would change nothing).
    func dropMoved(to point: CGPoint) -> Bool {
        layoutIfNeeded()
        guard let offset = textView.closestPosition(to: containerPoint(point)) else { return false }
        if let dragged = draggedSelection?.range, offset > dragged.location, offset < dragged.location + dragged.length
        {
            dropCaretOffset = nil
            queueDraw()
            return false
        }
        if dropCaretOffset != offset {
            dropCaretOffset = offset
            queueDraw()
        }
        return true
    }

    func dropLeft() {
        dropCaretOffset = nil
        queueDraw()
    }

    /// `text` dropped at `point`: the selection dragged from this view moves there; text from
    /// elsewhere is inserted there and selected.
    func dropped(_ text: String, at point: CGPoint) -> Bool {
        dropCaretOffset = nil
        layoutIfNeeded()
        guard let offset = textView.closestPosition(to: containerPoint(point)) else { return false }
        var changed: Bool
        if let dragged = draggedSelection {
            draggedSelection?.droppedWithin = true
            changed = textView.moveText(in: dragged.range, to: offset)
        } else {
            guard !text.isEmpty else { return false }
            textView.setSelectedRange(NSRange(location: offset, length: 0))
            textView.paste(text)
            let end = textView.selectedRange().location
            textView.setSelectedRange(NSRange(location: offset, length: max(0, end - offset)))
            changed = true
        }
        if let widget { gtk_widget_grab_focus(widget) }
        userDidEdit(scrolling: false)
        return changed
    }
}
