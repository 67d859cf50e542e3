import Foundation
import TestFixtures
import Testing
import TextContent
import TextEditing
@_spi(Rendering) import TextLayout
@_spi(Typesetting) import TextTypography

/// No custom fonts: any font reduced to its semantic form.
struct NoCustomFonts: AttributedTextFormattingDefinition {
    typealias Scope = AttributeScopes.NotesAttributes
    var body: some AttributedTextFormattingDefinition<Scope> {
        SemanticFontsOnly<Scope>()
        SingleUnderlineOnly()
    }
}

/// Semantic fonts in an editor: a toolbar reads bold and italic from the font resolved in the
/// view's context (the seed's example), and a definition keeps custom fonts out.
@Suite struct SemanticFontEditingTests {
    /// The seed's toolbar, as written there: bold and italic toggle on what the resolved font
    /// says, underline on the attribute.
    static func toggleBold(
        _ text: inout AttributedString, _ selection: inout AttributedTextSelection,
        in fontResolutionContext: FontResolutionContext
    ) {
        text.transformAttributes(in: &selection) {
            let font = $0.font ?? .default
            let resolved = font.resolve(in: fontResolutionContext)
            $0.font = font.bold(!resolved.isBold)
        }
    }

    static func toggleItalic(
        _ text: inout AttributedString, _ selection: inout AttributedTextSelection,
        in fontResolutionContext: FontResolutionContext
    ) {
        text.transformAttributes(in: &selection) {
            let font = $0.font ?? .default
            let resolved = font.resolve(in: fontResolutionContext)
            $0.font = font.italic(!resolved.isItalic)
        }
    }

    static func toggleUnderline(_ text: inout AttributedString, _ selection: inout AttributedTextSelection) {
        text.transformAttributes(in: &selection) {
            $0.underlineStyle = $0.underlineStyle == nil ? .single : nil
        }
    }

    @Test func theToolbarReadsIsBoldFromTheResolvedFont() throws {
        var text = AttributedString("Plain ")
        var bold = AttributedString("Bold ಕನ್ನಡ")
        bold.font = .body.bold()
        text += bold + AttributedString(" ไทย مرحبا")
        let context = FontResolutionContext()
        let boldRange = try #require(text.range(of: "Bold ಕನ್ನಡ"))
        var selection = AttributedTextSelection(range: boldRange)
        let fonts = selection.attributes(in: text)[\.font]
        #expect(fonts == [.body.bold()])
        #expect(fonts.allSatisfy { ($0 ?? .default).resolve(in: context).isBold })

        // Toggled off, then on again; the selection still covers the same text.
        Self.toggleBold(&text, &selection, in: context)
        #expect(selection.attributes(in: text)[\.font].allSatisfy { !($0 ?? .default).resolve(in: context).isBold })
        Self.toggleBold(&text, &selection, in: context)
        #expect(selection.attributes(in: text)[\.font] == [.body.bold()])
        // Plain text (no font: the default, body) reads as not bold, and bolds.
        let plainRange = try #require(text.range(of: "ไทย"))
        var plain = AttributedTextSelection(range: plainRange)
        #expect(!(plain.attributes(in: text)[\.font].first! ?? .default).resolve(in: context).isBold)
        Self.toggleBold(&text, &plain, in: context)
        #expect(plain.attributes(in: text)[\.font] == [.body.bold()])
        // Italic and underline toggle the same way, and back.
        Self.toggleItalic(&text, &plain, in: context)
        #expect(plain.attributes(in: text)[\.font].allSatisfy { ($0 ?? .default).resolve(in: context).isItalic })
        Self.toggleUnderline(&text, &plain)
        #expect(plain.attributes(in: text)[\.underlineStyle] == [.single])
        Self.toggleUnderline(&text, &plain)
        #expect(plain.attributes(in: text)[\.underlineStyle] == [nil])
        Self.toggleItalic(&text, &plain, in: context)
        #expect(plain.attributes(in: text)[\.font] == [.body.bold()])
    }

