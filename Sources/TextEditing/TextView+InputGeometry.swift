import Foundation
import TextContent
import TextLayout

/// Geometry an input method and a host ask the view for (AppKit's `NSTextInputClient`, the
/// geometry half of UIKit's `UITextInput`): rectangles of characters, carets and selections,
/// and the characters under points. Everything is in container coordinates (y down).
extension TextView {
    /// UIKit's `firstRect(for:)`: the first rectangle of `range`, as
    /// `firstRect(forCharacterRange:actualRange:)` gives it.
    public func firstRect(for range: NSRange) -> CGRect {
        var actual: NSRange?
        return firstRect(forCharacterRange: range, actualRange: &actual)
    }

    /// The rectangle of the first line piece of `range` (container coordinates), and in
    /// `actualRange` the part of the range it covers. A range running past the end is clipped to
    /// the text (an empty one at the end gives the end caret's rectangle); a range wholly
    /// outside the text (starting past its end, a negative location or length, `NSNotFound`)
    /// gives `.null` and leaves `actualRange` alone.
    public func firstRect(forCharacterRange range: NSRange, actualRange: inout NSRange?) -> CGRect {
        let length = textContentStorage.utf16Length
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0, range.location <= length else {
            return .null
        }
        let offsets = range.location ..< range.location + min(range.length, length - range.location)
        guard let textRange = textContentStorage.textRange(for: offsets) else { return .null }
        var first: (range: TextRange?, rect: CGRect)?
        _ = textLayoutManager.enumerateTextSegments(in: textRange, type: offsets.isEmpty ? .standard : .selection) {
            segment, rect, _, _ in
            first = (segment, rect)
            return false
        }
        guard let first else { return .null }
        if let segment = first.range, let found = try? textContentStorage.offsets(of: segment) {
            actualRange = NSRange(location: found.lowerBound, length: found.count)
        } else {
            actualRange = NSRange(location: offsets.lowerBound, length: 0)
        }
        return first.rect
    }

    /// The offset of the character whose caret position is nearest `point` (container
    /// coordinates); `NSNotFound` for an empty document or a NaN point.
    public func characterIndex(for point: CGPoint) -> Int {
        guard let (location, _) = textLayoutManager.caretPosition(closestTo: point),
            let offset = try? textContentStorage.offset(of: location)
        else { return NSNotFound }
        return offset
    }

    /// The caret's rectangle at `offset` (container coordinates, one point wide, the line's
    /// height); `.null` outside the text. `affinity` says which of an offset's two places the
    /// caret is at: at a soft wrap, upstream is the end of the line before, downstream the start
    /// of the next; where the text changes direction, upstream is after the character before the
    /// offset, downstream before the character after it.
    public func caretRect(for offset: Int, affinity: TextSelection.Affinity = .downstream) -> CGRect {
        guard offset >= 0, offset <= textContentStorage.utf16Length,
            let segment = textLayoutManager.caretSegment(atOffset: offset, upstream: affinity == .upstream)
        else { return .null }
        return CGRect(x: segment.minX, y: segment.minY, width: 1, height: segment.height)
    }

    /// The caret position nearest `point`, as an offset; nil for an empty document.
    public func closestPosition(to point: CGPoint) -> Int? {
        let index = characterIndex(for: point)
        return index == NSNotFound ? nil : index
    }

    /// The caret position nearest `point` inside `range`.
    public func closestPosition(to point: CGPoint, within range: NSRange) -> Int? {
        guard let offsets = offsets(of: range), let nearest = closestPosition(to: point) else { return nil }
        return min(max(nearest, offsets.lowerBound), offsets.upperBound)
    }

