import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// Characters, words, sentences, lines and paragraphs of the shown text, found paragraph by
/// paragraph from an offset: what selection navigation moves by. Words and sentences come from
/// ICU (with its dictionaries for Thai, Lao, Khmer, Chinese and Japanese), characters from
/// Swift's grapheme clusters, lines from layout.
extension TextLayoutManager {
    /// A shown paragraph: its ordinal, document start, element and text.
    struct ShownParagraph {
        let ordinal: Int
        let start: Int
        let paragraph: TextParagraph
        /// The element's range, separator included.
        let range: Range<Int>
        /// Where its separator starts.
        let contentEnd: Int
        /// Plain text is read as it is stored (no AttributedString made for a 5 MB paragraph).
        var text: String { paragraph.plainText ?? String(paragraph.attributedString.characters[...]) }

        /// The text around paragraph offset `local`, about `radius` units either side, and the
        /// paragraph offset where it starts: what a unit around a caret needs of a long
        /// paragraph. The text is read as a stretch, cut where it can before a unit for which
        /// `cut` is true (for clusters, an ASCII character other than a line feed: a cluster
        /// always ends before one; for words, a space, where a dictionary's words end too).
        func text(around local: Int, radius: Int, cut: (UInt16) -> Bool = Self.clusterCut) -> (text: String, start: Int)
        {
            let length = range.count
            guard length > 2 * radius + 2 else { return (text, 0) }
            let window = max(0, local - radius) ..< min(length, local + radius)
            var start = window.lowerBound
            var units: [UInt16]
            if let plain = paragraph.plainUTF16(in: window) {
                units = plain
            } else {
                // A slice of the AttributedString (its edges rounded to scalars: where it starts is read back).
                let text = paragraph.attributedString
                let utf16 = text.utf16
                let from = utf16.index(text.startIndex, offsetBy: window.lowerBound)
                let slice = text[from ..< utf16.index(from, offsetBy: window.count)]
                start = utf16.distance(from: text.startIndex, to: slice.startIndex)
                units = Array(String(String.UnicodeScalarView(slice.unicodeScalars)).utf16)
            }
            if start > 0, let first = units.prefix(radius / 2).firstIndex(where: cut) {
                units.removeFirst(first)
                start += first
            }
            if start + units.count < length, let last = units.suffix(radius / 2).lastIndex(where: cut) {
                units.removeLast(units.count - last)
            }
            return (String(decoding: units, as: UTF16.self), start)
        }

        /// Before an ASCII character other than a line feed, a grapheme cluster ends.
        static func clusterCut(_ unit: UInt16) -> Bool { unit < 0x80 && unit != 0x0A }
        /// Before a space or a tab, a word ends (a dictionary's too).
        static func wordCut(_ unit: UInt16) -> Bool { unit == 0x20 || unit == 0x09 }
    }

    /// The shown paragraph of ordinal `ordinal`.
    func shownParagraph(_ ordinal: Int) -> ShownParagraph? {
        indexIfNeeded()
        guard let position = layoutIndex.position(at: ordinal), let content = textContentManager else { return nil }
        var found: TextParagraph?
        content.paragraphReader.enumerateTextParagraphs(fromOffset: position.range.lowerBound) { paragraph, start in
            if start == position.range.lowerBound { found = paragraph }
            return false
        }
        guard let found else { return nil }
        let separator = found.paragraphSeparatorRange.map { content.offset(from: $0.location, to: $0.endLocation) } ?? 0
        let length = position.range.count
        return ShownParagraph(
            ordinal: ordinal, start: position.range.lowerBound, paragraph: found, range: position.range,
            contentEnd: position.range.lowerBound + max(0, length - (separator == NSNotFound ? 0 : separator)))
    }

    /// The ordinal of the shown paragraph holding `offset`; the document's end belongs to the
    /// last, and an offset in hidden text to the shown paragraph after it (or the last).
    func shownOrdinal(at offset: Int) -> Int? {
        indexIfNeeded()
        guard layoutIndex.count > 0 else { return nil }
        if let found = layoutIndex.ordinalAndRange(containingOffset: offset) { return found.ordinal }
        return layoutIndex.count - 1
    }

