import Foundation
import TextContent

/// Lays out what a view shows, and only that: TextKit's `NSTextViewportLayoutController`.
///
/// ```swift
/// final class View: TextViewportLayoutControllerDelegate {
///     var visibleRect = CGRect(x: 0, y: 0, width: 800, height: 600)
///     func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { visibleRect }
///     func textViewportLayoutController(_ controller: TextViewportLayoutController, configureRenderingSurfaceFor fragment: TextLayoutFragment) {
///         // place or draw the fragment's surface at fragment.layoutFragmentFrame
///     }
///     func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
///         visibleRect.origin.y = controller.viewportBounds.minY  // follow the anchor: no jump
///     }
/// }
/// layoutManager.textViewportLayoutController.delegate = view
/// layoutManager.textViewportLayoutController.layoutViewport()
/// ```
///
/// Scroll stability, which TextKit 2 lacks: the viewport is anchored to a paragraph plus an
/// offset into it. When estimated heights above the viewport are replaced by measured ones, the
/// text the user sees stays where it is on screen; only `viewportBounds.minY` (the scroll offset)
/// and the total height move. The view scrolls by itself when the rect it gives differs from the
/// `viewportBounds` of the last layout: the anchor is then taken afresh at the new rect.
public final class TextViewportLayoutController {
    /// The manager whose layout this controller drives.
    public private(set) weak var textLayoutManager: TextLayoutManager?
    public weak var delegate: (any TextViewportLayoutControllerDelegate)?

    /// The rectangle last laid out, container coordinates; its origin is where the view should
    /// scroll to (it differs from the rect the delegate gave by `scrollCorrection`).
    public private(set) var viewportBounds: CGRect = .zero
    /// The text of the fragments in the viewport at the last layout.
    public private(set) var viewportRange: TextRange?
    /// How far the last layout moved the viewport's top from where it was meant to be (the rect
    /// the delegate gave, or where `relocateViewport`/`adjustViewport` put it), to keep the
    /// anchored text still: estimates above were measured, or text above was edited.
    public private(set) var scrollCorrection: CGFloat = 0
    /// The fragments in the viewport at the last layout, top to bottom.
    public private(set) var visibleFragments: [TextLayoutFragment] = []
    /// How much is laid out beyond the viewport, above and below, as a fraction of its height,
    /// so that scrolling a little finds its layout ready.
    public var prefetchFraction: CGFloat = 0.5

    /// The viewport's top: a UTF-16 offset in the paragraph the top lies in, and how far below
    /// that paragraph's top the viewport starts.
    private struct Anchor {
        var offset: Int
        var delta: CGFloat
    }
    private var anchor: Anchor?
    /// Whether the next layout keeps the anchor whatever rect the delegate gives (after a
    /// relocation, before the view has scrolled there).
    private var keepsAnchor = false
    /// A viewport top to anchor at afresh at the next layout, when an edit took the anchor's
    /// paragraph start away.
    private var anchoredTop: CGFloat?
    /// Surfaces of the fragments in the viewport, by key.
    private var surfaces: [RenderingSurfaceKey: any TextViewportRenderingSurface] = [:]

    public init(textLayoutManager: TextLayoutManager) {
        self.textLayoutManager = textLayoutManager
    }

    /// Asks the delegate to schedule a layout (TextKit's `setNeedsLayout`).
    public func setNeedsLayout() {
        delegate?.textViewportLayoutControllerReceivedSetNeedsLayout(self)
    }