    /// The rectangles a selection of `range` is drawn with (UIKit's `selectionRects(for:)`): one
    /// per visually contiguous piece of a line written in one direction, lines top to bottom and
    /// left to right within a line; a piece of a line the selection runs past reaches the line's
    /// end (as a selection is drawn). The piece holding the selection's first character has
    /// `containsStart`, the one holding its last `containsEnd` (in mixed-direction text these
    /// can be anywhere on their lines). An empty range gives the caret's rectangle (zero wide),
    /// with both, in the paragraph's direction (none in an empty document, which has no caret
    /// rectangle either: see `caretRect(for:affinity:)`). A range not in the document
    /// (`NSNotFound`, negative, overflowing, past the end) gives none.
    public func selectionRects(for range: NSRange) -> [TextSelectionRect] {
        guard let offsets = offsets(of: range), let textRange = textContentStorage.textRange(for: offsets) else {
            return []
        }
        var segments: [(range: Range<Int>, rect: CGRect)] = []
        _ = textLayoutManager.enumerateTextSegments(in: textRange, type: .selection) { segment, rect, _, _ in
            let found =
                segment.flatMap { try? textContentStorage.offsets(of: $0) } ?? offsets.lowerBound ..< offsets.lowerBound
            segments.append((found, rect))
            return true
        }
        if offsets.isEmpty {
            return segments.prefix(1).map {
                TextSelectionRect(
                    rect: $0.rect, writingDirection: baseWritingDirection(for: offsets.lowerBound), containsStart: true,
                    containsEnd: true, range: NSRange(location: offsets.lowerBound, length: 0))
            }
        }
        var pieces: [(range: Range<Int>, rect: CGRect, direction: TextSelectionNavigation.WritingDirection)] = []
        var line: LineGraphemes?
        for segment in segments {
            if line.map({ !$0.holds(segment.range.lowerBound) || $0.minY != segment.rect.minY }) ?? true {
                line = lineGraphemes(at: segment.range.lowerBound)
                line?.minY = segment.rect.minY
            }
            pieces += Self.directionRuns(
                of: segment, in: line, base: baseWritingDirection(for: segment.range.lowerBound))
        }
        let first = pieces.indices.min { pieces[$0].range.lowerBound < pieces[$1].range.lowerBound }
        let last = pieces.indices.max { pieces[$0].range.upperBound < pieces[$1].range.upperBound }
        return pieces.indices.map { index in
            let piece = pieces[index]
            return TextSelectionRect(
                rect: piece.rect, writingDirection: piece.direction, containsStart: index == first,
                containsEnd: index == last, range: NSRange(location: piece.range.lowerBound, length: piece.range.count))
        }
    }

    /// The character (grapheme cluster) whose box holds `point` (UIKit's `characterRange(at:)`):
    /// between its two edges on its line, within the line's height. Nil for a point over no
    /// character: above, below or beside the text, past a line's end, over an empty line, or
    /// not a number.
    ///
    /// ```swift
    /// let under = view.characterRange(at: click)   // {4, 2} over "👍" at offset 4
    /// ```
    public func characterRange(at point: CGPoint) -> NSRange? {
        grapheme(at: point).map { NSRange(location: $0.range.lowerBound, length: $0.range.count) }
    }

    /// How far `point` is through the character under it, from 0 at its leading edge (where
    /// its reading starts: the left edge of a left-to-right character, the right edge of a
    /// right-to-left one) to 1 at its trailing edge (AppKit's `fractionOfDistanceThroughGlyph(for:)`):
    /// past 0.5, a caret placed by the point goes after the character. 0 for a point over no
    /// character (see `characterRange(at:)`).
    public func fractionOfDistanceThroughGlyph(for point: CGPoint) -> CGFloat {
        guard let hit = grapheme(at: point), hit.rect.width > 0 else { return 0 }
        let distance = hit.direction == .leftToRight ? point.x - hit.rect.minX : hit.rect.maxX - point.x
        return min(max(distance / hit.rect.width, 0), 1)
    }

    /// The distance from the top of the rectangle `firstRect(forCharacterRange:actualRange:)`
    /// gives for the character at `index` down to its baseline (AppKit's
    /// `baselineDeltaForCharacter(at:)`, in container coordinates, y down; in AppKit's unflipped
    /// screen coordinates, measured from the bottom, that is the rectangle's height less this).
    /// `index` may be the document's length (the end caret's line). 0 for an index outside
    /// the document (negative, past the end, `NSNotFound`).
    public func baselineDeltaForCharacter(at index: Int) -> CGFloat {
        guard (0 ... textContentStorage.utf16Length).contains(index),
            let caret = textContentStorage.textRange(for: index ..< index)
        else { return 0 }
        var delta: CGFloat = 0
        _ = textLayoutManager.enumerateTextSegments(in: caret, type: .standard) { _, _, baseline, _ in
            delta = baseline
            return false
        }
        return delta
    }

