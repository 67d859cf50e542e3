import Foundation

/// Which side of an insertion a tracked location sticks to.
public enum TextLocationAffinity: Sendable, Equatable {
    /// Sticks to the text before it: stays put when text is inserted at it.
    case upstream
    /// Sticks to the text after it: moves past text inserted at it.
    case downstream
}
