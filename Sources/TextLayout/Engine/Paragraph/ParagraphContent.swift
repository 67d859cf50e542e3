import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// What layout needs of one paragraph, read once from its AttributedString: its UTF-16 text,
/// its style, and its runs of character attributes.
struct ParagraphContent: Sendable {
    /// A run of text with the same character attributes.
    struct AttributeRun: Sendable {
        var range: Range<Int>
        var font: FontRequest
        var features: [FontFeature]
        var kern: Double
        var tracking: Double
        var baselineOffset: Double
        /// The log of the glyphs' horizontal stretch (``AttributeValueLimits/expansion(_:)``
        /// applied): their advances and offsets are scaled by ``horizontalScale``.
        var expansion: Double = 0
        /// The run's language (Foundation's `languageIdentifier`, a BCP 47 tag): HarfBuzz's
        /// language, and the regional CJK font its Han ideographs take ("ja", "zh-Hant", "ko").
        var language: String? = nil

        /// e to the ``expansion``: 1 for a run that is not stretched.
        var horizontalScale: Float { expansion == 0 ? 1 : Float(exp(expansion)) }

        /// Whether `other` lays out as this run does, ranges aside.
        func hasSameLayoutAttributes(as other: AttributeRun) -> Bool {
            font == other.font && features == other.features && kern == other.kern && tracking == other.tracking
                && baselineOffset == other.baselineOffset && expansion == other.expansion && language == other.language
        }
    }

    /// A U+FFFC carrying an attachment: laid out as one object of the attachment's size, not
    /// shaped as a character.
    struct Attachment: Sendable {
        /// The U+FFFC's UTF-16 offset.
        var offset: Int
        var value: TextAttachment
        /// The index of its attribute run in ``runs``.
        var attributes: Int
        /// The bounds its layout or its view provider asked for, if it has either, and whether
        /// the provider gave them.
        var requestedBounds: (bounds: CGRect, fromProvider: Bool)?
    }

    let units: [UInt16]
    /// UTF-16 length without the paragraph separator.
    let contentLength: Int
    /// The paragraph's style; most paragraphs have the default one.
    var style: ParagraphStyle { styleBox?.style ?? .default }
    // Single fields, read without copying the whole style (and retaining its arrays): these
    // are asked for once or more for every paragraph laid out.
    var alignment: TextAlignment { styleBox?.style.alignment ?? ParagraphStyle.default.alignment }
    var baseWritingDirection: WritingDirection {
        styleBox?.style.baseWritingDirection ?? ParagraphStyle.default.baseWritingDirection
    }
    /// Whether the paragraph has the default style.
    var hasDefaultStyle: Bool { styleBox == nil }
    /// A style other than the default, kept out of line (it is 96 bytes).
    private let styleBox: StyleBox?
    let runs: [AttributeRun]
    /// The attachments, by offset; empty (no allocation) for every paragraph without one, so
    /// plain text never looks for them.
    let attachments: [Attachment]
    /// Whether the paragraph had no attributes: one run in the default font, the default style.
    let isPlain: Bool
    /// Whether the text before the separator is printable ASCII (U+0020...U+007E), found while
    /// reading it: it is then left to right, a grapheme cluster per unit and free of controls,
    /// and shaping skips the scans that would find out (most lines of code and of English).
    let isPrintableASCII: Bool
    /// How far shadows, outlines and skew draw past the glyphs; nil (most paragraphs) when
    /// nothing does.
    let inkOutset: InkOutset?

    /// Reads `paragraph`; runs without a font use `defaultFont`, every font resolved in
    /// `context` (`matcher` finds the installed rounded family). A font that cannot be used (a
    /// size that is not finite and positive) is an error naming it.
    init(
        _ paragraph: TextParagraph, defaultFont: FontDescriptor, context: FontResolutionContext = .standard,
        matcher: FontMatcher, container: TextContainer? = nil
    ) throws(TextLayoutError) {
        let request: FontRequest
        do { request = try FontRequest(defaultFont, in: context, matcher: matcher) } catch {
            throw .unusableFont(descriptor: defaultFont, reason: "\(error)")
        }
        try self.init(
            paragraph, defaultFont: defaultFont, context: context, matcher: matcher,
            plainRuns: PlainAttributeRuns(font: request, features: defaultFont.features, language: context.language),
            container: container)
    }

    /// Reads `paragraph` with the default font's request already resolved and validated (once
    /// per layout pass, not once per paragraph), a plain paragraph's run shared from `plainRuns`.
    /// `container` is what an attachment's own layout is asked its bounds in.
    init(
        _ paragraph: TextParagraph, defaultFont: FontDescriptor, context: FontResolutionContext = .standard,
        matcher: FontMatcher, plainRuns: PlainAttributeRuns, container: TextContainer? = nil
    ) throws(TextLayoutError) {
        if let (plainUnits, control) = paragraph.withPlainUTF8(Self.utf16) {
            // Plain text: one run in the default font, the default style, no AttributedString.
            self.init(
                units: plainUnits, style: nil, isPlain: true, runs: plainRuns.runs(count:), attachments: [],
                controlBeforeSeparator: control)
            return
        }
        try self.init(
            attributed: paragraph, defaultFont: defaultFont, context: context, matcher: matcher, container: container)
    }

