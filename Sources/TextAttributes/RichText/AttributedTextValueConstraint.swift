import Foundation

/// A constraint on one attribute's values, as SwiftUI's rich-text editor has it: `constrain(_:)`
/// changes `AttributeKey`'s value to one the definition allows (it may read other attributes).
///
/// ```swift
/// struct SingleUnderlineOnly: AttributedTextValueConstraint {
///     typealias Scope = AttributeScopes.OpenTextKitAttributes
///     typealias AttributeKey = AttributeScopes.OpenTextKitAttributes.UnderlineStyleAttribute
///     func constrain(_ container: inout Attributes) {
///         if container.underlineStyle != nil { container.underlineStyle = .single }
///     }
/// }
/// ```
public protocol AttributedTextValueConstraint: AttributedTextFormattingDefinition, Hashable, Sendable
where Body == AttributedTextFormatting.List<Scope> {
    /// The attribute constrained; it must be part of `Scope`.
    associatedtype AttributeKey: AttributedStringKey where AttributeKey.Value: Sendable
    typealias Attributes = AttributedTextFormatting.AttributeContainerProxy<Scope, AttributeKey>
    /// Makes the attribute's value one the definition allows.
    func constrain(_ container: inout Attributes)
}

extension AttributedTextValueConstraint {
    public var body: AttributedTextFormatting.List<Scope> {
        AttributedTextFormatting.List([AttributedTextFormatting.AnyValueConstraint(self)])
    }
    public var valueConstraints: [AttributedTextFormatting.AnyValueConstraint] {
        [AttributedTextFormatting.AnyValueConstraint(self)]
    }
}
