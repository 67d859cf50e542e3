import Foundation

/// One line's share of a paragraph, before placement.
struct LineSpan {
    /// The line's UTF-16 range, with its trailing white space and any separator.
    var range: Range<Int>
    /// Where the trailing white space (which hangs past the line's end) starts.
    var hangStart: Int
    /// The line ends with U+2028 or the paragraph separator.
    var endsWithHardBreak: Bool
}

/// Greedy line breaking over a shaped paragraph: lines break at UAX #14 opportunities; a word
/// longer than a line breaks between grapheme clusters; U+2028 forces a break. Widths come
/// from the advances shaped once, so re-breaking at another width shapes nothing again.
struct LineBreaker {
    let paragraph: ShapedParagraph
    let mode: LineBreakMode
    let tabStops: TabStops

    /// The next line from `start`, in `width` points (infinity: no wrapping).
    func nextLine(from start: Int, width: CGFloat) -> LineSpan {
        let content = paragraph.content
        let units = content.units
        let length = units.count
        let contentLength = content.contentLength
        let wraps = width.isFinite && !mode.truncates && mode != .byClipping
        let breaksAnywhere = mode == .byCharWrapping
        var grapheme = paragraph.graphemeBoundary(atOrAfter: start)
        var x: CGFloat = 0
        var lastOpportunity = -1
        return paragraph.advances.withUnsafeBufferPointer { advances in
            paragraph.boundaries.withUnsafeBufferPointer { flags in
                while grapheme < length {
                    if grapheme > start, units[grapheme - 1] == 0x2028 {
                        return span(start ..< grapheme, hard: true)
                    }
                    if grapheme >= contentLength {
                        return span(start ..< length, hard: length > contentLength)
                    }
                    // The grapheme's width: the advances of the clusters it holds.
                    var advance = advances[grapheme]
                    var end = grapheme + 1
                    while flags[end] & ShapedParagraph.graphemeBoundary == 0 {
                        advance += advances[end]
                        end += 1
                    }
                    let graphemeWidth = units[grapheme] == 0x09 ? tabStops.advance(from: x) : CGFloat(advance)
                    if wraps, grapheme > start, x + graphemeWidth > width, !content.isWhitespace(grapheme) {
                        if lastOpportunity > start { return span(start ..< lastOpportunity, hard: false) }
                        return span(start ..< grapheme, hard: false)
                    }
                    x += graphemeWidth
                    if breaksAnywhere || flags[end] & ShapedParagraph.breakOpportunity != 0 { lastOpportunity = end }
                    grapheme = end
                }
                return span(start ..< length, hard: length > contentLength)
            }
        }
    }

    private func span(_ range: Range<Int>, hard: Bool) -> LineSpan {
        var hang = range.upperBound
        let content = paragraph.content
        while hang > range.lowerBound, content.isWhitespace(hang - 1) || content.isControl(hang - 1) { hang -= 1 }
        return LineSpan(range: range, hangStart: hang, endsWithHardBreak: hard)
    }
}

/// Where tabs go: the paragraph style's stops, then every `defaultTabInterval`.
struct TabStops {
    let locations: [CGFloat]
    let interval: CGFloat
    let spaceWidth: CGFloat

    /// How far a tab at `x` (from the line's start) advances.
    func advance(from x: CGFloat) -> CGFloat {
        if let stop = locations.first(where: { $0 > x + 0.01 }) { return stop - x }
        guard interval > 0 else { return spaceWidth }
        let next = (floor(x / interval) + 1) * interval
        return next - x
    }
}
