internal import CCairo
import Foundation
import TextContent
@_spi(Rendering) import TextLayout
@_spi(Typesetting) import TextTypography

extension RenderingContext {
    /// Shows glyphs `indices` of `run` with their origins offset by `origin` (the line's left
    /// edge on its baseline), painted as `style` says (colour glyphs keep their own colours).
    /// `text`, for a PDF, goes with the filled glyphs so that they extract as text.
    func showGlyphs(
        of run: PositionedGlyphRun, indices: Range<Int>, origin: CGPoint, style: GlyphStyle, text: [UInt16]? = nil,
        clusters source: TextClusters.Source = .workedOutHere
    ) {
        // A size Cairo cannot invert (far below a pixel) would put the context in an error state.
        guard !indices.isEmpty, run.font.size >= 0.001 else { return }
        if let scale = run.font.bitmapScale, run.font.hasColorGlyphs {
            showBitmapGlyphs(of: run, indices: indices, origin: origin, scale: scale)
            return
        }
        if glyphRunHandler != nil, handOver(run, indices: indices, origin: origin, style: style, text: text) { return }
        guard let face = DrawingFonts.shared.face(for: run.font) else { return }
        defer { cairo_font_face_destroy(face) }
        setFont(face, of: run, obliqueness: style.obliqueness)
        let glyphs = cairoGlyphs(of: run, indices: indices, origin: origin)
        if style.fills {
            setColor(style.fill)
            // The clusters of a whole run may have been worked out ahead (see `PreparedPage`).
            var clusters: TextClusters?
            if case .preparedForWholeRun(let prepared) = source, indices == run.glyphs.indices {
                clusters = prepared
            } else if let text {
                clusters = TextClusters(run, indices: indices, text: text)
            }
            if text != nil, let clusters {
                // In a PDF the text goes with its glyphs, so that ligatures and conjuncts extract as
                // the characters they show.
                clusters.utf8.withUnsafeBufferPointer { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { chars in
                        cairo_show_text_glyphs(
                            cairo, chars.baseAddress, Int32(chars.count), glyphs, Int32(glyphs.count),
                            clusters.clusters, Int32(clusters.clusters.count), clusters.flags)
                    }
                }
            } else {
                cairo_show_glyphs(cairo, glyphs, Int32(glyphs.count))
            }
        }
        if style.strokes {
            strokeOutlines(
                of: glyphs, color: style.strokeColor ?? style.fill,
                width: style.strokeLineWidth(fontSize: run.font.size))
        }
    }

    /// Hands glyphs `indices` of `run` to `glyphRunHandler` when they are a plain run (filled
    /// only, upright, unscaled, in the face as it is, for a raster target) that the handler takes.
    private func handOver(
        _ run: PositionedGlyphRun, indices: Range<Int>, origin: CGPoint, style: GlyphStyle, text: [UInt16]?
    ) -> Bool {
        guard let handler = glyphRunHandler, text == nil, style.fills, !style.strokes, style.obliqueness == 0,
            !run.font.isSyntheticItalic, !run.font.isSyntheticBold, run.horizontalScale == 1
        else { return false }
        var positions: [CGPoint] = []
        positions.reserveCapacity(indices.count)
        for index in indices {
            var x = Double(origin.x + run.positions[index].x), y = Double(origin.y + run.positions[index].y)
            cairo_user_to_device(cairo, &x, &y)
            positions.append(CGPoint(x: x, y: y))
        }
        return handler(
            HandedGlyphRun(
                fontFile: run.font.filePath, faceIndex: run.font.faceIndex, size: run.font.size,
                glyphs: Array(run.glyphs[indices]), positions: positions, color: style.fill))
    }

    /// Paints the shadow of glyphs `indices` of `run` as ``showGlyphs(of:indices:origin:style:text:)``
    /// would place them, moved by the shadow's offset in its colour; a blur radius spreads
    /// copies over a disc of that radius, so that the edges fade (in PNG, SVG and PDF alike).
    func showGlyphShadow(of run: PositionedGlyphRun, indices: Range<Int>, origin: CGPoint, style: GlyphStyle) {
        guard let shadow = style.shadow, shadow.shadowColor.alpha > 0, !indices.isEmpty, run.font.size >= 0.001,
            !(run.font.bitmapScale != nil && run.font.hasColorGlyphs),
            let face = DrawingFonts.shared.face(for: run.font)
        else { return }
        defer { cairo_font_face_destroy(face) }
        setFont(face, of: run, obliqueness: style.obliqueness)
        var offsets = [CGPoint.zero]
        let radius = shadow.shadowBlurRadius
        if radius > 0 {
            for ring in [radius / 3, radius * 2 / 3] {
                for step in 0 ..< 8 {
                    let angle = Double(step) * .pi / 4 + (ring == radius / 3 ? 0 : .pi / 8)
                    offsets.append(CGPoint(x: ring * cos(angle), y: ring * sin(angle)))
                }
            }
        }
        // Where every copy overlaps the shadow has its colour's opacity; where fewer do it fades.
        let count = Double(offsets.count)
        let alpha = shadow.shadowColor.alpha
        let each = offsets.count == 1 ? alpha : min(1 - pow(1 - alpha, 1 / count), 4 * alpha / count)
        let color = shadow.shadowColor.withAlpha(each)
        let base = CGPoint(x: origin.x + shadow.shadowOffset.width, y: origin.y + shadow.shadowOffset.height)
        for offset in offsets {
            let glyphs = cairoGlyphs(
                of: run, indices: indices, origin: CGPoint(x: base.x + offset.x, y: base.y + offset.y))
            // As paths, not text: a PDF's text then extracts once, from the glyphs themselves.
            if style.fills {
                cairo_new_path(cairo)
                cairo_glyph_path(cairo, glyphs, Int32(glyphs.count))
                setColor(color)
                cairo_fill(cairo)
            }
            if style.strokes {
                strokeOutlines(of: glyphs, color: color, width: style.strokeLineWidth(fontSize: run.font.size))
            }
        }
    }