    /// A stretch of a long plain paragraph, `units`, laid out in the paragraph's resolved
    /// direction (a stretch has no direction of its own to find: its first strong character may
    /// not be the paragraph's).
    init(section units: [UInt16], isRightToLeft: Bool, plainRuns: PlainAttributeRuns) {
        var high: UInt16 = 0
        var control = false
        for unit in units { high |= unit }
        if high < 0x80 {
            var end = units.count
            while end > 0, units[end - 1] == 0x0A || units[end - 1] == 0x0D { end -= 1 }
            for index in 0 ..< end where units[index] < 0x20 || units[index] == 0x7F { control = true }
        }
        let style = ParagraphStyle(baseWritingDirection: isRightToLeft ? .rightToLeft : .leftToRight)
        self.init(
            units: units, style: style, isPlain: true, runs: plainRuns.runs(count:), attachments: [],
            controlBeforeSeparator: high < 0x80 ? control : nil)
    }

    /// Reads the AttributedString of `paragraph`.
    private init(
        attributed paragraph: TextParagraph, defaultFont: FontDescriptor, context: FontResolutionContext,
        matcher: FontMatcher, container: TextContainer?
    ) throws(TextLayoutError) {
        let text = paragraph.attributedString
        // A slice of the characters is copied a chunk of the rope at a time: 5 MB in about a
        // millisecond, where the UTF-8 view, read a byte at a time, takes half a second.
        try self.init(
            attributedText: text, string: String(text.characters[...]), defaultFont: defaultFont, context: context,
            matcher: matcher, isRightToLeft: nil,
            attachmentBounds: container.map { AttachmentBoundsRequest(container: $0, paragraph: paragraph) })
    }

    /// A stretch of a long paragraph with attributes, `text`, laid out in the paragraph's
    /// resolved direction (see `init(section:isRightToLeft:plainRuns:)`).
    /// `string` is its text (its characters, when it starts and ends where clusters do).
    init(
        section text: AttributedSubstring, string: String, defaultFont: FontDescriptor, context: FontResolutionContext,
        matcher: FontMatcher, isRightToLeft: Bool
    ) throws(TextLayoutError) {
        try self.init(
            attributedText: text, string: string, defaultFont: defaultFont, context: context, matcher: matcher,
            isRightToLeft: isRightToLeft)
    }

    /// Reads `text`, whose text is `string`; with `isRightToLeft`, in that direction whatever
    /// its style says.
    private init(
        attributedText text: some AttributedStringProtocol, string: String, defaultFont: FontDescriptor,
        context: FontResolutionContext, matcher: FontMatcher, isRightToLeft: Bool?,
        attachmentBounds: AttachmentBoundsRequest? = nil
    ) throws(TextLayoutError) {
        var string = string
        var runs: [AttributeRun] = []
        // Runs carrying an attachment, and the index of their attribute run.
        var attached: [(range: Range<Int>, value: TextAttachment, attributes: Int, container: AttributeContainer?)] = []
        var offset = 0
        // Runs that differ in other attributes mostly share their font: resolved once for them.
        var resolved: (descriptor: FontDescriptor, request: FontRequest)?
        var inkOutset: InkOutset?
        // The runs view is made once: swift-foundation builds it from a range set, several
        // microseconds, as much as reading a short paragraph's runs.
        let textRuns = text.runs
        for run in textRuns {
            let count = text.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            let descriptor = run.font ?? defaultFont
            let request: FontRequest
            if let resolved, resolved.descriptor == descriptor {
                request = resolved.request
            } else {
                do { request = try FontRequest(descriptor, in: context, matcher: matcher) } catch {
                    throw .unusableFont(descriptor: descriptor, reason: "\(error)")
                }
                resolved = (descriptor, request)
            }
            let tracking = run.tracking.map(AttributeValueLimits.tracking) ?? 0
            let attributes = AttributeRun(
                range: offset ..< offset + count, font: request,
                features: tracking == 0 ? descriptor.features : Self.withoutOptionalLigatures(descriptor.features),
                kern: run.kern.map(AttributeValueLimits.kern) ?? 0, tracking: tracking,
                baselineOffset: run.baselineOffset.map(AttributeValueLimits.baselineOffset) ?? 0,
                expansion: run.expansion.map(AttributeValueLimits.expansion) ?? 0,
                language: run.languageIdentifier ?? context.language)
            if let last = runs.last, last.hasSameLayoutAttributes(as: attributes) {
                runs[runs.count - 1].range = last.range.lowerBound ..< attributes.range.upperBound
            } else {
                runs.append(attributes)
            }
            if let attachment = run.attachment {
                // The run's attributes only for an attachment that asks its bounds of its own.
                let asks =
                    attachmentBounds != nil
                    && (attachment is any TextAttachmentLayout || attachment.usesTextAttachmentView)
                attached.append((attributes.range, attachment, runs.count - 1, asks ? run.attributes : nil))
            }
            if let outset = InkOutset(
                fontSize: request.size, shadow: run.shadow, strokeWidth: run.strokeWidth, obliqueness: run.obliqueness)
            {
                inkOutset = outset.union(inkOutset)
            }
            offset += count
        }
        // ASCII (most of a long paragraph of English or code) is widened a byte at a time.
        let units = string.withUTF8 { Self.utf16($0).units }
        // Only its U+FFFC characters show an attachment (a run may hold other text too).
        var attachments: [Attachment] = []
        for run in attached {
            for offset in run.range where offset < units.count && units[offset] == 0xFFFC {
                let requested = run.container.flatMap {
                    attachmentBounds?.bounds(of: run.value, attributes: $0, offset: offset)
                }
                attachments.append(
                    Attachment(offset: offset, value: run.value, attributes: run.attributes, requestedBounds: requested)
                )
            }
        }
        // Alignment, line height and direction set as attributes of their own count (one model).
        var style = textRuns.first.flatMap { ParagraphStyle(resolving: $0.attributes) }
        if let isRightToLeft {
            let direction: WritingDirection = isRightToLeft ? .rightToLeft : .leftToRight
            style = style?.with(baseWritingDirection: direction) ?? ParagraphStyle(baseWritingDirection: direction)
        }
        self.init(
            units: units, style: style, isPlain: false, runs: { _ in runs }, attachments: attachments,
            inkOutset: inkOutset)
    }

