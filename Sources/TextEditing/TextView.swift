import Foundation
import TextContent
import TextLayout

/// A text view without a window: the content, its layout, the selections, marked text and undo,
/// driven by the calls a platform view forwards (keys as `insertText` and `doCommand(by:)`,
/// input methods as marked text, clicks as points). A GTK view, a terminal or a test is only a
/// host for it.
///
/// Offsets are UTF-16 code units and ranges `NSRange`s, as AppKit's `NSTextInputClient` has
/// them; `NSNotFound` where AppKit uses it.
///
/// ```swift
/// let view = TextView(storage: TextContentStorage(string: "Hello"))
/// view.setSelectedRange(NSRange(location: 5, length: 0))
/// view.insertText(", world", replacementRange: NSRange(location: NSNotFound, length: 0))
/// view.doCommand(by: "deleteBackward:")
/// view.undo()
/// ```
///
/// The view is its layout manager's viewport layout controller's delegate, as `NSTextView` and
/// `UITextView` are: it lays out what `visibleRect` shows and keeps a surface for each fragment
/// there (`renderingSurfaces`). An app extends it the way it extends those views, by
/// subclassing and overriding the delegate's methods, calling `super`:
///
/// ```swift
/// final class CodeView: TextView {
///     private var frames: [CGRect] = []
///     override func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController) {
///         super.textViewportLayoutControllerWillLayout(controller)
///         frames = []
///     }
///     override func textViewportLayoutController(_ controller: TextViewportLayoutController,
///                                                configureRenderingSurfaceFor fragment: TextLayoutFragment) {
///         super.textViewportLayoutController(controller, configureRenderingSurfaceFor: fragment)
///         frames.append(fragment.layoutFragmentFrame)
///     }
///     override func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
///         super.textViewportLayoutControllerDidLayout(controller)
///         // the viewport's state is current here: draw a gutter beside `frames`
///     }
/// }
/// ```
///
/// The view has no isolation of its own (as the rest of the engine): it is used from one thread
/// at a time, the one its host runs on. Overrides are nonisolated too; a `@MainActor` subclass
/// reaches its own state from them through `MainActor.assumeIsolated`.
open class TextView: TextViewportLayoutControllerDelegate {
    public let textContentStorage: TextContentStorage
    public let textLayoutManager: TextLayoutManager
    /// The history of edits; undo and redo go through the view (`undo()`, `redo()`).
    public let undoStack = TextUndoStack()
    /// Told around the changes an input method did not make (see `TextInputDelegate`).
    public weak var inputDelegate: (any TextInputDelegate)?
    /// What shows the view on screen, told when it must be drawn again (see `TextViewHost`).
    public weak var host: (any TextViewHost)?
    /// Whether edits through the view are suspended: while true every edit made through it (the
    /// user's typing, deleting, pasting, marked text, attribute changes, undo and redo, and the
    /// app's own `attributedText`, `replaceSelection`, `insertText`) is refused and does
    /// nothing; the selection still moves. A Writing Tools session (`TextViewWritingTools`) sets
    /// it while it runs, so that no edit from the user or the app falls between what the
    /// assistant read and the changes it makes; the session's own changes go through.
    public var isEditingSuspended = false
    /// Attributes text typed from now on takes, when set; nil: the attributes before the caret.
    public var typingAttributes: AttributeContainer?
    /// The formatting the view allows (SwiftUI's `attributedTextFormattingDefinition`): when set,
    /// everything that brings attributes in (typing, paste, `insertText`, `transformAttributes`,
    /// `replaceSelection`, setting `attributedText`) is constrained by it.
    public var formattingDefinition: (any AttributedTextFormattingDefinition)?
    /// What the content's semantic fonts are resolved in (SwiftUI's `fontResolutionContext`):
    /// the layout manager's. A toolbar resolves the selection's font in it to show its state;
    /// setting it (a larger text size) lays the visible text out again around its anchor.
    public var fontResolutionContext: FontResolutionContext {
        get { textLayoutManager.fontResolutionContext }
        set {
            textLayoutManager.fontResolutionContext = newValue
            // The text was laid out again: an input method's window must follow it.
            inputContext.invalidateCharacterCoordinates()
        }
    }
    /// Finds characters, words, sentences, paragraphs and laid-out lines around positions
    /// (UIKit's `tokenizer`): a `TextInputStringTokenizer` over the layout manager.
    public private(set) lazy var tokenizer: any TextInputTokenizer = TextInputStringTokenizer(
        dataSource: textLayoutManager)

