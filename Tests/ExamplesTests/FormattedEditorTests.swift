import Foundation
import OpenTextKit
import OpenTextKitExamples
import TestFixtures
import Testing

/// The seed's SwiftUI formatting toolbar, its actions applied to an AttributedString and a
/// selection, in every script.
@Suite struct FormattedEditorTests {
    static let words = ["Select", "مرحبا", "שלום", "ไทย", "ಕನ್ನಡ", "👩‍👩‍👧"]
    static var sample: String { (words + ["format"]).joined(separator: " ") }

    func editor(selecting selected: [String]) -> FormattedEditor {
        let text = AttributedString(Self.sample)
        let ranges = selected.map { text.range(of: $0)! }
        return FormattedEditor(text: text, selection: AttributedTextSelection(ranges: RangeSet(ranges)))
    }

    /// Whether each word of the sample is bold, italic, underlined.
    func styles(
        _ editor: FormattedEditor, _ word: String, context: FontResolutionContext = .standard
    ) -> (bold: Bool, italic: Bool, underlined: Bool) {
        let range = editor.text.range(of: word)!
        let runs = editor.text[range].runs
        let fonts = runs.map { ($0.font ?? .default).resolve(in: context) }
        return (fonts.allSatisfy(\.isBold), fonts.allSatisfy(\.isItalic), runs.allSatisfy { $0.underlineStyle != nil })
    }

    @Test func eachButtonTogglesItsStyleOnTheSelectionOnly() {
        for word in Self.words {
            var editor = editor(selecting: [word])
            #expect(editor.selectedText == word)
            #expect(!editor.isBold && !editor.isItalic && !editor.isUnderlined)
            editor.toggleBold()
            editor.toggleItalic()
            editor.toggleUnderline()
            #expect(editor.isBold && editor.isItalic && editor.isUnderlined, "\(word)")
            #expect(styles(editor, word) == (true, true, true), "\(word)")
            for other in Self.words + ["format"] where other != word {
                #expect(styles(editor, other) == (false, false, false), "\(other) after \(word)")
            }
            // The selection still covers the word, so the buttons turn the styles off again.
            #expect(editor.selectedText == word)
            editor.toggleBold()
            editor.toggleItalic()
            editor.toggleUnderline()
            #expect(!editor.isBold && !editor.isItalic && !editor.isUnderlined)
            #expect(styles(editor, word) == (false, false, false), "\(word)")
        }
    }

    @Test func aDiscontiguousSelectionIsFormattedTogether() {
        var editor = editor(selecting: ["مرحبا", "ಕನ್ನಡ", "👩‍👩‍👧"])
        #expect(editor.selectedText == "مرحباಕನ್ನಡ👩‍👩‍👧")
        editor.toggleBold()
        editor.setColor(.indigo)
        editor.setFontSize(24)
        #expect(editor.isBold && editor.color == .indigo && editor.fontSize == 24)
        for word in ["مرحبا", "ಕನ್ನಡ", "👩‍👩‍👧"] {
            #expect(styles(editor, word).bold)
            #expect(editor.text[editor.text.range(of: word)!].foregroundColor == .indigo)
        }
        #expect(!styles(editor, "שלום").bold && editor.text[editor.text.range(of: "שלום")!].foregroundColor == nil)
        // A colour with SwiftUI's opacity, and a colour read back only when it is one.
        editor.setColor(.teal.opacity(0.5))
        #expect(editor.color?.alpha == 0.5)
        editor.selection = AttributedTextSelection(range: editor.text.range(of: "שלום ไทย")!)
        #expect(editor.color == nil && editor.fontSize == FontDescriptor.default.pointSize(in: .standard))
    }

    /// The seed resolves each run's font and flips it: a selection half bold becomes half bold
    /// the other way round, and the button shows "bold" only when all of it is.
    @Test func theSeedsBoldFlipsEachRun() {
        var editor = editor(selecting: ["שלום"])
        editor.toggleBold()
        editor.selection = AttributedTextSelection(range: editor.text.range(of: "שלום ไทย")!)
        #expect(!editor.isBold)
        editor.toggleBold()
        #expect(!styles(editor, "שלום").bold && styles(editor, "ไทย").bold)
    }

    @Test func atACaretTheButtonsSetWhatIsTypedNext() {
        for word in Self.words {
            let text = AttributedString(Self.sample)
            var editor = FormattedEditor(
                text: text, selection: AttributedTextSelection(insertionPoint: text.range(of: word)!.upperBound))
            #expect(editor.selectedText.isEmpty)
            editor.toggleBold()
            editor.toggleUnderline()
            editor.setColor(.orange)
            #expect(editor.isBold && editor.isUnderlined && editor.color == .orange)
            #expect(editor.text == text) // nothing typed yet, nothing changed
            editor.insert("✓ok")
            #expect(String(editor.text.characters) == Self.sample.replacingOccurrences(of: word, with: word + "✓ok"))
            #expect(styles(editor, "✓ok") == (true, false, true), "\(word)")
            #expect(editor.text[editor.text.range(of: "✓ok")!].foregroundColor == .orange)
            #expect(!styles(editor, word).bold)
        }
    }

    /// The seed's block properties, scoped to the selection through `transformAttributes`:
    /// the paragraphs it touches take them whole, the others keep theirs.
    @Test func paragraphButtonsSetTheSelectedParagraphs() {
        let paragraphs = ["English line", "مرحبا بالعالم", "ಕನ್ನಡ ನುಡಿ", "ไทย 👩‍👩‍👧"]
        let text = AttributedString(paragraphs.joined(separator: "\n"))
        var editor = FormattedEditor(
            text: text, selection: AttributedTextSelection(range: text.range(of: "بالعالم\nಕನ್ನಡ")!))
        editor.setAlignment(.center)
        editor.setLineHeight(.multiple(factor: 1.5))
        for (index, paragraph) in paragraphs.enumerated() {
            let runs = editor.text[editor.text.range(of: paragraph)!].runs
            let selected = index == 1 || index == 2
            #expect(
                runs.allSatisfy {
                    ($0.alignment == .center) == selected && ($0.lineHeight == .multiple(factor: 1.5)) == selected
                }, "\(paragraph)")
        }
        // At a caret: the caret's paragraph.
        editor.selection = AttributedTextSelection(insertionPoint: editor.text.range(of: "ไทย")!.upperBound)
        editor.setLineHeight(.variable)
        #expect(editor.text[editor.text.range(of: paragraphs[3])!].runs.allSatisfy { $0.lineHeight == .variable })
        #expect(editor.text[editor.text.range(of: paragraphs[0])!].runs.allSatisfy { $0.lineHeight == nil })
    }

    /// Bold read in a context: a semantic font at a larger Dynamic Type size stays what it is.
    @Test func boldIsResolvedInTheEnvironmentsContext() {
        var editor = editor(selecting: ["Select"])
        editor.fontResolutionContext = FontResolutionContext(dynamicTypeSize: .accessibility2)
        editor.toggleBold()
        #expect(editor.isBold)
        #expect(editor.fontSize == FontDescriptor.body.pointSize(in: editor.fontResolutionContext))
        #expect(styles(editor, "Select", context: editor.fontResolutionContext).bold)
    }
}
