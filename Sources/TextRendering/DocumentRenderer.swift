import Foundation
import Synchronization
import TextContent
@_spi(Rendering) import TextLayout
import TextTypography

/// Draws a whole document into a PNG, SVG or PDF file: as one continuous sheet `width` points
/// wide, or across pages of `pageSize` (a multi-page PDF; for PNG and SVG the pages are stacked).
///
/// ```swift
/// var options = DocumentRenderer.Options()
/// options.pageSize = PageSize.a4.size
/// let result = try DocumentRenderer(options: options).render(storage, to: "out.pdf")
/// print(result.pageCount, result.linkAreas)
/// ```
public struct DocumentRenderer {
    public struct Options {
        /// The width of the text, in points, when there are no pages.
        public var width: CGFloat = 600
        /// The page size in points; nil draws one continuous sheet.
        public var pageSize: CGSize?
        /// Space around the text on every side, in points.
        public var margin: CGFloat = 24
        /// Pixels per point of a PNG.
        public var scale: Double = 1
        /// The fonts, the shaper and its caches, and the colours the document is laid out and
        /// drawn with.
        public var typesettingContext = TypesettingContext.standard
        /// The font of text that sets none; nil for the typesetting context's.
        public var defaultFont: FontDescriptor?
        /// What semantic fonts (`.body`, `.title`) and scaling families are resolved in.
        public var fontResolutionContext = FontResolutionContext.standard
        /// The exclusion paths of page `number` (from 1; the sheet is page 1), in the text's
        /// coordinates (the origin at the top-left corner inside the margins).
        public var exclusionPaths: @Sendable (Int) -> [ExclusionPath] = { _ in [] }
        /// Fills the exclusion paths with this colour (where a figure would go); nil leaves them
        /// empty.
        public var exclusionFill: TextColor?
        /// Draws the layout-debug overlay over the text.
        public var debugOverlay = false
        /// The colour under everything (nil leaves a PNG transparent).
        public var background: TextColor? = .white
        /// UTF-16 ranges of the document drawn selected (on a sheet, not on pages).
        public var selection: [Range<Int>] = []
        /// A UTF-16 offset where a caret is drawn (on a sheet, not on pages).
        public var caret: Int?
        /// Which links are written into the output (by default web and mail links; relative
        /// links only against `baseURL`).
        public var linkPolicy = LinkPolicy()
        /// What relative links are resolved against (the link policy's `baseURL`); nil draws
        /// them as text only, with a warning.
        public var baseURL: URL? {
            get { linkPolicy.baseURL }
            set { linkPolicy.baseURL = newValue }
        }

        /// The most pixels an attached image may have (by default 16,777,216, 4096 × 4096). A
        /// larger one is not decoded and the render fails with `.imageTooLarge`. Images are
        /// decoded one at a time and kept only at the size they are drawn.
        public var maximumImagePixels = AttachmentImages.defaultMaximumPixels

        /// The delegate of the layout manager the document is laid out with: its fragments (a
        /// bubble behind a paragraph) are laid out with their paddings and margins and drawn
        /// with their own `draw(at:in:)`, on a sheet and on pages (where it is asked for a
        /// fragment for every page a paragraph is on). Held while rendering.
        public var layoutManagerDelegate: (any TextLayoutManagerDelegate)?

        public init() {}
    }

    /// What was drawn.
    public struct Result {
        public let kind: DrawingSurface.Kind
        /// Pages drawn (1 for a sheet).
        public let pageCount: Int
        /// The size of the picture (of one page for a PDF), in points.
        public let size: CGSize
        /// Links and their rectangles, in the picture's points (of their page for a PDF).
        public let linkAreas: [(page: Int, area: RenderingContext.LinkArea)]
        /// What was left out and why (links not allowed by the options' `linkPolicy`, relative
        /// links without a base URL).
        public let warnings: [String]
    }

    public var options: Options

    public init(options: Options = Options()) {
        self.options = options
    }

