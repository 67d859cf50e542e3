internal import CCairo
import Foundation
import TextTypography
import TextContent
@_spi(Rendering) import TextLayout

/// A place to draw: TextKit's `CGContext` role, wrapping a Cairo context. Coordinates are points,
/// y grows downward, the origin is the surface's top left until `translate` moves it.
///
/// Not thread-safe: use a context from one thread at a time.
public final class RenderingContext {
    /// A link drawn, and where: a viewer makes these rectangles clickable.
    public struct LinkArea: Sendable, Hashable {
        /// The URL written (a relative link resolved against the link policy's base URL).
        public let url: URL
        /// In the surface's points (what `translate` did to the context applied).
        public let rect: CGRect
    }

    let cairo: OpaquePointer
    /// The surface drawn on; nil for a Cairo context a host handed (`init(cairoContext:)`).
    let surface: DrawingSurface?
    /// The colours text, links, selections and marks are drawn in where the content says none.
    public let typesettingContext: TypesettingContext
    /// Every link drawn so far, in drawing order.
    public private(set) var linkAreas: [LinkArea] = []
    /// Which links are written (the others are drawn as text only, with a warning).
    public var linkPolicy = LinkPolicy() {
        didSet { lastLink = nil }
    }
    /// What was left out of the drawing and why (links not allowed by `linkPolicy`), once each.
    public private(set) var warnings: [String] = []
    private var refusedLinks: Set<URL> = []
    /// The most pixels an attached image may have (by default 4096 × 4096); a larger one is not
    /// decoded: it is drawn as an empty box and `checkStatus()` throws `.imageTooLarge`.
    public var maximumImagePixels = AttachmentImages.defaultMaximumPixels
    /// The first image refused for its size.
    var imageFailure: RenderingError?
    /// The rendering attributes of the fragment being drawn (set around its `draw(at:in:)`),
    /// which the lines it draws through `drawLine(_:at:)` are drawn with.
    var fragmentRenderingAttributes: [RenderingAttributeRun] = []
    /// Glyph runs and text of the lines about to be drawn, worked out ahead (on the thread that
    /// laid the page out), by the line's identity; a line not in it works its own out.
    var preparedLines: [ObjectIdentifier: PreparedLine] = [:]
    /// Given, the plain glyph runs drawn are handed to it (see `HandedGlyphRun`) and, when it
    /// returns true, not drawn through Cairo.
    @_spi(GlyphRuns) public var glyphRunHandler: ((HandedGlyphRun) -> Bool)?
    /// The last link asked for and what was written for it: a long link wraps onto many lines,
    /// each drawn with the same URL, which is then neither resolved nor hashed again.
    private var lastLink: (url: URL, written: URL?)?

    init(surface: DrawingSurface, typesettingContext: TypesettingContext) throws(RenderingError) {
        self.typesettingContext = typesettingContext
        self.surface = surface
        cairo = cairo_create(surface.surface)
        // On a throw, deinit still runs and destroys the context.
        try surface.checkOutput()
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        if surface.scale != 1 { cairo_scale(cairo, surface.scale, surface.scale) }
        Self.setTextOptions(cairo)
    }

    /// A context that draws through `cairoContext`, a `cairo_t *` a host hands (GTK's
    /// `gtk_snapshot_append_cairo`, a Cairo window surface's context), in its coordinates, clip
    /// and scale as they are. The context is referenced, not taken: the host still destroys its
    /// own reference.
    ///
    /// ```swift
    /// let cairo = gtk_snapshot_append_cairo(snapshot, &bounds)
    /// let context = try RenderingContext(cairoContext: cairo!, typesettingContext: manager.typesettingContext)
    /// cairo_destroy(cairo)   // the host's reference; the context keeps its own
    /// ```
    ///
    /// - Throws: `RenderingError.cairo` when the Cairo context is in an error state.
    public init(cairoContext: OpaquePointer, typesettingContext: TypesettingContext = .standard) throws(RenderingError)
    {
        self.typesettingContext = typesettingContext
        surface = nil
        cairo = cairo_reference(cairoContext)
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        cairo_save(cairo)
        Self.setTextOptions(cairo)
    }