    // MARK: Graphemes on a line

    /// The graphemes of one line with their two caret edges (container coordinates), in
    /// logical order, as selection navigation has them.
    struct LineGraphemes {
        struct Grapheme {
            var range: Range<Int>
            var leadingX: CGFloat
            /// Nil for a line's separator (it has no trailing edge on its line).
            var trailingX: CGFloat?
        }
        var graphemes: [Grapheme]
        var minY: CGFloat = .nan

        func holds(_ offset: Int) -> Bool {
            guard let first = graphemes.first, let last = graphemes.last else { return false }
            return first.range.lowerBound <= offset && offset < last.range.upperBound
        }
    }

    /// The graphemes of the line holding `offset` (at a soft wrap, the line it starts).
    func lineGraphemes(at offset: Int) -> LineGraphemes? {
        guard let location = textContentStorage.textRange(for: offset ..< offset)?.location else { return nil }
        var edges: [Int: (leading: CGFloat?, trailing: CGFloat?)] = [:]
        textLayoutManager.enumerateCaretOffsetsInLineFragment(at: location) { x, location, leadingEdge, _ in
            guard let start = try? textContentStorage.offset(of: location) else { return }
            if leadingEdge {
                edges[start, default: (nil, nil)].leading = x
            } else {
                edges[start, default: (nil, nil)].trailing = x
            }
        }
        let starts = edges.keys.sorted()
        guard !starts.isEmpty else { return nil }
        var graphemes: [LineGraphemes.Grapheme] = []
        for (index, start) in starts.enumerated() {
            guard let leading = edges[start]?.leading else { continue }
            let end =
                index + 1 < starts.count
                ? starts[index + 1] : textContentStorage.snappedToGraphemeClusters(start ..< start + 1).upperBound
            graphemes.append(
                .init(range: start ..< max(start + 1, end), leadingX: leading, trailingX: edges[start]?.trailing))
        }
        return LineGraphemes(graphemes: graphemes)
    }

    /// The character (grapheme cluster) whose selection rectangle holds `point`, with that
    /// rectangle and its direction. Looked for among the characters next to the caret position
    /// nearest the point (a character's edges are caret positions) and those of its line whose
    /// caret edges are nearest the point, each checked against its selection rectangle (what
    /// is drawn); a line's separator (whose selection reaches the line's end) is no character
    /// under a point.
    func grapheme(
        at point: CGPoint
    ) -> (range: Range<Int>, rect: CGRect, direction: TextSelectionNavigation.WritingDirection)? {
        guard point.x.isFinite, point.y.isFinite,
            let (location, affinity) = textLayoutManager.caretPosition(closestTo: point),
            let caret = try? textContentStorage.offset(of: location)
        else { return nil }
        let length = textContentStorage.utf16Length
        var candidates: [Range<Int>] = []
        if caret < length { candidates.append(textContentStorage.snappedToGraphemeClusters(caret ..< caret + 1)) }
        if caret > 0 { candidates.append(textContentStorage.snappedToGraphemeClusters(caret - 1 ..< caret)) }
        // At a soft wrap an upstream caret ends the line before.
        let lineOffset =
            affinity == .upstream && caret > 0
            ? textContentStorage.snappedToGraphemeClusters(caret - 1 ..< caret).lowerBound : caret
        let line = lineGraphemes(at: lineOffset)
        if let line {
            func distance(_ grapheme: LineGraphemes.Grapheme) -> CGFloat {
                let edges = [grapheme.leadingX, grapheme.trailingX ?? grapheme.leadingX]
                return max(0, (edges.min() ?? 0) - point.x, point.x - (edges.max() ?? 0))
            }
            let nearest = line.graphemes.filter { $0.trailingX != nil }.sorted { distance($0) < distance($1) }.prefix(3)
            candidates += nearest.map { textContentStorage.snappedToGraphemeClusters($0.range) }
        }
        var seen = Set<Int>()
        for range in candidates where !range.isEmpty && seen.insert(range.lowerBound).inserted {
            let first = textContentStorage.exactText(range.lowerBound ..< range.lowerBound + 1).utf16.first
            guard ![0x0A, 0x0D, 0x2028, 0x2029].contains(first),
                let textRange = textContentStorage.textRange(for: range)
            else { continue }
            var found: CGRect?
            textLayoutManager.enumerateTextSegments(in: textRange, type: .selection) { _, rect, _, _ in
                if rect.minX <= point.x, point.x < rect.maxX, rect.minY <= point.y, point.y < rect.maxY { found = rect }
                return found == nil
            }
            guard let found else { continue }
            // Its direction: which way its caret edges go (in a line of one direction, the line's).
            let edges = line?.graphemes.first { $0.range.lowerBound == range.lowerBound }
            let direction: TextSelectionNavigation.WritingDirection
            if let edges, let trailing = edges.trailingX, trailing != edges.leadingX {
                direction = trailing > edges.leadingX ? .leftToRight : .rightToLeft
            } else {
                direction = baseWritingDirection(for: range.lowerBound)
            }
            return (range, found, direction)
        }
        return nil
    }

