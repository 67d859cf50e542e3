import Foundation

/// The visual extent of a piece of a line (a HarfBuzz cluster or a control character).
@_spi(Rendering) public struct CaretExtent: Sendable {
    var range: Range<Int>
    var minX: CGFloat
    var maxX: CGFloat
    var isRightToLeft: Bool
}

/// What a line needs to place its caret stops, which are worked out only when asked for.
@_spi(Rendering) public struct CaretLayout: Sendable {
    var extents: [CaretExtent]
    /// The grapheme boundaries inside the line, in logical order.
    var graphemeStarts: [Int]
    /// The line's end offset when it is a caret position of its own (end of text, soft wrap).
    var end: Int?
    var paragraphIsRightToLeft: Bool

    /// Where the caret stands at the line's end when that is a caret position of its own
    /// (the end of the text, a soft wrap): after its last extent the paragraph's way.
    var endX: CGFloat? {
        guard end != nil else { return nil }
        let ends = extents.map { paragraphIsRightToLeft ? $0.minX : $0.maxX }
        return (paragraphIsRightToLeft ? ends.min() : ends.max()) ?? 0
    }

    /// Both edges of every grapheme the line shows, in logical order; `lineEnd` is where the
    /// line's last grapheme ends.
    func graphemeEdges(lineEnd: Int) -> [GraphemeEdges] {
        var result: [GraphemeEdges] = []
        result.reserveCapacity(graphemeStarts.count)
        var lastIndex = -1
        forEachGraphemeEdge(lineEnd: lineEnd) { index, edges in
            // An extent that covers a grapheme already given edges replaces them.
            if index <= lastIndex, let at = result.lastIndex(where: { $0.range.lowerBound == edges.range.lowerBound }) {
                result[at] = edges
            } else {
                result.append(edges)
                lastIndex = index
            }
            return true
        }
        return result
    }

    /// Both edges of every grapheme the line shows, with its index in `graphemeStarts`, extent
    /// by extent in logical order (a grapheme two extents cover comes twice, the later one
    /// counting), until `body` returns false. A cluster of several graphemes is shared out evenly.
    func forEachGraphemeEdge(lineEnd: Int, _ body: (Int, GraphemeEdges) -> Bool) {
        var cursor = 0
        // Left-to-right lines list their extents in logical order already.
        let inOrder = extents.indices.dropFirst().allSatisfy {
            extents[$0 - 1].range.lowerBound <= extents[$0].range.lowerBound
        }
        for extent in inOrder ? extents : extents.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            while cursor < graphemeStarts.count, graphemeStarts[cursor] < extent.range.lowerBound { cursor += 1 }
            var inside = cursor
            while inside < graphemeStarts.count, graphemeStarts[inside] < extent.range.upperBound { inside += 1 }
            let count = inside - cursor
            guard count > 0 else { continue }
            let share = (extent.maxX - extent.minX) / CGFloat(count)
            for k in 0 ..< count {
                let index = cursor + k
                let left =
                    extent.isRightToLeft ? extent.maxX - share * CGFloat(k + 1) : extent.minX + share * CGFloat(k)
                let right = left + share
                let start = graphemeStarts[index]
                let end = index + 1 < graphemeStarts.count ? graphemeStarts[index + 1] : max(start, lineEnd)
                let edges = GraphemeEdges(
                    range: start ..< end, leadingX: extent.isRightToLeft ? right : left,
                    trailingX: extent.isRightToLeft ? left : right, isRightToLeft: extent.isRightToLeft)
                guard body(index, edges) else { return }
            }
        }
    }
}
