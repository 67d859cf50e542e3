import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing
import TextMarkdown

extension AttributeScopes {
    /// What a notes editor holds: a font, underline, a colour, and Foundation's (links).
    struct NotesAttributes: AttributeScope {
        let font: OpenTextKitAttributes.FontAttribute
        let underlineStyle: OpenTextKitAttributes.UnderlineStyleAttribute
        let foregroundColor: OpenTextKitAttributes.ForegroundColorAttribute
        let paragraphStyle: OpenTextKitAttributes.ParagraphStyleAttribute
        let foundation: FoundationAttributes
    }
}

/// Underline only single.
struct SingleUnderlineOnly: AttributedTextValueConstraint {
    typealias Scope = AttributeScopes.NotesAttributes
    typealias AttributeKey = AttributeScopes.OpenTextKitAttributes.UnderlineStyleAttribute
    func constrain(_ container: inout Attributes) {
        if container.underlineStyle != nil { container.underlineStyle = .single }
    }
}

/// Colours snapped to the nearest of a palette.
struct PaletteColors: AttributedTextValueConstraint {
    typealias Scope = AttributeScopes.NotesAttributes
    typealias AttributeKey = AttributeScopes.OpenTextKitAttributes.ForegroundColorAttribute
    static let palette = [
        TextColor(red: 0, green: 0, blue: 0), TextColor(red: 0.8, green: 0, blue: 0),
        TextColor(red: 0, green: 0, blue: 0.8),
    ]
    func constrain(_ container: inout Attributes) {
        guard let color = container.foregroundColor else { return }
        func distance(_ other: TextColor) -> Double {
            let dr = color.red - other.red, dg = color.green - other.green, db = color.blue - other.blue
            return dr * dr + dg * dg + db * db
        }
        container.foregroundColor = Self.palette.min { distance($0) < distance($1) }
    }
}

struct NotesFormatting: AttributedTextFormattingDefinition {
    typealias Scope = AttributeScopes.NotesAttributes
    var body: some AttributedTextFormattingDefinition<Scope> {
        SingleUnderlineOnly()
        PaletteColors()
    }
}

/// Apple's example, as its documentation writes it (the scope is the engine's).
struct MyTextFormattingDefinition: AttributedTextFormattingDefinition {
    var body: some AttributedTextFormattingDefinition<AttributeScopes.OpenTextKitAttributes> {
        // Allow no underline or the `.single` underline style; any other becomes `.single`.
        ValueConstraint(for: \.underlineStyle, values: [nil, .single], default: .single)
        ValueConstraint(for: \.foregroundColor, values: [nil, .black, .red], default: .black)
    }
}

/// A formatting definition constrains every path that brings attributes into the view.
@Suite struct FormattingDefinitionTests {
    static let text = "Notes: مرحبا ಕನ್ನಡ ไทย 👩‍👩‍👧 end"

    func forbidden() -> AttributedString {
        var pasted = AttributedString("pasted ಹೊಸ")
        pasted.underlineStyle = .double
        pasted.kern = 3
        pasted.backgroundColor = TextColor(red: 1, green: 1, blue: 0)
        pasted.foregroundColor = TextColor(red: 0.7, green: 0.1, blue: 0.1)
        pasted.link = URL(string: "https://example.com")
        return pasted
    }

    /// The pasted text's runs keep what the definition allows and nothing else.
    func expectAllowed(_ view: TextView, _ word: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = view.attributedText
        guard let range = text.range(of: word) else {
            Issue.record("\(word) is missing", sourceLocation: sourceLocation)
            return
        }
        for run in text[range].runs {
            #expect(run.underlineStyle == .single, sourceLocation: sourceLocation)
            #expect(run.kern == nil && run.backgroundColor == nil, sourceLocation: sourceLocation)
            #expect(run.foregroundColor == PaletteColors.palette[1], sourceLocation: sourceLocation)
            #expect(run.link == URL(string: "https://example.com"), sourceLocation: sourceLocation)
        }
    }

    @Test func theDefinitionAloneConstrainsAContainer() {
        var container = forbidden().runs.first!.attributes
        NotesFormatting().constrain(&container)
        #expect(container.underlineStyle == .single && container.kern == nil && container.backgroundColor == nil)
        #expect(container.foregroundColor == PaletteColors.palette[1])
        #expect(NotesFormatting().valueConstraints.count == 2)
    }

