import Foundation
import TextContent

/// Moves selections through text: TextKit's `NSTextSelectionNavigation`. It asks its data source
/// (a `TextLayoutManager`) for units of text, lines and caret positions, and answers with new
/// selections; it changes nothing itself.
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

    // MARK: Moving

    /// Where `selection` goes when moved in `direction` by `destination`; nil when it cannot
    /// move (no data source, a location not of this text). `extending` moves only the selection's
    /// head (the edge its affinity names) and keeps its anchor; `confined` keeps the result in the
    /// paragraph it starts in. Several ranges move each, and merge where they meet.
    public func destinationSelection(
        for selection: TextSelection, direction: Direction, destination: Destination, extending: Bool, confined: Bool
    ) -> TextSelection? {
        guard let source = textSelectionDataSource as? TextLayoutManager else {
            return nil  // only the layout manager's offsets are read here for now
        }
        var anchorX = selection.anchorPositionOffset
        var ranges: [TextRange] = []
        var affinity = selection.affinity
        for range in selection.textRanges {
            guard let lower = source.documentOffset(of: range.location), let upper = source.documentOffset(of: range.endLocation) else { return nil }
            let headIsStart = !range.isEmpty && selection.affinity == .upstream
            let head = headIsStart ? lower : upper
            let anchor = headIsStart ? upper : lower
            var from = head
            var fromAffinity = range.isEmpty ? selection.affinity : (headIsStart ? .downstream : .upstream)
            if !extending, lower != upper {
                // A range collapses toward the move: to its start going back or left (in a
                // left-to-right paragraph), to its end going on.
                let towardStart = Self.movesTowardStart(direction, rightToLeft: source.baseWritingDirection(at: range.location) == .rightToLeft)
                from = towardStart ? lower : upper
                fromAffinity = towardStart ? .downstream : .upstream
                if destination == .character, direction != .up, direction != .down {
                    ranges.append(TextRange(location: source.documentLocation(from) ?? range.location))
                    affinity = .downstream
                    continue
                }
            }
            guard var moved = move(from, affinity: fromAffinity, direction: direction, destination: destination, anchorX: &anchorX, in: source)
            else { return nil }
            if confined, let paragraph = source.enclosingSegment(.paragraph, at: from) {
                moved.offset = min(max(moved.offset, paragraph.lowerBound), paragraph.upperBound)
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
        guard var result = TextSelection(ranges, affinity: affinity, granularity: extending ? selection.granularity : .character) else { return nil }
        result.typingAttributes = selection.typingAttributes
        // Up and down keep the column they started from; every other move starts a new one.
        result.anchorPositionOffset = direction == .up || direction == .down ? anchorX : nil
        return result
    }

    /// Where a caret at `offset` goes; `anchorX` is the column up and down keep (set on the
    /// first vertical move).
    private func move(
        _ offset: Int, affinity: TextSelection.Affinity, direction: Direction, destination: Destination,
        anchorX: inout CGFloat?, in source: TextLayoutManager
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
            let rightToLeft = source.baseWritingDirection(at: source.documentLocation(offset) ?? source.documentRange.location) == .rightToLeft
            let forward = (direction == .right) != rightToLeft
            return logicalMove(offset, affinity: affinity, forward: forward, destination: destination, in: source)
        case (.forward, _), (.backward, _):
            return logicalMove(offset, affinity: affinity, forward: direction == .forward, destination: destination, in: source)
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
        _ offset: Int, affinity: TextSelection.Affinity, forward: Bool, destination: Destination, in source: TextLayoutManager
    ) -> (offset: Int, affinity: TextSelection.Affinity)? {
        switch destination {
        case .character:
            if forward {
                guard let cluster = source.enclosingSegment(.character, at: offset), offset < source.documentLength else { return (offset, .downstream) }
                return (cluster.lowerBound == offset ? cluster.upperBound : max(offset, cluster.upperBound), .downstream)
            }
            guard offset > 0, let cluster = source.enclosingSegment(.character, at: offset - 1) else { return (0, .downstream) }
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
            guard let line = source.lineInfo(at: offset, upstream: affinity == .upstream) else { return (offset, affinity) }
            if forward {
                // The end of the line: before its break, or at a soft wrap, staying on this line.
                let wraps = line.contentEnd == line.range.upperBound && !line.isLastInParagraph
                return (line.contentEnd, wraps ? .upstream : .downstream)
            }
            return (line.range.lowerBound, .downstream)
        case .container, .document:
            return (forward ? source.documentLength : 0, .downstream)
        }
    }

    /// One caret position left or right on screen: through every caret position of the line in
    /// screen order, then onto the next or previous line the paragraph's way.
    private func visualMove(
        _ offset: Int, affinity: TextSelection.Affinity, right: Bool, in source: TextLayoutManager
    ) -> (offset: Int, affinity: TextSelection.Affinity)? {
        guard let line = source.lineInfo(at: offset, upstream: affinity == .upstream) else { return (offset, affinity) }
        let carets = line.carets
        let rightToLeft = line.line.paragraphIsRightToLeft
        guard let index = carets.firstIndex(where: { $0.offset == offset }) else {
            // Inside a cluster (an edit left it there): to the cluster's edge.
            return logicalMove(offset, affinity: affinity, forward: right != rightToLeft, destination: .character, in: source)
        }
        let next = right ? index + 1 : index - 1
        if carets.indices.contains(next) {
            let target = carets[next].offset
            // The end of a wrapped line is the next line's start: the caret stays on this line.
            let wraps = target == line.range.upperBound && !line.isLastInParagraph
            return (target, wraps ? .upstream : .downstream)
        }
        // Past the line's edge: onto the line after it (going the paragraph's way) or before it.
        // A wrapped line's end and the next line's start are one offset: moving skips it. The
        // line reached is read in its own paragraph's order (the next paragraph may run the
        // other way): going on lands at its start, going back at its end.
        let forward = right != rightToLeft
        func inParagraphOrder(_ line: CaretLine) -> [(x: CGFloat, offset: Int, leadingEdge: Bool)] {
            line.line.paragraphIsRightToLeft ? line.carets.reversed() : line.carets
        }
        if forward {
            guard let following = source.lineInfo(after: line) else { return (offset, affinity) }
            let first = inParagraphOrder(following).first { $0.offset != offset }
            return (first?.offset ?? following.range.lowerBound, .downstream)
        }
        guard let preceding = source.lineInfo(before: line) else { return (offset, affinity) }
        let last = inParagraphOrder(preceding).last { $0.offset != offset && $0.offset <= preceding.contentEnd }
        let target = last?.offset ?? preceding.range.lowerBound
        let wraps = target == preceding.range.upperBound && !preceding.isLastInParagraph
        return (target, wraps ? .upstream : .downstream)
    }

    /// One line up or down, keeping the column `anchorX` (container coordinates).
    private func verticalMove(
        _ offset: Int, affinity: TextSelection.Affinity, down: Bool, anchorX: inout CGFloat?, in source: TextLayoutManager
    ) -> (offset: Int, affinity: TextSelection.Affinity)? {
        guard let line = source.lineInfo(at: offset, upstream: affinity == .upstream) else { return (offset, affinity) }
        let x = anchorX ?? line.x(of: offset) ?? line.carets.first?.x ?? line.frame.minX
        anchorX = x
        guard let target = down ? source.lineInfo(after: line) : source.lineInfo(before: line) else {
            // No line there: the start or the end of the document, as text views do.
            return down ? (source.documentLength, .downstream) : (0, .downstream)
        }
        let found = target.offset(nearest: x)
        // Past a line's end stays before its break; a wrapped line's end stays on that line.
        let clamped = min(found, target.contentEnd)
        let wraps = clamped == target.range.upperBound && !target.isLastInParagraph
        return (clamped, wraps ? .upstream : .downstream)
    }
}
