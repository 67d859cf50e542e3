import Foundation
@_spi(Layout) import TextContent

/// Lays out what a view shows, and only that: TextKit's `NSTextViewportLayoutController`.
///
/// ```swift
/// final class View: TextViewportLayoutControllerDelegate {
///     var visibleRect = CGRect(x: 0, y: 0, width: 800, height: 600)
///     func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { visibleRect }
///     func textViewportLayoutController(
///         _ controller: TextViewportLayoutController, configureRenderingSurfaceFor fragment: TextLayoutFragment
///     ) {
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
/// Scroll stability, which TextKit 2 lacks: the viewport is anchored to a character and a
/// distance below the top of its line. When estimated heights above the viewport are replaced
/// by measured ones, the text the user sees stays where it is on screen; only
/// `viewportBounds.minY` (the scroll offset) and the total height move. When the container's
/// width changes, the line holding the anchored character stays at the top.
///
/// A scroll by d points moves the text by exactly d points, whatever was estimated: the view
/// scrolls by giving a rect whose top differs from the `viewportBounds` of the last layout (or
/// through `adjustViewport(byVerticalOffset:)`), and the paragraphs between the old top and the
/// new one are measured before the new top is chosen. A scroll farther than
/// `measuredScrollLimit` viewport heights is a jump (a scroll bar dragged): its top comes from
/// the estimates, as nothing on screen is left to keep still.
public final class TextViewportLayoutController {
    /// The manager whose layout this controller drives.
    public private(set) weak var textLayoutManager: TextLayoutManager?
    public weak var delegate: (any TextViewportLayoutControllerDelegate)?

    /// The rectangle last laid out, container coordinates; its origin is where the view should
    /// scroll to (it differs from the rect the delegate gave by `scrollCorrection`).
    public private(set) var viewportBounds: CGRect = .zero
    /// The text of the fragments in the viewport at the last layout (made when asked for: a
    /// layout that nobody asks makes no locations).
    public var viewportRange: TextRange? { Self.range(of: visibleFragments) }
    /// How far the last layout moved the viewport's top from where it was meant to be (the rect
    /// the delegate gave, or where `relocateViewport`/`adjustViewport` put it), to keep the
    /// anchored text still: estimates above were measured, or text above was edited.
    public private(set) var scrollCorrection: CGFloat = 0
    /// The fragments in the viewport at the last layout, top to bottom.
    public private(set) var visibleFragments: [TextLayoutFragment] = []
    /// How much is laid out beyond the viewport, above and below, as a fraction of its height,
    /// so that scrolling a little finds its layout ready.
    public var prefetchFraction: CGFloat = 0.5
    /// How far a scroll is measured exactly, in viewport heights (at least 600 points each):
    /// the text between the old top and the new is laid out first, so the text moves by exactly
    /// the scrolled distance. Farther scrolls are jumps placed by the estimates.
    public var measuredScrollLimit: CGFloat = 64

