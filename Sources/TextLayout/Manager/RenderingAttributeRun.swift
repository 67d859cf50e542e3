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
