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

    /// Pictures of `range` of `context` for `textAnimation`, one a line (AppKit's
    /// `requestsPreviewFor:of:in:`). None by default.
    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, requestsPreviewFor textAnimation: WritingToolsCoordinator.TextAnimation,
        of range: Range<Int>, in context: WritingToolsCoordinator.Context
    ) async -> [TextPreview]

    /// Where `range` of `context` is underlined while its change is proposed, one path a line
    /// (AppKit's `requestsUnderlinePathsFor:in:`). None by default.
    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, requestsUnderlinePathsFor range: Range<Int>,
        in context: WritingToolsCoordinator.Context
    ) async -> [WritingToolsCoordinator.UnderlinePath]

    /// `textAnimation` of `range` of `context` is about to play: hide the text it animates, show
    /// its previews (AppKit's `prepareFor:for:in:`). Nothing by default.
    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, prepareFor textAnimation: WritingToolsCoordinator.TextAnimation,
        for range: Range<Int>, in context: WritingToolsCoordinator.Context
    ) async

    /// `textAnimation` of `range` of `context` has played: show the text again (AppKit's
    /// `finish:for:in:`). Nothing by default.
    func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, finish textAnimation: WritingToolsCoordinator.TextAnimation,
        for range: Range<Int>, in context: WritingToolsCoordinator.Context
    ) async
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

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, requestsPreviewFor textAnimation: WritingToolsCoordinator.TextAnimation,
        of range: Range<Int>, in context: WritingToolsCoordinator.Context
    ) async -> [TextPreview] { [] }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, requestsUnderlinePathsFor range: Range<Int>,
        in context: WritingToolsCoordinator.Context
    ) async -> [WritingToolsCoordinator.UnderlinePath] { [] }

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, prepareFor textAnimation: WritingToolsCoordinator.TextAnimation,
        for range: Range<Int>, in context: WritingToolsCoordinator.Context
    ) async {}

    public func writingToolsCoordinator(
        _ coordinator: WritingToolsCoordinator, finish textAnimation: WritingToolsCoordinator.TextAnimation,
        for range: Range<Int>, in context: WritingToolsCoordinator.Context
    ) async {}
}
