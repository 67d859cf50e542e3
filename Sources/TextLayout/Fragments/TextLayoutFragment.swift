import Foundation
import Synchronization
import TextContent

/// One laid-out paragraph: TextKit's `NSTextLayoutFragment`. Immutable; to change one, lay the
/// paragraph out again. Open so an app can supply its own kind (e.g. one that draws a bubble).
open class TextLayoutFragment: @unchecked Sendable, CustomStringConvertible {
    /// How far a fragment's layout has come.
    public enum State: Sendable, Hashable {
        case none
        case estimatedUsageBounds
        case calculatedUsageBounds
        case layoutAvailable
    }

    /// The paragraph laid out.
    public let textElement: TextParagraph
    /// Where the fragment is in the document.
    public let rangeInElement: TextRange?
    /// The fragment's rectangle in container coordinates; fragments tile the container.
    public let layoutFragmentFrame: CGRect
    /// Where the fragment draws, relative to `layoutFragmentFrame`'s origin: the frame, grown
    /// where the glyphs' real ink overflows it (diacritics, descenders, italic overhang, tall
    /// emoji). Worked out from the glyph extents on first use.
    open var renderingSurfaceBounds: CGRect {
        if let suppliedSurfaceBounds { return suppliedSurfaceBounds }
        return computedSurfaceBounds.withLock { cached in
            if let cached { return cached }
            var surface = CGRect(origin: .zero, size: layoutFragmentFrame.size)
            for line in textLineFragments {
                let ink = line.inkBounds
                if !ink.isNull { surface = surface.union(ink) }
            }
            cached = surface
            return surface
        }
    }
    private let suppliedSurfaceBounds: CGRect?
    private let computedSurfaceBounds = Mutex<CGRect?>(nil)
    /// The lines, top to bottom.
    public let textLineFragments: [TextLineFragment]
    public let state: State

    /// A fragment; without `renderingSurfaceBounds`, it is worked out from the lines' ink.
    public init(
        textElement: TextParagraph, layoutFragmentFrame: CGRect, renderingSurfaceBounds: CGRect? = nil,
        textLineFragments: [TextLineFragment], state: State = .layoutAvailable
    ) {
        self.textElement = textElement
        self.rangeInElement = textElement.elementRange
        self.layoutFragmentFrame = layoutFragmentFrame
        self.suppliedSurfaceBounds = renderingSurfaceBounds
        self.textLineFragments = textLineFragments
        self.state = state
    }

    /// The same layout moved to `y` (container coordinates) and given `textElement`, the
    /// paragraph's element now (an edit above it moved its offsets, not its text).
    func relocated(to y: CGFloat, textElement: TextParagraph) -> TextLayoutFragment {
        var frame = layoutFragmentFrame
        frame.origin.y = y
        return TextLayoutFragment(
            textElement: textElement, layoutFragmentFrame: frame,
            renderingSurfaceBounds: suppliedSurfaceBounds ?? computedSurfaceBounds.withLock { $0 },
            textLineFragments: textLineFragments, state: state)
    }

    /// The line holding the character at `index` (UTF-16 offset in the paragraph); at a line
    /// boundary, the line that starts there unless `isUpstreamAffinity`.
    public func textLineFragment(forCharacterAt index: Int, isUpstreamAffinity: Bool = false) -> TextLineFragment? {
        for (position, line) in textLineFragments.enumerated() {
            let start = line.characterRange.location, end = start + line.characterRange.length
            if index == end, isUpstreamAffinity || position == textLineFragments.count - 1 { return line }
            if index >= start, index < end { return line }
        }
        return textLineFragments.last
    }

    /// The line at `verticalOffset` (fragment coordinates); with `requiresExactMatch` false,
    /// the nearest line.
    public func textLineFragment(forVerticalOffset verticalOffset: CGFloat, requiresExactMatch: Bool) -> TextLineFragment? {
        if let exact = textLineFragments.first(where: { $0.typographicBounds.minY <= verticalOffset && verticalOffset < $0.typographicBounds.maxY }) {
            return exact
        }
        guard !requiresExactMatch else { return nil }
        return textLineFragments.min { abs($0.typographicBounds.midY - verticalOffset) < abs($1.typographicBounds.midY - verticalOffset) }
    }

    public var description: String {
        "\(type(of: self))(frame: \(layoutFragmentFrame), lines: \(textLineFragments.count))"
    }
}
