import Foundation

/// The base direction of a paragraph, which orders its runs of left-to-right and right-to-left
/// text (the paragraph level of the Unicode bidirectional algorithm).
public enum WritingDirection: String, Hashable, Sendable, Codable, CaseIterable {
    /// Found from the paragraph's first strong character (rules P2 and P3 of UAX #9), left to
    /// right when there is none.
    case natural
    /// Left to right.
    case leftToRight
    /// Right to left.
    case rightToLeft
}
