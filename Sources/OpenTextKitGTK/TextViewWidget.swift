import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

/// The text view as a GTK 4 widget: `NSTextView`'s and `UITextView`'s role on Linux. It is a
/// `TextView` (the headless one: content, layout, selections, marked text, undo), and it is its
/// viewport layout controller's delegate; `widget` is what a window holds (a `GtkScrollable`,
/// so a `GtkScrolledWindow` gives it scroll bars).
///
/// It draws what the controller lays out, each layout fragment as a render node of its own,
/// kept while the fragment's layout is unchanged and only moved when it moves; the selection
/// behind the text; a caret that blinks as the desktop's settings say; marked text underlined.
/// Keys come through a key controller and an input-method context (ibus, fcitx or GTK's own),
/// clicks and drags through gestures, copy and paste through the widget's clipboard.
///
/// ```swift
/// gtk_init()
/// let view = TextViewWidget(storage: try TextContentStorage(contentsOf: url))
/// let scrolled = gtk_scrolled_window_new()
/// gtk_scrolled_window_set_child(OpaquePointer(scrolled), view.widget)
/// ```
///
/// An app extends it as the seed extends `UITextView`: it subclasses it and overrides the
/// viewport delegate's methods (`textViewportLayoutControllerWillLayout`,
/// `...configureRenderingSurfaceFor`, `...DidLayout`), calling super. Like `TextView`, it has no
/// isolation of its own: it is used on the thread GTK runs on.
///
/// The widget keeps the view alive while it exists (until GTK disposes of it).
open class TextViewWidget: TextView {
    /// The GTK widget (an `OtkTextCanvas`); nil once GTK has disposed of it.
    public private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    /// Margins between the widget's edges and the text container, in pixels.
    public var textInsets = (horizontal: 4.0, vertical: 4.0) {
        didSet { resizeContainer() }
    }
    /// Told after every change the user made through the widget (a key, a paste, an input
    /// method's commit), after the view has scrolled to the selection.
    public var onUserEdit: (() -> Void)?

    /// The drawn fragments kept as render nodes.
    let fragmentNodes = FragmentRenderNodes()
    /// Where a press put the selection's anchor, and by what it extends while dragging.
    var dragAnchor: (range: NSRange, granularity: TextSelection.Granularity)?
    /// Set while the widget writes the scroll bar's value itself (no scroll follows).
    var isSyncingAdjustment = false
    /// The widget's size in pixels, as GTK allocated it.
    var allocatedSize = CGSize.zero

    /// A widget showing `storage` (an empty document if none), laid out by `layoutManager`
    /// (a new one if none).
    public override init(storage: TextContentStorage = TextContentStorage(), layoutManager: TextLayoutManager? = nil) {
        super.init(storage: storage, layoutManager: layoutManager)
        var callbacks = CanvasCallbacks.table
        // The canvas holds the view until it is disposed of (`canvasDidDispose`).
        let owner = Unmanaged.passRetained(self).toOpaque()
        widget = otk_text_canvas_new(&callbacks, owner)
    }

    /// The canvas, for the C functions that take one.
    var canvas: OpaquePointer? { widget.map { OpaquePointer($0) } }

    /// Draws the widget again at the next frame.
    public func queueDraw() {
        if let widget { gtk_widget_queue_draw(widget) }
    }

    /// Layout was asked for (an edit, made here or elsewhere): the widget draws again.
    open override func textViewportLayoutControllerReceivedSetNeedsLayout(
        _ textViewportLayoutController: TextViewportLayoutController
    ) {
        super.textViewportLayoutControllerReceivedSetNeedsLayout(textViewportLayoutController)
        queueDraw()
    }

    /// Lays the viewport out, then keeps the scroll bar's range and value in step with the
    /// text (estimates corrected move the scroll bar, never the text shown).
    open override func layoutIfNeeded() {
        super.layoutIfNeeded()
        synchronizeScrollBar()
    }

    /// GTK gave the widget a new size: the container takes its width (text wraps again, the
    /// top line kept) and the viewport its height.
    func allocate(width: Int, height: Int) {
        allocatedSize = CGSize(width: width, height: height)
        resizeContainer()
    }

    private func resizeContainer() {
        let width = max(1, allocatedSize.width - 2 * textInsets.horizontal)
        let height = max(0, allocatedSize.height - 2 * textInsets.vertical)
        if textLayoutManager.textContainer.size.width != width {
            let top = textLayoutManager.textViewportLayoutController.viewportRange?.location
            textLayoutManager.textContainer.size.width = width
            if let top { textLayoutManager.textViewportLayoutController.relocateViewport(to: top) }
        }
        visibleRect.size = CGSize(width: width, height: height)
        needsLayout = true
        queueDraw()
    }

    /// After a change the user made: the selection is kept in view, the caret shown solid, the
    /// input method told where the caret went, and the app told.
    func userDidEdit(scrolling: Bool = true) {
        if scrolling { scrollRangeToVisible(selectedRange()) }
        if let canvas { otk_text_canvas_restart_blink(canvas) }
        updateInputMethodCursor()
        queueDraw()
        onUserEdit?()
    }

    /// GTK disposed of the widget: the view lets go of it (and the widget of the view).
    func canvasDidDispose() {
        widget = nil
        fragmentNodes.removeAll()
    }
}