    /// A segment of a selection cut where the direction of its characters changes: each piece
    /// a run of graphemes side by side on screen, written one way, that follow each other in
    /// the text. The first piece starts where the segment does and the last ends where it does
    /// (a segment reaching the line's end keeps its reach). Without graphemes (a line's
    /// separator alone), the segment whole, in the paragraph's direction `base`.
    static func directionRuns(
        of segment: (range: Range<Int>, rect: CGRect), in line: LineGraphemes?,
        base: TextSelectionNavigation.WritingDirection
    )
        -> [(range: Range<Int>, rect: CGRect, direction: TextSelectionNavigation.WritingDirection)]
    {
        typealias Run = (
            range: Range<Int>, minX: CGFloat, maxX: CGFloat, direction: TextSelectionNavigation.WritingDirection
        )
        let shown = (line?.graphemes ?? []).compactMap { grapheme -> Run? in
            guard let trailing = grapheme.trailingX, trailing != grapheme.leadingX,
                grapheme.range.lowerBound >= segment.range.lowerBound,
                grapheme.range.lowerBound < segment.range.upperBound
            else { return nil }
            let range = grapheme.range.lowerBound ..< min(grapheme.range.upperBound, segment.range.upperBound)
            return (
                range, min(grapheme.leadingX, trailing), max(grapheme.leadingX, trailing),
                trailing > grapheme.leadingX ? .leftToRight : .rightToLeft
            )
        }.sorted { $0.minX < $1.minX }
        var runs: [Run] = []
        for grapheme in shown {
            if let last = runs.last, last.direction == grapheme.direction,
                last.direction == .leftToRight
                    ? grapheme.range.lowerBound == last.range.upperBound
                    : grapheme.range.upperBound == last.range.lowerBound
            {
                runs[runs.count - 1] = (
                    min(last.range.lowerBound, grapheme.range.lowerBound)
                        ..< max(last.range.upperBound, grapheme.range.upperBound),
                    last.minX, max(last.maxX, grapheme.maxX), last.direction
                )
            } else {
                runs.append(grapheme)
            }
        }
        guard !runs.isEmpty else { return [(segment.range, segment.rect, base)] }
        // The segment's own extent at either end (reaching a line's end, its separator), and
        // its rectangle holding every piece (a hanging space is drawn no further than it); the
        // segment is one piece on screen, so each piece reaches the next.
        runs[0].minX = segment.rect.minX
        runs[runs.count - 1].maxX = segment.rect.maxX
        for index in runs.indices.dropLast() { runs[index].maxX = runs[index + 1].minX }
        return runs.map { run in
            let minX = min(max(run.minX, segment.rect.minX), segment.rect.maxX),
                maxX = min(max(run.maxX, minX), segment.rect.maxX)
            return (
                run.range, CGRect(x: minX, y: segment.rect.minY, width: maxX - minX, height: segment.rect.height),
                run.direction
            )
        }
    }
}
