import CGtk
import Foundation
import OpenTextKit
import Testing

@testable import OpenTextKitGTK

/// An input method's preedit attributes (Pango's, in UTF-8 byte offsets) as marked-text clauses.
@Suite struct PreeditTextTests {
    /// A list of `attributes`, each given its byte range.
    func list(_ attributes: [(UnsafeMutablePointer<PangoAttribute>, Range<UInt32>)]) -> OpaquePointer {
        let list = pango_attr_list_new()!
        for (attribute, range) in attributes {
            attribute.pointee.start_index = range.lowerBound
            attribute.pointee.end_index = range.upperBound
            pango_attr_list_insert(list, attribute)
        }
        return list
    }

    @Test func clausesKeepTheirUnderlinesAndColours() {
        // 日本語 (9 bytes) is the clause being converted (reversed colours), を (3 bytes) underlined.
        let text = "日本語を"
        let attributes = list([
            (pango_attr_background_new(0, 0, 65535), 0 ..< 9),
            (pango_attr_foreground_new(65535, 65535, 65535), 0 ..< 9),
            (pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), 9 ..< 12),
        ])
        defer { pango_attr_list_unref(attributes) }
        let marked = PreeditText.attributedString(text, attributes: attributes)
        let runs = marked.runs.map { (String(marked[$0.range].characters), $0.backgroundColor, $0.underlineStyle) }
        #expect(runs.count == 2)
        #expect(runs.first?.0 == "日本語" && runs.first?.1 == TextColor(red: 0, green: 0, blue: 1))
        #expect(runs.last?.0 == "を" && runs.last?.2 == .single && runs.last?.1 == nil)
    }

    @Test func rangesPastTheTextAreClippedAndInsideACharacterWidened() {
        let text = "ಕನ್ನಡ"
        let attributes = list([
            (pango_attr_underline_new(PANGO_UNDERLINE_DOUBLE), 1 ..< 4),
            (pango_attr_underline_new(PANGO_UNDERLINE_SINGLE), 3 ..< UInt32.max),
        ])
        defer { pango_attr_list_unref(attributes) }
        let marked = PreeditText.attributedString(text, attributes: attributes)
        #expect(String(marked.characters) == text)
        // The first (bytes 1..<4: inside ಕ, 3 bytes, and inside ನ) covers both letters whole; the
        // second, from ನ to past the end, is clipped to the text and set over it.
        func characters(_ style: TextDecorationStyle) -> String {
            marked.runs.filter { $0.underlineStyle == style }.map { String(marked[$0.range].characters) }.joined()
        }
        #expect(characters(.double) == "ಕ")
        #expect(characters(.single) == "ನ್ನಡ")
        #expect(PreeditText.attributedString("x", attributes: nil) == AttributedString("x"))
    }
}
