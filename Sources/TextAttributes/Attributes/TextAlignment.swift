import Foundation

/// How the lines of a paragraph sit between its margins.
public enum TextAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    /// Flush with the left margin.
    case left
    /// Flush with the right margin.
    case right
    /// Centred between the margins.
    case center
    /// Flush with both margins: spaces stretch on every line but the paragraph's last.
    case justified
    /// Flush with the leading margin of the paragraph's writing direction: left for left-to-right
    /// text, right for right-to-left text.
    case natural
}
