import Foundation

/// What lets a writing assistant read, rewrite and proofread the text of a view built on the
/// engine, with the shape of AppKit's `NSWritingToolsCoordinator`: the host (the
/// ``WritingToolsCoordinatorDelegate``, for an engine `TextView` a ``TextViewWritingTools``)
/// hands out its text as contexts and applies the changes; the assistant (any
/// ``WritingToolsService``: the on-device ``ProofreadingService``, a local model, a remote
/// service an app chooses) proposes them. The coordinator drives a session between the two:
/// it asks for contexts, leaves the ranges the host protects alone, honours the result options
/// (a plain-text view never receives attributes), and tells the host when the session begins
/// and ends, so that the host can make it one undo step and pause syncing.
///
/// ```swift
/// let tools = TextViewWritingTools(textView: view)
/// let coordinator = WritingToolsCoordinator(delegate: tools)
/// let applied = try await coordinator.perform(.proofread, scope: .fullDocument,
///                                             using: try ProofreadingService(language: "en-US"))
/// view.undo()  // the whole session, at once
/// ```
public final class WritingToolsCoordinator {
    /// How much of Writing Tools a view offers (`writingToolsBehavior`).
    public enum Behavior: Sendable, Hashable {
        /// None: sessions are refused.
        case none
        /// The system's choice: here, as `.complete`.
        case `default`
        /// Results are offered, not written into the text (the host shows them in a panel).
        case limited
        /// Changes are made in the text itself.
        case complete
    }

    /// What kinds of text a view takes back (`writingToolsResultOptions`).
    public struct ResultOptions: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Text without attributes.
        public static let plainText = ResultOptions(rawValue: 1 << 0)
        /// Text with attributes.
        public static let richText = ResultOptions(rawValue: 1 << 1)
        /// Lists (implies rich text).
        public static let list = ResultOptions(rawValue: 1 << 2)
        /// Tables (implies rich text).
        public static let table = ResultOptions(rawValue: 1 << 3)
        /// Presentation intents rather than display attributes for structure (implies rich
        /// text, lists and tables).
        public static let presentationIntent = ResultOptions(rawValue: 1 << 4)

