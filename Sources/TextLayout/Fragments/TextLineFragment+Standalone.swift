import Foundation
import Synchronization
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

extension TextLineFragment {
    /// The font of text that has no font attribute in a line made on its own: the layout
    /// manager's default.
    public static let defaultStandaloneFont = FontDescriptor.defaultText

    /// A line showing `range` (UTF-16 offsets) of `attributedString` on its own, outside any
    /// layout manager (TextKit's `init(attributedString:range:)`): shaped with the string's
    /// attributes (``defaultStandaloneFont`` where it has none), placed at its natural width
    /// from x = 0, without wrapping. It measures (`typographicBounds`, caret positions,
    /// `characterIndex(for:)`) and draws like a laid-out line; `characterRange` is `range`.
    /// Throws `.invalidRange` for a range outside the string or splitting a surrogate pair, and
    /// what shaping throws (an unusable font).
    ///
    /// ```swift
    /// let line = try TextLineFragment(
    ///     attributedString: AttributedString("Hello, مرحبا"), range: NSRange(location: 0, length: 12))
    /// line.typographicBounds.width   // its natural width
    /// ```
    public convenience init(attributedString: AttributedString, range: NSRange) throws(TextLayoutError) {
        let units = Array(attributedString.utf16)
        let (start, length) = (range.location, range.length)
        guard start != NSNotFound, start >= 0, length >= 0, start <= units.count, length <= units.count - start,
            !Self.splitsSurrogatePair(units, at: start), !Self.splitsSurrogatePair(units, at: start + length)
        else {
            throw .invalidRange(location: range.location, length: range.length, textLength: units.count)
        }
        let paragraph = TextParagraph(attributedString: attributedString)
        let container = TextContainer(size: CGSize(width: CGFloat.infinity, height: 0), lineFragmentPadding: 0)
        let scratch = StandaloneLineScratch.take()
        defer { StandaloneLineScratch.give(back: scratch) }
        let layout = ParagraphLayout(
            container: container, typesetting: .standard, defaultFont: Self.defaultStandaloneFont,
            scratch: scratch)
        let shaped = try layout.shape(paragraph)
        let content = shaped.content
        var hang = start + length
        while hang > start, content.isWhitespace(hang - 1) || content.isControl(hang - 1) { hang -= 1 }
        let span = LineSpan(range: start ..< start + length, hangStart: hang, endsWithHardBreak: false)
        // Infinity: the natural width, from x = 0 whatever the alignment.
        let request = LinePlacer.Request.span(span, width: .infinity, isLastLine: true, truncation: nil)
        let placed = LinePlacer(paragraph: shaped).place(request)
        let metrics = shaped.defaultMetrics
        let ascent = max(placed.ascent, CGFloat(metrics.ascent))
        let height =
            ascent + max(placed.descent, CGFloat(metrics.descent)) + max(placed.leading, CGFloat(metrics.leading))
        let kept = LineRecord(
            typographicBounds: CGRect(x: 0, y: 0, width: placed.width, height: height),
            glyphOriginX: placed.items.first?.x ?? 0, baseline: ascent, placement: request)
        self.init(paragraph: paragraph, layout: kept, shaped: shaped)
    }

    /// A line showing `range` of `string` with `attributes` throughout (TextKit's
    /// `init(string:attributes:range:)`); see `init(attributedString:range:)`.
    public convenience init(string: String, attributes: AttributeContainer, range: NSRange) throws(TextLayoutError) {
        try self.init(attributedString: AttributedString(string, attributes: attributes), range: range)
    }

    private static func splitsSurrogatePair(_ units: [UInt16], at offset: Int) -> Bool {
        offset > 0 && offset < units.count && UTF16.isLeadSurrogate(units[offset - 1])
            && UTF16.isTrailSurrogate(units[offset])
    }
}

/// The scratches of lines made on their own, kept between lines: a gutter makes a line for each
/// number that scrolls into view, and each would otherwise allocate (and free) the caches and
/// buffers of a whole layout pass.
private enum StandaloneLineScratch {
    /// A scratch, used by one thread at a time: held here only while no line uses it.
    private final class Kept: @unchecked Sendable {
        let scratch: LayoutScratch
        init(_ scratch: LayoutScratch) { self.scratch = scratch }
    }

    /// As many as threads have made lines at once, up to a few.
    private static let idle = Mutex<[Kept]>([])
    private static let limit = 4

    static func take() -> LayoutScratch {
        idle.withLock { $0.popLast() }?.scratch ?? LayoutScratch()
    }

    static func give(back scratch: LayoutScratch) {
        let kept = Kept(scratch)
        idle.withLock { if $0.count < limit { $0.append(kept) } }
    }
}