    /// Lays out the viewport the delegate gives, keeping the anchored text still; tells the
    /// delegate before, for each fragment in it, and after.
    public func layoutViewport() {
        guard let manager = textLayoutManager, let delegate else { return }
        delegate.textViewportLayoutControllerWillLayout(self)
        let requested = Self.sanitized(delegate.viewportBounds(for: self))
        manager.indexIfNeeded()
        // Where the viewport's top was meant to be: where the view scrolled, or where a
        // relocation or adjustment put it.
        let expectedTop = keepsAnchor ? viewportBounds.minY : requested.minY
        if let top = anchoredTop {
            anchor = anchor(atY: top, in: manager)
            anchoredTop = nil
        } else if anchor == nil || (!keepsAnchor && requested.minY != viewportBounds.minY) {
            anchor = anchor(atY: requested.minY, in: manager)
        }
        keepsAnchor = false
        normalizeAnchor(in: manager)

        var laidOut: [TextLayoutFragment] = []
        var top = requested.minY
        if let anchor, let anchored = manager.layoutIndex.position(containingOffset: anchor.offset) ?? manager.layoutIndex.position(at: manager.layoutIndex.count - 1) {
            let prefetch = max(0, requested.height * prefetchFraction)
            // Start the walk a band above the anchor: measuring that band moves the anchor's
            // paragraph, and the viewport moves with it.
            let bandStart = manager.layoutIndex.position(atY: anchored.y + anchor.delta - prefetch)?.ordinal ?? anchored.ordinal
            let first = min(bandStart, anchored.ordinal)
            manager.walk(from: first, pinned: first ... anchored.ordinal) { ordinal, fragment in
                if ordinal == anchored.ordinal {
                    // Measured, the paragraph may be shorter than the offset into it (its lines
                    // wrapped differently): the viewport then starts at its last line.
                    let frame = fragment.layoutFragmentFrame
                    let lastLine = fragment.textLineFragments.last?.typographicBounds.height ?? 0
                    let delta = anchor.delta < frame.height ? anchor.delta : max(0, frame.height - lastLine)
                    top = frame.minY + delta
                    self.anchor?.delta = delta
                }
                guard ordinal >= anchored.ordinal else { return true }
                let frame = fragment.layoutFragmentFrame
                if frame.maxY > top, frame.minY < top + requested.height || (frame.height == 0 && frame.minY == top) {
                    laidOut.append(fragment)
                }
                return frame.maxY < top + requested.height + prefetch
            }
        }
        let bounds = CGRect(x: requested.minX, y: top, width: requested.width, height: requested.height)
        for fragment in laidOut {
            delegate.textViewportLayoutController(self, configureRenderingSurfaceFor: fragment)
        }
        // Surfaces of fragments no longer in the viewport go back to the delegate.
        let visibleKeys = Set(laidOut.map(\.renderingSurfaceKey))
        for (key, surface) in surfaces where !visibleKeys.contains(key) {
            surfaces[key] = nil
            delegate.textViewportLayoutController(self, cacheRenderingSurface: surface, forKey: key)
        }
        visibleFragments = laidOut
        scrollCorrection = top - expectedTop
        viewportBounds = bounds
        viewportRange = Self.range(of: laidOut)
        delegate.textViewportLayoutControllerDidLayout(self)
        manager.notifyLayoutCompletion(.viewport(bounds))
    }

    /// Moves the viewport so that the line holding `location` is at its top, and returns the
    /// y the view should scroll to (the next `layoutViewport()` lays out from there). O(log n)
    /// plus laying out that one paragraph.
    @discardableResult
    public func relocateViewport(to location: any TextLocation) -> CGFloat {
        guard let manager = textLayoutManager, let content = manager.textContentManager else { return viewportBounds.minY }
        let offset = content.offset(from: content.documentRange.location, to: location)
        guard offset != NSNotFound, let ordinal = manager.ordinal(containing: location) ?? nearestOrdinal(to: offset, in: manager),
              let position = manager.layoutIndex.position(at: ordinal), let fragment = manager.fragment(at: ordinal) else {
            return viewportBounds.minY
        }
        let inParagraph = min(max(0, offset - position.range.lowerBound), position.range.count)
        let delta = fragment.textLineFragment(forCharacterAt: inParagraph)?.typographicBounds.minY ?? 0
        anchor = Anchor(offset: position.range.lowerBound, delta: delta)
        anchoredTop = nil
        keepsAnchor = true
        let y = fragment.layoutFragmentFrame.minY + delta
        viewportBounds.origin.y = y
        return y
    }