    @Test func aValueConstraintKeepsAnAttributeToItsValues() throws {
        var container = forbidden().runs.first!.attributes
        MyTextFormattingDefinition().constrain(&container)
        #expect(container.underlineStyle == .single && container.foregroundColor == .black)
        var allowed = AttributeContainer()
        allowed.foregroundColor = .red
        MyTextFormattingDefinition().constrain(&allowed)
        #expect(allowed.underlineStyle == nil && allowed.foregroundColor == .red)
        let view = makeView(Self.text)
        view.formattingDefinition = MyTextFormattingDefinition()
        view.paste(forbidden())
        let text = view.attributedText
        let pasted = try #require(text.range(of: "pasted ಹೊಸ"))
        #expect(text[pasted].runs.allSatisfy { $0.underlineStyle == .single && $0.foregroundColor == .black })
    }

    @Test func pasteArrivesWithoutWhatIsForbiddenAndTheRestIntact() {
        let view = makeView(Self.text)
        view.formattingDefinition = NotesFormatting()
        view.paste(forbidden())
        expectAllowed(view, "pasted ಹೊಸ")
    }

    @Test func typingTakesConstrainedTypingAttributes() {
        let view = makeView(Self.text)
        view.formattingDefinition = NotesFormatting()
        view.typingAttributes = forbidden().runs.first!.attributes
        for character in "pasted ಹೊಸ" {
            view.insertText(String(character), replacementRange: NSRange(location: NSNotFound, length: 0))
        }
        expectAllowed(view, "pasted ಹೊಸ")
    }

    @Test func transformAttributesAndReplaceSelectionAreConstrained() {
        let view = makeView(Self.text)
        view.formattingDefinition = NotesFormatting()
        let string = view.textContentStorage.string
        view.setSelectedRange(NSRange(string.range(of: "ಕನ್ನಡ")!, in: string))
        var selection = view.attributedTextSelection
        view.transformAttributes(in: &selection) {
            $0.underlineStyle = .thick; $0.kern = 2
        }
        let kannada = view.attributedText.range(of: "ಕನ್ನಡ")!
        #expect(view.attributedText[kannada].runs.allSatisfy { $0.underlineStyle == .single && $0.kern == nil })
        view.replaceSelection(&selection, with: forbidden())
        expectAllowed(view, "pasted ಹೊಸ")
        // A whole document set at once (as a Markdown import would be) is constrained too.
        var imported = forbidden()
        imported.append(AttributedString(" and more"))
        view.attributedText = imported
        expectAllowed(view, "pasted ಹೊಸ")
    }
}

/// Only headings 1 to 3: deeper headings become level 3.
struct HeadingsOneToThree: AttributedTextValueConstraint {
    typealias Scope = AttributeScopes.OpenTextKitAttributes
    typealias AttributeKey = AttributeScopes.OpenTextKitAttributes.PresentationIntentAttribute
    func constrain(_ container: inout Attributes) {
        guard var intent = container.presentationIntent else { return }
        for index in intent.components.indices {
            if case .header(let level) = intent.components[index].kind, level > 3 {
                intent.components[index].kind = .header(level: 3)
            }
        }
        container.presentationIntent = intent
    }
}

struct DocumentFormatting: AttributedTextFormattingDefinition {
    typealias Scope = AttributeScopes.OpenTextKitAttributes
    var body: some AttributedTextFormattingDefinition<Scope> {
        HeadingsOneToThree()
    }
}

@Suite struct HeadingConstraintTests {
    @Test func markdownImportedThroughTheViewKeepsHeadingsOneToThree() throws {
        let markdown = "# One\n\n#### Four مرحبا\n\n###### Six ಕನ್ನಡ\n\nBody"
        let imported = try AttributedString(markdown: markdown, options: .init(interpretedSyntax: .full))
        let view = makeView("")
        view.formattingDefinition = DocumentFormatting()
        view.attributedText = imported
        var levels: [Int] = []
        for run in view.attributedText.runs {
            for component in run.presentationIntent?.components ?? [] {
                if case .header(let level) = component.kind { levels.append(level) }
            }
        }
        #expect(levels.contains(1))
        #expect(levels.allSatisfy { $0 <= 3 })
        #expect(levels.filter { $0 == 3 }.count >= 2)
        #expect(view.textContentStorage.string.contains("Four مرحبا"))
    }
}