    /// Sets `face` at the run's size, stretched by its expansion and skewed by `obliqueness` and
    /// any synthetic italic (x moves right as y goes up: y grows down).
    private func setFont(_ face: OpaquePointer, of run: PositionedGlyphRun, obliqueness: Double) {
        let size = run.font.size
        cairo_set_font_face(cairo, face)
        let slant = (run.font.isSyntheticItalic ? Font.syntheticSlant : 0) + obliqueness
        var matrix = cairo_matrix_t(xx: size * run.horizontalScale, yx: 0, xy: -slant * size, yy: size, x0: 0, y0: 0)
        cairo_set_font_matrix(cairo, &matrix)
    }

    private func cairoGlyphs(of run: PositionedGlyphRun, indices: Range<Int>, origin: CGPoint) -> [cairo_glyph_t] {
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(indices.count)
        for index in indices {
            let position = run.positions[index]
            glyphs.append(
                cairo_glyph_t(
                    index: UInt(run.glyphs[index]), x: Double(origin.x + position.x), y: Double(origin.y + position.y)))
        }
        return glyphs
    }

    /// Strokes the outlines of `glyphs` (in the current font) `width` points wide.
    private func strokeOutlines(of glyphs: [cairo_glyph_t], color: TextColor, width: Double) {
        guard width > 0 else { return }
        cairo_new_path(cairo)
        cairo_glyph_path(cairo, glyphs, Int32(glyphs.count))
        setColor(color)
        cairo_set_line_width(cairo, width)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        cairo_set_dash(cairo, nil, 0, 0)
        cairo_stroke(cairo)
    }

    /// Paints the colour bitmaps of a bitmap-only face, scaled from its strike by `scale`.
    private func showBitmapGlyphs(of run: PositionedGlyphRun, indices: Range<Int>, origin: CGPoint, scale: Double) {
        for index in indices {
            guard let bitmap = ColorGlyphBitmaps.shared.bitmap(of: run.glyphs[index], in: run.font) else { continue }
            defer { cairo_surface_destroy(bitmap.surface) }
            let position = run.positions[index]
            cairo_save(cairo)
            cairo_translate(
                cairo, Double(origin.x + position.x) + bitmap.left * scale,
                Double(origin.y + position.y) - bitmap.top * scale)
            cairo_scale(cairo, scale, scale)
            cairo_set_source_surface(cairo, bitmap.surface, 0, 0)
            // Smooth downscaling of the 109 px strike.
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
            cairo_restore(cairo)
        }
    }

    /// Draws an underline or strikethrough from `minX` to `maxX` centred on `y`, `thickness`
    /// points for a single line.
    /// A wavy line from `minX` to `maxX` with its middle at `y` (a spelling mark): waves
    /// about three line widths high and four wide, as Pango draws its error underline.
    func drawWavyLine(minX: CGFloat, maxX: CGFloat, y: CGFloat, thickness: CGFloat, color: TextColor) {
        guard maxX > minX, minX.isFinite, maxX.isFinite, y.isFinite else { return }
        let width = Double(max(thickness, 0.75))
        let halfWave = width * 2, amplitude = width * 1.5
        // Only the waves the clip shows (a line of a million characters that does not wrap
        // would otherwise make a path of a million curves); they start in phase with minX.
        var start = Double(minX), end = Double(maxX)
        if let visible = visibleBounds {
            let period = halfWave * 2
            if Double(visible.minX) > start {
                start += ((Double(visible.minX) - start) / period).rounded(.down) * period
            }
            end = min(end, Double(visible.maxX) + period)
        }
        guard start < end else { return }
        withSavedState {
            setColor(color)
            cairo_set_line_width(cairo, width)
            var x = start
            var up = true
            cairo_move_to(cairo, x, Double(y))
            while x < end {
                let next = min(x + halfWave, end)
                let peak = Double(y) + (up ? -amplitude : amplitude)
                cairo_curve_to(cairo, x + (next - x) / 2, peak, x + (next - x) / 2, peak, next, Double(y))
                x = next
                up.toggle()
            }
            cairo_stroke(cairo)
        }
    }

    func drawDecoration(
        _ style: TextDecorationStyle, color: TextColor, minX: CGFloat, maxX: CGFloat, y: CGFloat, thickness: CGFloat
    ) {
        guard maxX > minX else { return }
        let unit = Double(max(thickness, 0.5))
        let dash: [Double] =
            switch style.pattern {
            case .solid: []
            case .dot: [unit, unit * 2]
            case .dash: [unit * 4, unit * 2]
            case .dashDot: [unit * 4, unit * 2, unit, unit * 2]
            case .dashDotDot: [unit * 4, unit * 2, unit, unit * 2, unit, unit * 2]
            }
        switch style.line {
        case .single:
            strokeLine(
                from: CGPoint(x: minX, y: y), to: CGPoint(x: maxX, y: y), color: color, width: CGFloat(unit), dash: dash
            )
        case .thick:
            strokeLine(
                from: CGPoint(x: minX, y: y + CGFloat(unit) / 2), to: CGPoint(x: maxX, y: y + CGFloat(unit) / 2),
                color: color, width: CGFloat(unit * 2), dash: dash)
        case .double:
            let width = CGFloat(max(unit * 0.75, 0.5))
            for offset in [-width, width * 1.5] {
                strokeLine(
                    from: CGPoint(x: minX, y: y + offset), to: CGPoint(x: maxX, y: y + offset), color: color,
                    width: width, dash: dash)
            }
        }
    }
}