    /// Calls `body` with the units of `kind` from `offset`: forward, those that end after it
    /// (the one around it first); backward, those that start before it, nearest first. Stops
    /// when `body` returns false.
    func forEachSegment(of kind: TextUnitKind, from offset: Int, reverse: Bool, _ body: (TextUnitSegment) -> Bool) {
        guard var ordinal = shownOrdinal(at: offset) else { return }
        // In a long paragraph, the units near the offset first, from the text around it.
        var from = offset
        if kind != .line, kind != .paragraph, let paragraph = shownParagraph(ordinal), paragraph.range.count > 8_192 {
            var radius = 2_048
            let local = min(max(0, offset - paragraph.start), paragraph.range.count)
            while true {
                let (text, start) = paragraph.text(
                    around: local, radius: radius,
                    cut: kind == .composedCharacter ? ShownParagraph.clusterCut : ShownParagraph.wordCut)
                let window = paragraph.start + start ..< paragraph.start + start + text.utf16.count
                if window.count >= paragraph.range.count { break } // the whole paragraph: as any other
                // Units that end inside the window on both sides are those of the whole text;
                // one that reaches an edge is read again from more text.
                func isWhole(_ segment: TextUnitSegment) -> Bool {
                    (segment.range.lowerBound > window.lowerBound || window.lowerBound == paragraph.start)
                        && (segment.range.upperBound < window.upperBound
                            || window.upperBound == paragraph.range.upperBound)
                }
                let segments = textSegments(of: kind, in: text, at: window.lowerBound)
                if reverse {
                    for segment in segments.reversed()
                    where segment.range.lowerBound < from
                        || (segment.range.isEmpty && segment.range.lowerBound <= from && paragraph.start < from)
                    {
                        guard isWhole(segment) else { break }
                        guard body(segment) else { return }
                        from = segment.range.lowerBound
                    }
                } else {
                    for segment in segments
                    where segment.range.upperBound > from || (segment.range.isEmpty && segment.range.lowerBound >= from)
                    {
                        guard isWhole(segment) else { break }
                        guard body(segment) else { return }
                        from = segment.range.upperBound
                    }
                }
                radius *= 8
            }
        }
        while ordinal >= 0, ordinal < layoutIndex.count {
            guard let paragraph = shownParagraph(ordinal) else { return }
            let offset = from
            var segments = self.segments(of: kind, in: paragraph)
            if reverse {
                segments = segments.filter {
                    $0.range.lowerBound < offset
                        || ($0.range.isEmpty && $0.range.lowerBound <= offset && paragraph.start < offset)
                }
                for segment in segments.reversed() where !body(segment) { return }
                ordinal -= 1
            } else {
                segments = segments.filter {
                    $0.range.upperBound > offset || ($0.range.isEmpty && $0.range.lowerBound >= offset)
                }
                for segment in segments where !body(segment) { return }
                ordinal += 1
            }
        }
    }

    /// The units of `kind` in one paragraph, in order.
    func segments(of kind: TextUnitKind, in paragraph: ShownParagraph) -> [TextUnitSegment] {
        let start = paragraph.start
        switch kind {
        case .paragraph:
            let content = paragraph.start ..< paragraph.contentEnd
            return [
                TextUnitSegment(range: content, enclosing: paragraph.range) { [text = paragraph.text] in
                    String(text.utf16.prefix(content.count)) ?? ""
                }
            ]
        case .line:
            guard let fragment = fragment(at: paragraph.ordinal) else { return [] }
            let lines = fragment.textLineFragments
            return lines.enumerated().map { index, line in
                let caretLine = CaretLine(
                    ordinal: paragraph.ordinal, index: index, fragment: fragment, line: line,
                    lineCount: lines.count, paragraphStart: start)
                return TextUnitSegment(
                    range: caretLine.range.lowerBound ..< caretLine.contentEnd, enclosing: caretLine.range
                ) {
                    let units = line.paragraphUnits
                    let local = caretLine.range.lowerBound - start ..< caretLine.contentEnd - start
                    return String(decoding: units[local], as: UTF16.self)
                }
            }
        case .composedCharacter, .word, .sentence:
            return textSegments(of: kind, in: paragraph.text, at: start)
        }
    }

