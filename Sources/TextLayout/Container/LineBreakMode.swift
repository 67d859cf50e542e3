import Foundation

/// How a line that does not fit is broken or shortened: TextKit's `NSLineBreakMode`.
public enum LineBreakMode: Sendable, Hashable, CaseIterable {
    /// Break between words; a word longer than a line breaks between grapheme clusters.
    case byWordWrapping
    /// Break between grapheme clusters.
    case byCharWrapping
    /// No wrapping: the line runs past the container's edge.
    case byClipping
    /// One line, shortened with an ellipsis at its start.
    case byTruncatingHead
    /// One line, shortened with an ellipsis at its end.
    case byTruncatingTail
    /// One line, shortened with an ellipsis in its middle.
    case byTruncatingMiddle

    /// Whether the mode shortens a line with an ellipsis instead of wrapping it.
    public var truncates: Bool {
        self == .byTruncatingHead || self == .byTruncatingTail || self == .byTruncatingMiddle
    }
}