    @Test func theViewsContextIsItsLayoutManagers() throws {
        var text = AttributedString("Title مرحبا ಕನ್ನಡ ไทย")
        text.font = .title.italic()
        let view = TextView(storage: TextContentStorage(attributedString: text))
        view.fontResolutionContext = FontResolutionContext(dynamicTypeSize: .xxLarge)
        #expect(view.textLayoutManager.fontResolutionContext.dynamicTypeSize == .xxLarge)
        view.setSelectedRange(NSRange(location: 0, length: 5))
        let font = try #require(view.attributedTextSelection.attributes(in: view.attributedText)[\.font].first ?? nil)
        let resolved = font.resolve(in: view.fontResolutionContext)
        #expect(resolved.isItalic && !resolved.isBold)
        let expected: Double = 28.0 * 13 / 17 * 21 / 17
        #expect(abs(resolved.pointSize - expected) < 1e-9)
        // What is drawn has that size.
        let fragment = try #require(
            view.textLayoutManager.textLayoutFragment(for: view.textContentStorage.documentRange.location))
        #expect(fragment.textLineFragments.first!.typographicBounds.height > resolved.pointSize)
    }

    /// Custom fonts of every kind, with other attributes the definition keeps or changes.
    static func pasted() -> AttributedString {
        var fancy = AttributedString("fancy ಹೊಸ ")
        fancy.font = FontDescriptor(family: "Fancy Script", size: 13, weight: .bold, italic: true)
        fancy.underlineStyle = .double
        var huge = AttributedString("huge مرحبا ")
        huge.font = .custom("DejaVu Serif", size: 30)
        huge.foregroundColor = TextColor(red: 0.8, green: 0, blue: 0)
        var code = AttributedString("code ไทย ")
        code.font = FontDescriptor(family: "monospace", size: 10)
        var headline = AttributedString("headline")
        headline.font = .headline
        return fancy + huge + code + headline
    }

    @Test func aPasteArrivesWithSemanticFontsOnly() throws {
        let view = makeView("Notes: ")
        view.formattingDefinition = NoCustomFonts()
        view.paste(Self.pasted())
        let text = view.attributedText
        func font(of word: String) throws -> FontDescriptor? {
            let range = try #require(text.range(of: word))
            let fonts = Set(text[range].runs.map(\.font))
            #expect(fonts.count == 1, "\(word): \(fonts)")
            return fonts.first ?? nil
        }
        // A named family: body (its size), bold and italic kept; the underline made single.
        #expect(try font(of: "fancy ಹೊಸ") == .body.bold().italic())
        #expect(text[try #require(text.range(of: "fancy ಹೊಸ"))].runs.allSatisfy { $0.underlineStyle == .single })
        // A large family: the nearest text style; its colour intact.
        #expect(try font(of: "huge مرحبا") == .largeTitle)
        #expect(
            text[try #require(text.range(of: "huge مرحبا"))].runs.allSatisfy {
                $0.foregroundColor == TextColor(red: 0.8, green: 0, blue: 0)
            })
        // The generic monospace family: the monospaced design.
        #expect(try font(of: "code ไทย") == .footnote.monospaced())
        // Semantic fonts stay.
        #expect(try font(of: "headline") == .headline)
        #expect(text.runs.allSatisfy { $0.font?.isSemantic ?? true })
        // The text is laid out with them.
        var failures: [TextLayoutError] = []
        view.textLayoutManager.layoutFailureHandler = { _, error in failures.append(error) }
        view.textLayoutManager.invalidateLayout()
        view.textLayoutManager.ensureLayoutForEntireDocument()
        #expect(failures.isEmpty)
    }

    @Test func typingAndTransformsAreReducedToo() throws {
        let view = makeView("Notes ಕನ್ನಡ")
        view.formattingDefinition = NoCustomFonts()
        view.setSelectedRange(NSRange(location: 6, length: 5))
        var selection = view.attributedTextSelection
        view.transformAttributes(in: &selection) { $0.font = .custom("Fancy Script", fixedSize: 22) }
        let kannada = try #require(view.attributedText.range(of: "ಕನ್ನಡ"))
        #expect(view.attributedText[kannada].runs.allSatisfy { $0.font == .title })
        var typing = AttributeContainer()
        typing.font = FontDescriptor(family: "Fancy Script", size: 10, weight: .bold)
        view.setSelectedRange(NSRange(location: 0, length: 0))
        view.typingAttributes = typing
        for character in "ไทย" {
            view.insertText(String(character), replacementRange: NSRange(location: NSNotFound, length: 0))
        }
        let thai = try #require(view.attributedText.range(of: "ไทย"))
        #expect(view.attributedText[thai].runs.allSatisfy { $0.font == .footnote.bold() })
    }
}
