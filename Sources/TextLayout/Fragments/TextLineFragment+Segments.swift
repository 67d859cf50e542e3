import Foundation

extension TextLineFragment {
    /// A visually contiguous piece of a line: its x extent (line coordinates) and the paragraph
    /// offsets it shows.
    @_spi(Rendering) public struct Segment {
        @_spi(Rendering) public var minX: CGFloat
        @_spi(Rendering) public var maxX: CGFloat
        @_spi(Rendering) public var range: Range<Int>
    }

    /// The pieces of the line that show `range` (paragraph offsets), left to right. In a
    /// mixed-direction line one logical range can be several pieces. A cluster that holds
    /// several graphemes (a ligature, a conjunct) is shared out evenly between them, as carets are.
    @_spi(Rendering) public func segments(showing paragraphRange: Range<Int>) -> [Segment] {
        // The shaping's offsets, then the paragraph's again.
        let range = paragraphRange.lowerBound - unitOffset ..< paragraphRange.upperBound - unitOffset
        var pieces: [Segment] = []
        for extent in placed.caretExtents(in: shaped) {
            let low = max(extent.range.lowerBound, range.lowerBound),
                high = min(extent.range.upperBound, range.upperBound)
            guard low < high else { continue }
            let overlap = low ..< high
            if overlap == extent.range {
                pieces.append(Segment(minX: extent.minX, maxX: extent.maxX, range: overlap))
                continue
            }
            let starts = extent.range.filter { shaped.isGraphemeBoundary($0) }
            let share = (extent.maxX - extent.minX) / CGFloat(max(1, starts.count))
            for (k, start) in starts.enumerated() {
                let end = k + 1 < starts.count ? starts[k + 1] : extent.range.upperBound
                guard start < overlap.upperBound, end > overlap.lowerBound else { continue }
                let left =
                    extent.isRightToLeft ? extent.maxX - share * CGFloat(k + 1) : extent.minX + share * CGFloat(k)
                pieces.append(
                    Segment(
                        minX: left, maxX: left + share,
                        range: max(start, overlap.lowerBound) ..< min(end, overlap.upperBound)))
            }
        }
        pieces.sort { $0.minX < $1.minX }
        var merged: [Segment] = []
        for piece in pieces {
            if var last = merged.last, piece.minX <= last.maxX + 0.01 {
                last.maxX = max(last.maxX, piece.maxX)
                last.range =
                    min(last.range.lowerBound, piece.range.lowerBound)
                    ..< max(last.range.upperBound, piece.range.upperBound)
                merged[merged.count - 1] = last
            } else {
                merged.append(piece)
            }
        }
        guard unitOffset != 0 else { return merged }
        return merged.map {
            Segment(
                minX: $0.minX, maxX: $0.maxX,
                range: $0.range.lowerBound + unitOffset ..< $0.range.upperBound + unitOffset)
        }
    }
}
