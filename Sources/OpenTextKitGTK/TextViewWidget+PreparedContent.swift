import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

/// How far the widget has prepared the text beyond what it shows, and which way.
struct ContentPreparation {
    /// The way the last scroll went: 1 down, -1 up.
    var direction: CGFloat = 1
    /// The text prepared below (above) what was shown when it was prepared, in container y;
    /// nil when none is.
    var preparedBelow: ClosedRange<CGFloat>?
    var preparedAbove: ClosedRange<CGFloat>?
    /// The idle callback that prepares the next step; 0 when none is waiting.
    var source: guint = 0
    /// A scroll asked for preparation: the next frame schedules it (idle after the frame, not in
    /// the pause before it, which the frame clock leaves to other sources).
    var isWanted = false

    /// The text is laid out anew (a new width): nothing prepared holds.
    mutating func forget() {
        preparedBelow = nil
        preparedAbove = nil
    }
}

/// Responsive scrolling, as AppKit's: while the main loop is idle after a scroll, the widget
/// prepares the next screen in the direction of the scroll a quarter screen at a time
/// (`TextView.prepareContent(in:)` lays it out and gives its fragments surfaces; the widget
/// makes their render nodes and the background's kept drawings, such as a gutter's numbers,
/// then lays out what is shown again, the prepared surfaces kept in the view's cache).
/// A scroll into prepared text then lays out and draws nothing new in its frame: what the
/// frame costs is moving the nodes. A scroll faster than the idle time prepares is drawn as
/// before, laid out when shown.
extension TextViewWidget {
    /// How much is prepared beyond what is shown, in screens.
    static let preparedScreens: CGFloat = 1
    /// How much one idle callback prepares, in screens (each one a short pause of the main loop).
    static let preparationStep: CGFloat = 0.25
    /// The longest a step waits for the spell checker's marks of what it laid out.
    static let marksWait: Duration = .milliseconds(2)
    /// The fewest surfaces the widget's view keeps for fragments not shown.
    static let preparedSurfaceCacheLimit = 256

    /// Asks for the idle callback that prepares the next step, if none is waiting.
    func scheduleContentPreparation() {
        guard preparation.source == 0, widget != nil else { return }
        let owner = Unmanaged.passUnretained(self).toOpaque()
        preparation.source = g_idle_add_full(
            G_PRIORITY_DEFAULT_IDLE,
            { owner in
                let widget = Unmanaged<TextViewWidget>.fromOpaque(owner!).takeUnretainedValue()
                let more = widget.prepareContentStep()
                if !more { widget.preparation.source = 0 }
                return more ? 1 : 0
            }, owner, nil)
    }

    /// After a frame: the preparation a scroll asked for, while idle.
    func schedulePreparationIfWanted() {
        guard preparation.isWanted else { return }
        preparation.isWanted = false
        scheduleContentPreparation()
    }

    /// Stops preparing (the widget is going).
    func cancelContentPreparation() {
        if preparation.source != 0 { g_source_remove(preparation.source) }
        preparation.source = 0
    }

    /// Prepares one step beyond what is shown; returns whether more remains to prepare.
    func prepareContentStep() -> Bool {
        let visible = textView.visibleRect
        guard widget != nil, visible.height > 0, !textView.renderingSurfaces.isEmpty else { return false }
        // A frame is due (an event came): it comes first, and asks again. So while a button is
        // held: GTK's scroll bar, dragged or clicked in its trough, maps the pointer to a value
        // again when the button is let go, in the range of that moment, and a range changed by
        // what preparing measured would move the text.
        guard !textView.needsLayout, !(canvas.map { otk_text_canvas_pointer_button_is_down($0) != 0 } ?? false) else {
            preparation.isWanted = true
            return false
        }
        let reach = visible.height * Self.preparedScreens
        let step = visible.height * Self.preparationStep
        let rect: CGRect
        if preparation.direction >= 0 {
            // What was prepared counts while what is shown ends within it (not after a jump).
            let kept = preparation.preparedBelow.flatMap { $0.contains(visible.maxY) ? $0 : nil }
            let start = kept?.upperBound ?? visible.maxY
            guard start < visible.maxY + reach - step / 2,
                start < textView.textLayoutManager.usageBoundsForTextContainer.maxY
            else { return false }
            let end = min(start + step, visible.maxY + reach)
            rect = CGRect(x: visible.minX, y: visible.minY, width: visible.width, height: end - visible.minY)
            preparation.preparedBelow = (kept?.lowerBound ?? visible.maxY) ... end
        } else {
            let kept = preparation.preparedAbove.flatMap { $0.contains(visible.minY) ? $0 : nil }
            let start = kept?.lowerBound ?? visible.minY
            guard start > visible.minY - reach + step / 2, start > 0 else { return false }
            let end = max(start - step, visible.minY - reach, 0)
            rect = CGRect(x: visible.minX, y: end, width: visible.width, height: visible.maxY - end)
            preparation.preparedAbove = end ... (kept?.upperBound ?? visible.minY)
        }
        textView.prepareContent(in: rect)
        // The spell checker's marks of what is prepared (laid out now, or kept from a layout
        // before the checker knew of it), before its nodes are drawn (the few paragraphs of a
        // step take the worker a fraction of a millisecond).
        if let checking = textCheckingController {
            checking.considerTextChecking()
            checking.finishChecking(waitingAtMost: Self.marksWait)
        }
        prepareDrawings()
        // What is shown is laid out again at once, so that the viewport is what is shown (as
        // scrolling to the caret and paging expect); the prepared surfaces wait in the view's
        // cache. The layout may have measured text above: the scroll bar follows the anchor.
        layoutIfNeeded()
        return true
    }

    /// Makes the kept drawings of the surfaces the last layout configured, and of the
    /// background (a frame drawn into a snapshot that is thrown away).
    private func prepareDrawings() {
        for surface in textView.renderingSurfaces { _ = keptNode(for: surface) }
        guard let snapshot = gtk_snapshot_new() else { return }
        snapshotBackground(snapshot, in: CGRect(origin: .zero, size: allocatedSize))
        if let node = gtk_snapshot_free_to_node(snapshot) { gsk_render_node_unref(node) }
    }
}
