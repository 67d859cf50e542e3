import Foundation
@_spi(Layout) import TextContent

/// Navigation's questions answered by any `TextSelectionDataSource`, through its protocol alone:
/// units from `enumerateSubstrings` and `textRange(for:enclosing:)`, lines from
/// `textRange(for: .line, enclosing:)`, caret positions from
/// `enumerateCaretOffsetsInLineFragment`, the line at a point from `lineFragmentRange(for:inContainerAt:)`.
struct DataSourceOffsetReader: NavigationOffsetReading {
    let source: any TextSelectionDataSource

    var documentRange: TextRange { source.documentRange }

    var documentLength: Int {
        let range = source.documentRange
        return max(0, source.offset(from: range.location, to: range.endLocation))
    }

    func documentOffset(of location: any TextLocation) -> Int? {
        let start = source.documentRange.location
        let offset = source.offset(from: start, to: location)
        // The protocol answers 0 for a location not of the text: only the start itself is 0.
        if offset == 0, !location.isEqual(to: start) { return nil }
        guard offset >= 0, offset <= documentLength else { return nil }
        return offset
    }

    func documentLocation(_ offset: Int) -> (any TextLocation)? {
        guard offset >= 0, offset <= documentLength else { return nil }
        return source.location(source.documentRange.location, offsetBy: offset)
    }

    func textRange(_ offsets: Range<Int>) -> TextRange? {
        guard let lower = documentLocation(offsets.lowerBound), let upper = documentLocation(offsets.upperBound) else {
            return nil
        }
        return TextRange(location: lower, end: upper)
    }

    func offsets(of range: TextRange) -> Range<Int>? {
        guard let lower = documentOffset(of: range.location), let upper = documentOffset(of: range.endLocation),
            lower <= upper
        else { return nil }
        return lower ..< upper
    }

    func isRightToLeft(at offset: Int) -> Bool {
        source.baseWritingDirection(at: documentLocation(offset) ?? source.documentRange.location) == .rightToLeft
    }

    func enclosingSegment(_ granularity: TextSelection.Granularity, at offset: Int) -> Range<Int>? {
        guard let location = documentLocation(offset) else { return nil }
        return source.textRange(for: granularity, enclosing: location).flatMap(offsets)
    }

    func paragraphContentRange(at offset: Int) -> Range<Int>? {
        guard let enclosing = enclosingSegment(.paragraph, at: offset),
            let location = documentLocation(enclosing.lowerBound)
        else { return nil }
        // The paragraph's text: its first unit by paragraphs.
        var content = enclosing
        source.enumerateSubstrings(from: location, options: [.byParagraphs, .substringNotRequired]) {
            _, substringRange, _, stop in
            if let units = offsets(of: substringRange), units.lowerBound == enclosing.lowerBound,
                units.upperBound <= enclosing.upperBound
            {
                content = units
            }
            stop = true
        }
        return offset > content.upperBound ? offset ..< offset : content
    }

    func forEachSegment(of kind: TextUnitKind, from offset: Int, reverse: Bool, _ body: (TextUnitSegment) -> Bool) {
        // A source may enumerate only the units that start after a location (forward) or end
        // before it (backward): start from the edge of the unit around `offset`, and leave out
        // what does not reach past `offset`.
        let granularity: TextSelection.Granularity =
            switch kind {
            case .composedCharacter: .character
            case .word: .word
            case .sentence: .sentence
            case .line: .line
            case .paragraph: .paragraph
            }
        var from = offset
        if reverse {
            from = max(offset, enclosingSegment(granularity, at: offset)?.upperBound ?? offset)
        } else if let unit = enclosingSegment(granularity, at: offset) {
            from = min(offset, unit.lowerBound)
        }
        guard let location = documentLocation(from) else { return }
        var options = kind.enumerationOptions
        if reverse { options.insert(.reverse) }
        source.enumerateSubstrings(from: location, options: options) { substring, range, enclosing, stop in
            guard let units = offsets(of: range) else { return }
            if reverse ? units.lowerBound >= offset : units.upperBound <= offset { return }
            let segment = TextUnitSegment(range: units, enclosing: enclosing.flatMap(offsets) ?? units) {
                substring ?? ""
            }
            if !body(segment) { stop = true }
        }
    }

