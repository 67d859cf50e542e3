import Foundation
import TextContent

/// One laid-out line as selection navigation moves through it, whoever answers for it (the
/// layout manager, or any `TextSelectionDataSource`): its characters in document offsets, and
/// its caret stops on screen, left to right, one for every x where a caret can stand.
///
/// Where the text changes direction one offset shows in two places (the trailing edge of the
/// character before it and the leading edge of the character after it), and one x can stand for
/// two offsets. Each x gets one stop: the position that belongs to the character before it in
/// the paragraph's reading order (the one on its left in a left-to-right paragraph). An offset
/// that shows in two places keeps the affinity that names which (upstream: attached to the
/// character before it, downstream: to the character after it); any other stop is downstream,
/// except the end of a soft-wrapped line, which is upstream.
struct VisualLine {
    typealias Affinity = TextSelection.Affinity

    /// A caret position: container x, document offset, and which of the offset's places it is.
    struct Stop: Equatable {
        var x: CGFloat
        var offset: Int
        var affinity: Affinity
    }

    /// The characters the line shows, its trailing white space and separator included.
    let range: Range<Int>
    /// The offset before the line's separator (the line's end when it has none).
    let contentEnd: Int
    /// Whether the line ends in a soft wrap (its end is also the next line's start).
    let endsInSoftWrap: Bool
    /// Whether the line's paragraph is right to left.
    let isRightToLeft: Bool
    /// Every caret position of the line's graphemes, before any was chosen for a stop.
    let positions: [Stop]
    /// One stop for every x a caret can stand at, left to right.
    let stops: [Stop]
    /// Where the line is in the layout manager (shown paragraph ordinal, line index), when the
    /// layout manager made it.
    var layoutPosition: (ordinal: Int, index: Int)?

    /// The line showing `graphemes` (document offsets, container x, in any order); `emptyX` is
    /// where the caret of a line without graphemes stands.
    init(range: Range<Int>, contentEnd: Int, endsInSoftWrap: Bool, isRightToLeft: Bool, graphemes: [GraphemeEdges], emptyX: CGFloat) {
        self.range = range
        self.contentEnd = contentEnd
        self.endsInSoftWrap = endsInSoftWrap
        self.isRightToLeft = isRightToLeft
        // Each grapheme gives two positions: its start (downstream) at its leading edge and its
        // end (upstream) at its trailing edge; a separator's end is on the next line.
        var positions: [(stop: Stop, isOnTheLeft: Bool)] = []
        positions.reserveCapacity(graphemes.count * 2)
        for grapheme in graphemes where grapheme.range.lowerBound >= range.lowerBound && grapheme.range.lowerBound <= contentEnd {
            let rightToLeft = grapheme.leadingX == grapheme.trailingX ? isRightToLeft : grapheme.trailingX < grapheme.leadingX
            // A grapheme's right edge is the position of the character on the left of that x.
            positions.append((Stop(x: grapheme.leadingX, offset: grapheme.range.lowerBound, affinity: .downstream), rightToLeft))
            if !grapheme.range.isEmpty, grapheme.range.upperBound <= contentEnd {
                positions.append((Stop(x: grapheme.trailingX, offset: grapheme.range.upperBound, affinity: .upstream), !rightToLeft))
            }
        }
        if positions.isEmpty {
            positions = [(Stop(x: emptyX, offset: range.lowerBound, affinity: .downstream), false)]
        }
        self.positions = positions.map(\.stop)
        func key(_ x: CGFloat) -> Int { Int((x * 64).rounded()) }
        // The places each offset shows at: one place (however many edges) means one stop.
        var places: [Int: Set<Int>] = [:]
        for position in positions { places[position.stop.offset, default: []].insert(key(position.stop.x)) }
        let groups = Dictionary(grouping: positions) { key($0.stop.x) }
        var stops: [Stop] = []
        stops.reserveCapacity(groups.count)
        for (_, group) in groups {
            // The character before this x in reading order: on its left in a left-to-right
            // paragraph; of several (zero-width characters), the furthest on.
            let preferred = group.filter { $0.isOnTheLeft != isRightToLeft }
            guard var chosen = (preferred.isEmpty ? group : preferred).max(by: { $0.stop.offset < $1.stop.offset })?.stop else { continue }
            if places[chosen.offset, default: []].count <= 1 {
                chosen.affinity = endsInSoftWrap && chosen.offset == range.upperBound ? .upstream : .downstream
            }
            stops.append(chosen)
        }
        self.stops = stops.sorted { $0.x < $1.x }
    }

    /// The x of the caret at `offset` with `affinity`: where that edge is; the offset's other
    /// place when it has only one; inside a grapheme, the grapheme's leading edge. Nil when the
    /// line does not show `offset`.
    func x(of offset: Int, affinity: Affinity) -> CGFloat? {
        if let exact = positions.first(where: { $0.offset == offset && $0.affinity == affinity }) { return exact.x }
        if let other = positions.first(where: { $0.offset == offset }) { return other.x }
        let before = positions.filter { $0.offset < offset && $0.affinity == .downstream }.max { $0.offset < $1.offset }
        guard let before, offset <= contentEnd, offset >= range.lowerBound else { return nil }
        return before.x
    }

    /// The index in `stops` of the caret at `offset` with `affinity` (the stop at its x).
    func stopIndex(of offset: Int, affinity: Affinity) -> Int? {
        if let exact = stops.firstIndex(where: { $0.offset == offset && $0.affinity == affinity }) { return exact }
        guard let x = x(of: offset, affinity: affinity) else { return nil }
        return nearestStopIndex(to: x)
    }

    /// The index of the stop nearest `x`.
    func nearestStopIndex(to x: CGFloat) -> Int? {
        stops.indices.min { abs(stops[$0].x - x) < abs(stops[$1].x - x) }
    }

    /// The stops in the paragraph's reading order.
    var stopsInReadingOrder: [Stop] {
        isRightToLeft ? stops.reversed() : stops
    }
}
