import Foundation

/// The host of a ``WritingToolsCoordinator``: it hands out its text and makes the changes, as
/// AppKit's `NSWritingToolsCoordinator.Delegate`. Ranges are UTF-16 offsets of the context's
/// `attributedString`. Every method is called on the thread the host's view runs on.
public protocol WritingToolsCoordinatorDelegate: AnyObject {
    /// The text of `scope`, as contexts (one for most hosts).
    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, requestContextsFor scope: WritingToolsCoordinator.ContextScope
    ) async -> [WritingToolsCoordinator.Context]

    /// Replaces `range` of `context` with `proposedText` (attributes only when the result
    /// options allow them).
    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, replace range: Range<Int>, in context: WritingToolsCoordinator.Context,
        proposedText: AttributedString, reason: WritingToolsCoordinator.TextReplacementReason
    ) async

    /// Selects `ranges` of `context`.
    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, select ranges: [Range<Int>], in context: WritingToolsCoordinator.Context
    ) async

    /// The ranges of `context` no change may touch (code, quotations: as the text view
    /// delegate's `writingToolsIgnoredRangesInEnclosingRange`). None by default.
    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, ignoredRangesIn context: WritingToolsCoordinator.Context
    ) async -> [Range<Int>]

    /// The session moves to `state` (from `.inactive`: it begins; to `.inactive`: it ends).
    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, willChangeTo state: WritingToolsCoordinator.State) async
}

extension WritingToolsCoordinatorDelegate {
    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, select ranges: [Range<Int>], in context: WritingToolsCoordinator.Context
    ) async {}

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, ignoredRangesIn context: WritingToolsCoordinator.Context
    ) async -> [Range<Int>] { [] }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, willChangeTo state: WritingToolsCoordinator.State
    ) async {}
}
