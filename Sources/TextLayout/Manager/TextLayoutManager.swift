import Foundation
import TextContent
import TextTypography

/// Lays a content manager's paragraphs out in a text container: TextKit's
/// `NSTextLayoutManager`.
///
/// ```swift
/// let storage = TextContentStorage(string: "Hello, مرحبا")
/// let layoutManager = TextLayoutManager()
/// storage.addTextLayoutManager(layoutManager)
/// layoutManager.textContainer = TextContainer(size: CGSize(width: 600, height: 0))
/// layoutManager.ensureLayoutForEntireDocument()
/// layoutManager.enumerateTextLayoutFragments(from: nil) { fragment in print(fragment); return true }
/// ```
///
/// This version lays out whole documents; viewport (noncontiguous) layout builds on it. A
/// fragment depends only on its paragraph, the container and the default font.
/// Not thread-safe: use it from the isolation domain of its content manager.
public final class TextLayoutManager: TextContentObserving {
    /// The content this manager lays out; set when a content manager adds it.
    public private(set) weak var textContentManager: TextContentManager?

    /// The container lines fill. Changing it invalidates the layout.
    public var textContainer: TextContainer {
        didSet { if textContainer != oldValue { invalidateLayout() } }
    }

    /// The font of text that has no font attribute.
    public var defaultFont: FontDescriptor {
        didSet { if defaultFont != oldValue { invalidateLayout() } }
    }

    /// Why the last layout could not lay a paragraph out (it then gets an empty fragment).
    public private(set) var lastLayoutError: TextLayoutError?

    private var fragments: [TextLayoutFragment] = []
    private var isLayoutValid = false

    public init(textContainer: TextContainer = TextContainer(size: CGSize(width: 600, height: 0)),
                defaultFont: FontDescriptor = FontDescriptor(family: "DejaVu Sans", size: 13)) {
        self.textContainer = textContainer
        self.defaultFont = defaultFont
    }

    public func textContentManagerDidAdd(_ textContentManager: TextContentManager) {
        self.textContentManager = textContentManager
        invalidateLayout()
    }

    public func textContentManagerDidRemove(_ textContentManager: TextContentManager) {
        if self.textContentManager === textContentManager { self.textContentManager = nil }
        invalidateLayout()
    }

    public func textContentManager(_ textContentManager: TextContentManager, didProcess changes: TextContentChangeSet) {
        invalidateLayout()
    }

    /// Drops every fragment; the next query lays out again (shaping is cached, so this re-breaks
    /// lines without shaping again).
    public func invalidateLayout() {
        isLayoutValid = false
        fragments.removeAll()
    }

    /// Lays out every paragraph that is not laid out.
    public func ensureLayoutForEntireDocument() {
        guard !isLayoutValid else { return }
        isLayoutValid = true
        fragments.removeAll()
        lastLayoutError = nil
        guard let content = textContentManager else { return }
        let layout = ParagraphLayout(container: textContainer, defaultFont: defaultFont, scratch: scratch)
        var y: CGFloat = 0
        let documentEnd = content.documentRange.endLocation
        content.enumerateTextElements(from: nil) { element in
            guard let paragraph = element as? TextParagraph else { return true }
            let isLast = paragraph.elementRange.map { $0.endLocation.isEqual(to: documentEnd) } ?? false
            let endsWithSeparator = paragraph.paragraphSeparatorRange.map { !$0.isEmpty } ?? false
            let fragment: TextLayoutFragment
            do {
                fragment = try layout.layout(paragraph, at: y, extraLineFragment: isLast && endsWithSeparator)
            } catch {
                lastLayoutError = (error as? TextLayoutError) ?? .shapingFailed(reason: "\(error)")
                fragment = TextLayoutFragment(textElement: paragraph, layoutFragmentFrame: CGRect(x: 0, y: y, width: 0, height: 0),
                                              renderingSurfaceBounds: .zero, textLineFragments: [], state: .none)
            }
            fragments.append(fragment)
            y = fragment.layoutFragmentFrame.maxY
            return true
        }
    }