    /// The units of `kind` (characters, words or sentences) in `text`, which starts at document
    /// offset `start`.
    private func textSegments(of kind: TextUnitKind, in text: String, at start: Int) -> [TextUnitSegment] {
        let bounds = boundaries(of: kind, in: text)
        let units = Array(text.utf16)
        var result: [TextUnitSegment] = []
        for (lower, upper) in zip(bounds, bounds.dropFirst()) where lower < upper {
            // Words are the segments with a letter or digit; the spaces and punctuation
            // between them are not words (as NSString's enumeration by words has it).
            if kind == .word, !Self.isWord(units[lower ..< upper]) { continue }
            let range = start + lower ..< start + upper
            result.append(
                TextUnitSegment(range: range, enclosing: range) {
                    String(decoding: units[lower ..< upper], as: UTF16.self)
                })
        }
        return result
    }

    /// The unit of `granularity` around `offset` (words and sentences with the spaces ICU gives
    /// them, so that a double-click on a space selects the spaces); nil for an empty document.
    func enclosingSegment(_ granularity: TextSelection.Granularity, at offset: Int) -> Range<Int>? {
        guard let ordinal = shownOrdinal(at: offset), let paragraph = shownParagraph(ordinal) else { return nil }
        switch granularity {
        case .paragraph:
            return paragraph.range
        case .line:
            return lineInfo(at: offset, upstream: false)?.range
        case .character:
            // The cluster around the offset alone, read from the text around it: what backspace
            // asks on every key press, at a cost that does not grow with the paragraph.
            return enclosingUnit(around: offset, in: paragraph, radius: 64, cut: ShownParagraph.clusterCut) {
                text, local in
                let units = text.utf16
                guard !units.isEmpty else { return 0 ..< 0 }
                let at = units.index(units.startIndex, offsetBy: local)
                var lower = at == text.endIndex ? text.index(before: at) : at
                while lower > text.startIndex, lower.samePosition(in: text) == nil {
                    lower = units.index(before: lower)
                }
                let upper = text.index(after: lower)
                return units.distance(from: units.startIndex, to: lower)
                    ..< units.distance(from: units.startIndex, to: upper)
            }
        case .word, .sentence:
            return enclosingUnit(around: offset, in: paragraph, radius: 1_024, cut: ShownParagraph.wordCut) {
                text, local in
                let bounds = boundaries(of: TextUnitKind(granularity), in: text)
                guard let upper = bounds.first(where: { $0 > local }) else {
                    // At the paragraph's end: the unit before it.
                    guard bounds.count >= 2 else { return 0 ..< 0 }
                    return bounds[bounds.count - 2] ..< bounds[bounds.count - 1]
                }
                return (bounds.last { $0 <= local } ?? 0) ..< upper
            }
        }
    }

    /// The unit `find` finds around `offset` (given the text and the offset in it), read from
    /// the text around the offset: again from more of it while the unit reaches an end of what
    /// was read that is not the paragraph's (a word or sentence may be longer than it).
    private func enclosingUnit(
        around offset: Int, in paragraph: ShownParagraph, radius: Int, cut: (UInt16) -> Bool,
        _ find: (String, Int) -> Range<Int>
    ) -> Range<Int> {
        let length = paragraph.range.count
        let local = min(max(0, offset - paragraph.start), length)
        var radius = radius
        while true {
            let (text, start) = paragraph.text(around: local, radius: radius, cut: cut)
            let count = text.utf16.count
            let found = find(text, min(max(0, local - start), count))
            let isWhole = start == 0 && start + count >= length
            if isWhole
                || ((found.lowerBound > 0 || start == 0) && (found.upperBound < count || start + count >= length))
            {
                return paragraph.start + start + found.lowerBound ..< paragraph.start + start + found.upperBound
            }
            radius *= 8
        }
    }

    /// Boundaries of `kind` in `text` as UTF-16 offsets, 0 and the end included.
    private func boundaries(of kind: TextUnitKind, in text: String) -> [Int] {
        switch kind {
        case .composedCharacter:
            var result = [0]
            var offset = 0
            for character in text {
                offset += character.utf16.count
                result.append(offset)
            }
            return result
        case .word:
            return Self.graphemeBoundaries(
                of: (try? TextBoundaryAnalyzer.boundaries(in: text, kind: .word)) ?? [0, text.utf16.count], in: text)
        case .sentence:
            return Self.graphemeBoundaries(
                of: (try? TextBoundaryAnalyzer.boundaries(in: text, kind: .sentence)) ?? [0, text.utf16.count], in: text
            )
        case .line, .paragraph:
            return [0, text.utf16.count]
        }
    }

