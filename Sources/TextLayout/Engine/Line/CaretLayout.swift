import Foundation

/// The visual extent of a piece of a line (a HarfBuzz cluster or a control character).
package struct CaretExtent: Sendable {
    var range: Range<Int>
    var minX: CGFloat
    var maxX: CGFloat
    var isRightToLeft: Bool
}

/// What a line needs to place its caret stops, which are worked out only when asked for.
package struct CaretLayout: Sendable {
    var extents: [CaretExtent]
    /// The grapheme boundaries inside the line, in logical order.
    var graphemeStarts: [Int]
    /// The line's end offset when it is a caret position of its own (end of text, soft wrap).
    var end: Int?
    var paragraphIsRightToLeft: Bool

    /// A caret stop for every grapheme boundary of the line: each at the leading edge of its
    /// grapheme (left for left-to-right, right for right-to-left), or, where two would share an
    /// x, at the trailing edge of the grapheme before, so that every stop has its own x.
    /// A cluster holding several graphemes (a ligature, a conjunct) is shared out evenly.
    func stops() -> [CaretStop] {
        let edges = leadingAndTrailingEdges()
        var stops: [CaretStop] = []
        stops.reserveCapacity(graphemeStarts.count + 1)
        var taken = Set<Int>()
        func key(_ x: CGFloat) -> Int { Int((x * 64).rounded()) }
        var previous: (leading: CGFloat, trailing: CGFloat, rightToLeft: Bool)?
        for (index, start) in graphemeStarts.enumerated() {
            guard let edge = edges[index] else { continue }
            var x = edge.leading
            if taken.contains(key(x)), let previous, !taken.contains(key(previous.trailing)) { x = previous.trailing }
            if taken.insert(key(x)).inserted {
                stops.append(CaretStop(x: x, characterIndex: start, isRightToLeft: edge.rightToLeft))
            }
            previous = edge
        }
        if let end {
            let ends = extents.map { paragraphIsRightToLeft ? $0.minX : $0.maxX }
            let x = (paragraphIsRightToLeft ? ends.min() : ends.max()) ?? 0
            if taken.insert(key(x)).inserted {
                stops.append(CaretStop(x: x, characterIndex: end, isRightToLeft: paragraphIsRightToLeft))
            }
        }
        return stops.sorted { $0.x < $1.x }
    }

    /// Both edges of every grapheme the line shows, in logical order; `lineEnd` is where the
    /// line's last grapheme ends.
    func graphemeEdges(lineEnd: Int) -> [GraphemeEdges] {
        let edges = leadingAndTrailingEdges()
        var result: [GraphemeEdges] = []
        result.reserveCapacity(graphemeStarts.count)
        for (index, start) in graphemeStarts.enumerated() {
            guard let edge = edges[index] else { continue }
            let end = index + 1 < graphemeStarts.count ? graphemeStarts[index + 1] : max(start, lineEnd)
            result.append(GraphemeEdges(range: start ..< end, leadingX: edge.leading, trailingX: edge.trailing, isRightToLeft: edge.rightToLeft))
        }
        return result
    }

    /// The leading and trailing x of each grapheme (by its index in `graphemeStarts`; line
    /// coordinates), a cluster of several graphemes shared out evenly; nil for one no extent covers.
    private func leadingAndTrailingEdges() -> [(leading: CGFloat, trailing: CGFloat, rightToLeft: Bool)?] {
        var edges = [(leading: CGFloat, trailing: CGFloat, rightToLeft: Bool)?](repeating: nil, count: graphemeStarts.count)
        var cursor = 0
        // Left-to-right lines list their extents in logical order already.
        let inOrder = extents.indices.dropFirst().allSatisfy { extents[$0 - 1].range.lowerBound <= extents[$0].range.lowerBound }
        for extent in inOrder ? extents : extents.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            while cursor < graphemeStarts.count, graphemeStarts[cursor] < extent.range.lowerBound { cursor += 1 }
            var inside = cursor
            while inside < graphemeStarts.count, graphemeStarts[inside] < extent.range.upperBound { inside += 1 }
            let count = inside - cursor
            guard count > 0 else { continue }
            let share = (extent.maxX - extent.minX) / CGFloat(count)
            for k in 0 ..< count {
                let left = extent.isRightToLeft ? extent.maxX - share * CGFloat(k + 1) : extent.minX + share * CGFloat(k)
                let right = left + share
                edges[cursor + k] = extent.isRightToLeft ? (right, left, true) : (left, right, false)
            }
        }
        return edges
    }
}
