import Foundation
import Synchronization
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// A paragraph analysed and shaped once: its glyphs in one buffer, per-offset advances, its
/// grapheme boundaries and (worked out the first time a line overflows) its line-break
/// opportunities. Immutable and shared: every line of the paragraph's fragment refers to it, and
/// laying it out again at another width, or in another container, reuses all of it (only line
/// breaking and placement run again).
final class ShapedParagraph: Sendable {
    /// Glyphs of one font, one bidi level and one set of attributes.
    struct GlyphRun: Sendable {
        var range: Range<Int>
        var level: UInt8
        /// Where the piece's glyphs are in ``glyphs``, in visual order.
        var glyphRange: Range<Int>
        var font: Font
        /// The index of the piece's attributes in the content's runs.
        var attributes: Int
        var isRightToLeft: Bool { level & 1 == 1 }
    }

    /// A boundary's flag in ``GraphemeBoundarySet/flags(in:)``.
    static let graphemeBoundary: UInt8 = 1
    /// The flag in ``breakOpportunities(scratch:)``.
    static let breakOpportunity: UInt8 = 1

    let content: ParagraphContent
    /// Bidi levels; `levels.levels` is empty when every offset is at the paragraph level.
    let levels: BidiLevels
    /// Every glyph of the paragraph; pieces refer to ranges of it.
    let glyphs: ParagraphGlyphs
    /// In logical order.
    let pieces: SmallArray<1, GlyphRun>
    /// The advance of the cluster starting at each UTF-16 offset (0 elsewhere), kern and tracking
    /// included.
    let advances: [Float]
    /// Where grapheme clusters start, offsets 0 through the length.
    let boundaries: GraphemeBoundarySet
    /// The attachments, by offset: unshaped offsets whose advance is the attachment's width.
    /// Empty for a paragraph without one.
    let attachments: [ShapedAttachment]
    /// UAX #14 break opportunities, asked of ICU only when a line is too long to fit: a paragraph
    /// shorter than its line (most paragraphs of code, short verses) never needs them.
    private let lineBreaks = Mutex<[UInt8]?>(nil)
    /// The paragraph's first font, whose metrics give an empty line its height (a reference:
    /// the metrics themselves are 80 bytes, kept once per font).
    let defaultFont: Font
    /// The metrics of the paragraph's first font.
    var defaultMetrics: FontMetrics { defaultFont.metrics }

    init(_ content: ParagraphContent, scratch: LayoutScratch, shaper: TextShaper) throws(TextLayoutError) {
        self.content = content
        let units = content.units
        let levels = try Self.levels(of: content)
        self.levels = levels

        // Shaped into the scratch's buffer, then kept at its exact size (or compact).
        var glyphs: [ShapedGlyph] = []
        var pieces = SmallArray<1, GlyphRun>()
        var spans: [ShapedRunSpan] = []
        var segments: [Range<Int>] = []
        swap(&glyphs, &scratch.glyphs)
        swap(&spans, &scratch.spans)
        swap(&segments, &scratch.segments)
        glyphs.removeAll(keepingCapacity: true)
        defer {
            swap(&glyphs, &scratch.glyphs)
            swap(&spans, &scratch.spans)
            swap(&segments, &scratch.segments)
        }
        try units.withUnsafeBufferPointer { (text) throws(TextLayoutError) in
            for (index, attributes) in content.runs.enumerated() {
                Self.segments(of: attributes.range, content: content, levels: levels.levels, into: &segments)
                if !content.attachments.isEmpty { Self.cut(&segments, at: content.attachments) }
                for segment in segments {
                    let level = levels.levels.isEmpty ? levels.paragraphLevel : levels.levels[segment.lowerBound]
                    spans.removeAll(keepingCapacity: true)
                    let first = glyphs.count
                    do {
                        try shaper.shape(
                            text: text, range: segment, request: attributes.font, features: attributes.features,
                            isRightToLeft: level & 1 == 1, language: attributes.language, glyphs: &glyphs, runs: &spans,
                            scratch: scratch.shaping)
                    } catch {
                        throw .shapingFailed(reason: "\(error)")
                    }
                    let scale = attributes.horizontalScale
                    if scale != 1 { Self.stretch(&glyphs, in: first ..< glyphs.count, by: scale) }
                    for span in spans {
                        pieces.append(
                            GlyphRun(
                                range: span.range, level: level, glyphRange: span.glyphRange, font: span.font,
                                attributes: index))
                    }
                }
            }
        }
        let attachments = try Self.attachments(of: content, shaper: shaper)
        self.attachments = attachments
        var advances = Self.advances(glyphs: glyphs, content: content)
        // An attachment's advance is its width (no kern or tracking: it is not a glyph).
        for attachment in attachments { advances[attachment.offset] = Float(attachment.bounds.width) }
        self.advances = advances
        self.glyphs = ParagraphGlyphs(glyphs, advances: advances)
        self.pieces = pieces
        boundaries = Self.graphemeBoundaries(of: content)

        if let first = pieces.first {
            defaultFont = first.font
        } else {
            do {
                let request =
                    try content.runs.first?.font ?? FontRequest(FontDescriptor.defaultText)
                defaultFont = try shaper.matcher.match(request).font
            } catch {
                throw .shapingFailed(reason: "\(error)")
            }
        }
    }