    /// The viewport's top, tied to its text.
    private var anchor: ViewportAnchor?
    /// Scrolling asked for since the last layout (`adjustViewport`), in points.
    private var pendingScroll: CGFloat = 0
    /// Whether the next layout keeps the anchor whatever rect the delegate gives (after a
    /// relocation, before the view has scrolled there).
    private var keepsAnchor = false
    /// A viewport top to anchor at afresh at the next layout, when an edit took the anchor's
    /// paragraph start away.
    private var anchoredTop: CGFloat?
    /// What the last layout walked, top to bottom (container y): where the bands beyond the
    /// viewport reached. The layout manager keeps the layouts there (see `evictIfNeeded`).
    private(set) var prefetchedSpan: ClosedRange<CGFloat>?
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
        let expectedTop = updateAnchor(for: requested, in: manager)
        var laidOut: [TextLayoutFragment] = []
        var top = requested.minY
        if let anchor,
            let anchored = manager.layoutIndex.position(containingOffset: anchor.offset)
                ?? manager.layoutIndex.position(at: manager.layoutIndex.count - 1)
        {
            (laidOut, top, prefetchedSpan) = layOutFragments(
                around: anchor, in: anchored, requested: requested, manager: manager)
        } else {
            prefetchedSpan = nil
        }
        let bounds = CGRect(x: requested.minX, y: top, width: requested.width, height: requested.height)
        show(laidOut, in: bounds, expectedTop: expectedTop, delegate: delegate)
        manager.notifyLayoutCompletion(.viewport(bounds))
    }

    /// Moves the anchor where scrolling since the last layout puts it (the view's own scroll,
    /// `adjustViewport`, a relocation); returns where the viewport's top was meant to be.
    private func updateAnchor(for requested: CGRect, in manager: TextLayoutManager) -> CGFloat {
        let expectedTop = keepsAnchor ? viewportBounds.minY : requested.minY
        if let top = anchoredTop {
            anchor = anchor(atY: top, in: manager)
            anchoredTop = nil
        } else if anchor == nil {
            anchor = anchor(atY: requested.minY, in: manager)
        } else if !keepsAnchor, requested.minY != viewportBounds.minY {
            // The view scrolled by itself.
            pendingScroll += requested.minY - viewportBounds.minY
        }
        keepsAnchor = false
        if let current = anchor, pendingScroll != 0 {
            anchor = anchor(current, scrolledBy: pendingScroll, viewportHeight: requested.height, in: manager)
        }
        pendingScroll = 0
        if manager.layoutIndex.isEmpty { anchor = nil }
        return expectedTop
    }

    /// Lays out the paragraphs from a band above the anchor's down to a band below the
    /// viewport; returns the fragments in the viewport, its top (the anchored text's place), and
    /// the span walked.
    private func layOutFragments(
        around anchor: ViewportAnchor, in anchored: LayoutPosition, requested: CGRect, manager: TextLayoutManager
    ) -> (fragments: [TextLayoutFragment], top: CGFloat, walked: ClosedRange<CGFloat>?) {
        let band = ViewportPrefetchBand(height: requested.height * prefetchFraction, lastWalked: prefetchedSpan)
        let inParagraph = max(0, anchor.offset - anchored.range.lowerBound)
        let viewTop = anchored.y + anchor.delta
        // Start the walk a band above the anchor: measuring that band moves the anchor's
        // paragraph, and the viewport moves with it.
        let bandStart = manager.layoutIndex.ordinal(atY: band.top(above: viewTop)) ?? anchored.ordinal
        let first = min(bandStart, anchored.ordinal)
        var (laidOut, top, walked) = ([TextLayoutFragment](), requested.minY, ClosedRange<CGFloat>?.none)
        manager.layOutParagraphs(from: first, protected: first ... anchored.ordinal) { ordinal, walkedFragment in
            // A long paragraph's lines broken again where the viewport reaches a junction.
            let fragment =
                ordinal == anchored.ordinal
                ? Self.reflowingJunctions(
                    of: walkedFragment, at: ordinal, in: manager, showingFrom: inParagraph, delta: anchor.delta,
                    height: requested.height)
                : manager.reflowingJunctions(
                    of: walkedFragment, at: ordinal,
                    through: (ordinal > anchored.ordinal ? top : viewTop) + requested.height)
            let frame = fragment.layoutFragmentFrame
            walked =
                walked.map { min($0.lowerBound, frame.minY) ... max($0.upperBound, frame.maxY) }
                ?? frame.minY ... max(frame.minY, frame.maxY)
            if ordinal == anchored.ordinal {
                top =
                    frame.minY
                    + anchoredLineTop(
                        in: fragment, showingFrom: inParagraph, delta: anchor.delta, at: anchored, manager: manager)
            }
            guard ordinal >= anchored.ordinal else { return true }
            if frame.maxY > top, frame.minY < top + requested.height || (frame.height == 0 && frame.minY == top) {
                laidOut.append(fragment)
            }
            return frame.maxY < band.bottom(below: top + requested.height)
        }
        return (laidOut, top, walked)
    }

    /// Where the viewport's top is in the anchor's paragraph `fragment`: the anchor's line top
    /// and delta; below the document's end, its last line (and the anchor moves there).
    private func anchoredLineTop(
        in fragment: TextLayoutFragment, showingFrom offset: Int, delta: CGFloat, at anchored: LayoutPosition,
        manager: TextLayoutManager
    ) -> CGFloat {
        let y = ViewportAnchor.lineTop(in: fragment, at: offset) + delta
        guard y >= fragment.layoutFragmentFrame.height, anchored.ordinal == manager.layoutIndex.count - 1 else {
            return y
        }
        let last = max(0, fragment.lastLineTop)
        anchor = ViewportAnchor.at(last, in: fragment, paragraphStart: anchored.range.lowerBound)
        return last
    }

    /// Hands the viewport's fragments to the delegate (a surface each; surfaces of fragments no
    /// longer shown go back to it) and records the layout.
    private func show(
        _ laidOut: [TextLayoutFragment], in bounds: CGRect, expectedTop: CGFloat,
        delegate: any TextViewportLayoutControllerDelegate
    ) {
        for fragment in laidOut {
            delegate.textViewportLayoutController(self, configureRenderingSurfaceFor: fragment)
        }
        if !surfaces.isEmpty {
            let visibleKeys = Set(laidOut.map(\.renderingSurfaceKey))
            for (key, surface) in surfaces where !visibleKeys.contains(key) {
                surfaces[key] = nil
                delegate.textViewportLayoutController(self, cacheRenderingSurface: surface, forKey: key)
            }
        }
        visibleFragments = laidOut
        scrollCorrection = bounds.minY - expectedTop
        viewportBounds = bounds
        delegate.textViewportLayoutControllerDidLayout(self)
    }

    /// `fragment`, the paragraph the viewport's top is in (maybe far down a long one, at offset
    /// `offset` of it, `delta` below that line's top), with its lines broken again through its
    /// junctions down to the viewport's bottom. Lines broken again above the top line can move
    /// it, and the bottom with it: again until it stays.
    private static func reflowingJunctions(
        of fragment: TextLayoutFragment, at ordinal: Int, in manager: TextLayoutManager,
        showingFrom offset: Int, delta: CGFloat, height: CGFloat
    ) -> TextLayoutFragment {
        var fragment = fragment
        var reached = -CGFloat.infinity
        for _ in 0 ..< 4 {
            let bottom =
                fragment.layoutFragmentFrame.minY + ViewportAnchor.lineTop(in: fragment, at: offset) + delta + height
            guard bottom > reached else { break }
            reached = bottom
            fragment = manager.reflowingJunctions(of: fragment, at: ordinal, through: bottom)
        }
        return fragment
    }

    /// Moves the viewport so that the line holding `location` is at its top, and returns the
    /// y the view should scroll to (the next `layoutViewport()` lays out from there). O(log n)
    /// plus laying out that one paragraph.
    @discardableResult
    public func relocateViewport(to location: any TextLocation) -> CGFloat {
        guard let manager = textLayoutManager, let content = manager.textContentManager else {
            return viewportBounds.minY
        }
        let offset = content.offset(from: content.documentRange.location, to: location)
        guard offset != NSNotFound,
            let ordinal = manager.ordinal(containing: location) ?? nearestOrdinal(to: offset, in: manager),
            let position = manager.layoutIndex.position(at: ordinal), let fragment = manager.fragment(at: ordinal)
        else {
            return viewportBounds.minY
        }
        let inParagraph = min(max(0, offset - position.range.lowerBound), position.range.count)
        let lineTop = ViewportAnchor.lineTop(in: fragment, at: inParagraph)
        anchor = ViewportAnchor.at(lineTop, in: fragment, paragraphStart: position.range.lowerBound)
        anchoredTop = nil
        pendingScroll = 0
        keepsAnchor = true
        let y = fragment.layoutFragmentFrame.minY + lineTop
        viewportBounds.origin.y = y
        return y
    }

    /// Moves the viewport by `verticalOffset` points without laying anything out: the next
    /// layout shows the text exactly `verticalOffset` further down (measuring what lies
    /// between, up to `measuredScrollLimit` viewport heights).
    public func adjustViewport(byVerticalOffset verticalOffset: CGFloat) {
        guard verticalOffset.isFinite else { return }
        if let manager = textLayoutManager, anchor == nil {
            manager.indexIfNeeded()
            anchor = anchor(atY: viewportBounds.minY, in: manager)
        }
        pendingScroll += verticalOffset
        viewportBounds.origin.y = max(0, viewportBounds.origin.y + verticalOffset)
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
            if Self.anyEdit(of: changes, reaches: current.offset), let manager = textLayoutManager, manager.isIndexed,
                let position = manager.layoutIndex.position(containingOffset: current.offset)
            {
                // The edit reaches the anchor's character (a backspace joining its paragraph to
                // the one before): it no longer names the same line, so keep the top's y (the
                // tree and the kept fragment are still those from before the edit).
                var lineTop: CGFloat = 0
                if !position.entry.needsLayout, let fragment = position.entry.kept?.fragment {
                    lineTop = ViewportAnchor.lineTop(in: fragment, at: current.offset - position.range.lowerBound)
                }
                anchoredTop = position.y + lineTop + current.delta
            }
            current.offset = changes.transform(current.offset, affinity: .upstream)
            anchor = current
            keepsAnchor = true
        }
        setNeedsLayout()
    }

    /// Whether one of the edits touches the character at `offset` (followed through the edits
    /// before it): a replace-all around the viewport, whose edits all lie elsewhere, leaves the
    /// anchor on its text.
    private static func anyEdit(of changes: TextContentChangeSet, reaches offset: Int) -> Bool {
        var offset = offset
        for edit in changes.edits {
            if edit.range.lowerBound <= offset, offset <= edit.range.upperBound { return true }
            offset = edit.transform(offset, affinity: .upstream)
        }
        return false
    }

    /// The anchor for the container's `y`, from the tree's heights (estimated where nothing is
    /// measured): a paragraph's start and the distance below its top.
    private func anchor(atY y: CGFloat, in manager: TextLayoutManager) -> ViewportAnchor? {
        guard let position = manager.layoutIndex.position(atY: y) else { return nil }
        return ViewportAnchor(offset: position.range.lowerBound, delta: max(0, y - position.y))
    }

    /// The anchor `distance` points below `anchor` (above, when negative). Up to
    /// `measuredScrollLimit` viewport heights, every paragraph in between is laid out first, so
    /// the distance is the one the user sees; farther, the estimates place it.
    private func anchor(
        _ anchor: ViewportAnchor, scrolledBy distance: CGFloat, viewportHeight: CGFloat, in manager: TextLayoutManager
    ) -> ViewportAnchor? {
        let index = manager.layoutIndex
        guard var position = index.position(containingOffset: anchor.offset) ?? index.position(at: index.count - 1)
        else { return nil }
        let inParagraph = max(0, anchor.offset - position.range.lowerBound)
        guard abs(distance) <= measuredScrollLimit * max(viewportHeight, 600) else {
            var lineTop: CGFloat = 0
            if !position.entry.needsLayout, let fragment = position.entry.kept?.fragment {
                lineTop = ViewportAnchor.lineTop(in: fragment, at: inParagraph)
            }
            return self.anchor(atY: position.y + lineTop + anchor.delta + distance, in: manager)
        }
        guard var fragment = manager.fragment(at: position.ordinal) else { return nil }
        // The distance below the top of `fragment`'s paragraph, walked paragraph by paragraph.
        var y = ViewportAnchor.lineTop(in: fragment, at: inParagraph) + anchor.delta + distance
        if y >= 0 {
            var ordinal = position.ordinal
            while y >= fragment.layoutFragmentFrame.height, ordinal + 1 < manager.layoutIndex.count {
                y -= fragment.layoutFragmentFrame.height
                ordinal += 1
                guard let (next, nextPosition) = manager.placedFragment(at: ordinal) else { break }
                (fragment, position) = (next, nextPosition)
            }
            if y >= fragment.layoutFragmentFrame.height {
                // Past the end of the document: its last line.
                let lastLine = fragment.lastLineTop
                y = max(0, lastLine)
            }
        } else {
            var ordinal = position.ordinal
            while y < 0, ordinal > 0 {
                ordinal -= 1
                guard let (previous, previousPosition) = manager.placedFragment(at: ordinal) else { break }
                (fragment, position) = (previous, previousPosition)
                y += fragment.layoutFragmentFrame.height
            }
            y = max(0, y)
        }
        return ViewportAnchor.at(y, in: fragment, paragraphStart: position.range.lowerBound)
    }

    private func nearestOrdinal(to offset: Int, in manager: TextLayoutManager) -> Int? {
        guard manager.layoutIndex.count > 0 else { return nil }
        return manager.layoutIndex.position(containingOffset: max(0, offset))?.ordinal ?? manager.layoutIndex.count - 1
    }

    /// A rect with finite, non-negative numbers (absurd geometry becomes an empty rect at 0).
    private static func sanitized(_ rect: CGRect) -> CGRect {
        func finite(_ value: CGFloat) -> CGFloat { value.isFinite ? value : 0 }
        let height = min(max(0, finite(rect.height)), 1e7)
        return CGRect(
            x: finite(rect.minX), y: max(0, finite(rect.minY)), width: max(0, finite(rect.width)), height: height)
    }

    private static func range(of fragments: [TextLayoutFragment]) -> TextRange? {
        guard let first = fragments.first?.rangeInElement, let last = fragments.last?.rangeInElement else { return nil }
        return TextRange(location: first.location, end: last.endLocation)
    }
}