    /// Moves the viewport by `verticalOffset` points without laying anything out: the anchor
    /// moves with it, so the next layout shows the text `verticalOffset` further down.
    public func adjustViewport(byVerticalOffset verticalOffset: CGFloat) {
        guard verticalOffset.isFinite else { return }
        if let manager = textLayoutManager, anchor == nil {
            manager.indexIfNeeded()
            anchor = anchor(atY: viewportBounds.minY, in: manager)
        }
        anchor?.delta += verticalOffset
        viewportBounds.origin.y += verticalOffset
        keepsAnchor = true
    }

    /// The surface drawn for `key`: the one held for a fragment in the viewport, else what the
    /// delegate kept (`retrieveCachedRenderingSurfaceForKey`).
    public func renderingSurface(forKey key: RenderingSurfaceKey) -> (any TextViewportRenderingSurface)? {
        if let held = surfaces[key] { return held }
        return delegate?.textViewportLayoutController(self, retrieveCachedRenderingSurfaceForKey: key)
    }

    /// Holds `surface` as the one drawn for `key` while its fragment is in the viewport; when it
    /// leaves, the surface goes to the delegate's `cacheRenderingSurface`.
    public func setRenderingSurface(_ surface: any TextViewportRenderingSurface, forKey key: RenderingSurfaceKey) {
        surfaces[key] = surface
    }

    // MARK: Anchor

    /// The manager heard of edits: keep the anchor on the same text (inside a replaced span,
    /// at its start).
    func contentDidChange(_ changes: TextContentChangeSet) {
        if var current = anchor {
            if let edited = changes.editedRange, let manager = textLayoutManager, manager.isIndexed,
               edited.lowerBound <= current.offset, current.offset <= edited.upperBound - changes.changeInLength,
               let position = manager.layoutIndex.position(containingOffset: current.offset) {
                // The edit reaches the anchor's paragraph start (a backspace joining it to the
                // one before): its offset no longer names a paragraph top, so keep the top's y
                // (the tree still has the heights from before the edit).
                anchoredTop = position.y + current.delta
            }
            current.offset = changes.transform(current.offset, affinity: .upstream)
            anchor = current
            keepsAnchor = true
        }
        setNeedsLayout()
    }

    private func anchor(atY y: CGFloat, in manager: TextLayoutManager) -> Anchor? {
        guard let position = manager.layoutIndex.position(atY: y) else { return nil }
        return Anchor(offset: position.range.lowerBound, delta: y - position.y)
    }

    /// Makes the anchor's offset lie in its paragraph's band (after an adjustment moved it out,
    /// or edits moved the paragraph), keeping the point it names.
    private func normalizeAnchor(in manager: TextLayoutManager) {
        guard let current = anchor else { return }
        guard let position = manager.layoutIndex.position(containingOffset: current.offset) ?? manager.layoutIndex.position(at: manager.layoutIndex.count - 1) else {
            anchor = nil
            return
        }
        let height = LayoutHeight.points(position.entry.height)
        if current.delta < 0 || current.delta >= height, height > 0 || current.delta != 0 {
            anchor = anchor(atY: max(0, position.y + current.delta), in: manager)
        } else {
            anchor = Anchor(offset: position.range.lowerBound, delta: current.delta)
        }
    }

    private func nearestOrdinal(to offset: Int, in manager: TextLayoutManager) -> Int? {
        guard manager.layoutIndex.count > 0 else { return nil }
        return manager.layoutIndex.position(containingOffset: max(0, offset))?.ordinal ?? manager.layoutIndex.count - 1
    }

    /// A rect with finite, non-negative numbers (absurd geometry becomes an empty rect at 0).
    private static func sanitized(_ rect: CGRect) -> CGRect {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        let height = min(max(0, finite(rect.height)), 1e7)
        return CGRect(x: finite(rect.minX), y: max(0, finite(rect.minY)), width: max(0, finite(rect.width)), height: height)
    }

    private static func range(of fragments: [TextLayoutFragment]) -> TextRange? {
        guard let first = fragments.first?.rangeInElement, let last = fragments.last?.rangeInElement else { return nil }
        return TextRange(location: first.location, end: last.endLocation)
    }
}
