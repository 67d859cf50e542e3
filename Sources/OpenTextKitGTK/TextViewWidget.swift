import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit

/// A text view on screen: a GTK 4 widget showing and editing a `TextView`, the role
/// `NSTextView` and `UITextView` have on Apple's systems. It wraps one view, one to one, and
/// is its `host`: the view (content, layout, selections, marked text, undo) stays its viewport
/// layout controller's delegate, so an app's subclass of `TextView` (the seed's line-number
/// view overriding `textViewportLayoutControllerWillLayout`, `...configureRenderingSurfaceFor`
/// and `...DidLayout`, calling super) runs here as it runs headless.
///
/// `widget` is what a window holds: a `GtkScrollable`, so a `GtkScrolledWindow` gives it scroll
/// bars, whose range is the layout manager's usage bounds. Each layout fragment is drawn once
/// into a render node, kept while the fragment's layout is unchanged and only moved when it
/// moves; the selection is drawn behind the text, a caret that blinks as the desktop's settings
/// say over it, marked text with its underline. Keys come through a key controller and an
/// input-method context (ibus, fcitx or GTK's own), clicks and drags through gestures, copy and
/// paste through the widget's clipboard.
///
/// ```swift
/// gtk_init()
/// let view = TextViewWidget(textView: TextView(storage: try TextContentStorage(contentsOf: url)))
/// let scrolled = gtk_scrolled_window_new()
/// gtk_scrolled_window_set_child(OpaquePointer(scrolled), view.widget)
/// ```
///
/// It has no isolation of its own, as the engine: it is used on the thread GTK runs on. The
/// GTK widget keeps it (and its view) alive until GTK disposes of the widget.
open class TextViewWidget: TextViewHost {
    /// The view shown.
    public let textView: TextView
    /// The GTK widget (an `OtkTextCanvas`); nil once GTK has disposed of it.
    public private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    /// Space around the text container, in pixels (`NSTextView.textContainerInset`): the
    /// container starts at `textContainerOrigin` and is as wide as the widget less the origin's
    /// x and this width.
    public var textContainerInset = CGSize(width: 4, height: 4) {
        didSet { resizeContainer() }
    }
    /// Where the text container's top-left corner is in the widget (`NSTextView`'s
    /// `textContainerOrigin`): by default the inset; a subclass that draws a gutter at the
    /// left moves it right.
    open var textContainerOrigin: CGPoint {
        CGPoint(x: textContainerInset.width, y: textContainerInset.height)
    }
    /// Told of a press of the first button before it moves the caret, with the point in the
    /// viewport's coordinates (x in the container, y from the top of what is shown: where the
    /// seed's views keep their frames, as `CollapsibleSectionsTextView.sectionHeaders`) and the
    /// press's count (2 for a double click). Returning true keeps the press for the app: a
    /// click on a disclosure triangle toggles its section and moves no caret.
    public var onPress: ((CGPoint, Int) -> Bool)?
    /// Told after every change the user made through the widget (a key, a paste, an input
    /// method's commit, a click), after the view has scrolled to the selection.
    public var onUserEdit: (() -> Void)?
    /// The name assistive technologies give the text (a screen reader says it with the role):
    /// what the text is, such as the document's name.
    public var accessibleLabel = "Text" {
        didSet { updateAccessibleText(force: true) }
    }
    /// The description last told to assistive technologies (the caret's paragraph).
    var toldAccessibleDescription: String?

    /// The drawn fragments kept as render nodes.
    let fragmentNodes = FragmentRenderNodes()
    /// The fonts fragments drawn as text nodes are set in.
    let glyphNodes = GlyphNodes()
    /// Where a press put the selection's anchor, and by what it extends while dragging.
    var dragAnchor: (range: NSRange, granularity: TextSelection.Granularity)?
    /// A press inside the selection, not yet a click (a release places the caret) nor a drag of
    /// the selection (moving past GTK's threshold starts one): where it was, and its offset.
    var pressInSelection: (point: CGPoint, offset: Int)?
    /// The selection being dragged out of the widget, and whether it was dropped back in it.
    var draggedSelection: (range: NSRange, droppedWithin: Bool)?
    /// Where dragged text would be dropped: a caret is drawn there.
    var dropCaretOffset: Int?
    /// Set while the widget writes the scroll bar's value itself (no scroll follows).
    var isSyncingAdjustment = false
    /// How far the scroll bar's value is from the viewport's top: the part of a scroll under
    /// a pixel, not yet made (see `scrollBarDidMove`).
    var scrollBarRemainder: CGFloat = 0
    /// The widget's size in pixels, as GTK allocated it.
    var allocatedSize = CGSize.zero
    /// The content prepared beyond what is shown (see `TextViewWidget+PreparedContent.swift`).
    var preparation = ContentPreparation()
    /// The spell checker, while checking is on (`startSpellChecking(language:)`).
    public internal(set) var textCheckingController: TextCheckingController?
    /// The marked word the context menu was opened on.
    var contextMenuIssue: ProofreadingIssue?
    /// The underlines of changes a Writing Tools session proposes (container coordinates).
    var writingToolsUnderlines: [WritingToolsCoordinator.UnderlinePath] = []
    /// The attachments' widgets that are children of the text, by their `TextAttachmentWidget`.
    var attachmentWidgets: [ObjectIdentifier: PlacedAttachmentWidget] = [:]

