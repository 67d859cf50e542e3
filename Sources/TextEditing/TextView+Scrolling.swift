import Foundation
import TextContent
import TextLayout

/// Keeping the caret in view, as `NSTextView.scrollRangeToVisible(_:)` does: the viewport moves
/// the least distance that shows the range's end, and is laid out there.
extension TextView {
    /// `scrollRangeToVisible(_:)`'s work (the open method in the class forwards here, so that
    /// a subclass can override it).
    func scrollToVisible(_ range: NSRange) {
        let controller = textLayoutManager.textViewportLayoutController
        guard controller.delegate != nil, let offsets = offsets(of: range) else { return }
        let upstream = textLayoutManager.textSelections.first?.affinity == .upstream
        // Never laid out (a view just made): the viewport is laid out first, to scroll from it.
        if controller.viewportBounds.height <= 0 { layoutIfNeeded() }
        let caret = caretRect(for: offsets.upperBound, affinity: upstream ? .upstream : .downstream)
        let bounds = controller.viewportBounds
        guard !caret.isNull, bounds.height > 0 else { return }
        let distance: CGFloat
        if caret.minY < bounds.minY {
            distance = caret.minY - bounds.minY
        } else if caret.maxY > bounds.maxY {
            distance = min(caret.maxY - bounds.maxY, caret.minY - bounds.minY)
        } else {
            return
        }
        if abs(distance) > bounds.height * 4,
            let location = textContentStorage.textRange(for: offsets.upperBound ..< offsets.upperBound)?.location
        {
            // Far away (a jump to the document's end): put the caret's line at the top, without
            // measuring everything between.
            controller.relocateViewport(to: location)
        } else {
            controller.adjustViewport(byVerticalOffset: distance)
        }
        controller.layoutViewport()
        // The text moved on screen: an input method's window must follow it.
        inputContext.invalidateCharacterCoordinates()
    }
}
