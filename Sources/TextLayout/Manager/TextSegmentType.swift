import Foundation
@_spi(Layout) import TextContent

/// What text segments are for.
public enum TextSegmentType: Sendable {
    /// The typographic bounds of the text.
    case standard
    /// A selection: a segment that the range continues past reaches the line's trailing edge.
    case selection
    /// A highlight (find results, marked text): as `.standard`.
    case highlight
}
