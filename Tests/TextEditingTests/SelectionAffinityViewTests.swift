import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// A selection's affinity decides, in the view too, which side's attributes typed text takes.
@Suite struct SelectionAffinityViewTests {
    @Test func downstreamTypesWithTheTextAfterTheCaret() throws {
        for (left, right) in [("hello", "مرحبا"), ("שלום", "world"), ("ไทย", "👩‍👩‍👧"), ("ಕನ್ನಡ", "x")] {
            let view = makeView("", caret: 0)
            var content = AttributedString(left + right + "\nnext")
            content[content.range(of: left)!].font = .body.bold()
            content[content.range(of: right)!].underlineStyle = .single
            view.attributedText = content
            let caret = left.utf16.count
            for (affinity, bold) in [(TextSelectionAffinity.automatic, true), (.upstream, true), (.downstream, false)] {
                var selection = AttributedTextSelection(utf16Offsets: [caret ..< caret])
                selection.affinity = affinity
                view.replaceSelection(&selection, withCharacters: "Z")
                let text = view.attributedText
                let typed = text[text.range(of: "Z")!]
                #expect(typed.font == (bold ? .body.bold() : nil), "\(left)|\(right) \(affinity)")
                #expect((typed.underlineStyle == .single) == !bold, "\(left)|\(right) \(affinity)")
                view.attributedText = content
            }
            // At a paragraph's end the text after the caret is the next paragraph's: downstream
            // types with the text before it there.
            let end = (left + right).utf16.count
            var atEnd = AttributedTextSelection(utf16Offsets: [end ..< end])
            atEnd.affinity = .downstream
            view.replaceSelection(&atEnd, withCharacters: "Z")
            let text = view.attributedText
            #expect(text[text.range(of: "Z")!].underlineStyle == .single, "\(left)|\(right)")
        }
    }
}