    func visualLine(at offset: Int, upstream: Bool) -> VisualLine? {
        guard var range = enclosingSegment(.line, at: offset) else { return nil }
        if upstream, offset == range.lowerBound, offset > 0, let previous = enclosingSegment(.line, at: offset - 1),
            previous.upperBound == offset, contentEnd(of: previous) == offset
        {
            range = previous // the end of a soft-wrapped line
        }
        return line(range)
    }

    func visualLine(after line: VisualLine) -> VisualLine? {
        guard line.range.upperBound <= documentLength, let range = enclosingSegment(.line, at: line.range.upperBound),
            range.lowerBound >= line.range.upperBound, range != line.range
        else { return nil }
        return self.line(range)
    }

    func visualLine(before line: VisualLine) -> VisualLine? {
        guard line.range.lowerBound > 0, let range = enclosingSegment(.line, at: line.range.lowerBound - 1),
            range.upperBound <= line.range.lowerBound
        else { return nil }
        return self.line(range)
    }

    func visualLine(closestTo point: CGPoint) -> VisualLine? {
        guard
            let range = source.lineFragmentRange(for: point, inContainerAt: source.documentRange.location).flatMap(
                offsets)
        else { return nil }
        return line(range)
    }

    func text(in range: Range<Int>) -> String? {
        guard let location = documentLocation(range.lowerBound) else { return nil }
        var text = ""
        var reached = range.lowerBound
        source.enumerateSubstrings(from: location, options: .byComposedCharacterSequences) {
            substring, substringRange, _, stop in
            guard let units = offsets(of: substringRange), units.lowerBound >= range.lowerBound else { return }
            guard units.upperBound <= range.upperBound, let substring else {
                stop = true
                return
            }
            text += substring
            reached = units.upperBound
            if reached >= range.upperBound { stop = true }
        }
        return reached == range.upperBound ? text : nil
    }

    // MARK: Lines

    /// Where the line `range` ends before its separator: its first unit by lines.
    private func contentEnd(of range: Range<Int>) -> Int {
        guard let location = documentLocation(range.lowerBound) else { return range.upperBound }
        var end = range.upperBound
        source.enumerateSubstrings(from: location, options: [.byLines, .substringNotRequired]) {
            _, substringRange, _, stop in
            if let units = offsets(of: substringRange), units.lowerBound >= range.lowerBound,
                units.upperBound <= range.upperBound
            {
                end = units.upperBound
            }
            stop = true
        }
        return end
    }

    /// The line `range`, with its caret positions from the source: each character's leading and
    /// trailing edges, a character running from its location to the next one's.
    private func line(_ range: Range<Int>) -> VisualLine? {
        guard let start = documentLocation(range.lowerBound) else { return nil }
        var leading: [Int: CGFloat] = [:], trailing: [Int: CGFloat] = [:]
        var firstX: CGFloat?
        source.enumerateCaretOffsetsInLineFragment(at: start) { x, location, leadingEdge, _ in
            firstX = firstX ?? x
            guard let offset = documentOffset(of: location), offset >= range.lowerBound, offset <= range.upperBound
            else { return }
            if leadingEdge { leading[offset] = x } else { trailing[offset] = x }
        }
        let starts = Set(leading.keys).union(trailing.keys).sorted()
        var graphemes: [GraphemeEdges] = []
        for (index, offset) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1] : max(offset, range.upperBound)
            guard let lead = leading[offset] ?? trailing[offset] else { continue }
            let trail = trailing[offset] ?? lead
            graphemes.append(
                GraphemeEdges(range: offset ..< end, leadingX: lead, trailingX: trail, isRightToLeft: trail < lead))
        }
        let contentEnd = contentEnd(of: range)
        return VisualLine(
            range: range, contentEnd: contentEnd,
            endsInSoftWrap: contentEnd == range.upperBound && range.upperBound < documentLength,
            isRightToLeft: isRightToLeft(at: range.lowerBound), graphemes: graphemes, emptyX: firstX ?? 0)
    }
}
