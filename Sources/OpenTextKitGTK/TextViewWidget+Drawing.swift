import CGtk
import COpenTextKitGTK
import Foundation
import OpenTextKit
@_spi(GlyphRuns) import TextRendering

extension TextViewWidget {
    /// The colour behind the text.
    static let backgroundColor = TextColor(white: 1)
    /// The caret's width in pixels.
    static let caretWidth: CGFloat = 1.5

    /// Where container coordinates land in the widget: minus the visible rectangle's origin,
    /// plus the container's origin. Not rounded vertically: scrolls move the viewport by whole
    /// pixels (`scrollBarDidMove`), so what was drawn moves by whole pixels; an estimate corrected
    /// above moves the fragments and the viewport's top by the same fraction, which this undoes
    /// exactly (rounded, some lines would stand a pixel off their neighbours after it).
    var containerToWidget: CGPoint {
        let origin = textContainerOrigin
        let scale = CGFloat(scaleFactor)
        return CGPoint(
            x: ((origin.x - textView.visibleRect.minX) * scale).rounded() / scale,
            y: origin.y - textView.visibleRect.minY)
    }

    /// Draws a frame: the background, the selection, each fragment's node at its place, and
    /// the carets.
    func snapshot(_ snapshot: OpaquePointer, width: Int, height: Int) {
        layoutIfNeeded()
        if let canvas {
            fragmentNodes.makesRecordings = otk_text_canvas_uses_cairo_renderer(canvas) != 0
            if fragmentNodes.makesRecordings { otk_text_canvas_keep_upload_pool(canvas) }
        }
        // A layout here moved attachments' widgets (or showed new ones): placed at the next frame.
        if hasAttachmentWidgets, attachmentWidgetsMoved, let widget { gtk_widget_queue_allocate(widget) }
        let shift = containerToWidget
        snapshotBackground(snapshot, in: CGRect(x: 0, y: 0, width: width, height: height))
        let selected = selectedRangesInViewport()
        for range in selected where range.length > 0 {
            for rect in textView.selectionRects(for: range) where rect.rect.width > 0 {
                append(
                    textView.textLayoutManager.typesettingContext.colors.selection,
                    rect.rect.offsetBy(dx: shift.x, dy: shift.y), to: snapshot)
            }
        }
        for surface in textView.renderingSurfaces {
            appendFragment(of: surface, shift: shift, height: CGFloat(height), to: snapshot)
        }
        fragmentNodes.endFrame()
        snapshotWritingToolsUnderlines(snapshot, shift: shift)
        snapshotAttachmentWidgets(snapshot)
        schedulePreparationIfWanted()
        // Where dragged text would go: a caret, steady while the drag lasts.
        if let dropCaretOffset { appendCaret(at: dropCaretOffset, shift: shift, to: snapshot) }
        guard let canvas, otk_text_canvas_caret_is_visible(canvas) != 0 else { return }
        let upstream = textView.textLayoutManager.textSelections.first?.affinity == .upstream
        for range in selected where range.length == 0 {
            appendCaret(at: range.location, upstream: upstream, shift: shift, to: snapshot)
        }
    }

    /// Appends a caret at `offset` (drawn on the side `upstream` says), moved by `shift`.
    private func appendCaret(at offset: Int, upstream: Bool = false, shift: CGPoint, to snapshot: OpaquePointer) {
        let caret = textView.caretRect(for: offset, affinity: upstream ? .upstream : .downstream)
        guard !caret.isNull else { return }
        let rect = CGRect(
            x: caret.minX - Self.caretWidth / 2, y: caret.minY, width: Self.caretWidth, height: caret.height)
        append(
            textView.textLayoutManager.typesettingContext.colors.text, rect.offsetBy(dx: shift.x, dy: shift.y),
            to: snapshot)
    }

    /// One fragment: its kept node (with its rendering attributes) moved into place; or, for one
    /// too tall to keep, drawn now, only what the widget shows of it.
    private func appendFragment(
        of surface: TextLayoutFragmentSurface, shift: CGPoint, height: CGFloat, to snapshot: OpaquePointer
    ) {
        let origin = surface.frame.origin
        if let node = keptNode(for: surface) {
            append(node, at: CGPoint(x: origin.x + shift.x, y: origin.y + shift.y), to: snapshot)
            return
        }
        fragmentNodes.remove(surface)
        let shown = surface.drawingBounds.offsetBy(dx: shift.x, dy: shift.y)
            .intersection(CGRect(x: 0, y: 0, width: allocatedSize.width, height: height))
        guard !shown.isNull, !shown.isEmpty else { return }
        var rect = graphene_rect_t(shown)
        guard let cairo = gtk_snapshot_append_cairo(snapshot, &rect) else { return }
        let attributes = textView.textLayoutManager.renderingAttributes(for: surface.textLayoutFragment)
        draw(surface, attributes: attributes, through: cairo, shiftedBy: shift)
        cairo_destroy(cairo)
    }

