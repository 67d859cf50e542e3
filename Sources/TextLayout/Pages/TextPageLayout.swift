import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// Lays a document out across a sequence of page-sized containers, one page at a time: a
/// paragraph that does not fit on a page continues on the next at a line boundary. Each page has
/// its own container, so exclusion paths (and even widths) may differ from page to page.
///
/// ```swift
/// let font = FontDescriptor(family: "DejaVu Sans", size: 13)
/// let pages = TextPageLayout(textContentManager: storage, defaultFont: font) { _ in
///     TextContainer(size: CGSize(width: 451, height: 698))
/// }
/// try pages.enumeratePages { page in draw(page); return true }
/// ```
public final class TextPageLayout {
    public let textContentManager: TextContentManager
    public let defaultFont: FontDescriptor
    /// The fonts, the shaper and its caches the pages are laid out with.
    public let typesettingContext: TypesettingContext
    /// What the content's fonts (and a semantic default font) are resolved in.
    public var fontResolutionContext: FontResolutionContext = .standard
    /// The container of page `number` (from 1). Its height is the page's text height; a height
    /// of 0 or infinity is taken as 10,000 points (a page must end).
    public let containerForPage: (Int) -> TextContainer
    /// Called when a paragraph cannot be laid out (as a layout manager's `layoutFailureHandler`
    /// is): that paragraph (or its rest) is left out and the pages go on. A caller that must
    /// lose nothing stops there, or fails after.
    public var layoutFailureHandler: ((TextParagraph, TextLayoutError) -> Void)?
    /// The fragment each piece of a paragraph is laid out into, as a layout manager's delegate
    /// gives it (`TextLayoutManagerDelegate.textLayoutManager(_:textLayoutFragmentFor:in:)`): a
    /// `TextLayoutFragment` subclass made with `init(textElement:range:)`, asked for anew for
    /// every page a paragraph is on. The piece is laid out with its paddings, its top margin on
    /// the paragraph's first page and its bottom margin on its last, and drawn with its own
    /// `draw(at:in:)`. Nil, or a plain `TextLayoutFragment`, keeps the engine's own.
    public var fragmentProvider: ((TextParagraph) -> TextLayoutFragment)?

    public init(
        textContentManager: TextContentManager, defaultFont: FontDescriptor,
        typesettingContext: TypesettingContext = .standard, containerForPage: @escaping (Int) -> TextContainer
    ) {
        self.textContentManager = textContentManager
        self.defaultFont = defaultFont
        self.typesettingContext = typesettingContext
        self.containerForPage = containerForPage
    }

    /// Lays the pages out in order, calling `body` with each until it returns false. Only one
    /// page's layout is held at a time, so a long document is paginated in bounded memory.
    /// Returns the number of pages made.
    @discardableResult
    public func enumeratePages(_ body: (TextPage) throws -> Bool) rethrows -> Int {
        let scratch = LayoutScratch()
        var number = 1
        var container = containerForPage(number)
        var layout = ParagraphLayout(
            container: container, typesetting: typesettingContext, defaultFont: defaultFont,
            fontContext: fontResolutionContext, scratch: scratch)
        var fragments: [TextLayoutFragment] = []
        var y: CGFloat = 0
        var stopped = false
        var made = 0
        /// Pages in a row on which nothing fitted (exclusion paths covering them).
        var emptyPages = 0

        func bottom(of container: TextContainer) -> CGFloat {
            let height = container.size.height
            return height.isFinite && height > 0 ? height : 10_000
        }
        func finishPage() throws -> Bool {
            let page = TextPage(number: number, textContainer: container, textLayoutFragments: fragments)
            made += 1
            guard try body(page) else { return false }
            emptyPages = fragments.isEmpty ? emptyPages + 1 : 0
            number += 1
            container = containerForPage(number)
            if emptyPages >= 3 {
                // Three pages in a row with no room: this one is laid out without its exclusion
                // paths rather than paginating forever.
                container.exclusionPaths = []
            }
            layout = ParagraphLayout(
                container: container, typesetting: typesettingContext, defaultFont: defaultFont,
                fontContext: fontResolutionContext, scratch: scratch)
            fragments = []
            y = 0
            return true
        }

        var paragraphs: [TextParagraph] = []
        textContentManager.enumerateTextElements(from: nil) { element in
            if let paragraph = element as? TextParagraph { paragraphs.append(paragraph) }
            return true
        }
        for paragraph in paragraphs where !stopped {
            let shaped: ShapedParagraph
            do throws(TextLayoutError) {
                shaped = try layout.shape(paragraph)
            } catch {
                layoutFailureHandler?(paragraph, error)
                continue
            }
            var start = 0
            while true {
                var part: (fragment: TextLayoutFragment, rest: Int?)
                let proposed = fragmentProvider?(paragraph)
                let custom = proposed.flatMap {
                    type(of: $0) != TextLayoutFragment.self && $0.state == .none && $0.textLayoutManager == nil
                        ? $0 : nil
                }
                layout.insets = custom?.layoutInsets ?? .zero
                do throws(TextLayoutError) {
                    part = try layout.layout(
                        paragraph, shaped: shaped, at: y, from: start, bottom: bottom(of: container),
                        extraLineFragment: false)
                    if let custom {
                        custom.adopt(part.fragment)
                        part.fragment = custom
                    }
                } catch {
                    layoutFailureHandler?(paragraph, error)
                    break
                }
                let placedLines = part.fragment.lineCount
                if placedLines > 0 || part.rest == nil {
                    fragments.append(part.fragment)
                    y += part.fragment.layoutFragmentFrame.height
                }
                guard let rest = part.rest else { break }
                // The rest goes on the next page.
                guard try finishPage() else {
                    stopped = true
                    break
                }
                start = rest
            }
        }
        if !stopped, !fragments.isEmpty || made == 0 { _ = try finishPage() }
        return made
    }
}
