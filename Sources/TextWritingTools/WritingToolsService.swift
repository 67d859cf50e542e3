import Foundation

/// What a session asks of its assistant.
public enum WritingToolsRequest: Sendable, Hashable {
    /// Corrections of spelling and grammar, each a small change.
    case proofread
    /// The text written again as `instruction` says ("shorter", "friendlier", "as a list").
    case rewrite(instruction: String)
}

/// One change an assistant proposes: `range` of the context's attributed string (UTF-16
/// offsets) to become `replacement`, with why.
public struct WritingToolsSuggestion: Sendable, Equatable {
    public let range: Range<Int>
    public let replacement: AttributedString
    public let explanation: String

    public init(range: Range<Int>, replacement: AttributedString, explanation: String) {
        self.range = range
        self.replacement = replacement
        self.explanation = explanation
    }

    /// The suggestion with its replacement's attributes dropped when `options` allow none.
    func limited(to options: WritingToolsCoordinator.ResultOptions) -> WritingToolsSuggestion {
        guard !options.allowsAttributes else { return self }
        return WritingToolsSuggestion(
            range: range, replacement: AttributedString(String(replacement.characters)), explanation: explanation)
    }
}

/// A writing assistant: it reads a context and proposes changes. The coordinator does not care
/// which one it is (the on-device ``ProofreadingService``, a local model, a remote service).
public protocol WritingToolsService: Sendable {
    /// The changes `request` makes to `context` (ranges inside `context.range`, in order).
    func suggestions(
        for request: WritingToolsRequest, in context: WritingToolsCoordinator.Context
    ) async throws -> [WritingToolsSuggestion]
}
