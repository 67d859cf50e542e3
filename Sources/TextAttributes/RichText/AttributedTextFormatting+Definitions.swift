import Foundation

extension AttributedTextFormatting {
    /// A definition that places no constraint on any value, as SwiftUI's: only the scope
    /// applies (attributes outside `Scope` are taken away). What a body with nothing in it is,
    /// and what an editor that allows everything in its scope is given.
    ///
    /// ```swift
    /// view.formattingDefinition = AttributedTextFormatting.EmptyDefinition<AttributeScopes.OpenTextKitAttributes>()
    /// ```
    public struct EmptyDefinition<Scope: AttributeScope>: AttributedTextFormattingDefinition, Sendable {
        public init() {}

        public var body: EmptyDefinition<Scope> { return self }

        public var valueConstraints: [AnyValueConstraint] { [] }
    }

    /// A definition with its type erased, as SwiftUI's: one of several definitions chosen at
    /// run time, kept in one variable or returned from one branch. It constrains exactly as the
    /// definition it wraps (its scope, then its value constraints in order).
    ///
    /// ```swift
    /// let definition = strict ? AnyDefinition(NotesFormatting()) : AnyDefinition(EmptyDefinition())
    /// ```
    public struct AnyDefinition<Scope: AttributeScope>: AttributedTextFormattingDefinition, Sendable {
        public let valueConstraints: [AnyValueConstraint]

        /// Wraps `definition`.
        public init<D: AttributedTextFormattingDefinition>(_ definition: D) where D.Scope == Scope {
            valueConstraints = definition.valueConstraints
        }

        public var body: AnyDefinition<Scope> { return self }
    }
}

extension AttributedTextFormattingDefinitionBuilder {
    /// A body with nothing in it: no constraint.
    public static func buildBlock() -> AttributedTextFormatting.EmptyDefinition<Scope> {
        AttributedTextFormatting.EmptyDefinition()
    }
}
