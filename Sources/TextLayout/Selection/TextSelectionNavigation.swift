import Foundation
@_spi(Layout) import TextContent

/// Moves selections through text: TextKit's `NSTextSelectionNavigation`. It asks its data source
/// for units of text, lines and caret positions, and answers with new selections; it changes
/// nothing itself. The source is usually a `TextLayoutManager` (asked directly, without going
/// through locations), but any `TextSelectionDataSource` will do: then only its protocol is asked.
///
/// ```swift
/// let navigation = layoutManager.textSelectionNavigation
/// let caret = layoutManager.textSelections[0]
/// if let moved = navigation.destinationSelection(for: caret, direction: .right, destination: .character,
///                                                extending: false, confined: false) {
///     layoutManager.textSelections = [moved]
/// }
/// ```
public final class TextSelectionNavigation {
    /// Which way to move: logically (forward, backward) or on screen (left, right, up, down).
    public enum Direction: Sendable, Equatable, CaseIterable {
        case forward, backward, right, left, up, down
    }

    /// How far to move.
    public enum Destination: Sendable, Equatable, CaseIterable {
        case character, word, line, sentence, paragraph, container, document
    }

    /// How a click or drag selects.
    public struct Modifier: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// Extend the selection from its anchor (shift-click).
        public static let extend = Modifier(rawValue: 1 << 0)
        /// Select visually (a rectangle of lines in mixed-direction text).
        public static let visual = Modifier(rawValue: 1 << 1)
        /// Add a selection (one per line).
        public static let multiple = Modifier(rawValue: 1 << 2)
    }

    /// A resolved paragraph direction.
    public enum WritingDirection: Sendable, Equatable {
        case leftToRight, rightToLeft
    }

    public private(set) weak var textSelectionDataSource: (any TextSelectionDataSource)?

    public init(dataSource: any TextSelectionDataSource) {
        textSelectionDataSource = dataSource
    }

    /// Nothing is cached between calls today; kept for TextKit's callers, who call it after
    /// every content change.
    public func flushLayoutCache() {}

    /// The data source as navigation reads it: the layout manager directly, any other source
    /// through its protocol; nil when the source is gone.
    var navigationSource: (any NavigationOffsetReading)? {
        guard let dataSource = textSelectionDataSource else { return nil }
        if let manager = dataSource as? TextLayoutManager { return manager }
        return DataSourceOffsetReader(source: dataSource)
    }

    // MARK: Moving

    /// Where `selection` goes when moved in `direction` by `destination`; nil when it cannot
    /// move (no data source, a location not of this text). `extending` moves only the selection's
    /// head (the edge its affinity names) and keeps its anchor; `confined` keeps the result in the
    /// text of the paragraph it starts in (a move that would leave it stops at its start or at
    /// the end of its text, before the separator). Several ranges move each, and merge where they
    /// meet.
    ///
    /// By paragraphs, a move goes to the end of the paragraph's text (forward) or its start
    /// (backward), and from there on to the next or previous one: AppKit's
    /// `moveParagraphForward:` and `moveParagraphBackward:`. Confined, it stays in its paragraph:
    /// `moveToEndOfParagraph:` and `moveToBeginningOfParagraph:`, which leave a caret already
    /// there, or in an empty paragraph, where it is.
    ///
    /// Left and right by characters move on screen, through every caret position of the line
    /// (see `VisualLine`): where the text changes direction one x can stand for two offsets (the
    /// end of the run on each side), and TextKit shows the caret there with a
    /// `secondarySelectionLocation`. A click lands on the position of the character before that
    /// x in reading order; the arrow keys stop at both, one key press each, the caret keeping its
    /// x: in "abc אבג", right goes 0 1 2 3 4 7 6 5 4 (4 and 7 at one x, the second 4 at the
    /// line's right end). So every position a click gives, and every offset of the line, is
    /// reached from the keyboard.
    public func destinationSelection(
        for selection: TextSelection, direction: Direction, destination: Destination, extending: Bool, confined: Bool
    ) -> TextSelection? {
        guard let source = navigationSource else { return nil }
        var anchorX = selection.anchorPositionOffset
        var ranges: [TextRange] = []
        var affinity = selection.affinity
        for range in selection.textRanges {
            guard let lower = source.documentOffset(of: range.location),
                let upper = source.documentOffset(of: range.endLocation)
            else { return nil }
            let headIsStart = !range.isEmpty && selection.affinity == .upstream
            let head = headIsStart ? lower : upper
            let anchor = headIsStart ? upper : lower
            var from = head
            var fromAffinity = range.isEmpty ? selection.affinity : (headIsStart ? .downstream : .upstream)
            if !extending, lower != upper {
                // A range collapses toward the move: to its start going back or left (in a
                // left-to-right paragraph), to its end going on.
                let towardStart = Self.movesTowardStart(direction, rightToLeft: source.isRightToLeft(at: lower))
                from = towardStart ? lower : upper
                fromAffinity = towardStart ? .downstream : .upstream
                if destination == .character, direction != .up, direction != .down {
                    ranges.append(TextRange(location: source.documentLocation(from) ?? range.location))
                    affinity = .downstream
                    continue
                }
            }
            guard
                var moved = move(
                    from, affinity: fromAffinity, direction: direction, destination: destination, anchorX: &anchorX,
                    in: source)
            else { return nil }
            if confined, let paragraph = source.paragraphContentRange(at: from) {
                // Kept to the paragraph's text: its separator is not in it, and the next
                // paragraph's start is not either.
                let clamped = min(max(moved.offset, paragraph.lowerBound), paragraph.upperBound)
                if clamped != moved.offset { moved = (clamped, .downstream) }
            }
            if extending {
                let lowerEdge = min(anchor, moved.offset), upperEdge = max(anchor, moved.offset)
                guard let textRange = source.textRange(lowerEdge ..< upperEdge) else { return nil }
                ranges.append(textRange)
                affinity = moved.offset < anchor ? .upstream : .downstream
            } else {
                guard let location = source.documentLocation(moved.offset) else { return nil }
                ranges.append(TextRange(location: location))
                affinity = moved.affinity
            }
        }
        guard
            var result = TextSelection(
                ranges, affinity: affinity, granularity: extending ? selection.granularity : .character)
        else { return nil }
        result.typingAttributes = selection.typingAttributes
        // Up and down keep the column they started from; every other move starts a new one.
        result.anchorPositionOffset = direction == .up || direction == .down ? anchorX : nil
        // A caret moved on screen to where the text changes direction shows in two places (its
        // affinity names which is the caret): the other is its secondary location, and the
        // selection is no longer a logical one (TextKit's `secondarySelectionLocation`).
        if !extending, direction == .left || direction == .right, destination == .character, result.isInsertionPoint,
            let location = result.textRanges.first?.location, let offset = source.documentOffset(of: location),
            let line = source.visualLine(at: offset, upstream: result.affinity == .upstream),
            Set(line.positions.lazy.filter { $0.offset == offset }.map { Int(($0.x * 64).rounded()) }).count > 1
        {
            result.secondarySelectionLocation = location
        }
        return result
    }

    /// Where a caret at `offset` goes; `anchorX` is the column up and down keep (set on the
    /// first vertical move).
    private func move(
        _ offset: Int, affinity: TextSelection.Affinity, direction: Direction, destination: Destination,
        anchorX: inout CGFloat?, in source: any NavigationOffsetReading
    ) -> (offset: Int, affinity: TextSelection.Affinity)? {
        let length = source.documentLength
        switch (direction, destination) {
        case (_, .document), (_, .container):
            return Self.movesTowardStart(direction, rightToLeft: false) ? (0, .downstream) : (length, .downstream)
        case (.up, _), (.down, _):
            return verticalMove(offset, affinity: affinity, down: direction == .down, anchorX: &anchorX, in: source)
        case (.left, .character), (.right, .character):
            return visualMove(offset, affinity: affinity, right: direction == .right, in: source)
        case (.left, _), (.right, _):
            // Left and right by words, lines or paragraphs go the paragraph's way.
            let forward = (direction == .right) != source.isRightToLeft(at: offset)
            return logicalMove(offset, affinity: affinity, forward: forward, destination: destination, in: source)
        case (.forward, _), (.backward, _):
            return logicalMove(
                offset, affinity: affinity, forward: direction == .forward, destination: destination, in: source)
        }
    }

    /// Whether a move in `direction` collapses a range to its start.
    private static func movesTowardStart(_ direction: Direction, rightToLeft: Bool) -> Bool {
        switch direction {
        case .backward, .up: return true
        case .forward, .down: return false
        case .left: return !rightToLeft
        case .right: return rightToLeft
        }
    }

    /// Forward or backward by a unit of text.
    private func logicalMove(
        _ offset: Int, affinity: TextSelection.Affinity, forward: Bool, destination: Destination,
        in source: any NavigationOffsetReading
    ) -> (offset: Int, affinity: TextSelection.Affinity)? {
        switch destination {
        case .character:
            if forward {
                guard let cluster = source.enclosingSegment(.character, at: offset), offset < source.documentLength
                else { return (offset, .downstream) }
                return (
                    cluster.lowerBound == offset ? cluster.upperBound : max(offset, cluster.upperBound), .downstream
                )
            }
            guard offset > 0, let cluster = source.enclosingSegment(.character, at: offset - 1) else {
                return (0, .downstream)
            }
            return (cluster.lowerBound, .downstream)
        case .word, .sentence, .paragraph:
            let kind: TextUnitKind = destination == .word ? .word : destination == .sentence ? .sentence : .paragraph
            var target = forward ? source.documentLength : 0
            source.forEachSegment(of: kind, from: offset, reverse: !forward) { segment in
                // Forward: the end of the unit around or after the caret; backward: the start of
                // the unit before or around it.
                if forward, segment.range.upperBound > offset {
                    target = segment.range.upperBound
                    return false
                }
                if !forward, segment.range.lowerBound < offset {
                    target = segment.range.lowerBound
                    return false
                }
                return true
            }
            return (target, .downstream)
        case .line:
            guard let line = source.visualLine(at: offset, upstream: affinity == .upstream) else {
                return (offset, affinity)
            }
            if forward {
                // The end of the line: before its break, or at a soft wrap, staying on this line.
                return (line.contentEnd, line.endsInSoftWrap ? .upstream : .downstream)
            }
            return (line.range.lowerBound, .downstream)
        case .container, .document:
            return (forward ? source.documentLength : 0, .downstream)
        }
    }

    /// One caret stop left or right on screen: through every key stop of the line in screen
    /// order (both places of an offset where the text changes direction, told apart by
    /// affinity, and both offsets of an x that stands for two), then onto the next or previous
    /// line the paragraph's way.
    private func visualMove(
        _ offset: Int, affinity: TextSelection.Affinity, right: Bool, in source: any NavigationOffsetReading
    ) -> (offset: Int, affinity: TextSelection.Affinity)? {
        guard let line = source.visualLine(at: offset, upstream: affinity == .upstream) else {
            return (offset, affinity)
        }
        let stops = line.keyStops
        guard let index = line.keyStopIndex(of: offset, affinity: affinity) else {
            return logicalMove(
                offset, affinity: affinity, forward: right != line.isRightToLeft, destination: .character, in: source)
        }
        let next = right ? index + 1 : index - 1
        if stops.indices.contains(next) {
            return (stops[next].offset, stops[next].affinity)
        }
        // Past the line's edge: onto the line after it (going the paragraph's way) or before it.
        // A wrapped line's end and the next line's start are one offset: moving skips it.
        if right != line.isRightToLeft {
            guard let following = source.visualLine(after: line) else { return (offset, affinity) }
            guard let first = following.keyStopsInReadingOrder.first(where: { $0.offset != offset }) else {
                return (following.range.lowerBound, .downstream)
            }
            return (first.offset, first.affinity)
        }
        guard let preceding = source.visualLine(before: line) else { return (offset, affinity) }
        guard let last = preceding.keyStopsInReadingOrder.last(where: { $0.offset != offset }) else {
            return (preceding.range.lowerBound, .downstream)
        }
        return (last.offset, last.affinity)
    }

    /// One line up or down, keeping the column `anchorX` (container coordinates).
    private func verticalMove(
        _ offset: Int, affinity: TextSelection.Affinity, down: Bool, anchorX: inout CGFloat?,
        in source: any NavigationOffsetReading
    ) -> (offset: Int, affinity: TextSelection.Affinity)? {
        guard let line = source.visualLine(at: offset, upstream: affinity == .upstream) else {
            return (offset, affinity)
        }
        let x = anchorX ?? line.x(of: offset, affinity: affinity) ?? line.stops.first?.x ?? 0
        anchorX = x
        guard let target = down ? source.visualLine(after: line) : source.visualLine(before: line) else {
            // No line there: the start or the end of the document, as text views do.
            return down ? (source.documentLength, .downstream) : (0, .downstream)
        }
        // Stops never pass a line's break; a wrapped line's end stays on that line (upstream).
        guard let index = target.nearestStopIndex(to: x) else { return (target.range.lowerBound, .downstream) }
        return (target.stops[index].offset, target.stops[index].affinity)
    }
}