    /// A paragraph from parts already worked out (see ``reshapedWithWindows(_:from:edits:scratch:shaper:)``).
    init(
        content: ParagraphContent, levels: BidiLevels, glyphs: ParagraphGlyphs, pieces: SmallArray<1, GlyphRun>,
        advances: [Float],
        boundaries: GraphemeBoundarySet, attachments: [ShapedAttachment], defaultFont: Font, lineBreaks: [UInt8]?
    ) {
        self.content = content
        self.attachments = attachments
        self.levels = levels
        self.glyphs = glyphs
        self.pieces = pieces
        self.advances = advances
        self.boundaries = boundaries
        self.defaultFont = defaultFont
        self.lineBreaks.withLock { $0 = lineBreaks }
    }

    /// The index in ``attachments`` of the attachment at `offset`, if there is one there.
    func attachmentIndex(at offset: Int) -> Int? {
        var low = 0, high = attachments.count
        while low < high {
            let mid = (low + high) / 2
            if attachments[mid].offset < offset { low = mid + 1 } else { high = mid }
        }
        return low < attachments.count && attachments[low].offset == offset ? low : nil
    }

    /// The break opportunities, if they have been worked out.
    var knownBreakOpportunities: [UInt8]? { lineBreaks.withLock { $0 } }

    /// The bidi level at `offset`.
    @inline(__always)
    func level(at offset: Int) -> UInt8 {
        levels.levels.isEmpty ? levels.paragraphLevel : levels.levels[offset]
    }

    @inline(__always)
    func isGraphemeBoundary(_ offset: Int) -> Bool { boundaries.contains(offset) }

    /// For each offset 0 through the length, ``breakOpportunity`` where a line may break before
    /// it (UAX #14, ICU's rules and dictionaries); worked out on first use.
    func breakOpportunities(scratch: LayoutScratch) throws(TextLayoutError) -> [UInt8] {
        if let known = lineBreaks.withLock({ $0 }) { return known }
        let units = content.units
        if content.isPrintableASCII,
            let flags = units.withUnsafeBufferPointer({ ProseBreakOpportunities.flags($0, flag: Self.breakOpportunity) }
            )
        {
            lineBreaks.withLock { $0 = flags }
            return flags
        }
        var flags = [UInt8](filledWith: 0, count: units.count + 1)
        do {
            let lineBreaks = try units.withUnsafeBufferPointer { (text) throws(TextAnalysisError) in
                try scratch.lineBreaks(for: text)
            }
            lineBreaks.first()
            while let boundary = lineBreaks.next(), boundary <= units.count {
                flags[boundary] = Self.breakOpportunity
            }
        } catch {
            throw .analysisFailed(reason: "\(error)")
        }
        lineBreaks.withLock { $0 = flags }
        return flags
    }

    /// The first grapheme boundary at or after `offset`.
    func graphemeBoundary(atOrAfter offset: Int) -> Int {
        var index = max(0, offset)
        while index < boundaries.count - 1, !isGraphemeBoundary(index) { index += 1 }
        return min(index, boundaries.count - 1)
    }

    private static func levels(of content: ParagraphContent) throws(TextLayoutError) -> BidiLevels {
        let direction: BidiAnalyzer.BaseDirection
        switch content.baseWritingDirection {
        case .natural: direction = .natural
        case .leftToRight: direction = .leftToRight
        case .rightToLeft: direction = .rightToLeft
        }
        if direction != .rightToLeft, content.isPrintableASCII || !mayHoldRightToLeft(content.units) {
            return BidiLevels(paragraphLevel: 0, levels: [])
        }
        do {
            let levels = try content.units.withUnsafeBufferPointer { (text) throws(TextAnalysisError) in
                try BidiAnalyzer.levels(forUTF16: text, baseDirection: direction)
            }
            let uniform = levels.levels.allSatisfy { $0 == levels.paragraphLevel }
            return uniform ? BidiLevels(paragraphLevel: levels.paragraphLevel, levels: []) : levels
        } catch {
            throw .analysisFailed(reason: "\(error)")
        }
    }

    /// Scales the advances and horizontal offsets of `glyphs[range]` by `scale` (a run's
    /// `expansion`): HarfBuzz's positions are linear in the font's horizontal scale, so this is
    /// what shaping a horizontally stretched font gives, and the word cache stays unstretched.
    static func stretch(_ glyphs: inout [ShapedGlyph], in range: Range<Int>, by scale: Float) {
        for index in range {
            glyphs[index].advance *= scale
            glyphs[index].xOffset *= scale
        }
    }