    /// The boundaries of `found` (sorted UTF-16 offsets) that are grapheme cluster boundaries of
    /// `text`: ICU's word rules may break where Swift's grapheme clusters do not (between
    /// conjoining jamo and a syllable, around a conjunct, inside an emoji sequence), and a caret
    /// never stands inside a cluster, so a unit ending inside one runs on to the cluster's end.
    static func graphemeBoundaries(of found: [Int], in text: String) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(found.count)
        var offset = 0
        var characters = text.makeIterator()
        for boundary in found {
            while offset < boundary, let character = characters.next() { offset += character.utf16.count }
            if offset == boundary, result.last != boundary { result.append(boundary) }
        }
        return result
    }

    private static func isWord(_ units: ArraySlice<UInt16>) -> Bool {
        for scalar in String(decoding: units, as: UTF16.self).unicodeScalars {
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .decimalNumber, .letterNumber, .otherNumber:
                return true
            default:
                continue
            }
        }
        return false
    }

    // MARK: Lines

    /// The line holding `offset`; at a line boundary the line that starts there, unless
    /// `upstream`, then the line that ends there.
    func lineInfo(at offset: Int, upstream: Bool) -> CaretLine? {
        guard let ordinal = shownOrdinal(at: offset), let (fragment, position) = placedFragment(at: ordinal) else {
            return nil
        }
        // Found by halves, one line object made: backspace asks on every key press, and a paragraph
        // can have 60,000 lines.
        let local = min(max(0, offset - position.range.lowerBound), position.range.count)
        guard let index = fragment.lineIndex(reaching: local, atEnd: upstream) else { return nil }
        return CaretLine(
            ordinal: ordinal, index: index, fragment: fragment, line: fragment.textLineFragment(at: index),
            lineCount: fragment.lineCount,
            paragraphStart: position.range.lowerBound)
    }

    /// The line nearest `point` (container coordinates): above the text its first line, below
    /// it its last.
    func lineInfo(closestTo point: CGPoint) -> CaretLine? {
        indexIfNeeded()
        guard !point.y.isNaN, layoutIndex.count > 0 else { return nil }
        let y = min(max(0, point.y), max(0, layoutIndex.totalHeight - 1e-6))
        guard
            let fragment = textLayoutFragment(for: CGPoint(x: 0, y: y))
                ?? layoutIndex.position(atY: y).flatMap({ self.fragment(at: $0.ordinal) }),
            let ordinal = ordinal(containing: fragment.rangeInElement?.location ?? documentRange.location),
            let start = layoutIndex.position(at: ordinal)?.range.lowerBound
        else { return nil }
        let frame = fragment.layoutFragmentFrame
        guard
            let index = fragment.lineIndex(
                atVerticalOffset: min(max(0, y - frame.minY), max(0, frame.height - 1e-6)), requiresExactMatch: false)
        else { return nil }
        return CaretLine(
            ordinal: ordinal, index: index, fragment: fragment, line: fragment.textLineFragment(at: index),
            lineCount: fragment.lineCount,
            paragraphStart: start)
    }

    /// The line after `line` (the next shown paragraph's first after a paragraph's last), or nil.
    func lineInfo(after line: CaretLine) -> CaretLine? {
        if !line.isLastInParagraph { return line.sibling(line.index + 1) }
        var ordinal = line.ordinal + 1
        while ordinal < layoutIndex.count {
            if let next = lineInfo(ordinal: ordinal, index: 0) { return next }
            ordinal += 1 // a paragraph with no lines (past the container's line limit)
        }
        return nil
    }

    /// The line before `line`, or nil.
    func lineInfo(before line: CaretLine) -> CaretLine? {
        if !line.isFirstInParagraph { return line.sibling(line.index - 1) }
        var ordinal = line.ordinal - 1
        while ordinal >= 0 {
            if let previous = lineInfo(ordinal: ordinal, index: .max) { return previous }
            ordinal -= 1
        }
        return nil
    }

    /// Line `index` of shown paragraph `ordinal` (`.max`: its last).
    func lineInfo(ordinal: Int, index: Int) -> CaretLine? {
        guard let (fragment, position) = placedFragment(at: ordinal) else { return nil }
        guard fragment.lineCount > 0 else { return nil }
        let chosen = min(index, fragment.lineCount - 1)
        return CaretLine(
            ordinal: ordinal, index: chosen, fragment: fragment, line: fragment.textLineFragment(at: chosen),
            lineCount: fragment.lineCount,
            paragraphStart: position.range.lowerBound)
    }
}
