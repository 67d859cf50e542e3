import Foundation

extension AttributedTextFormatting {
    /// A definition that keeps one attribute to a set of values, replacing any other with a
    /// default, as SwiftUI's `ValueConstraint`.
    ///
    /// ```swift
    /// struct Notes: AttributedTextFormattingDefinition {
    ///     var body: some AttributedTextFormattingDefinition<AttributeScopes.OpenTextKitAttributes> {
    ///         // No underline or a single one; any other becomes single.
    ///         ValueConstraint(for: \.underlineStyle, values: [nil, .single], default: .single)
    ///     }
    /// }
    /// ```
    public struct ValueConstraint<Scope: AttributeScope, AttributeKey: AttributedStringKey>:
        AttributedTextValueConstraint
    where AttributeKey.Value: Sendable {
        /// The values allowed (nil: the attribute absent).
        public let allowedValues: Set<AttributeKey.Value?>
        /// What replaces a value that is not allowed.
        public let defaultValue: AttributeKey.Value?

        /// Keeps `attribute` to `allowedValues`; any other value becomes `defaultValue`.
        public init(
            for attribute: AttributeKey.Type, values allowedValues: Set<AttributeKey.Value?>,
            default defaultValue: AttributeKey.Value?
        ) {
            self.allowedValues = allowedValues
            self.defaultValue = defaultValue
        }

        /// The same, the attribute named by its key path (`\.underlineStyle`).
        public init(
            for attribute: KeyPath<AttributeDynamicLookup, AttributeKey>,
            values allowedValues: Set<AttributeKey.Value?>,
            default defaultValue: AttributeKey.Value?
        ) {
            self.init(for: AttributeKey.self, values: allowedValues, default: defaultValue)
        }

        public func constrain(_ container: inout Attributes) {
            if !allowedValues.contains(container[AttributeKey.self]) { container[AttributeKey.self] = defaultValue }
        }
    }

    /// SwiftUI's name for the builder of a definition's body.
    public typealias DefinitionBuilder = AttributedTextFormattingDefinitionBuilder
}

extension AttributedTextFormattingDefinition {
    /// `ValueConstraint(for:values:default:)` inside a definition's body, as SwiftUI spells it.
    public typealias ValueConstraint = AttributedTextFormatting.ValueConstraint
}
