import Foundation
@_spi(Layout) import TextContent

/// What deleting, clicking and growing a selection to a unit select.
extension TextSelectionNavigation {
    /// The ranges a delete key removes at `selection`: a non-empty selection's ranges as they
    /// are; at a caret, the unit before it (`.backward`) or after it. A character is a whole
    /// grapheme cluster (an emoji ZWJ sequence, a flag, a keycap), except that backward with
    /// `allowsDecomposition` takes a cluster of several code points apart one code point at a
    /// time (a Devanagari or Kannada conjunct, jamo of a Hangul syllable, a letter and its
    /// marks), as TextKit does. By paragraphs, a caret deletes to its paragraph's start or to the
    /// end of its text, and a caret already there deletes the separator beside it (AppKit's
    /// `deleteToBeginningOfParagraph:` and `deleteToEndOfParagraph:`: at the end of "abc" in
    /// "abc\ndef", forward deletes the line break only). Empty ranges (nothing to delete) are
    /// left out.
    public func deletionRanges(
        for selection: TextSelection, direction: Direction, destination: Destination, allowsDecomposition: Bool
    ) -> [TextRange] {
        guard let source = navigationSource else { return [] }
        var result: [TextRange] = []
        for range in selection.textRanges {
            guard !range.isEmpty else {
                guard let offset = source.documentOffset(of: range.location),
                    let deleted = deletion(
                        at: offset, affinity: selection.affinity, direction: direction, destination: destination,
                        allowsDecomposition: allowsDecomposition, in: source),
                    !deleted.isEmpty, let textRange = source.textRange(deleted)
                else { continue }
                result.append(textRange)
                continue
            }
            result.append(range)
        }
        return TextSelection(result)?.textRanges ?? []
    }

    private func deletion(
        at offset: Int, affinity: TextSelection.Affinity, direction: Direction, destination: Destination,
        allowsDecomposition: Bool, in source: any NavigationOffsetReading
    ) -> Range<Int>? {
        let rightToLeft = source.isRightToLeft(at: offset)
        let backward: Bool
        switch direction {
        case .backward, .up: backward = true
        case .forward, .down: backward = false
        case .left: backward = !rightToLeft
        case .right: backward = rightToLeft
        }
        if destination == .character {
            if backward {
                guard offset > 0, let cluster = source.enclosingSegment(.character, at: offset - 1) else { return nil }
                let lower = cluster.lowerBound
                if allowsDecomposition, let scalar = Self.lastDecomposableScalar(in: lower ..< offset, source: source) {
                    return scalar
                }
                return lower ..< offset
            }
            guard offset < source.documentLength, let cluster = source.enclosingSegment(.character, at: offset) else {
                return nil
            }
            return offset ..< max(offset, cluster.upperBound)
        }
        // To a paragraph's edge, in its own text; already there, the separator beside it.
        let paragraph = destination == .paragraph
        let moved = destinationSelection(
            for: TextSelection(source.documentLocation(offset) ?? source.documentRange.location, affinity: affinity),
            direction: backward ? .backward : .forward, destination: destination, extending: false, confined: paragraph)
        guard let target = moved?.textRanges.first.flatMap({ source.documentOffset(of: $0.location) }) else {
            return nil
        }
        if paragraph, target == offset {
            return deletion(
                at: offset, affinity: affinity, direction: backward ? .backward : .forward, destination: .character,
                allowsDecomposition: false, in: source)
        }
        return min(offset, target) ..< max(offset, target)
    }

    /// The last code point of `cluster` when the cluster may be taken apart (several code
    /// points, none of them making it an emoji sequence, a flag or a keycap, and no CR LF).
    private static func lastDecomposableScalar(
        in cluster: Range<Int>, source: any NavigationOffsetReading
    ) -> Range<Int>? {
        guard cluster.count > 1, let text = source.text(in: cluster) else { return nil }
        let scalars = Array(text.unicodeScalars)
        guard scalars.count > 1 else { return nil }
        for scalar in scalars {
            let value = scalar.value
            let isEmojiPart =
                scalar.properties.isEmojiPresentation || scalar.properties.isEmojiModifier
                || (0x1F1E6 ... 0x1F1FF).contains(value) || value == 0xFE0F || value == 0x20E3
                || (0xE0020 ... 0xE007F).contains(value)
            if isEmojiPart || value == 0x0D { return nil }
            if value == 0x200D, scalars.contains(where: { $0.properties.isEmoji && $0.value > 0xFF }) { return nil }
        }
        let last = scalars[scalars.count - 1]
        return cluster.upperBound - last.utf16.count ..< cluster.upperBound
    }

    /// The unit of `granularity` around every range of `selection` (TextKit's
    /// `textSelection(for:enclosing:)`): what a double-click (word) or triple-click
    /// (paragraph) selects.
    public func textSelection(
        for granularity: TextSelection.Granularity, enclosing selection: TextSelection
    ) -> TextSelection {
        guard let source = navigationSource else { return selection }
        var ranges: [TextRange] = []
        for range in selection.textRanges {
            guard let lower = source.documentOffset(of: range.location),
                let upper = source.documentOffset(of: range.endLocation)
            else {
                ranges.append(range)
                continue
            }
            let first = source.enclosingSegment(granularity, at: lower) ?? lower ..< lower
            // A range's end belongs to the unit before it.
            let last = upper > lower ? (source.enclosingSegment(granularity, at: upper - 1) ?? first) : first
            ranges.append(
                source.textRange(min(first.lowerBound, last.lowerBound) ..< max(first.upperBound, last.upperBound))
                    ?? range)
        }
        var result = TextSelection(ranges, affinity: selection.affinity, granularity: granularity) ?? selection
        result.typingAttributes = selection.typingAttributes
        return result
    }