    /// Lays out one paragraph afresh with its top at `y` (container coordinates), leaving the
    /// rest of the layout alone: the work an edit inside that paragraph costs. Shaping comes
    /// from the shaper's word cache, so only the words the edit touched are shaped again.
    public func layoutFragment(for paragraph: TextParagraph, at y: CGFloat) throws(TextLayoutError) -> TextLayoutFragment {
        let isLast = textContentManager.map { content in
            paragraph.elementRange.map { $0.endLocation.isEqual(to: content.documentRange.endLocation) } ?? false
        } ?? false
        let endsWithSeparator = paragraph.paragraphSeparatorRange.map { !$0.isEmpty } ?? false
        return try ParagraphLayout(container: textContainer, defaultFont: defaultFont, scratch: scratch)
            .layout(paragraph, at: y, extraLineFragment: isLast && endsWithSeparator)
    }

    private let scratch = LayoutScratch()

    /// Ensures layout of the paragraphs in `range` (this version: of the whole document).
    public func ensureLayout(for range: TextRange) {
        ensureLayoutForEntireDocument()
    }

    /// The rectangle the laid-out text uses in the container.
    public var usageBoundsForTextContainer: CGRect {
        ensureLayoutForEntireDocument()
        let height = fragments.last?.layoutFragmentFrame.maxY ?? 0
        let width = textContainer.layoutWidth.isFinite ? textContainer.layoutWidth : (fragments.map(\.layoutFragmentFrame.width).max() ?? 0)
        return CGRect(x: 0, y: 0, width: width, height: height)
    }

    /// Calls `block` with layout fragments from the one containing `location` (nil: the first;
    /// with `.reverse`, the last) until it returns false; returns the location it stopped at.
    @discardableResult
    public func enumerateTextLayoutFragments(
        from location: (any TextLocation)?,
        options: TextLayoutFragmentEnumerationOptions = [],
        using block: (TextLayoutFragment) -> Bool
    ) -> (any TextLocation)? {
        ensureLayoutForEntireDocument()
        guard !fragments.isEmpty else { return location }
        let reverse = options.contains(.reverse)
        var index: Int
        if let location {
            guard let found = fragmentIndex(containing: location) else { return nil }
            index = found
        } else {
            index = reverse ? fragments.count - 1 : 0
        }
        var edge: (any TextLocation)? = location
        while fragments.indices.contains(index) {
            let fragment = fragments[index]
            edge = reverse ? fragment.rangeInElement?.location : fragment.rangeInElement?.endLocation
            guard block(fragment) else { break }
            index += reverse ? -1 : 1
        }
        return edge
    }

    /// The fragment of the paragraph containing `location`.
    public func textLayoutFragment(for location: any TextLocation) -> TextLayoutFragment? {
        ensureLayoutForEntireDocument()
        return fragmentIndex(containing: location).map { fragments[$0] }
    }

    /// The fragment at `point` (container coordinates), or nil outside every fragment.
    public func textLayoutFragment(for point: CGPoint) -> TextLayoutFragment? {
        ensureLayoutForEntireDocument()
        var low = 0, high = fragments.count
        while low < high {
            let mid = (low + high) / 2
            if fragments[mid].layoutFragmentFrame.maxY <= point.y { low = mid + 1 } else { high = mid }
        }
        guard fragments.indices.contains(low), fragments[low].layoutFragmentFrame.minY <= point.y else { return nil }
        return fragments[low]
    }

    private func fragmentIndex(containing location: any TextLocation) -> Int? {
        var low = 0, high = fragments.count
        while low < high {
            let mid = (low + high) / 2
            guard let range = fragments[mid].rangeInElement else { return nil }
            if range.endLocation.compare(location) != .orderedDescending { low = mid + 1 } else { high = mid }
        }
        if fragments.indices.contains(low), let range = fragments[low].rangeInElement, range.location.compare(location) != .orderedDescending {
            return low
        }
        // The end of the document belongs to the last fragment.
        if let last = fragments.last?.rangeInElement, last.endLocation.isEqual(to: location) { return fragments.count - 1 }
        return nil
    }
}

/// Options of layout-fragment enumeration.
public struct TextLayoutFragmentEnumerationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let reverse = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 0)
    public static let estimatesSize = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 1)
    public static let ensuresLayout = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 2)
    public static let ensuresExtraLineFragment = TextLayoutFragmentEnumerationOptions(rawValue: 1 << 3)
}