    /// The marked text's range (offsets), while an input method composes.
    var markedOffsets: Range<Int>?
    /// The selected clause inside the marked text, relative to its start.
    var markedSelection = NSRange(location: 0, length: 0)
    /// What the composition changed, kept for the one undo step that ends it: the range of the
    /// document it covers now (the marked text, and whatever else the input method replaced
    /// while composing) and the text that range held before, with the selection from before.
    var markedUndoBase: (selection: [[Range<Int>]], record: TextUndoStack.Record)?
    /// The rendering attributes the marked text was drawn with, to take away again.
    var markedDecorationRange: Range<Int>?
    /// Whether the change under way comes from the input method (then its delegate is not told).
    var isInputMethodChange = false
    /// Set while the marked text's underline is being drawn (laying it out calls back).
    var isDrawingMarkedText = false
    /// How marked text is drawn (UIKit's `markedTextStyle`): rendering attributes
    /// (`.underlineStyle` with a `TextDecorationStyle`, `.underlineColor`, `.backgroundColor`,
    /// `.foregroundColor` with a `TextColor`) put on the whole marked text, under the clause
    /// attributes an input method gives with `setMarkedText(_:selectedRange:replacementRange:)`;
    /// nil (the default): a single underline. Never stored in the content; other keys and values
    /// of other types are left out. Setting it while composing draws the marked text again.
    public var markedTextStyle: [NSAttributedString.Key: Any]? {
        didSet { if hasMarkedText { clearMarkedDecoration(); drawMarkedDecoration() } }
    }
    /// The attributes an input method gave parts of the marked text (its clause underlines), in
    /// offsets from the marked text's start; dropped when the composition ends.
    var markedClauseAttributes: [(range: Range<Int>, attributes: [NSAttributedString.Key: Any])] = []
    /// The rendering attributes the marked text was drawn with, to take away again.
    var markedDecorationKeys: Set<NSAttributedString.Key> = []
    /// How deep the view is in changes it tells its input delegate of (see `changingText(_:)`).
    var inputDelegateChangeDepth = 0
    /// What the view tells the input method through (AppKit's `inputContext`).
    public private(set) lazy var inputContext = TextInputContext(client: self)
    /// Hears of every edit of the content, so that one made elsewhere (on the storage itself, or
    /// through another view of it) moves or ends what this view keeps in offsets.
    private let contentObserver = TextViewContentObserver()