    /// The unit of `granularity` at `point` (container coordinates) in the container holding
    /// `containerLocation` (TextKit's `textSelection(for:enclosing:inContainerAt:)`): the word,
    /// sentence, line or paragraph of the character under the point, on the line nearest it; a
    /// point past a line's end takes the line's last character. `.character` gives a caret at
    /// the nearest caret position. Nil for an empty document, a point that is not a number, or
    /// without a data source.
    public func textSelection(
        for granularity: TextSelection.Granularity, enclosing point: CGPoint,
        inContainerAt containerLocation: any TextLocation
    ) -> TextSelection? {
        guard let source = navigationSource, !point.x.isNaN, !point.y.isNaN, source.documentLength > 0,
            let line = source.visualLine(closestTo: point)
        else { return nil }
        let x =
            point.x.isFinite
            ? point.x : (point.x > 0 ? CGFloat.greatestFiniteMagnitude : -CGFloat.greatestFiniteMagnitude)
        guard let nearest = line.nearestStopIndex(to: x) else { return nil }
        let stop = line.stops[nearest]
        guard granularity != .character else {
            return source.documentLocation(stop.offset).map { TextSelection($0, affinity: stop.affinity) }
        }
        // The stop is an edge between two characters: the unit is the one of the character on
        // the point's side of it.
        var unit = source.enclosingSegment(
            granularity, at: min(stop.offset, max(line.range.lowerBound, line.contentEnd - 1)))
        if stop.offset > line.range.lowerBound, let before = source.enclosingSegment(granularity, at: stop.offset - 1),
            before != unit
        {
            let after = unit.flatMap { Self.horizontalExtent(of: $0, on: line) }
            let extent = Self.horizontalExtent(of: before, on: line)
            if stop.offset >= line.contentEnd || (extent?.contains(x) == true && after?.contains(x) != true) {
                unit = before
            }
        }
        guard let unit, let range = source.textRange(unit) else { return nil }
        return TextSelection([range], affinity: .downstream, granularity: granularity)
    }

    /// How far the caret positions of `range` reach across `line`; nil when none is on it.
    private static func horizontalExtent(of range: Range<Int>, on line: VisualLine) -> ClosedRange<CGFloat>? {
        var low = CGFloat.infinity, high = -CGFloat.infinity
        for position in line.positions where range.lowerBound <= position.offset && position.offset <= range.upperBound
        {
            low = min(low, position.x)
            high = max(high, position.x)
        }
        return low <= high ? low ... high : nil
    }

    /// The selections a click or drag at `point` (container coordinates) makes. Without
    /// `.extend`, a caret at the nearest caret position, grown to the granularity of the first
    /// anchor (a double-click passes a word anchor, a triple-click a paragraph one); with
    /// `.extend`, the first anchor extended to the point in its granularity (shift-click, drag);
    /// with `.multiple`, the new selection is added to the anchors.
    public func textSelections(
        interactingAt point: CGPoint, inContainerAt containerLocation: any TextLocation, anchors: [TextSelection],
        modifiers: Modifier, selecting: Bool, bounds: CGRect
    ) -> [TextSelection] {
        guard let source = navigationSource, !point.x.isNaN, let line = source.visualLine(closestTo: point),
            let nearest = line.nearestStopIndex(
                to: point.x.isFinite ? point.x : (point.x > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude)),
            let location = source.documentLocation(line.stops[nearest].offset)
        else { return anchors }
        let offset = line.stops[nearest].offset, affinity = line.stops[nearest].affinity
        let granularity = anchors.first?.granularity ?? .character
        if modifiers.contains(.extend), let anchor = anchors.first,
            let lower = anchor.textRanges.first.flatMap({ source.documentOffset(of: $0.location) }),
            let upper = anchor.textRanges.last.flatMap({ source.documentOffset(of: $0.endLocation) })
        {
            // The anchor is the edge the selection did not grow from.
            let fixed = anchor.affinity == .upstream ? upper : lower
            var range = min(fixed, offset) ..< max(fixed, offset)
            if granularity != .character, let unit = source.enclosingSegment(granularity, at: offset),
                let fixedUnit = source.enclosingSegment(
                    granularity, at: fixed == upper && upper > lower ? upper - 1 : fixed)
            {
                range = min(unit.lowerBound, fixedUnit.lowerBound) ..< max(unit.upperBound, fixedUnit.upperBound)
            }
            guard let textRange = source.textRange(range),
                var extended = TextSelection(
                    [textRange], affinity: offset < fixed ? .upstream : .downstream, granularity: granularity)
            else { return anchors }
            extended.isTransient = selecting
            extended.typingAttributes = anchor.typingAttributes
            return [extended] + (modifiers.contains(.multiple) ? Array(anchors.dropFirst()) : [])
        }
        var made = TextSelection(location, affinity: affinity)
        if granularity != .character {
            made = textSelection(for: granularity, enclosing: made)
        }
        made.isTransient = selecting
        return modifiers.contains(.multiple) ? anchors + [made] : [made]
    }

    /// Where text typed at `selection` goes when it shows two carets at a direction boundary
    /// (not logical, with a secondary location): the secondary location when the text typed
    /// runs the other way than the primary caret's paragraph; nil for a logical selection.
    public func resolvedInsertionLocation(
        for selection: TextSelection, writingDirection: WritingDirection
    ) -> (any TextLocation)? {
        guard !selection.isLogical, let secondary = selection.secondarySelectionLocation,
            let primary = selection.textRanges.first?.location, let source = textSelectionDataSource
        else { return nil }
        return source.baseWritingDirection(at: primary) == writingDirection ? primary : secondary
    }
}
