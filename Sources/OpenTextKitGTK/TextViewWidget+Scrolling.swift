import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

extension TextViewWidget {
    /// How far one step of a scroll bar's arrows (or a wheel click) moves, in pixels.
    static let scrollStep: CGFloat = 40

    /// The scroll bar moved (the user dragged it, a wheel or touchpad scrolled, GTK's kinetic
    /// scrolling decelerates): the viewport goes where it says, laid out at the next frame, by
    /// whole device pixels (what is under a pixel waits in `scrollBarRemainder` for the next
    /// move), so that every line moves by the same number of pixels. At either end it goes
    /// exactly there.
    func scrollBarDidMove() {
        guard !isSyncingAdjustment, let canvas, let adjustment = otk_text_canvas_get_vadjustment(canvas) else { return }
        let value = CGFloat(gtk_adjustment_get_value(adjustment))
        let lower = CGFloat(gtk_adjustment_get_lower(adjustment))
        let end = CGFloat(gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        let current = textView.visibleRect.minY
        let scale = CGFloat(scaleFactor)
        let top = value <= lower || value >= end ? value : current + ((value - current) * scale).rounded() / scale
        scrollBarRemainder = value - top
        guard top != current else {
            synchronizeScrollBar()
            return
        }
        preparation.direction = top < textView.visibleRect.minY ? -1 : 1
        textView.visibleRect.origin.y = top
        textView.inputContext.invalidateCharacterCoordinates()
        queueDraw()
        // After the frame, while idle: the text the scroll goes on to.
        preparation.isWanted = true
    }

    /// The scroll bar's range becomes the layout manager's usage bounds (measured above and
    /// below what is shown, estimated elsewhere) and its value the viewport's top. A
    /// correction of an estimate changes the range and the value together, so the text shown
    /// stays where it is.
    func synchronizeScrollBar() {
        guard let canvas, let adjustment = otk_text_canvas_get_vadjustment(canvas) else { return }
        let page = max(0, textView.visibleRect.height)
        let top = textView.visibleRect.minY
        let bottom = max(textView.textLayoutManager.usageBoundsForTextContainer.maxY, top + page)
        let lower = min(0, top)
        // The part of a scroll not yet made stays in the value (a touchpad's small steps add up).
        let value = top + scrollBarRemainder
        if value < lower || value > bottom - page { scrollBarRemainder = 0 }
        isSyncingAdjustment = true
        gtk_adjustment_configure(
            adjustment, Double(top + scrollBarRemainder), Double(lower), Double(bottom), Double(Self.scrollStep),
            Double(page * 0.9), Double(page))
        isSyncingAdjustment = false
        if let horizontal = otk_text_canvas_get_hadjustment(canvas) {
            let width = Double(max(0, allocatedSize.width))
            isSyncingAdjustment = true
            gtk_adjustment_configure(horizontal, 0, 0, width, Double(Self.scrollStep), width * 0.9, width)
            isSyncingAdjustment = false
        }
    }
}
