import Foundation

/// What formatting an editor allows, as SwiftUI's rich-text editor has it: an attribute scope
/// (attributes outside it are taken away) and value constraints, applied in order, to
/// everything that brings attributes in (typing, paste, attribute transforms, replacements,
/// Markdown import through the text view).
///
/// ```swift
/// struct NotesFormatting: AttributedTextFormattingDefinition {
///     typealias Scope = AttributeScopes.OpenTextKitAttributes
///     var body: some AttributedTextFormattingDefinition<Scope> {
///         SingleUnderlineOnly()
///         PaletteColors()
///     }
/// }
/// ```
public protocol AttributedTextFormattingDefinition<Scope> {
    /// The attributes the editor may hold.
    associatedtype Scope: AttributeScope
    associatedtype Body: AttributedTextFormattingDefinition<Scope>
    /// The constraints, in the order they apply.
    @AttributedTextFormattingDefinitionBuilder<Scope> var body: Body { get }
    /// The value constraints this definition applies, in order (made from `body`).
    var valueConstraints: [AttributedTextFormatting.AnyValueConstraint] { get }
}

extension AttributedTextFormattingDefinition {
    public var valueConstraints: [AttributedTextFormatting.AnyValueConstraint] { body.valueConstraints }

    /// Applies the definition to one run's attributes: attributes outside `Scope` go, then
    /// every value constraint applies in order.
    public func constrain(_ container: inout AttributeContainer) {
        var kept = AttributeContainer()
        for key in AttributeScopeKeys.of(Scope.self).types { key.copy(from: container, into: &kept) }
        for constraint in valueConstraints { constraint.constrain(&kept) }
        container = kept
    }

    /// Applies the definition to every run of `text`.
    public func constrain(_ text: inout AttributedString) {
        var changes: [(Range<AttributedString.Index>, AttributeContainer)] = []
        for run in text.runs {
            var attributes = run.attributes
            constrain(&attributes)
            if attributes != run.attributes { changes.append((run.range, attributes)) }
        }
        for (range, attributes) in changes { text[range].setAttributes(attributes) }
    }

    /// `text` with the definition applied.
    public func constrained(_ text: AttributedString) -> AttributedString {
        var text = text
        constrain(&text)
        return text
    }
}

/// Builds a definition's body from the constraints listed in it.
@resultBuilder
public enum AttributedTextFormattingDefinitionBuilder<Scope: AttributeScope> {
    public static func buildExpression<D: AttributedTextFormattingDefinition>(
        _ definition: D
    ) -> AttributedTextFormatting.List<Scope>
    where D.Scope == Scope {
        AttributedTextFormatting.List(definition.valueConstraints)
    }

    public static func buildBlock(
        _ parts: AttributedTextFormatting.List<Scope>...
    ) -> AttributedTextFormatting.List<Scope> {
        AttributedTextFormatting.List(parts.flatMap(\.valueConstraints))
    }

    public static func buildOptional(
        _ part: AttributedTextFormatting.List<Scope>?
    ) -> AttributedTextFormatting.List<Scope> {
        part ?? AttributedTextFormatting.List([])
    }

    public static func buildEither(
        first part: AttributedTextFormatting.List<Scope>
    ) -> AttributedTextFormatting.List<Scope> { part }

    public static func buildEither(
        second part: AttributedTextFormatting.List<Scope>
    ) -> AttributedTextFormatting.List<Scope> { part }
}

/// The pieces formatting definitions are made of.
public enum AttributedTextFormatting {
    /// Constraints in order: what a definition's body is.
    public struct List<Scope: AttributeScope>: AttributedTextFormattingDefinition, Sendable {
        public let valueConstraints: [AnyValueConstraint]

        public init(_ constraints: [AnyValueConstraint]) {
            valueConstraints = constraints
        }

        public var body: List<Scope> { self }
    }

    /// A value constraint with its types erased.
    public struct AnyValueConstraint: Sendable {
        let apply: @Sendable (inout AttributeContainer) -> Void

        public init<C: AttributedTextValueConstraint>(_ constraint: C) {
            apply = { container in
                var proxy = AttributeContainerProxy<C.Scope, C.AttributeKey>(container: container)
                constraint.constrain(&proxy)
                container = proxy.container
            }
        }

        /// Applies the constraint to `container`.
        public func constrain(_ container: inout AttributeContainer) { apply(&container) }
    }

    /// A run's attributes as a constraint sees them: the constrained attribute read-write,
    /// every other one read-only.
    @dynamicMemberLookup
    public struct AttributeContainerProxy<Scope: AttributeScope, Attribute: AttributedStringKey>
    where Attribute.Value: Sendable {
        var container: AttributeContainer

        /// The constrained attribute's value.
        public subscript(_ key: Attribute.Type) -> Attribute.Value? {
            get { container[Attribute.self] }
            set { container[Attribute.self] = newValue }
        }

        /// The constrained attribute, by name (`container.underlineStyle = .single`).
        public subscript(dynamicMember keyPath: KeyPath<AttributeDynamicLookup, Attribute>) -> Attribute.Value? {
            get { container[Attribute.self] }
            set { container[Attribute.self] = newValue }
        }

        /// Any other attribute, to read.
        public subscript<K: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeDynamicLookup, K>) -> K.Value?
        where K.Value: Sendable {
            container[K.self]
        }
    }
}