    /// Draws `content` into the file at `path`, its kind by the extension (.png, .svg, .pdf).
    /// `progress` is called with each page number as it is drawn. Pages are drawn from the
    /// content alone (no layout manager, so no rendering attributes, selection or caret). A
    /// paragraph that cannot be laid out is an error. The file is written whole or not at all:
    /// on any error a file already at `path` is left as it was. A symbolic link at `path` is
    /// kept and the file it names replaced; a device, FIFO or Unix socket is written in place,
    /// never replaced (a failed write, such as a full device, is `.unwritable` naming `path` and
    /// the system's reason, in every format).
    public func render(
        _ content: TextContentStorage, to path: String, progress: ((Int) -> Void)? = nil
    ) throws(RenderingError) -> Result {
        guard let kind = DrawingSurface.Kind(path: path) else {
            throw .unwritable(path: path, reason: "the extension must be .png, .svg or .pdf")
        }
        if let pageSize = options.pageSize {
            return try renderPages(content, pageSize: pageSize, kind: kind, to: path, progress: progress)
        }
        return try renderSheet(content, kind: kind, to: path)
    }

    private func textSize(of pageSize: CGSize) throws(RenderingError) -> CGSize {
        let size = CGSize(width: pageSize.width - 2 * options.margin, height: pageSize.height - 2 * options.margin)
        guard size.width >= 1, size.height >= 1, options.margin >= 0 else {
            throw .noRoomOnPage(
                width: Double(pageSize.width), height: Double(pageSize.height), margins: "\(Double(options.margin)) pt")
        }
        return size
    }

