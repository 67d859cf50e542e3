import Foundation
import OpenTextKit

/// The seed's SwiftUI formatting toolbar (`FormattedEditor` of the rich-text editor skill), run
/// headless: the view's state is an `AttributedString` and an `AttributedTextSelection`, and
/// each button is its action, written as the seed writes it (`transformAttributes(in:body:)`
/// with the font resolved in the environment's `fontResolutionContext`). What the buttons show
/// (bold, italic, underlined, the size) is read back from the selection, as a toolbar does.
///
/// ```swift
/// var editor = FormattedEditor(text: AttributedString("Select text to format"))
/// editor.selection = AttributedTextSelection(range: editor.text.range(of: "text")!)
/// editor.toggleBold()
/// editor.isBold      // true
/// ```
public struct FormattedEditor: Sendable {
    /// `@State private var text`.
    public var text: AttributedString
    /// `@State private var selection`.
    public var selection: AttributedTextSelection
    /// `@Environment(\.fontResolutionContext)`.
    public var fontResolutionContext: FontResolutionContext

    public init(
        text: AttributedString = AttributedString("Select text to format"),
        selection: AttributedTextSelection = AttributedTextSelection(),
        fontResolutionContext: FontResolutionContext = .standard
    ) {
        self.text = text
        self.selection = selection
        self.fontResolutionContext = fontResolutionContext
    }

    // MARK: The seed's actions

    /// The bold button.
    public mutating func toggleBold() {
        let fontResolutionContext = fontResolutionContext
        text.transformAttributes(in: &selection) {
            let font = $0.font ?? .default
            let resolved = font.resolve(in: fontResolutionContext)
            $0.font = font.bold(!resolved.isBold)
        }
    }

    /// The italic button.
    public mutating func toggleItalic() {
        let fontResolutionContext = fontResolutionContext
        text.transformAttributes(in: &selection) {
            let font = $0.font ?? .default
            let resolved = font.resolve(in: fontResolutionContext)
            $0.font = font.italic(!resolved.isItalic)
        }
    }

    /// The underline button.
    public mutating func toggleUnderline() {
        text.transformAttributes(in: &selection) {
            $0.underlineStyle = $0.underlineStyle == nil ? .single : nil
        }
    }

    /// A colour swatch: attributes that need no resolution are set directly.
    public mutating func setColor(_ color: TextColor) {
        text.transformAttributes(in: &selection) {
            $0.foregroundColor = color
        }
    }

    /// The size field: the selected fonts at `points`, keeping their family, weight and slant
    /// (a semantic font becomes one of that size).
    public mutating func setFontSize(_ points: Double) {
        text.transformAttributes(in: &selection) {
            $0.font = ($0.font ?? .default).with(size: points)
        }
    }

    /// The alignment buttons: paragraph-bound, so the selected paragraphs (or the caret's)
    /// take it whole.
    public mutating func setAlignment(_ alignment: TextAlignment) {
        text.transformAttributes(in: &selection) {
            $0.alignment = alignment
        }
    }

    /// The line-spacing menu (`.exact(points: 32)`, `.multiple(factor: 1.5)`, `.loose`,
    /// `.variable`): the selected paragraphs.
    public mutating func setLineHeight(_ lineHeight: LineHeight) {
        text.transformAttributes(in: &selection) {
            $0.lineHeight = lineHeight
        }
    }

    /// Inserts templated content at the selection (the seed's `replaceSelection`), in the
    /// selection's typing attributes.
    public mutating func insert(_ characters: String) {
        text.replaceSelection(&selection, withCharacters: characters)
    }

    // MARK: What the buttons show

    /// Every selected run's font resolved (or the typing font at a caret).
    private var resolvedFonts: [ResolvedFont] {
        selection.attributes(in: text)[\.font].map { ($0 ?? .default).resolve(in: fontResolutionContext) }
    }

    /// Whether the bold button is on: everything selected is bold.
    public var isBold: Bool { resolvedFonts.allSatisfy(\.isBold) }
    /// Whether the italic button is on.
    public var isItalic: Bool { resolvedFonts.allSatisfy(\.isItalic) }
    /// Whether the underline button is on.
    public var isUnderlined: Bool { selection.attributes(in: text)[\.underlineStyle].allSatisfy { $0 != nil } }
    /// The size the size field shows: one size, or nil when the selection mixes sizes.
    public var fontSize: Double? {
        let sizes = Set(resolvedFonts.map(\.pointSize))
        return sizes.count == 1 ? sizes.first : nil
    }
    /// The colour the swatch shows: one colour, or nil when mixed or unset.
    public var color: TextColor? {
        let colors = selection.attributes(in: text)[\.foregroundColor]
        return colors.count == 1 ? colors[0] : nil
    }
    /// The selected characters, together (`text[selection]`).
    public var selectedText: String { String(text[selection].characters) }
}