    /// What the host shows of the text, in container coordinates (`NSView.visibleRect`, a
    /// `UIScrollView`'s `bounds`): the viewport the view asks its controller to lay out. A host
    /// sets it when it scrolls or resizes (then `needsLayout` is true); after each layout its
    /// origin follows the viewport's anchor, so text measured above never moves what is shown.
    open var visibleRect: CGRect {
        didSet { if visibleRect != oldValue, !isFollowingViewport { needsLayout = true } }
    }
    /// Whether the viewport must be laid out again (`NSView.needsLayout`): set when the
    /// controller asks for layout (an edit, invalidated layout) or `visibleRect` changes, cleared
    /// by each layout. A host lays out when it is set (`layoutIfNeeded()`).
    public var needsLayout = true
    /// The surfaces of the fragments in the viewport after the last layout, top to bottom: what
    /// a host draws (each at its fragment's frame).
    public private(set) var renderingSurfaces: [TextLayoutFragmentSurface] = []
    /// How many surfaces of fragments that left the viewport are kept, to be reused when they
    /// come back (scrolling back and forth draws nothing again).
    public var renderingSurfaceCacheLimit = 64 {
        didSet { surfaceCache.limit = max(0, renderingSurfaceCacheLimit) }
    }
    /// The surfaces configured in the layout under way.
    private var configuringSurfaces: [TextLayoutFragmentSurface] = []
    /// The live views of attachments in the viewport after the last layout, with their frames:
    /// what a host places over the text (see ``register(_:forTextAttachmentViewProviderType:)``).
    public internal(set) var textAttachmentViewPlacements: [TextAttachmentViewPlacement] = []
    /// Surfaces of fragments that left the viewport, by key.
    private var surfaceCache = RenderingSurfaceCache(limit: 64)
    /// Set while the view moves `visibleRect` to the viewport's anchor (that is no scroll).
    private var isFollowingViewport = false
    /// What `prepareContent(in:)` is laying out, while it does.
    var preparingRect: CGRect?
    /// The part of the text the last layout gave surfaces (AppKit's `preparedContentRect`): the
    /// viewport laid out, `visibleRect` after a layout of what is shown, more after
    /// `prepareContent(in:)`.
    public internal(set) var preparedContentRect: CGRect = .zero