    private func renderSheet(
        _ content: TextContentStorage, kind: DrawingSurface.Kind, to path: String
    ) throws(RenderingError) -> Result {
        guard options.width.isFinite, options.width >= 1 else {
            throw .invalidSize(
                width: Double(options.width), height: 0, reason: "the text width must be at least 1 point")
        }
        let container = TextContainer(
            size: CGSize(width: options.width, height: 0), exclusionPaths: options.exclusionPaths(1))
        let manager = TextLayoutManager(
            textContainer: container, defaultFont: defaultFont, typesettingContext: options.typesettingContext)
        manager.fontResolutionContext = options.fontResolutionContext
        manager.delegate = options.layoutManagerDelegate
        var layoutFailure: TextLayoutError?
        manager.layoutFailureHandler = { _, error in layoutFailure = layoutFailure ?? error }
        content.addTextLayoutManager(manager)
        defer { content.removeTextLayoutManager(manager) }
        manager.ensureLayoutForEntireDocument()
        let usage = manager.usageBoundsForTextContainer
        guard usage.height.isFinite else {
            throw .invalidSize(
                width: Double(options.width), height: Double(usage.height),
                reason: "the text is infinitely tall (its paragraph spacing adds up to infinity)")
        }
        let size = CGSize(width: options.width + 2 * options.margin, height: max(usage.height, 1) + 2 * options.margin)
        let surface = try makeSurface(kind: kind, path: path, size: size)
        let context = try makeContext(on: surface)
        if let background = options.background { context.fillBackground(background) }
        let origin = CGPoint(x: options.margin, y: options.margin)
        let documentStart = content.documentRange.location
        func range(_ offsets: Range<Int>) -> TextRange? {
            guard let start = content.location(documentStart, offsetBy: offsets.lowerBound),
                let end = content.location(documentStart, offsetBy: offsets.upperBound)
            else { return nil }
            return TextRange(location: start, end: end)
        }
        manager.drawSelection(options.selection.compactMap(range), in: context, origin: origin)
        var markers = ListMarkers(defaultFont: defaultFont)
        markers.fontResolutionContext = options.fontResolutionContext
        let overlay = LayoutDebugOverlay()
        fillExclusions(of: container, in: context, origin: origin)
        if options.debugOverlay { overlay.drawExclusionPaths(of: container, in: context, origin: origin) }
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            let point = CGPoint(
                x: origin.x + fragment.layoutFragmentFrame.minX, y: origin.y + fragment.layoutFragmentFrame.minY)
            BlockDecorations.draw(for: fragment, at: point, in: context)
            fragment.draw(at: point, in: context, renderingAttributes: manager.renderingAttributes(for: fragment))
            markers.draw(for: fragment, at: point, in: context)
            if options.debugOverlay { overlay.draw(fragment, in: context, origin: origin) }
            return true
        }
        if let caret = options.caret, let location = content.location(documentStart, offsetBy: caret) {
            manager.drawCaret(at: location, in: context, origin: origin)
        }
        try context.checkStatus()
        // A picture missing a paragraph is a failure: whatever was at `path` stays.
        if let layoutFailure { throw .layout("\(layoutFailure)") }
        try finish(surface, kind: kind, path: path)
        return Result(
            kind: kind, pageCount: 1, size: size, linkAreas: context.linkAreas.map { (1, $0) },
            warnings: context.warnings)
    }

    private func renderPages(
        _ content: TextContentStorage, pageSize: CGSize, kind: DrawingSurface.Kind, to path: String,
        progress: ((Int) -> Void)?
    ) throws(RenderingError) -> Result {
        let textSize = try textSize(of: pageSize)
        let layout = TextPageLayout(
            textContentManager: content, defaultFont: defaultFont, typesettingContext: options.typesettingContext
        ) { [options] number in
            TextContainer(size: textSize, exclusionPaths: options.exclusionPaths(number))
        }
        layout.fontResolutionContext = options.fontResolutionContext

        // Pages are laid out without a layout manager; the delegate is handed one of the
        // document's (laying nothing out) for its first argument.
        let delegateManager = options.layoutManagerDelegate.map { _ in
            TextLayoutManager(defaultFont: defaultFont, typesettingContext: options.typesettingContext)
        }
        if let delegate = options.layoutManagerDelegate, let delegateManager {
            content.addTextLayoutManager(delegateManager)
            delegateManager.delegate = delegate
            layout.fragmentProvider = { paragraph in
                guard let location = paragraph.elementRange?.location else {
                    return TextLayoutFragment(textElement: paragraph, range: paragraph.elementRange)
                }
                return delegate.textLayoutManager(delegateManager, textLayoutFragmentFor: location, in: paragraph)
            }
        }
        defer { if let delegateManager { content.removeTextLayoutManager(delegateManager) } }
        // The first failure fails the render (pages may be laid out on another thread).
        let layoutFailure = Mutex<TextLayoutError?>(nil)
        layout.layoutFailureHandler = { _, error in layoutFailure.withLock { $0 = $0 ?? error } }
        var markers = ListMarkers(defaultFont: defaultFont)
        markers.fontResolutionContext = options.fontResolutionContext
        let overlay = LayoutDebugOverlay()
        let origin = CGPoint(x: options.margin, y: options.margin)
        var links: [(page: Int, area: RenderingContext.LinkArea)] = []

        func draw(_ page: TextPage, in context: RenderingContext, at pageOrigin: CGPoint) {
            let textOrigin = CGPoint(x: pageOrigin.x + origin.x, y: pageOrigin.y + origin.y)
            fillExclusions(of: page.textContainer, in: context, origin: textOrigin)
            if options.debugOverlay {
                overlay.drawExclusionPaths(of: page.textContainer, in: context, origin: textOrigin)
            }
            for fragment in page.textLayoutFragments {
                let point = CGPoint(
                    x: textOrigin.x + fragment.layoutFragmentFrame.minX,
                    y: textOrigin.y + fragment.layoutFragmentFrame.minY)
                BlockDecorations.draw(for: fragment, at: point, in: context)
                fragment.draw(at: point, in: context)
                markers.draw(for: fragment, at: point, in: context)
                if options.debugOverlay { overlay.draw(fragment, in: context, origin: textOrigin) }
            }
        }

        if kind == .pdf {
            let surface = try DrawingSurface.pdf(path: path, pageSize: pageSize)
            var context = try makeContext(on: surface)
            var warnings: [String] = []
            var failure: RenderingError?
            func drawPage(_ page: TextPage, lines: [ObjectIdentifier: PreparedLine] = [:]) -> Bool {
                do throws(RenderingError) {
                    if page.number > 1 {
                        try surface.beginPage()
                        warnings += context.warnings.filter { !warnings.contains($0) }
                        context = try makeContext(on: surface)
                    }
                    if let background = options.background { context.fillBackground(background) }
                    let before = context.linkAreas.count
                    context.preparedLines = lines
                    defer { context.preparedLines = [:] }
                    draw(page, in: context, at: .zero)
                    try context.checkStatus()
                    links += context.linkAreas[before...].map { (page.number, $0) }
                    progress?(page.number)
                    return true
                } catch {
                    failure = error
                    return false
                }
            }
            let pages: Int
            if delegateManager == nil {
                // Pages are laid out on another thread while the ones before are drawn. (An
                // app's delegate makes fragments on the caller's thread, one page after another.)
                let pipeline = PagePipeline(bound: 4)
                let owned = LayoutThreadOwned(layout)
                // The lines, their glyph runs and their text are made there too, not where they
                // are drawn.
                pipeline.start { handOver in
                    owned.value.enumeratePages { handOver(PreparedPage($0, withText: true)) }
                }
                while let prepared = pipeline.next(), drawPage(prepared.page, lines: prepared.lines) {
                    pipeline.recycle(prepared)
                }
                pages = pipeline.finish()
            } else {
                pages = layout.enumeratePages { drawPage($0) }
            }
            if let failure { throw failure }
            if let layoutFailure = layoutFailure.withLock({ $0 }) { throw .layout("\(layoutFailure)") }
            try surface.finish()
            warnings += context.warnings.filter { !warnings.contains($0) }
            return Result(kind: kind, pageCount: pages, size: pageSize, linkAreas: links, warnings: warnings)
        }

        // PNG and SVG: the pages one below the other, a gap between them.
        let gap: CGFloat = 16
        var pages: [TextPage] = []
        let limit = CGFloat(kind == .png ? Double(DrawingSurface.maximumImageSide) / options.scale : 1e6)
        var tooTall = false
        layout.enumeratePages { page in
            pages.append(page)
            progress?(page.number)
            tooTall = CGFloat(pages.count) * (pageSize.height + gap) - gap > limit
            return !tooTall
        }
        if tooTall {
            throw .invalidSize(
                width: Double(pageSize.width), height: Double(CGFloat(pages.count) * (pageSize.height + gap)),
                reason: "the pages do not fit one \(kind.rawValue.uppercased()) picture; write a PDF for long documents"
            )
        }
        let size = CGSize(width: pageSize.width, height: CGFloat(pages.count) * (pageSize.height + gap) - gap)
        let surface = try makeSurface(kind: kind, path: path, size: size)
        let context = try makeContext(on: surface)
        context.fill(CGRect(origin: .zero, size: size), color: TextColor(white: 0.6))
        for page in pages {
            let top = CGFloat(page.number - 1) * (pageSize.height + gap)
            if let background = options.background {
                context.fill(CGRect(x: 0, y: top, width: pageSize.width, height: pageSize.height), color: background)
            }
            let before = context.linkAreas.count
            draw(page, in: context, at: CGPoint(x: 0, y: top))
            links += context.linkAreas[before...].map { (page.number, $0) }
        }
        try context.checkStatus()
        if let layoutFailure = layoutFailure.withLock({ $0 }) { throw .layout("\(layoutFailure)") }
        try finish(surface, kind: kind, path: path)
        return Result(kind: kind, pageCount: pages.count, size: size, linkAreas: links, warnings: context.warnings)
    }

    /// The font of text that sets none.
    private var defaultFont: FontDescriptor { options.defaultFont ?? options.typesettingContext.defaultFont }

    /// A context on `surface` in the options' colours, links and image limit.
    private func makeContext(on surface: DrawingSurface) throws(RenderingError) -> RenderingContext {
        let context = try surface.makeContext(typesettingContext: options.typesettingContext)
        context.linkPolicy = options.linkPolicy
        context.maximumImagePixels = options.maximumImagePixels
        return context
    }

    private func fillExclusions(of container: TextContainer, in context: RenderingContext, origin: CGPoint) {
        guard let color = options.exclusionFill else { return }
        for path in container.exclusionPaths {
            context.fillPolygon(path.outline.map { CGPoint(x: $0.x + origin.x, y: $0.y + origin.y) }, color: color)
        }
    }

    private func makeSurface(
        kind: DrawingSurface.Kind, path: String, size: CGSize
    ) throws(RenderingError) -> DrawingSurface {
        switch kind {
        case .png:
            do throws(RenderingError) {
                return try DrawingSurface.image(size: size, scale: options.scale)
            } catch .invalidSize(let width, let height, let reason) {
                // A PDF has no such limit: say so rather than leave the user at a dead end.
                throw .invalidSize(
                    width: width, height: height,
                    reason: reason + "; write a PDF instead (or pages of a PDF) for a document this long")
            }
        case .svg: return try DrawingSurface.svg(path: path, size: size)
        case .pdf: return try DrawingSurface.pdf(path: path, pageSize: size)
        }
    }

    private func finish(_ surface: DrawingSurface, kind: DrawingSurface.Kind, path: String) throws(RenderingError) {
        if kind == .png { try surface.writePNG(to: path) } else { try surface.finish() }
    }
}
