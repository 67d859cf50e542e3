import Foundation
import TextContent
import TextTypography

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
    }

    /// A U+FFFC carrying an attachment: laid out as one object of the attachment's size, not
    /// shaped as a character.
    struct Attachment: Sendable {
        /// The U+FFFC's UTF-16 offset.
        var offset: Int
        var value: TextAttachment
        /// The index of its attribute run in ``runs``.
        var attributes: Int
    }

    let units: [UInt16]
    /// UTF-16 length without the paragraph separator.
    let contentLength: Int
    /// The paragraph's style; most paragraphs have the default one.
    var style: ParagraphStyle { styleBox?.style ?? .default }
    /// A style other than the default, kept out of line (it is 96 bytes).
    private let styleBox: StyleBox?
    let runs: [AttributeRun]
    /// The attachments, by offset; empty (no allocation) for every paragraph without one, so
    /// plain text never looks for them.
    let attachments: [Attachment]
    /// Whether the paragraph had no attributes: one run in the default font, the default style.
    let isPlain: Bool

    /// Reads `paragraph`; runs without a font use `defaultFont`. A font that cannot be used (a
    /// size that is not finite and positive) is an error naming it.
    init(_ paragraph: TextParagraph, defaultFont: FontDescriptor) throws(TextLayoutError) {
        let request: FontRequest
        do { request = try FontRequest(defaultFont) } catch { throw .unusableFont(descriptor: defaultFont, reason: "\(error)") }
        try self.init(paragraph, defaultFont: defaultFont, plainRuns: PlainAttributeRuns(font: request, features: defaultFont.features))
    }

    /// Reads `paragraph` with the default font's request already validated (once per layout
    /// pass, not once per paragraph), a plain paragraph's run shared from `plainRuns`.
    init(_ paragraph: TextParagraph, defaultFont: FontDescriptor, plainRuns: PlainAttributeRuns) throws(TextLayoutError) {
        if let plainUnits = paragraph.withPlainUTF8(Self.utf16) {
            // Plain text: one run in the default font, the default style, no AttributedString.
            self.init(units: plainUnits, style: nil, isPlain: true, runs: plainRuns.runs(count:), attachments: [])
            return
        }
        try self.init(attributed: paragraph, defaultFont: defaultFont)
    }

    /// Reads the AttributedString of `paragraph`.
    private init(attributed paragraph: TextParagraph, defaultFont: FontDescriptor) throws(TextLayoutError) {
        let text = paragraph.attributedString
        // The UTF-8 view reads much faster than the scalar view on Linux.
        let string = String(decoding: text.utf8, as: UTF8.self)
        var runs: [AttributeRun] = []
        // Runs carrying an attachment, and the index of their attribute run.
        var attached: [(range: Range<Int>, value: TextAttachment, attributes: Int)] = []
        var offset = 0
        for run in text.runs {
            let count = text.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            let descriptor = run.font ?? defaultFont
            let request: FontRequest
            do { request = try FontRequest(descriptor) } catch { throw .unusableFont(descriptor: descriptor, reason: "\(error)") }
            let attributes = AttributeRun(
                range: offset ..< offset + count, font: request, features: descriptor.features,
                kern: run.kern ?? 0, tracking: run.tracking ?? 0, baselineOffset: run.baselineOffset ?? 0)
            if let last = runs.last, last.font == attributes.font, last.features == attributes.features, last.kern == attributes.kern,
               last.tracking == attributes.tracking, last.baselineOffset == attributes.baselineOffset {
                runs[runs.count - 1].range = last.range.lowerBound ..< attributes.range.upperBound
            } else {
                runs.append(attributes)
            }
            if let attachment = run.attachment { attached.append((attributes.range, attachment, runs.count - 1)) }
            offset += count
        }
        let units = Array(string.utf16)
        // Only its U+FFFC characters show an attachment (a run may hold other text too).
        var attachments: [Attachment] = []
        for run in attached {
            for offset in run.range where offset < units.count && units[offset] == 0xFFFC {
                attachments.append(Attachment(offset: offset, value: run.value, attributes: run.attributes))
            }
        }
        self.init(units: units, style: text.runs.first?.paragraphStyle, isPlain: false, runs: { _ in runs }, attachments: attachments)
    }

    /// UTF-16 of valid UTF-8; ASCII, most text of code and of English, is widened byte by byte.
    private static func utf16(_ utf8: UnsafeBufferPointer<UInt8>) -> [UInt16] {
        var isASCII = true
        for byte in utf8 where byte >= 0x80 {
            isASCII = false
            break
        }
        guard isASCII else { return Array(String(decoding: utf8, as: UTF8.self).utf16) }
        return [UInt16](filledWith: 0, count: utf8.count) { units in
            for index in 0 ..< utf8.count { units[index] = UInt16(utf8[index]) }
        }
    }

    private init(units: [UInt16], style: ParagraphStyle?, isPlain: Bool, runs: (Int) -> [AttributeRun], attachments: [Attachment]) {
        self.units = units
        self.attachments = attachments
        self.isPlain = isPlain
        var length = units.count
        if length > 0, units[length - 1] == 0x0A || units[length - 1] == 0x0D || units[length - 1] == 0x2029 {
            length -= (length > 1 && units[length - 1] == 0x0A && units[length - 2] == 0x0D) ? 2 : 1
        }
        contentLength = length
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