        /// Whether text handed back may carry attributes.
        public var allowsAttributes: Bool { !isDisjoint(with: [.richText, .list, .table, .presentationIntent]) }
    }

    /// Where a session is.
    public enum State: Sendable, Hashable {
        case inactive
        /// Results shown apart from the text (behaviour `.limited`).
        case noninteractive
        /// Waiting for the user.
        case interactiveResting
        /// Results arriving.
        case interactiveStreaming
        /// Changes being written into the text.
        case interactiveUpdating
    }

    /// What text a session asks for.
    public enum ContextScope: Sendable, Hashable {
        /// The selection (the paragraph around the caret when nothing is selected).
        case userSelection
        /// The whole document.
        case fullDocument
        /// What the view shows.
        case visibleArea
    }

    /// Why a range is replaced.
    public enum TextReplacementReason: Sendable, Hashable {
        /// A change the user sees happen (animated).
        case interactive
        /// A change made apart from the user's view (undo, a panel's result).
        case noninteractive
    }

    /// A stretch of the host's text as the assistant sees it: an attributed string and the
    /// range in it the session is about (UTF-16 offsets of the string). Ranges the coordinator
    /// passes back are relative to `attributedString`.
    public final class Context: Identifiable, Sendable {
        public let id: UUID
        public let attributedString: AttributedString
        public let range: Range<Int>

        public init(attributedString: AttributedString, range: Range<Int>, id: UUID = UUID()) {
            self.id = id
            self.attributedString = attributedString
            self.range = range
        }
    }

    /// Why a session could not run.
    public enum SessionError: Error, Equatable, CustomStringConvertible {
        /// The view's behaviour is `.none`.
        case unavailable
        /// The coordinator has no delegate: nothing hands out text (it is held weakly).
        case noDelegate
        /// A session is already running.
        case sessionActive

        public var description: String {
            switch self {
            case .unavailable: "Writing Tools are turned off for this view (behavior .none)"
            case .noDelegate: "the Writing Tools coordinator has no delegate to hand out text"
            case .sessionActive: "a Writing Tools session is already running"
            }
        }
    }

    /// The host.
    public weak var delegate: (any WritingToolsCoordinatorDelegate)?
    /// The behaviour the host asks for; `behavior` is what sessions get.
    public var preferredBehavior: Behavior = .default
    public var behavior: Behavior { preferredBehavior == .default ? .complete : preferredBehavior }
    /// The result options the host asks for; `resultOptions` is what sessions honour (lists,
    /// tables and presentation intents imply rich text).
    public var preferredResultOptions: ResultOptions = [.plainText, .richText]
    public var resultOptions: ResultOptions {
        var options = preferredResultOptions
        if options.contains(.presentationIntent) { options.formUnion([.richText, .list, .table]) }
        if !options.isDisjoint(with: [.list, .table]) { options.insert(.richText) }
        return options.isEmpty ? .plainText : options
    }
    /// Where the session is.
    public private(set) var state: State = .inactive
    /// The changes waiting for the user after ``propose(_:scope:using:)``.
    public private(set) var proposals: [Proposal] = []
    private var stopRequested = false

    public init(delegate: (any WritingToolsCoordinatorDelegate)? = nil) {
        self.delegate = delegate
    }

    /// Whether an assistant can be used at all (the engine always has the on-device one).
    public static var isWritingToolsAvailable: Bool { true }

    /// Ends the session under way after the change being made. Proposals waiting for the user
    /// are ended by ``dismissProposals()`` (or applied by ``applyProposals()``), which tell the
    /// host.
    public func stopWritingTools() {
        if state != .inactive, state != .interactiveResting { stopRequested = true }
    }

    /// Runs `request` on the text of `scope` with `service`: each context the delegate gives is
    /// read by the service, and each change it proposes inside the context's range and outside
    /// the ranges the delegate protects is handed to the delegate to make, the last first (so
    /// that the ranges of the others hold), each played as an animation (`.remove` of the old
    /// text, `.insert` of the new, inside an `.anticipate` of the context). With behaviour
    /// `.limited` nothing is written: the proposals are returned for the host to show. Returns
    /// the changes proposed and kept.
    @discardableResult
    public func perform(
        _ request: WritingToolsRequest, scope: ContextScope = .userSelection, using service: some WritingToolsService
    ) async throws -> [WritingToolsSuggestion] {
        let delegate = try begin()
        let writes = behavior == .complete
        await change(to: writes ? .interactiveStreaming : .noninteractive)
        var kept: [WritingToolsSuggestion] = []
        do {
            for (context, ordered) in try await readContexts(request, scope: scope, using: service, from: delegate) {
                kept += ordered
                guard writes, !ordered.isEmpty else { continue }
                await apply(ordered, in: context, delegate: delegate)
                if stopRequested { break }
            }
        } catch {
            await change(to: .inactive)
            throw error
        }
        await change(to: .inactive)
        return kept
    }

    /// Runs `request` as ``perform(_:scope:using:)`` does but only proposes: the changes kept
    /// become ``proposals``, each with the paths the host underlines it with, and the session
    /// rests (`.interactiveResting`) until the user applies them (``applyProposals()``: one undo
    /// step with the animations) or dismisses them (``dismissProposals()``: nothing changes).
    /// Returns the proposals.
    @discardableResult
    public func propose(
        _ request: WritingToolsRequest, scope: ContextScope = .userSelection, using service: some WritingToolsService
    ) async throws -> [Proposal] {
        let delegate = try begin()
        await change(to: .interactiveStreaming)
        var found: [Proposal] = []
        do {
            for (context, ordered) in try await readContexts(request, scope: scope, using: service, from: delegate) {
                for suggestion in ordered {
                    let paths = await delegate.writingToolsCoordinator(
                        self, requestsUnderlinePathsFor: suggestion.range, in: context)
                    found.append(Proposal(context: context, suggestion: suggestion, underlinePaths: paths))
                }
            }
        } catch {
            await change(to: .inactive)
            throw error
        }
        guard !found.isEmpty else {
            await change(to: .inactive)
            return []
        }
        proposals = found
        await change(to: .interactiveResting)
        return found
    }

    /// Makes the changes ``propose(_:scope:using:)`` left waiting, with their animations, and
    /// ends the session. Returns how many were made.
    @discardableResult
    public func applyProposals() async -> Int {
        guard state == .interactiveResting else { return 0 }
        guard let delegate else {
            // The host is gone: nothing to change, nobody to tell.
            proposals = []
            state = .inactive
            return 0
        }
        let waiting = proposals
        proposals = []
        var contexts: [UUID: (context: Context, suggestions: [WritingToolsSuggestion])] = [:]
        var order: [UUID] = []
        for proposal in waiting {
            if contexts[proposal.context.id] == nil { order.append(proposal.context.id) }
            contexts[proposal.context.id, default: (proposal.context, [])].suggestions.append(proposal.suggestion)
        }
        for id in order {
            guard let (context, suggestions) = contexts[id] else { continue }
            await apply(suggestions, in: context, delegate: delegate)
            if stopRequested { break }
        }
        await change(to: .inactive)
        return waiting.count
    }

    /// Drops the changes ``propose(_:scope:using:)`` left waiting and ends the session: the text
    /// stays as it was.
    public func dismissProposals() async {
        guard state == .interactiveResting else { return }
        proposals = []
        await change(to: .inactive)
    }

    /// Checks that a session can start and starts it.
    private func begin() throws -> any WritingToolsCoordinatorDelegate {
        guard behavior != .none else { throw SessionError.unavailable }
        guard let delegate else { throw SessionError.noDelegate }
        guard state == .inactive else { throw SessionError.sessionActive }
        stopRequested = false
        return delegate
    }

    /// Each context of `scope` with the changes `service` proposes in it that may be made:
    /// inside its range, outside the ranges the host protects, attributes only where the result
    /// options allow them, none overlapping another; in order.
    private func readContexts(
        _ request: WritingToolsRequest, scope: ContextScope, using service: some WritingToolsService,
        from delegate: any WritingToolsCoordinatorDelegate
    ) async throws -> [(Context, [WritingToolsSuggestion])] {
        var result: [(Context, [WritingToolsSuggestion])] = []
        for context in await delegate.writingToolsCoordinator(self, requestContextsFor: scope) {
            let ignored = await delegate.writingToolsCoordinator(self, ignoredRangesIn: context)
            let proposed = try await service.suggestions(for: request, in: context)
            let allowed = proposed.filter { suggestion in
                suggestion.range.lowerBound >= context.range.lowerBound
                    && suggestion.range.upperBound <= context.range.upperBound
                    // (An insertion, an empty range, overlaps nothing: where it goes counts.)
                    && !ignored.contains {
                        $0.overlaps(suggestion.range) || $0.contains(suggestion.range.lowerBound)
                    }
            }.map { $0.limited(to: resultOptions) }
            result.append((context, Self.withoutOverlaps(allowed)))
        }
        return result
    }

    /// Makes `suggestions` (in order, none overlapping) in `context`, the last first, each
    /// played as the removal of its text and the insertion of the new, inside the context's
    /// anticipation.
    private func apply(
        _ suggestions: [WritingToolsSuggestion], in context: Context, delegate: any WritingToolsCoordinatorDelegate
    ) async {
        await change(to: .interactiveUpdating)
        await delegate.writingToolsCoordinator(self, prepareFor: .anticipate, for: context.range, in: context)
        var growth = 0
        for suggestion in suggestions.reversed() where !stopRequested {
            _ = await delegate.writingToolsCoordinator(
                self, requestsPreviewFor: .remove, of: suggestion.range, in: context)
            await delegate.writingToolsCoordinator(self, prepareFor: .remove, for: suggestion.range, in: context)
            await delegate.writingToolsCoordinator(
                self, replace: suggestion.range, in: context, proposedText: suggestion.replacement,
                reason: .interactive)
            await delegate.writingToolsCoordinator(self, finish: .remove, for: suggestion.range, in: context)
            let inserted =
                suggestion.range.lowerBound ..< suggestion.range.lowerBound + suggestion.replacement.utf16.count
            growth += inserted.count - suggestion.range.count
            await delegate.writingToolsCoordinator(self, prepareFor: .insert, for: inserted, in: context)
            await delegate.writingToolsCoordinator(self, finish: .insert, for: inserted, in: context)
        }
        let changed = context.range.lowerBound ..< max(context.range.lowerBound, context.range.upperBound + growth)
        await delegate.writingToolsCoordinator(self, finish: .anticipate, for: changed, in: context)
    }

    /// `suggestions` in order, each one overlapping an earlier one left out.
    static func withoutOverlaps(_ suggestions: [WritingToolsSuggestion]) -> [WritingToolsSuggestion] {
        var result: [WritingToolsSuggestion] = []
        for suggestion in suggestions.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            if let last = result.last, last.range.upperBound > suggestion.range.lowerBound { continue }
            result.append(suggestion)
        }
        return result
    }

    private func change(to newState: State) async {
        guard newState != state else { return }
        await delegate?.writingToolsCoordinator(self, willChangeTo: newState)
        state = newState
    }
}
