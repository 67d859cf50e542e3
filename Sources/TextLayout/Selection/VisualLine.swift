import Foundation
@_spi(Layout) import TextContent

/// One laid-out line as selection navigation moves through it, whoever answers for it (the
/// layout manager, or any `TextSelectionDataSource`): its characters in document offsets, and
/// its caret stops on screen, left to right, one for every x where a caret can stand.
///
/// Where the text changes direction one offset shows in two places (the trailing edge of the
/// character before it and the leading edge of the character after it: TextKit's caret and its
/// `secondarySelectionLocation`), and one x can stand for two offsets: in "abc אבג" the x
/// between the space and ג is both 4 (after the space) and 7 (after ג, the text's end).
///
/// - A click (`stops`) gets one stop for each x: the position that belongs to the character
///   before it in the paragraph's reading order (the one on its left in a left-to-right
///   paragraph): 4 in the example.
/// - The arrow keys (`keyStops`) stop at every offset an x stands for: at such an x, first at the
///   position of the character on its left, then, one key press later and at the same x, at the
///   position of the character on its right (4, then 7, going right). So every caret position a
///   click gives, and every offset of the line, is reached by moving left or right, except an
///   offset whose every place it shares with another offset of the same character side (one
///   next to a character without width, such as a zero-width joiner or a direction mark).
///
/// An offset that shows in two places keeps the affinity that names which (upstream: attached to
/// the character before it, downstream: to the character after it); any other stop is
/// downstream, except the end of a soft-wrapped line, which is upstream.
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
    /// One stop for every x a caret can stand at, left to right: where a click lands.
    let stops: [Stop]
    /// Every stop the arrow keys visit, left to right: `stops`, and where an x stands for two
    /// offsets (a direction boundary) both, the one of the character on the left first.
    let keyStops: [Stop]
    /// Where the line is in the layout manager (shown paragraph ordinal, line index), when the
    /// layout manager made it.
    var layoutPosition: (ordinal: Int, index: Int)?

    /// The line showing `graphemes` (document offsets, container x, in any order); `emptyX` is
    /// where the caret of a line without graphemes stands.
    init(
        range: Range<Int>, contentEnd: Int, endsInSoftWrap: Bool, isRightToLeft: Bool, graphemes: [GraphemeEdges],
        emptyX: CGFloat
    ) {
        self.range = range
        self.contentEnd = contentEnd
        self.endsInSoftWrap = endsInSoftWrap
        self.isRightToLeft = isRightToLeft
        // Each grapheme gives two positions: its start (downstream) at its leading edge and its
        // end (upstream) at its trailing edge; a separator's end is on the next line. Kept in
        // parallel arrays, checked for order as they are made: a line is made for every line
        // the caret reaches.
        var positions: [Stop] = [], isOnTheLeft: [Bool] = [], keys: [Int] = []
        positions.reserveCapacity(graphemes.count * 2)
        isOnTheLeft.reserveCapacity(graphemes.count * 2)
        keys.reserveCapacity(graphemes.count * 2)
        // Left-to-right text comes in both orders already: it is sorted only when it is not.
        var inOffsetOrder = true, inXOrder = true
        func add(_ stop: Stop, onTheLeft: Bool) {
            let key = Int((stop.x * 64).rounded())
            if let last = positions.last, let lastKey = keys.last {
                if (last.offset, lastKey) > (stop.offset, key) { inOffsetOrder = false }
                if lastKey > key { inXOrder = false }
            }
            positions.append(stop)
            isOnTheLeft.append(onTheLeft)
            keys.append(key)
        }
        for grapheme in graphemes
        where grapheme.range.lowerBound >= range.lowerBound && grapheme.range.lowerBound <= contentEnd {
            let rightToLeft =
                grapheme.leadingX == grapheme.trailingX ? isRightToLeft : grapheme.trailingX < grapheme.leadingX
            // A grapheme's right edge is the position of the character on the left of that x.
            add(
                Stop(x: grapheme.leadingX, offset: grapheme.range.lowerBound, affinity: .downstream),
                onTheLeft: rightToLeft)
            if !grapheme.range.isEmpty, grapheme.range.upperBound <= contentEnd {
                add(
                    Stop(x: grapheme.trailingX, offset: grapheme.range.upperBound, affinity: .upstream),
                    onTheLeft: !rightToLeft)
            }
        }
        if positions.isEmpty {
            add(Stop(x: emptyX, offset: range.lowerBound, affinity: .downstream), onTheLeft: false)
        }
        self.positions = positions
        // The offsets that show in more than one place (at a direction boundary).
        let byOffset =
            inOffsetOrder
            ? nil
            : positions.indices.sorted { (positions[$0].offset, keys[$0]) < (positions[$1].offset, keys[$1]) }
        var twoPlaces = Set<Int>()
        for n in positions.indices.dropFirst() {
            let previous = byOffset?[n - 1] ?? n - 1, next = byOffset?[n] ?? n
            if positions[previous].offset == positions[next].offset, keys[previous] != keys[next] {
                twoPlaces.insert(positions[next].offset)
            }
        }
        func labelled(_ k: Int) -> Stop {
            var stop = positions[k]
            if !twoPlaces.contains(stop.offset) {
                stop.affinity = endsInSoftWrap && stop.offset == range.upperBound ? .upstream : .downstream
            }
            return stop
        }
        // One stop for every x, left to right; and every offset an x stands for, for the keys.
        let byX = inXOrder ? nil : positions.indices.sorted { (keys[$0], $0) < (keys[$1], $1) }
        var stops: [Stop] = [], keyStops: [Stop] = []
        stops.reserveCapacity(positions.count)
        keyStops.reserveCapacity(positions.count)
        var groupStart = 0
        while groupStart < positions.count {
            let key = keys[byX?[groupStart] ?? groupStart]
            var groupEnd = groupStart + 1
            while groupEnd < positions.count, keys[byX?[groupEnd] ?? groupEnd] == key { groupEnd += 1 }
            // The position of the character on the left of this x and of the one on its right;
            // of several (zero-width characters), the furthest on.
            var left: Int?, right: Int?
            for n in groupStart ..< groupEnd {
                let k = byX?[n] ?? n
                if isOnTheLeft[k] {
                    if left.map({ positions[k].offset > positions[$0].offset }) ?? true { left = k }
                } else if right.map({ positions[k].offset > positions[$0].offset }) ?? true {
                    right = k
                }
            }
            // A click: the character before this x in reading order (on its left in a
            // left-to-right paragraph), else the other.
            if let chosen = isRightToLeft ? right ?? left : left ?? right {
                stops.append(labelled(chosen))
                if let left, let right, positions[left].offset != positions[right].offset {
                    keyStops.append(labelled(left))
                    keyStops.append(labelled(right))
                } else {
                    keyStops.append(labelled(chosen))
                }
            }
            groupStart = groupEnd
        }
        func sortedByX(_ stops: [Stop]) -> [Stop] {
            if stops.indices.dropFirst().allSatisfy({ stops[$0 - 1].x <= stops[$0].x }) { return stops }
            return stops.enumerated().sorted { ($0.element.x, $0.offset) < ($1.element.x, $1.offset) }.map(\.element)
        }
        self.stops = sortedByX(stops)
        self.keyStops = sortedByX(keyStops)
    }

    /// Makes the line of a left-to-right paragraph in one pass, when its graphemes follow each
    /// other left to right edge to edge, each wider than nothing (most lines): the same line
    /// `init(range:contentEnd:endsInSoftWrap:isRightToLeft:graphemes:emptyX:)` makes, its offsets
    /// moved by `offset` and its x by `x`, without sorting or grouping. `add` refuses the first
    /// grapheme that breaks the pattern, and the caller makes the line the general way.
    struct LeftToRightBuilder {
        let range: Range<Int>
        let contentEnd: Int
        let endsInSoftWrap: Bool
        let offset: Int
        let x: CGFloat
        private var positions: [Stop] = []
        private var stops: [Stop] = []
        private var previous: GraphemeEdges?
        /// Whether the previous grapheme's end is a position (it is not before a line break).
        private var previousEnds = false

        init(range: Range<Int>, contentEnd: Int, endsInSoftWrap: Bool, offset: Int, x: CGFloat, capacity: Int) {
            self.range = range
            self.contentEnd = contentEnd
            self.endsInSoftWrap = endsInSoftWrap
            self.offset = offset
            self.x = x
            positions.reserveCapacity(capacity * 2)
            stops.reserveCapacity(capacity + 1)
        }

        private static func key(_ x: CGFloat) -> Int { Int((x * 64).rounded()) }

        private func stop(_ x: CGFloat, _ at: Int, _ affinity: Affinity) -> Stop {
            Stop(x: x + self.x, offset: at + offset, affinity: affinity)
        }

        /// The affinity the general way gives a stop at `at` where the text keeps its direction.
        private func affinity(at: Int) -> Affinity {
            endsInSoftWrap && at == range.upperBound ? .upstream : .downstream
        }

        /// Adds the next grapheme in logical order; false when the line is not of this kind.
        mutating func add(_ grapheme: GraphemeEdges) -> Bool {
            let start = grapheme.range.lowerBound, end = grapheme.range.upperBound
            guard start >= range.lowerBound, start <= contentEnd else { return previous == nil }
            guard grapheme.trailingX >= grapheme.leadingX else { return false }
            if let previous {
                // Its end and this start are one offset at one x: one stop, made already.
                guard previousEnds, start == previous.range.upperBound,
                    Self.key(grapheme.leadingX) == Self.key(previous.trailingX)
                else { return false }
            } else {
                stops.append(stop(grapheme.leadingX, start, affinity(at: start)))
            }
            positions.append(stop(grapheme.leadingX, start, .downstream))
            previousEnds = !grapheme.range.isEmpty && end <= contentEnd
            if previousEnds {
                guard Self.key(grapheme.trailingX) > Self.key(grapheme.leadingX) else { return false }
                positions.append(stop(grapheme.trailingX, end, .upstream))
                stops.append(stop(grapheme.trailingX, end, affinity(at: end)))
            }
            previous = grapheme
            return true
        }

        /// The line; nil when it showed no grapheme.
        func finish() -> VisualLine? {
            guard !positions.isEmpty else { return nil }
            return VisualLine(
                range: range.lowerBound + offset ..< range.upperBound + offset, contentEnd: contentEnd + offset,
                endsInSoftWrap: endsInSoftWrap, isRightToLeft: false, positions: positions, stops: stops,
                keyStops: stops)
        }
    }

    private init(
        range: Range<Int>, contentEnd: Int, endsInSoftWrap: Bool, isRightToLeft: Bool, positions: [Stop], stops: [Stop],
        keyStops: [Stop]
    ) {
        self.range = range
        self.contentEnd = contentEnd
        self.endsInSoftWrap = endsInSoftWrap
        self.isRightToLeft = isRightToLeft
        self.positions = positions
        self.stops = stops
        self.keyStops = keyStops
    }

    /// The same line with its offsets moved by `offset` and its x by `x` (a line made once in
    /// its own coordinates, placed where its paragraph and fragment are).
    func translated(offset: Int, x: CGFloat) -> VisualLine {
        func moved(_ stop: Stop) -> Stop { Stop(x: stop.x + x, offset: stop.offset + offset, affinity: stop.affinity) }
        return VisualLine(
            range: range.lowerBound + offset ..< range.upperBound + offset, contentEnd: contentEnd + offset,
            endsInSoftWrap: endsInSoftWrap, isRightToLeft: isRightToLeft,
            positions: positions.map(moved), stops: stops.map(moved),
            keyStops: keyStops.count == stops.count ? stops.map(moved) : keyStops.map(moved))
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

    /// The index in `keyStops` of the caret at `offset` with `affinity`; else of the stop of
    /// that offset nearest its x, else of the stop nearest its x (a caret inside a grapheme).
    func keyStopIndex(of offset: Int, affinity: Affinity) -> Int? {
        if let exact = keyStops.firstIndex(where: { $0.offset == offset && $0.affinity == affinity }) { return exact }
        guard let x = x(of: offset, affinity: affinity) else { return nil }
        let distance = { (index: Int) in abs(self.keyStops[index].x - x) }
        if let same = keyStops.indices.filter({ keyStops[$0].offset == offset }).min(by: { distance($0) < distance($1) }
        ) {
            return same
        }
        return keyStops.indices.min { distance($0) < distance($1) }
    }

    /// The index of the stop nearest `x`.
    func nearestStopIndex(to x: CGFloat) -> Int? {
        stops.indices.min { abs(stops[$0].x - x) < abs(stops[$1].x - x) }
    }

    /// For an `x` beside the line, past its last stop in the paragraph's direction or before its
    /// first: the stop (one the arrow keys visit) of the line's last offset, or of its first;
    /// nil for an `x` within the line.
    func stop(beside x: CGFloat) -> Stop? {
        guard let first = stops.first, let last = stops.last, x < first.x || x > last.x else { return nil }
        let pastEnd = (x > last.x) != isRightToLeft
        return pastEnd ? keyStops.max { $0.offset < $1.offset } : keyStops.min { $0.offset < $1.offset }
    }

    /// The stops the arrow keys visit, in the paragraph's reading order.
    var keyStopsInReadingOrder: [Stop] {
        isRightToLeft ? keyStops.reversed() : keyStops
    }
}