    /// Text in a grey-level antialias with no hinting: what layout measured, deterministic.
    private static func setTextOptions(_ cairo: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cairo, options)
        cairo_font_options_destroy(options)
    }

    deinit {
        // A host's context gets its own state back.
        if surface == nil { cairo_restore(cairo) }
        cairo_destroy(cairo)
    }

    /// Throws if Cairo put the context in an error state (after which it draws nothing more), if
    /// a write to the output failed, or if an image was refused for its size.
    public func checkStatus() throws(RenderingError) {
        // A failed write puts Cairo in an error state too: name the file and the reason instead.
        try surface?.checkOutput()
        if let imageFailure { throw imageFailure }
        let status = cairo_status(cairo)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// Moves the origin by `offset`.
    public func translate(by offset: CGPoint) {
        cairo_translate(cairo, Double(offset.x), Double(offset.y))
    }

    /// Runs `body` and puts the context's state (origin, clip, colour) back afterwards.
    public func withSavedState<Result>(_ body: () throws -> Result) rethrows -> Result {
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        return try body()
    }

    /// Fills the whole surface (within any clip) with `color`.
    public func fillBackground(_ color: TextColor) {
        withSavedState {
            setColor(color)
            cairo_paint(cairo)
        }
    }

    /// Fills `rect` with `color`.
    public func fill(_ rect: CGRect, color: TextColor) {
        guard rect.width.isFinite, rect.height.isFinite, !rect.isNull else { return }
        setColor(color)
        cairo_rectangle(cairo, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo_fill(cairo)
    }

    /// Outlines `rect` with a line `width` points wide, dashed when `dash` is given.
    public func stroke(_ rect: CGRect, color: TextColor, width: CGFloat = 1, dash: [Double] = []) {
        guard rect.width.isFinite, rect.height.isFinite, !rect.isNull else { return }
        withSavedState {
            setColor(color)
            cairo_set_line_width(cairo, Double(width))
            setDash(dash)
            cairo_rectangle(cairo, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
            cairo_stroke(cairo)
        }
    }

    /// Draws a straight line from `start` to `end`.
    public func strokeLine(
        from start: CGPoint, to end: CGPoint, color: TextColor, width: CGFloat = 1, dash: [Double] = []
    ) {
        withSavedState {
            setColor(color)
            cairo_set_line_width(cairo, Double(width))
            setDash(dash)
            cairo_move_to(cairo, Double(start.x), Double(start.y))
            cairo_line_to(cairo, Double(end.x), Double(end.y))
            cairo_stroke(cairo)
        }
    }

    /// Fills (and outlines, when `outline` is given) the closed polygon through `points`.
    public func fillPolygon(_ points: [CGPoint], color: TextColor, outline: TextColor? = nil) {
        guard let first = points.first else { return }
        withSavedState {
            cairo_move_to(cairo, Double(first.x), Double(first.y))
            for point in points.dropFirst() { cairo_line_to(cairo, Double(point.x), Double(point.y)) }
            cairo_close_path(cairo)
            setColor(color)
            if let outline {
                cairo_fill_preserve(cairo)
                setColor(outline)
                cairo_set_line_width(cairo, 1)
                cairo_stroke(cairo)
            } else {
                cairo_fill(cairo)
            }
        }
    }

    /// Where `rect` (in the current coordinates) lies on the surface, in points.
    func surfaceRect(_ rect: CGRect) -> CGRect {
        var x1 = Double(rect.minX), y1 = Double(rect.minY), x2 = Double(rect.maxX), y2 = Double(rect.maxY)
        cairo_user_to_device(cairo, &x1, &y1)
        cairo_user_to_device(cairo, &x2, &y2)
        let scale = surface?.scale ?? 1
        return CGRect(
            x: min(x1, x2) / scale, y: min(y1, y2) / scale, width: abs(x2 - x1) / scale, height: abs(y2 - y1) / scale)
    }

    /// Records a link drawn over `rect`; in a PDF, also makes the rectangle part of the link's
    /// annotation on this page (one annotation a link and page, however many lines it covers).
    /// A relative link is written resolved against the policy's base URL.
    func addLink(_ url: URL, rect: CGRect) {
        let written: URL?
        if let lastLink, lastLink.url == url {
            written = lastLink.written
        } else {
            written = linkPolicy.resolved(url)
            lastLink = (url, written)
            if written == nil, refusedLinks.insert(url).inserted { warnings.append(linkPolicy.refusal(of: url)) }
        }
        guard let written else { return }
        let area = surfaceRect(rect)
        linkAreas.append(LinkArea(url: written, rect: area))
        surface?.addLink(written, rect: area)
    }

    func setColor(_ color: TextColor) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    private func setDash(_ dash: [Double]) {
        guard !dash.isEmpty else { return }
        cairo_set_dash(cairo, dash, Int32(dash.count), 0)
    }
}