    static func advances(glyphs: [ShapedGlyph], content: ParagraphContent) -> [Float] {
        let count = content.units.count
        return [Float](filledWith: 0, count: count) { advances in
            glyphs.withUnsafeBufferPointer { glyphs in
                for glyph in glyphs {
                    let cluster = Int(glyph.storedCluster)
                    if cluster < count { advances[cluster] += glyph.advance }
                }
            }
            for attributes in content.runs {
                let extra = Float(attributes.kern + attributes.tracking)
                guard extra != 0 else { continue }
                for offset in attributes.range where offset < content.contentLength && advances[offset] != 0 {
                    advances[offset] += extra
                }
            }
        }
    }

    /// Grapheme cluster starts. Text of simple code units only (Latin, Greek, Cyrillic, Hebrew
    /// and Arabic letters, kana, Han...: see ``GraphemeSegmenter``) has one at every offset; so
    /// does the separator, but inside CR LF. The rest is segmented.
    static func graphemeBoundaries(of content: ParagraphContent) -> GraphemeBoundarySet {
        let units = content.units
        let count = units.count
        return units.withUnsafeBufferPointer { text in
            if content.isPrintableASCII
                || GraphemeSegmenter.isAllSimple(UnsafeBufferPointer(rebasing: text[0 ..< content.contentLength]))
            {
                return GraphemeBoundarySet(everyOffsetOf: count, endsWithCRLF: count - content.contentLength == 2)
            }
            return GraphemeBoundarySet(
                flags: [UInt8](filledWith: 0, count: count + 1) { flags in
                    flags[count] = graphemeBoundary
                    GraphemeSegmenter.forEach(in: text, range: 0 ..< count) { cluster in
                        flags[cluster.lowerBound] = graphemeBoundary
                    }
                })
        }
    }

    /// Whether any unit could resolve to an odd bidi level: right-to-left letters (Hebrew,
    /// Arabic, Syriac, Thaana, N'Ko... and their supplementary planes), Arabic digits, marks and
    /// explicit embeddings, overrides and isolates. Without them every level is 0 and ICU is
    /// not asked.
    static func mayHoldRightToLeft(_ units: some Sequence<UInt16>) -> Bool {
        for unit in units where unit >= 0x0590 {
            switch unit {
            case 0x0590 ... 0x08FF, 0x200F, 0x202A ... 0x202E, 0x2066 ... 0x2069, 0xFB1D ... 0xFDFF, 0xFE70 ... 0xFEFF,
                0xD802 ... 0xD803, 0xD83A ... 0xD83B:
                return true
            default:
                continue
            }
        }
        return false
    }

    /// The attachments of `content` with the room each takes, in its attribute run's font.
    private static func attachments(
        of content: ParagraphContent, shaper: TextShaper
    ) throws(TextLayoutError) -> [ShapedAttachment] {
        guard !content.attachments.isEmpty else { return [] }
        var fonts: [Int: FontMetrics] = [:]
        var result: [ShapedAttachment] = []
        result.reserveCapacity(content.attachments.count)
        for attachment in content.attachments {
            let run = content.runs[attachment.attributes]
            let metrics: FontMetrics
            if let known = fonts[attachment.attributes] {
                metrics = known
            } else {
                do { metrics = try shaper.matcher.match(run.font).font.metrics } catch {
                    throw .shapingFailed(reason: "\(error)")
                }
                fonts[attachment.attributes] = metrics
            }
            result.append(
                ShapedAttachment(
                    offset: attachment.offset, attachment: attachment.value,
                    requestedBounds: attachment.requestedBounds,
                    metrics: metrics,
                    baselineOffset: run.baselineOffset))
        }
        return result
    }

    /// `segments` less the attachments' offsets, which are not shaped.
    private static func cut(_ segments: inout [Range<Int>], at attachments: [ParagraphContent.Attachment]) {
        var result: [Range<Int>] = []
        var next = 0
        for segment in segments {
            while next < attachments.count, attachments[next].offset < segment.lowerBound { next += 1 }
            var start = segment.lowerBound
            while next < attachments.count, attachments[next].offset < segment.upperBound {
                if start < attachments[next].offset { result.append(start ..< attachments[next].offset) }
                start = attachments[next].offset + 1
                next += 1
            }
            if start < segment.upperBound { result.append(start ..< segment.upperBound) }
        }
        segments = result
    }

    /// `range` cut at bidi level changes and at control characters (which are not shaped).
    private static func segments(
        of range: Range<Int>, content: ParagraphContent, levels: [UInt8], into result: inout [Range<Int>]
    ) {
        result.removeAll(keepingCapacity: true)
        let end = min(range.upperBound, content.contentLength)
        var start = range.lowerBound
        if content.isPrintableASCII, levels.isEmpty {
            // No controls, and every level is the paragraph's.
            if start < end { result.append(start ..< end) }
            return
        }
        content.units.withUnsafeBufferPointer { units in
            var index = start
            while index < end {
                if ParagraphContent.isControl(units[index]) {
                    if start < index { result.append(start ..< index) }
                    start = index + 1
                } else if index > start, !levels.isEmpty, levels[index] != levels[index - 1] {
                    result.append(start ..< index)
                    start = index
                }
                index += 1
            }
        }
        if start < end { result.append(start ..< end) }
    }
}
