import Foundation

extension WritingToolsCoordinator {
    /// The animations a host plays while an assistant changes its text (AppKit's
    /// `NSWritingToolsCoordinator.TextAnimation`): the host prepares each (hides the text, shows
    /// its previews) and finishes it (shows the text again).
    public enum TextAnimation: Sendable, Hashable {
        /// The text the assistant is reading, while it works.
        case anticipate
        /// The same, the assistant waiting.
        case anticipateInactive
        /// Text about to be replaced, going.
        case remove
        /// The text that replaced it, coming.
        case insert
        /// Text shown dimmed while results arrive elsewhere.
        case translucent
    }

    /// An underline under a proposed change, as a polyline in the host's coordinates (AppKit's
    /// underline bezier paths): one a line the range covers.
    public struct UnderlinePath: Sendable, Hashable {
        public var points: [CGPoint]

        public init(points: [CGPoint]) { self.points = points }
    }

    /// A change an assistant proposes, waiting for the user (`propose(_:scope:using:)`), with
    /// where the host underlines it.
    public struct Proposal: Sendable {
        /// The context it belongs to.
        public let context: Context
        /// The change, in the context's offsets.
        public let suggestion: WritingToolsSuggestion
        /// Where it is underlined.
        public let underlinePaths: [UnderlinePath]
    }
}