    /// `features` with the optional ligatures (`liga`, `clig`) turned off unless they set them:
    /// tracked text is spaced letter by letter, as TextKit's `tracking` does (required
    /// ligatures, such as Arabic's lam-alef, stay).
    private static func withoutOptionalLigatures(_ features: [FontFeature]) -> [FontFeature] {
        var result = features
        for tag in ["liga", "clig"] where !features.contains(where: { $0.tag == tag }) {
            if let off = FontFeature(tag: tag, value: 0) { result.append(off) }
        }
        return result
    }

    /// UTF-16 of valid UTF-8, and for ASCII whether a control or DEL comes before the
    /// separator (nil: not ASCII). ASCII, most text of code and of English, is widened byte by
    /// byte. The loops have no early exit, so that the compiler vectorizes them.
    private static func utf16(_ utf8: UnsafeBufferPointer<UInt8>) -> (units: [UInt16], controlBeforeSeparator: Bool?) {
        var high: UInt8 = 0
        for byte in utf8 { high |= byte }
        guard high < 0x80 else { return (Array(String(decoding: utf8, as: UTF8.self).utf16), nil) }
        var end = utf8.count
        if end > 0, utf8[end - 1] == 0x0A { end -= 1 }
        if end > 0, utf8[end - 1] == 0x0D { end -= 1 }
        var control: UInt8 = 0
        // 0x00...0x1F and 0x7F are the bytes that one more, less its top bit, puts at or below 0x20.
        for byte in UnsafeBufferPointer(rebasing: utf8[0 ..< end]) { control |= (byte &+ 1) & 0x7F <= 0x20 ? 1 : 0 }
        let units = [UInt16](filledWith: 0, count: utf8.count) { units in
            for index in 0 ..< utf8.count { units[index] = UInt16(utf8[index]) }
        }
        return (units, control != 0)
    }

    /// `controlBeforeSeparator`: for ASCII text, whether a control or DEL comes before the
    /// separator (nil: not ASCII, or not looked for).
    private init(
        units: [UInt16], style: ParagraphStyle?, isPlain: Bool, runs: (Int) -> [AttributeRun],
        attachments: [Attachment],
        controlBeforeSeparator: Bool? = nil, inkOutset: InkOutset? = nil
    ) {
        self.units = units
        self.inkOutset = inkOutset
        self.attachments = attachments
        self.isPlain = isPlain
        var length = units.count
        if length > 0, units[length - 1] == 0x0A || units[length - 1] == 0x0D || units[length - 1] == 0x2029 {
            length -= (length > 1 && units[length - 1] == 0x0A && units[length - 2] == 0x0D) ? 2 : 1
        }
        contentLength = length
        isPrintableASCII = controlBeforeSeparator == false
        styleBox = style.flatMap { $0 == .default ? nil : StyleBox($0) }
        self.runs = runs(units.count)
    }

    /// Whether the unit at `index` takes no glyph: separators, hard line breaks, tabs.
    func isControl(_ index: Int) -> Bool { Self.isControl(units[index]) }

    /// Whether `unit` takes no glyph (all such are below U+2030: one compare for most text).
    @inline(__always)
    static func isControl(_ unit: UInt16) -> Bool {
        unit < 0x2030 && (unit == 0x0A || unit == 0x0D || unit == 0x2029 || unit == 0x2028 || unit == 0x09)
    }

    /// Whether the unit at `index` is white space that may hang past a line's end.
    func isWhitespace(_ index: Int) -> Bool {
        let unit = units[index]
        return unit == 0x20 || unit == 0x09 || unit == 0x3000 || (unit >= 0x2000 && unit <= 0x200A) || unit == 0x205F
    }

    private final class StyleBox: Sendable {
        let style: ParagraphStyle
        init(_ style: ParagraphStyle) { self.style = style }
    }
}
