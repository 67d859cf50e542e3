import Foundation

/// One page of a paginated document: its container and the fragments laid out in it, in the
/// page container's coordinates. A paragraph split across pages has a fragment on each, holding
/// the lines that page shows.
public struct TextPage: Sendable {
    /// The page's number, from 1.
    public let number: Int
    /// The container the page's text was laid out in (the page less its margins).
    public let textContainer: TextContainer
    /// The fragments on the page, top to bottom.
    public let textLayoutFragments: [TextLayoutFragment]
}
