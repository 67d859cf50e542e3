import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

/// Clicks and drags: a click places the caret where hit testing says, Shift extends the
/// selection, Ctrl adds a caret; a double click selects a word, a triple click a paragraph; a
/// drag extends by what the press selected, scrolling when it passes an edge. A drag that starts
/// inside the selection drags the selection (see TextViewWidget+DragAndDrop.swift). A right
/// click opens the context menu (TextViewWidget+ContextMenu.swift).
extension TextViewWidget {
    func containerPoint(_ point: CGPoint) -> CGPoint {
        let shift = containerToWidget
        return CGPoint(x: point.x - shift.x, y: point.y - shift.y)
    }

    func pressed(count: Int, at point: CGPoint, button: UInt32, modifiers: GdkModifierType) {
        if button == UInt32(GDK_BUTTON_SECONDARY) {
            showContextMenu(at: point)
            return
        }
        guard button == UInt32(GDK_BUTTON_PRIMARY) else { return }
        layoutIfNeeded()
        if textView.hasMarkedText {
            if let context = inputMethodContext { gtk_im_context_reset(context) }
            textView.unmarkText()
        }
        let inContainer = containerPoint(point)
        let inViewport = CGPoint(x: inContainer.x, y: inContainer.y - textView.visibleRect.minY)
        if let onPress, onPress(inViewport, count) {
            dragAnchor = nil
            queueDraw()
            return
        }
        guard let offset = textView.closestPosition(to: inContainer) else { return }
        let shift = modifiers.rawValue & GDK_SHIFT_MASK.rawValue != 0
        let control = modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0
        switch count {
        case 1 where shift:
            let selection = textView.selectedRange()
            let anchor = offset >= selection.location ? selection.location : selection.location + selection.length
            textView.setSelectedRange(NSRange(location: min(anchor, offset), length: abs(offset - anchor)))
            dragAnchor = (NSRange(location: anchor, length: 0), .character)
        case 1 where control:
            if let location = textView.textContentStorage.textRange(for: offset ..< offset)?.location {
                textView.textLayoutManager.textSelections.append(TextSelection(location))
            }
            dragAnchor = nil
        case 1 where isInsideSelection(offset):
            // A click or the start of a drag of the selection: the release or the drag says.
            pressInSelection = (point, offset)
            dragAnchor = nil
            return
        case 1:
            textView.setSelectedRange(NSRange(location: offset, length: 0))
            dragAnchor = (NSRange(location: offset, length: 0), .character)
        default:
            let granularity: TextSelection.Granularity = count == 2 ? .word : .paragraph
            textView.setSelectedRange(NSRange(location: offset, length: 0))
            textView.perform(.select(granularity))
            dragAnchor = (textView.selectedRange(), granularity)
        }
        userDidEdit(scrolling: false)
    }

    func dragged(to point: CGPoint) {
        if let press = pressInSelection {
            beginDraggingSelection(from: press.point, to: point)
            return
        }
        guard let anchor = dragAnchor else { return }
        layoutIfNeeded()
        guard let offset = textView.closestPosition(to: containerPoint(point)) else { return }
        var reached = NSRange(location: offset, length: 0)
        if anchor.granularity != .character {
            textView.setSelectedRange(reached)
            textView.perform(.select(anchor.granularity))
            reached = textView.selectedRange()
        }
        let lower = min(anchor.range.location, reached.location)
        let upper = max(anchor.range.location + anchor.range.length, reached.location + reached.length)
        textView.setSelectedRange(NSRange(location: lower, length: upper - lower))
        // Past an edge: the view scrolls toward the pointer.
        if point.y < 0 || point.y > allocatedSize.height {
            textView.scrollRangeToVisible(NSRange(location: offset, length: 0))
        }
        userDidEdit(scrolling: false)
    }

    func released() {
        dragAnchor = nil
        // A press in the selection that did not become a drag is a click: the caret goes there.
        if let press = pressInSelection {
            pressInSelection = nil
            textView.setSelectedRange(NSRange(location: press.offset, length: 0))
            userDidEdit(scrolling: false)
        }
    }
}
