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
    private var stopRequested = false

    public init(delegate: (any WritingToolsCoordinatorDelegate)? = nil) {
        self.delegate = delegate
    }

    /// Whether an assistant can be used at all (the engine always has the on-device one).
    public static var isWritingToolsAvailable: Bool { true }

    /// Ends the session under way after the change being made.
    public func stopWritingTools() {
        if state != .inactive { stopRequested = true }
    }

    /// Runs `request` on the text of `scope` with `service`: each context the delegate gives is
    /// read by the service, and each change it proposes inside the context's range and outside
    /// the ranges the delegate protects is handed to the delegate to make, the last first (so
    /// that the ranges of the others hold). With behaviour `.limited` nothing is written: the
    /// proposals are returned for the host to show. Returns the changes proposed and kept.
    @discardableResult
    public func perform(
        _ request: WritingToolsRequest, scope: ContextScope = .userSelection, using service: some WritingToolsService
    ) async throws -> [WritingToolsSuggestion] {
        guard behavior != .none else { throw SessionError.unavailable }
        guard let delegate else { throw SessionError.noDelegate }
        guard state == .inactive else { throw SessionError.sessionActive }
        stopRequested = false
        let writes = behavior == .complete
        await change(to: writes ? .interactiveStreaming : .noninteractive)
        var kept: [WritingToolsSuggestion] = []
        do {
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
                let ordered = Self.withoutOverlaps(allowed)
                kept += ordered
                guard writes, !ordered.isEmpty else { continue }
                await change(to: .interactiveUpdating)
                for suggestion in ordered.reversed() where !stopRequested {
                    await delegate.writingToolsCoordinator(
                        self, replace: suggestion.range, in: context, proposedText: suggestion.replacement,
                        reason: .interactive)
                }
                if stopRequested { break }
            }
        } catch {
            await change(to: .inactive)
            throw error
        }
        await change(to: .inactive)
        return kept
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
