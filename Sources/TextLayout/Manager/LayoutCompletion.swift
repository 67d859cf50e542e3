import Foundation
@_spi(Layout) import TextContent

/// What a layout manager finished laying out: observers hear of it once the layout it was asked
/// for is complete, something TextKit 2 never says (its users poll `usageBounds`).
public enum LayoutCompletion: Sendable, Equatable {
    /// `ensureLayoutForEntireDocument()`: every paragraph is measured.
    case entireDocument
    /// `ensureLayout(for:)` of a range.
    case range(TextRange)
    /// `ensureLayout(for:)` of a rectangle, container coordinates.
    case rect(CGRect)
    /// A viewport layout, with the viewport's bounds.
    case viewport(CGRect)
}

extension TextLayoutManager {
    /// Calls `handler` each time a layout this manager was asked for is complete. Keep the
    /// returned observation: the handler is removed when it is cancelled or released.
    ///
    /// ```swift
    /// let observation = layoutManager.observeLayoutCompletion { completion in
    ///     if case .entireDocument = completion { print("height", layoutManager.usageBoundsForTextContainer.height) }
    /// }
    /// ```
    public func observeLayoutCompletion(_ handler: @escaping (LayoutCompletion) -> Void) -> LayoutCompletionObservation
    {
        let observation = LayoutCompletionObservation { [weak self] key in self?.completionHandlers[key] = nil }
        completionHandlers[ObjectIdentifier(observation)] = handler
        return observation
    }

    func notifyLayoutCompletion(_ completion: LayoutCompletion) {
        for handler in completionHandlers.values { handler(completion) }
    }
}
