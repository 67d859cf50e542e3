import Foundation

/// No custom fonts: every font becomes a semantic one (SwiftUI's "no custom fonts" formatting
/// constraint). A named family or a font of a given size becomes the text style nearest its
/// size in a system design, keeping its weight, italic, width and features
/// (`FontDescriptor.semantic`); semantic fonts are left as they are.
///
/// ```swift
/// struct NotesFormatting: AttributedTextFormattingDefinition {
///     typealias Scope = AttributeScopes.OpenTextKitAttributes
///     var body: some AttributedTextFormattingDefinition<Scope> {
///         SemanticFontsOnly<Scope>()
///     }
/// }
/// ```
public struct SemanticFontsOnly<Scope: AttributeScope>: AttributedTextValueConstraint {
    public typealias AttributeKey = AttributeScopes.OpenTextKitAttributes.FontAttribute

    public init() {}

    public func constrain(_ container: inout Attributes) {
        if let font = container.font, !font.isSemantic { container.font = font.semantic }
    }
}