/// The issue's definition: the body font, plain or bold, and the body font for anything else.
struct BodyFontFormatting: AttributedTextFormattingDefinition {
    var body: some AttributedTextFormattingDefinition<AttributeScopes.OpenTextKitAttributes> {
        ValueConstraint(for: \.font, values: [.body, .body.bold()], default: .body)
    }
}

/// Typed text passes the definition as pasted text does, also when it comes with no
/// attributes at all: into an empty view, at a paragraph with none, as marked text and its
/// commit, at several carets, in every script.
@Suite struct TypedTextFormattingTests {
    static let typed = ["typed", "مرحبا", "שלום", "ಕನ್ನಡ", "ไทย", "👩‍👩‍👧"]

    func expectBodyFont(_ view: TextView, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = view.attributedText
        #expect(!text.characters.isEmpty, sourceLocation: sourceLocation)
        #expect(
            text.runs.allSatisfy { $0.font == .body || $0.font == .body.bold() },
            "\(context): \(text.runs.map { String(describing: $0.font) })",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: typed)
    func typingIntoAnEmptyViewTakesTheDefinitionsDefault(_ typed: String) {
        let view = makeView("")
        view.formattingDefinition = BodyFontFormatting()
        view.insertText(typed, replacementRange: NSRange(location: NSNotFound, length: 0))
        #expect(view.attributedText.runs.allSatisfy { $0.font == .body }, "\(typed)")
        expectBodyFont(view, "typed")

        // Typed character by character into a plain paragraph, as pasted plain text is.
        let plain = makeView("plain ")
        plain.formattingDefinition = BodyFontFormatting()
        for character in typed {
            plain.insertText(String(character), replacementRange: NSRange(location: NSNotFound, length: 0))
        }
        let pasted = makeView("plain ")
        pasted.formattingDefinition = BodyFontFormatting()
        pasted.paste(typed)
        for (view, how) in [(plain, "typed"), (pasted, "pasted")] {
            let text = view.attributedText
            let added = text[text.characters.index(text.startIndex, offsetBy: 6)...]
            #expect(String(added.characters) == typed)
            #expect(added.runs.allSatisfy { $0.font == .body }, "\(typed) \(how) after plain text")
        }

        // Marked text and its commit.
        let composed = makeView("")
        composed.formattingDefinition = BodyFontFormatting()
        composed.setMarkedText(
            typed, selectedRange: NSRange(location: 0, length: 0),
            replacementRange: NSRange(location: NSNotFound, length: 0))
        expectBodyFont(composed, "marked")
        composed.insertText(typed, replacementRange: NSRange(location: NSNotFound, length: 0))
        #expect(composed.attributedText.runs.allSatisfy { $0.font == .body }, "\(typed) committed")

        // Several carets in an unstyled text.
        let carets = makeView("ab\ncd")
        carets.formattingDefinition = BodyFontFormatting()
        carets.textLayoutManager.textSelections = [0, 3].map {
            TextSelection(carets.textContentStorage.textRange(for: $0 ..< $0)!.location)
        }
        carets.insertText(typed, replacementRange: NSRange(location: NSNotFound, length: 0))
        let text = carets.attributedText
        for range in [text.range(of: typed)].compactMap({ $0 }) {
            #expect(text[range].runs.allSatisfy { $0.font == .body }, "\(typed) at several carets")
        }
    }

    /// A bold font the definition allows is kept when typed after bold text.
    @Test func anAllowedFontIsKept() {
        var bold = AttributedString("bold")
        bold.font = .body.bold()
        let view = TextView(storage: TextContentStorage(attributedString: bold))
        view.setSelectedRange(NSRange(location: 4, length: 0))
        view.formattingDefinition = BodyFontFormatting()
        view.insertText(" more", replacementRange: NSRange(location: NSNotFound, length: 0))
        #expect(view.attributedText.runs.allSatisfy { $0.font == .body.bold() })
    }
}
