import CGtk
import Foundation
import OpenTextKit

/// An input method's preedit as the marked text the view shows: its text with the attributes
/// the input method gives its clauses (Pango's underline, background and foreground), so that
/// the clause being converted looks as the input method wants it (the view underlines the rest).
enum PreeditText {
    /// `text` with the attributes of `list` (a `PangoAttrList`; byte offsets into `text`,
    /// clipped to it, widened to the edges of the scalars they fall in).
    static func attributedString(_ text: String, attributes list: OpaquePointer?) -> AttributedString {
        var result = AttributedString(text)
        guard let list, let iterator = pango_attr_list_get_iterator(list) else { return result }
        defer { pango_attr_iterator_destroy(iterator) }
        let byteCount = text.utf8.count
        repeat {
            var start: Int32 = 0, end: Int32 = 0
            pango_attr_iterator_range(iterator, &start, &end)
            let lower = min(max(0, Int(start)), byteCount), upper = min(max(0, Int(end)), byteCount)
            guard lower < upper, let range = Self.range(lower ..< upper, in: text, of: result) else { continue }
            var attributes = AttributeContainer()
            if let underline = pango_attr_iterator_get(iterator, PANGO_ATTR_UNDERLINE) {
                let value = UnsafeMutableRawPointer(underline).assumingMemoryBound(to: PangoAttrInt.self).pointee.value
                switch PangoUnderline(rawValue: UInt32(bitPattern: value)) {
                case PANGO_UNDERLINE_NONE: break
                case PANGO_UNDERLINE_DOUBLE, PANGO_UNDERLINE_DOUBLE_LINE: attributes.underlineStyle = .double
                default: attributes.underlineStyle = .single
                }
            }
            if let background = pango_attr_iterator_get(iterator, PANGO_ATTR_BACKGROUND) {
                attributes.backgroundColor = color(background)
            }
            if let foreground = pango_attr_iterator_get(iterator, PANGO_ATTR_FOREGROUND) {
                attributes.foregroundColor = color(foreground)
            }
            if attributes != AttributeContainer() { result[range].mergeAttributes(attributes) }
        } while pango_attr_iterator_next(iterator) != 0
        return result
    }

    /// The indices of `text`'s UTF-8 offsets `bytes` in `string` (made from `text`), widened
    /// to the edges of the Unicode scalars they fall in: an attribute never splits a character.
    private static func range(
        _ bytes: Range<Int>, in text: String, of string: AttributedString
    ) -> Range<
        AttributedString.Index
    >? {
        var first = 0, last = 0, offset = 0
        for scalar in text.unicodeScalars {
            let width = UTF8.width(scalar)
            if offset + width <= bytes.lowerBound { first += 1 }
            if offset < bytes.upperBound { last += 1 }
            offset += width
        }
        guard first < last else { return nil }
        let start = string.unicodeScalars.index(string.startIndex, offsetBy: first)
        let end = string.unicodeScalars.index(string.startIndex, offsetBy: last)
        return start ..< end
    }

    private static func color(_ attribute: UnsafeMutablePointer<PangoAttribute>) -> TextColor {
        let color = UnsafeMutableRawPointer(attribute).assumingMemoryBound(to: PangoAttrColor.self).pointee.color
        return TextColor(
            red: Double(color.red) / 65535, green: Double(color.green) / 65535, blue: Double(color.blue) / 65535)
    }
}