    /// A widget showing `textView` (a view of an empty document if none is given). The view's
    /// `renderingSurfaceCacheLimit` is raised to 256 if it is lower: the surfaces of the screen
    /// prepared ahead of a scroll wait there.
    public init(textView: TextView = TextView()) {
        self.textView = textView
        textView.host = self
        // Room for the surfaces of the screen prepared ahead (TextViewWidget+PreparedContent) and
        // of those scrolled past meanwhile.
        textView.renderingSurfaceCacheLimit = max(textView.renderingSurfaceCacheLimit, Self.preparedSurfaceCacheLimit)
        var callbacks = CanvasCallbacks.table
        // The canvas holds the widget until it is disposed of (`canvasDidDispose`).
        let owner = Unmanaged.passRetained(self).toOpaque()
        widget = otk_text_canvas_new(&callbacks, owner)
        updateAccessibleText(force: true)
    }

    /// The canvas, for the C functions that take one.
    var canvas: OpaquePointer? { widget.map { OpaquePointer($0) } }

    /// Draws the widget again at the next frame.
    public func queueDraw() {
        guard let widget else { return }
        gtk_widget_queue_draw(widget)
        // Attachments' widgets move with the text: placed in the same frame.
        if hasAttachmentWidgets { gtk_widget_queue_allocate(widget) }
    }

    /// Whether attachments' widgets are shown or kept.
    var hasAttachmentWidgets: Bool { !textView.textAttachmentViewPlacements.isEmpty || !attachmentWidgets.isEmpty }

    /// The view's layout was invalidated (an edit, made here or elsewhere): drawn again.
    open func textViewNeedsDisplay(_ textView: TextView) {
        queueDraw()
    }

    /// Lays the view's viewport out if it must (the spell checker told what it shows), then keeps
    /// the scroll bar's range and value in step with the text (an estimate corrected moves the
    /// scroll bar, never the text shown).
    func layoutIfNeeded() {
        textView.layoutIfNeeded()
        textCheckingController?.considerTextChecking()
        synchronizeScrollBar()
    }

    /// GTK gave the widget a new size: the container takes its width (text wraps again, the
    /// top line kept) and the viewport its height.
    func allocate(width: Int, height: Int) {
        allocatedSize = CGSize(width: width, height: height)
        resizeContainer()
        if hasAttachmentWidgets {
            layoutIfNeeded()
            allocateAttachmentWidgets()
        }
    }

    /// Fits the container and the viewport to the widget, less the origin and the inset.
    public func resizeContainer() {
        let origin = textContainerOrigin
        let width = max(1, allocatedSize.width - origin.x - textContainerInset.width)
        let height = max(0, allocatedSize.height - origin.y - textContainerInset.height)
        let manager = textView.textLayoutManager
        if manager.textContainer.size.width != width {
            preparation.forget()
            let top = topLineLocation()
            manager.textContainer.size.width = width
            if let top {
                textView.visibleRect.origin.y = manager.textViewportLayoutController.relocateViewport(to: top)
            }
        }
        textView.visibleRect.size = CGSize(width: width, height: height)
        textView.needsLayout = true
        queueDraw()
    }

    /// Where the line at the top of what is shown starts: the line kept at the top when the
    /// text wraps again.
    private func topLineLocation() -> (any TextLocation)? {
        let manager = textView.textLayoutManager
        let top = textView.visibleRect.minY
        guard let fragment = manager.textLayoutFragment(for: CGPoint(x: 0, y: max(0, top))),
            let start = fragment.rangeInElement?.location, let content = manager.textContentManager
        else { return nil }
        let y = top - fragment.layoutFragmentFrame.minY
        let line = fragment.textLineFragments.first { $0.typographicBounds.maxY > y } ?? fragment.textLineFragments.last
        return content.location(start, offsetBy: line?.characterRange.location ?? 0)
    }

    /// After a change the user made: the selection is kept in view, the caret shown solid, the
    /// input method told where the caret went, and the app told.
    func userDidEdit(scrolling: Bool = true) {
        if scrolling { textView.scrollRangeToVisible(textView.selectedRange()) }
        if let canvas { otk_text_canvas_restart_blink(canvas) }
        updateInputMethodCursor()
        updateAccessibleText()
        queueDraw()
        onUserEdit?()
    }

    /// Appends what is behind the text in `rect` (the widget's bounds, in its coordinates) to
    /// the frame's `snapshot` (a `GtkSnapshot`): the background colour. A subclass appends more
    /// (a gutter left of `textContainerOrigin`), calling super first, with `appendColor` and
    /// `appendKeptDrawing` (drawings kept from frame to frame, so that GTK redraws only what
    /// changed). The selection, the text and the caret are drawn over it.
    open func snapshotBackground(_ snapshot: OpaquePointer, in rect: CGRect) {
        appendColor(Self.backgroundColor, rect, to: snapshot)
    }

    /// GTK disposed of the widget: it lets go of the GTK side.
    func canvasDidDispose() {
        removeAttachmentWidgets()
        widget = nil
        cancelContentPreparation()
        fragmentNodes.removeAll()
    }
}