    /// The node `surface` is kept as with its rendering attributes (made now if it has none, or
    /// if they changed), in its own coordinates; nil for a fragment too tall to keep.
    func keptNode(for surface: TextLayoutFragmentSurface) -> OpaquePointer? {
        guard surface.textLayoutFragment.renderingSurfaceBounds.height <= FragmentRenderNodes.tallestKeptFragment
        else { return nil }
        let attributes = textView.textLayoutManager.renderingAttributes(for: surface.textLayoutFragment)
        let shift = CGPoint(x: -surface.frame.origin.x, y: -surface.frame.origin.y)
        return fragmentNodes.node(
            for: surface, attributes: attributes, scale: scaleFactor,
            glyphNode: {
                glyphNode(marksUnderText: !attributes.isEmpty) { context in
                    draw(surface, attributes: attributes, in: context, shiftedBy: shift)
                }
            }
        ) { cairo in
            draw(surface, attributes: attributes, through: cairo, shiftedBy: shift)
        }
    }

    /// What `drawing` draws as text nodes, when it is nothing but plain glyph runs in faces Pango
    /// opens (drawn into a recording that must stay empty, the runs handed over); nil otherwise.
    /// With `marksUnderText` (a fragment with rendering attributes: spelling marks, underlines,
    /// highlights), what else it draws may be there too, kept as a Cairo node under the text
    /// nodes (a wavy line under a word stays a few pixels of drawing beside GTK's glyph cache).
    private func glyphNode(marksUnderText: Bool = false, drawing: (RenderingContext) -> Void) -> OpaquePointer? {
        guard let recording = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return nil }
        defer { cairo_surface_destroy(recording) }
        guard let cairo = cairo_create(recording) else { return nil }
        defer { cairo_destroy(cairo) }
        guard
            let context = try? RenderingContext(
                cairoContext: cairo, typesettingContext: textView.textLayoutManager.typesettingContext)
        else { return nil }
        var runs: [HandedGlyphRun] = []
        context.glyphRunHandler = {
            runs.append($0)
            return true
        }
        drawing(context)
        cairo_surface_flush(recording)
        var x = 0.0, y = 0.0, width = 0.0, height = 0.0
        cairo_recording_surface_ink_extents(recording, &x, &y, &width, &height)
        if width == 0, height == 0 { return glyphNodes.node(for: runs) }
        guard marksUnderText,
            let marks = Self.marksNode(
                of: recording, inkExtents: CGRect(x: x, y: y, width: width, height: height), scale: scaleFactor)
        else { return nil }
        guard let text = glyphNodes.node(for: runs) else { return marks }
        var children: [OpaquePointer?] = [marks, text]
        let container = gsk_container_node_new(&children, 2)
        gsk_render_node_unref(marks)
        gsk_render_node_unref(text)
        return container
    }

    /// A Cairo node showing what `recording` drew in `inkExtents` (marks: a few wavy lines),
    /// rasterized once at `scale` pixels a point and painted pixel for pixel: GTK's Cairo
    /// renderer replays a node's drawing at every frame, and stroking the waves again cost more
    /// than the glyphs beside them. Painted nearest-neighbour, the image lands on whole pixels
    /// (at most half a pixel from where the strokes were, as Cairo places glyphs), never blurred.
    private static func marksNode(of recording: OpaquePointer, inkExtents: CGRect, scale: Int) -> OpaquePointer? {
        let factor = CGFloat(scale)
        let minX = (inkExtents.minX * factor).rounded(.down), minY = (inkExtents.minY * factor).rounded(.down)
        let pixelWidth = Int((inkExtents.maxX * factor).rounded(.up) - minX)
        let pixelHeight = Int((inkExtents.maxY * factor).rounded(.up) - minY)
        guard pixelWidth > 0, pixelHeight > 0, pixelWidth <= 32_767, pixelHeight <= 32_767,
            let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
        else { return nil }
        defer { cairo_surface_destroy(image) }
        cairo_surface_set_device_scale(image, Double(scale), Double(scale))
        let bounds = CGRect(
            x: minX / factor, y: minY / factor, width: CGFloat(pixelWidth) / factor,
            height: CGFloat(pixelHeight) / factor)
        if let cairo = cairo_create(image) {
            cairo_set_source_surface(cairo, recording, -Double(bounds.minX), -Double(bounds.minY))
            cairo_paint(cairo)
            cairo_destroy(cairo)
        }
        cairo_surface_flush(image)
        // A pixel of margin: the node's bounds clip what it paints, and at a fraction of a
        // pixel their edge would cut into the image's outer pixels.
        var rect = graphene_rect_t(bounds.insetBy(dx: -1 / factor, dy: -1 / factor))
        guard let node = gsk_cairo_node_new(&rect) else { return nil }
        if let replay = gsk_cairo_node_get_draw_context(node) {
            cairo_set_source_surface(replay, image, Double(bounds.minX), Double(bounds.minY))
            cairo_pattern_set_filter(cairo_get_source(replay), CAIRO_FILTER_NEAREST)
            cairo_paint(replay)
            cairo_destroy(replay)
        }
        return node
    }

    /// Appends what `draw` draws in `bounds` (widget coordinates) at `origin`, drawn once and
    /// kept under `key` (a number in a gutter: its string) as long as it is shown, and a while
    /// after (as text nodes when it is only glyphs). A frame that only moves it draws nothing again.
    public func appendKeptDrawing(
        _ key: AnyHashable, bounds: CGRect, at origin: CGPoint, to snapshot: OpaquePointer,
        draw: (RenderingContext) -> Void
    ) {
        let colors = textView.textLayoutManager.typesettingContext
        let node = fragmentNodes.node(
            for: key, bounds: bounds, scale: scaleFactor, glyphNode: { self.glyphNode(drawing: draw) }
        ) { cairo in
            guard let context = try? RenderingContext(cairoContext: cairo, typesettingContext: colors) else { return }
            draw(context)
        }
        if let node { append(node, at: origin, to: snapshot) }
    }

    /// Device pixels a point on the widget's screen (GTK's whole-number scale).
    var scaleFactor: Int {
        max(1, widget.map { Int(gtk_widget_get_scale_factor($0)) } ?? 1)
    }

    /// Appends a kept `node` with its origin at `point` (widget coordinates).
    private func append(_ node: OpaquePointer, at point: CGPoint, to snapshot: OpaquePointer) {
        gtk_snapshot_save(snapshot)
        var offset = graphene_point_t(x: Float(point.x), y: Float(point.y))
        gtk_snapshot_translate(snapshot, &offset)
        gtk_snapshot_append_node(snapshot, node)
        gtk_snapshot_restore(snapshot)
    }

    /// Appends `color` over `rect` (widget coordinates).
    public func appendColor(_ color: TextColor, _ rect: CGRect, to snapshot: OpaquePointer) {
        append(color, rect, to: snapshot)
    }

    private func draw(
        _ surface: TextLayoutFragmentSurface, attributes: [RenderingAttributeRun], through cairo: OpaquePointer,
        shiftedBy shift: CGPoint
    ) {
        guard
            let context = try? RenderingContext(
                cairoContext: cairo, typesettingContext: textView.textLayoutManager.typesettingContext)
        else { return }
        draw(surface, attributes: attributes, in: context, shiftedBy: shift)
    }

    /// Draws `surface` in `context`, moved by `shift`.
    private func draw(
        _ surface: TextLayoutFragmentSurface, attributes: [RenderingAttributeRun], in context: RenderingContext,
        shiftedBy shift: CGPoint
    ) {
        context.translate(by: shift)
        // As a document is drawn on paper: a block's decoration (a code block's background, a
        // quote's bar, a table's grid) under the text, a list item's marker before it. Each item
        // shows the number its list starts at (Markdown's presentation gives every item its own).
        let fragment = surface.textLayoutFragment
        BlockDecorations.draw(for: fragment, at: surface.frame.origin, in: context)
        surface.draw(in: context, renderingAttributes: attributes)
        var markers = ListMarkers(defaultFont: textView.textLayoutManager.defaultFont)
        markers.fontResolutionContext = textView.fontResolutionContext
        markers.draw(for: fragment, at: surface.frame.origin, in: context)
    }

    func append(_ color: TextColor, _ rect: CGRect, to snapshot: OpaquePointer) {
        var rgba = GdkRGBA(color)
        var bounds = graphene_rect_t(rect)
        gtk_snapshot_append_color(snapshot, &rgba, &bounds)
    }

    /// Every selection's ranges, cut to the text laid out in the viewport (a selection of the
    /// whole of a large document draws only what is shown).
    func selectedRangesInViewport() -> [NSRange] {
        let controller = textView.textLayoutManager.textViewportLayoutController
        guard let viewport = controller.viewportRange.flatMap({ try? textView.textContentStorage.offsets(of: $0) })
        else {
            return []
        }
        var ranges: [NSRange] = []
        for selection in textView.textLayoutManager.textSelections {
            for textRange in selection.textRanges {
                guard let offsets = try? textView.textContentStorage.offsets(of: textRange) else { continue }
                if offsets.isEmpty {
                    if viewport.contains(offsets.lowerBound) || offsets.lowerBound == viewport.upperBound {
                        ranges.append(NSRange(location: offsets.lowerBound, length: 0))
                    }
                } else {
                    let shown = offsets.clamped(to: viewport)
                    if !shown.isEmpty { ranges.append(NSRange(location: shown.lowerBound, length: shown.count)) }
                }
            }
        }
        return ranges
    }
}
