import Foundation
@_spi(Layout) import TextContent

/// Rendering attributes over a stretch of one paragraph (UTF-16 offsets of the paragraph).
public struct RenderingAttributeRun {
    public let range: Range<Int>
    public let attributes: RenderingAttributes

    public init(range: Range<Int>, attributes: RenderingAttributes) {
        self.range = range
        self.attributes = attributes
    }
}

extension [RenderingAttributeRun] {
    /// Whether these runs are drawn as `other` are: the same ranges, drawn alike.
    public func drawLike(_ other: [RenderingAttributeRun]) -> Bool {
        count == other.count
            && zip(self, other).allSatisfy { $0.range == $1.range && $0.attributes.drawsLike($1.attributes) }
    }
}