    /// A view of `storage` laid out by `layoutManager` (a new one in a container 600 points wide
    /// if none is given), with a caret at the start if the layout manager has no selection.
    /// The view also adds an observer of its own to the storage's observers
    /// (`textLayoutManagers`), to hear of edits made elsewhere (on the storage itself, or
    /// through another view); it is removed when the view goes.
    ///
    /// The view becomes the delegate of the layout manager's viewport layout controller, with a
    /// `visibleRect` as wide as the container and no height: a host sets `visibleRect` when it
    /// knows its size. A subclass's initializer calls this one.
    public init(storage: TextContentStorage = TextContentStorage(), layoutManager: TextLayoutManager? = nil) {
        textContentStorage = storage
        let manager =
            layoutManager ?? TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 600, height: 0)))
        textLayoutManager = manager
        let width = manager.textContainer.size.width
        visibleRect = CGRect(x: 0, y: 0, width: width.isFinite ? max(0, width) : 0, height: 0)
        if manager.textContentManager !== storage { storage.addTextLayoutManager(manager) }
        if manager.textSelections.isEmpty {
            manager.textSelections = [TextSelection(storage.documentRange.location)]
        }
        // A paragraph laid out again loses its rendering attributes: the marked text's
        // underline is drawn again on every fragment it touches (after the app's own validator).
        let appValidator = manager.renderingAttributesValidator
        manager.renderingAttributesValidator = { [weak self] manager, fragment in
            appValidator?(manager, fragment)
            self?.redrawMarkedDecoration(in: fragment)
        }
        // After the layout manager, so that the selections have followed the edit when told.
        contentObserver.view = self
        storage.addTextLayoutManager(contentObserver)
        manager.textViewportLayoutController.delegate = self
    }

    deinit {
        textContentStorage.removeTextLayoutManager(contentObserver)
    }

    // MARK: Viewport layout (the controller's delegate; subclasses override and call super)

    /// The rectangle the controller lays out: `visibleRect` (the controller adds what it
    /// prefetches above and below), or while `prepareContent(in:)` runs the rectangle it prepares.
    open func viewportBounds(for textViewportLayoutController: TextViewportLayoutController) -> CGRect {
        preparingRect ?? visibleRect
    }

    /// Layout of the viewport starts: the view forgets the surfaces it configured last time, and
    /// attachments laid out again may take over their view providers.
    /// The controller's state (`viewportBounds`, `viewportRange`) is still the last layout's.
    open func textViewportLayoutControllerWillLayout(_ textViewportLayoutController: TextViewportLayoutController) {
        configuringSurfaces.removeAll(keepingCapacity: true)
        if preparingRect == nil { textLayoutManager.textAttachmentViewProviderCache.viewportWillLayout() }
    }

    /// Called for each fragment in the viewport, top to bottom: the view gives it a surface (the
    /// one it had, if its layout is unchanged) placed at its frame, held by the controller under
    /// the fragment's `renderingSurfaceKey`. The controller's state is not current here.
    open func textViewportLayoutController(
        _ textViewportLayoutController: TextViewportLayoutController,
        configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
    ) {
        let key = textLayoutFragment.renderingSurfaceKey
        let surface =
            textViewportLayoutController.renderingSurface(forKey: key) as? TextLayoutFragmentSurface
            ?? makeRenderingSurface(for: textLayoutFragment)
        surface.textLayoutFragment = textLayoutFragment
        textViewportLayoutController.setRenderingSurface(surface, forKey: key)
        configuringSurfaces.append(surface)
    }

    /// A new surface for a fragment that has none (AppKit's `makeBackingLayer()`): a host that
    /// keeps something of its own per fragment returns its own subclass.
    open func makeRenderingSurface(for textLayoutFragment: TextLayoutFragment) -> TextLayoutFragmentSurface {
        TextLayoutFragmentSurface(textLayoutFragment: textLayoutFragment)
    }

    /// Layout of the viewport is done: the configured surfaces become `renderingSurfaces`, the
    /// attachments' live views there `textAttachmentViewPlacements` (those that left let go or
    /// kept, by the reuse policies), and
    /// `visibleRect`'s origin moves with `viewportBounds`' (the anchor's correction, not a
    /// scroll; its top when what is shown was laid out, as far below it as before when more was
    /// prepared).
    open func textViewportLayoutControllerDidLayout(_ textViewportLayoutController: TextViewportLayoutController) {
        renderingSurfaces = configuringSurfaces
        configuringSurfaces.removeAll()
        let bounds = textViewportLayoutController.viewportBounds
        // Prepared content reaches above what is shown by as much after the layout as before.
        let above = preparingRect.map { visibleRect.minY - $0.minY } ?? 0
        isFollowingViewport = true
        visibleRect.origin.y = bounds.minY + above
        isFollowingViewport = false
        preparedContentRect = bounds
        needsLayout = false
        // Prepared content is not shown yet: its attachments' views wait for it to be. (After
        // the flag: a provider that sizes its attachment asks for another layout.)
        if preparingRect == nil { placeAttachmentViews() }
    }

    /// The controller needs layout (an edit, invalidated layout): the view sets `needsLayout`
    /// and tells its `host` to draw it again. A subclass that overrides this calls super.
    open func textViewportLayoutControllerReceivedSetNeedsLayout(
        _ textViewportLayoutController: TextViewportLayoutController
    ) {
        needsLayout = true
        host?.textViewNeedsDisplay(self)
    }

    /// The surface of a fragment that left the viewport: kept (up to
    /// `renderingSurfaceCacheLimit`, the oldest let go first) in case it comes back.
    open func textViewportLayoutController(
        _ textViewportLayoutController: TextViewportLayoutController,
        cacheRenderingSurface surface: any TextViewportRenderingSurface, forKey key: RenderingSurfaceKey
    ) {
        surfaceCache.insert(surface, forKey: key)
    }

    /// The surface kept for `key`, taken out of the cache, or nil.
    open func textViewportLayoutController(
        _ textViewportLayoutController: TextViewportLayoutController,
        retrieveCachedRenderingSurfaceForKey key: RenderingSurfaceKey
    ) -> (any TextViewportRenderingSurface)? {
        surfaceCache.remove(forKey: key)
    }

    /// Lays out `rect` (container coordinates; with `visibleRect`, it is made to hold it) as the
    /// viewport, so that each fragment there has its surface before it is shown: AppKit's
    /// responsive scrolling, which calls `prepareContent(in:)` with an overdraw region while
    /// the user is idle. A host that keeps a drawing per surface draws the new ones then, and
    /// a scroll into the prepared text lays out and draws nothing new. `preparedContentRect`
    /// is then `rect` joined with `visibleRect` (moved with the anchor as any layout moves the
    /// viewport); `visibleRect` stays what is shown, and the next `layoutIfNeeded()` lays out
    /// only that again, the prepared surfaces kept for their fragments (up to
    /// `renderingSurfaceCacheLimit`). A layout that is due is done first.
    ///
    /// ```swift
    /// // After a scroll down, while the main loop is idle: the next screen.
    /// let visible = view.visibleRect
    /// view.prepareContent(in: visible.union(visible.offsetBy(dx: 0, dy: visible.height)))
    /// ```
    open func prepareContent(in rect: CGRect) {
        // What is shown first, where a layout is due (a relocation waits for it): the prepared
        // rectangle is then measured from where the text shown really is.
        layoutIfNeeded()
        let bounds = rect.union(visibleRect)
        guard bounds.height.isFinite, bounds.minY.isFinite, bounds.height <= 16 * max(visibleRect.height, 1_000)
        else { return }
        preparingRect = bounds
        defer { preparingRect = nil }
        textLayoutManager.textViewportLayoutController.layoutViewport()
        // What is shown is laid out again at the next layout: the surfaces of the prepared
        // content that it does not show wait in the cache.
        needsLayout = true
    }

    /// Lays the viewport out if `needsLayout` is set (UIKit's `layoutIfNeeded()`), through the
    /// layout manager's viewport layout controller.
    open func layoutIfNeeded() {
        guard needsLayout else { return }
        textLayoutManager.textViewportLayoutController.layoutViewport()
    }

    /// Draws the fragments of the last viewport layout whose ink meets `dirtyRect` (container
    /// coordinates) into `context`, each at its frame with the layout manager's rendering
    /// attributes over its own (the marked text's underline, an app's highlights): NSView's
    /// `draw(_:)`. A host translates the context by `-visibleRect.origin` first; a subclass
    /// draws behind the text before calling super, or over it after.
    open func draw(_ dirtyRect: CGRect, in context: any TextDrawingContext) {
        for surface in renderingSurfaces where surface.drawingBounds.intersects(dirtyRect) {
            surface.draw(
                in: context, renderingAttributes: textLayoutManager.renderingAttributes(for: surface.textLayoutFragment)
            )
        }
    }

    /// Scrolls the viewport so that the end of `range` (the caret, for an insertion point) is
    /// visible, moving as little as it can, and lays the viewport out if it moved. Nothing
    /// happens for a range outside the document, a view with no height, or a viewport
    /// controller with no delegate.
    ///
    /// ```swift
    /// view.doCommand(by: "moveDown:")
    /// view.scrollRangeToVisible(view.selectedRange())
    /// ```
    open func scrollRangeToVisible(_ range: NSRange) {
        scrollToVisible(range)
    }

    // MARK: Copy and paste

    /// The selected text; several selections joined by line feeds, in document order.
    open func copy() -> AttributedString {
        copiedSelection()
    }

    /// Copies the selected text and deletes it: one undo step.
    @discardableResult
    open func cut() -> AttributedString {
        cutSelection()
    }

    /// Pastes `text` at every selection: when it has as many lines as there are selections,
    /// one line at each (as editors paste what several cursors copied), else all of it at each.
    /// One undo step. `paste(_:)` of a `String` comes through here.
    open func paste(_ text: AttributedString) {
        pasteText(text)
    }

    // MARK: Text input (open: a subclass overrides these as it would NSTextView's and calls super)

    /// Inserts `string` as typing does: over `replacementRange`, or with `NSNotFound` over the
    /// marked text (committing it) or else over every selection (several cursors type at once).
    /// Consecutive typing is one undo step; a commit is one step that gives back the text from
    /// before the composition (also when `replacementRange` covers only part of the marked
    /// text, or more). A bad range (a negative or overflowing one, one past the end, one
    /// splitting a surrogate pair) is ignored: nothing changes and nothing is recorded.
    open func insertText(_ string: String, replacementRange: NSRange) {
        insert(plain: string, attributed: nil, replacementRange: replacementRange)
    }

    /// Inserts attributed text, as `insertText(_:replacementRange:)` does with a string.
    open func insertText(_ string: AttributedString, replacementRange: NSRange) {
        insert(plain: nil, attributed: string, replacementRange: replacementRange)
    }

    /// Shows `string` as marked text (what an input method composes) over `replacementRange`,
    /// or with `NSNotFound` over the marked text or else the selection; `selectedRange` is the
    /// selection inside it (the clause being converted), clipped to it (`NSNotFound` as its
    /// location: the end). Marked text is drawn with an underline (thick under the selected
    /// clause; see `markedTextStyle`) through rendering attributes, never stored as content
    /// attributes, and enters undo only when the composition ends. An empty string removes the
    /// marked text. A bad replacement range (negative, overflowing, past the end, splitting a
    /// surrogate pair) is ignored: nothing changes and nothing is recorded.
    open func setMarkedText(_ string: String, selectedRange: NSRange, replacementRange: NSRange) {
        mark(string, clauses: [], selectedRange: selectedRange, replacementRange: replacementRange)
    }

    /// Shows attributed marked text, as an input method sends it: the characters as
    /// `setMarkedText(_:selectedRange:replacementRange:)` shows a string (they take the typing
    /// attributes), and the attributes of `validAttributesForMarkedText` it carries (the clause
    /// underlines: `.underlineStyle` with a `TextDecorationStyle`, the colours as `TextColor`) kept
    /// as the marked text's own attributes. They are drawn over it (an input method that underlines
    /// its clauses itself gets no thick underline added),
    /// `attributedSubstring(forProposedRange:actualRange:)` and `attributedString()` report them,
    /// and they are dropped when the composition ends: committed text never has them. Other
    /// attributes are ignored.
    ///
    /// ```swift
    /// var clauses = AttributedString("漢字")
    /// clauses.underlineStyle = .thick                       // the clause being converted
    /// clauses.append(AttributedString("を", attributes: AttributeContainer().underlineStyle(.single)))
    /// view.setMarkedText(clauses, selectedRange: NSRange(location: 0, length: 2), replacementRange: notFound)
    /// ```
    open func setMarkedText(_ string: AttributedString, selectedRange: NSRange, replacementRange: NSRange) {
        mark(
            String(string.characters[...]), clauses: Self.markedClauses(of: string), selectedRange: selectedRange,
            replacementRange: replacementRange)
    }

    /// UIKit's `setMarkedText(_:selectedRange:)`: marks `string` over the marked text, or else
    /// the selection; nil, as an empty string, removes the marked text.
    open func setMarkedText(_ string: String?, selectedRange: NSRange) {
        setMarkedText(
            string ?? "", selectedRange: selectedRange, replacementRange: NSRange(location: NSNotFound, length: 0))
    }

    /// UIKit's `insertText(_:)` (`UIKeyInput`): types `text` as a key press does, over the marked
    /// text or else every selection.
    open func insertText(_ text: String) {
        insertText(text, replacementRange: NSRange(location: NSNotFound, length: 0))
    }

    /// UIKit's `deleteBackward()` (`UIKeyInput`): what the delete key does, `deleteBackward:`.
    open func deleteBackward() {
        doCommand(by: "deleteBackward:")
    }

    /// Commits the marked text as it is: one undo step.
    open func unmarkText() {
        finishComposition()
    }

    /// Selects `range` (one selection); out-of-bounds parts are clipped.
    open func setSelectedRange(_ range: NSRange) {
        select(range)
    }

    /// Performs the action named `selector` (AppKit's names, the colon included, read by
    /// `TextViewCommand(selector:)`); unknown names do nothing but end a composition in
    /// progress. Returns whether the name was known.
    @discardableResult
    open func doCommand(by selector: String) -> Bool {
        guard let command = TextViewCommand(selector: selector) else {
            endComposition()
            return false
        }
        perform(command)
        return true
    }
}
