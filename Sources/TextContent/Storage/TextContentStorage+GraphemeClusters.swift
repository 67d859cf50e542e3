import Foundation

/// Grapheme clusters in the stored text: where edits and selections are snapped to, found
/// within one paragraph, in a window around the offset.
extension TextContentStorage {
    /// `offsets` widened so that neither edge falls inside a grapheme cluster (a caret inside
    /// one goes to its start). Clusters never cross a paragraph separator, so each edge is
    /// resolved within its own paragraph, in a window around it: the cost does not grow with
    /// the paragraph.
    public func snappedToGraphemeClusters(_ offsets: Range<Int>) -> Range<Int> {
        let lower = clusterBoundary(atOrBefore: offsets.lowerBound)
        let upper = offsets.isEmpty ? lower : max(lower, clusterBoundary(atOrAfter: offsets.upperBound))
        return lower ..< max(lower, upper)
    }

    /// The start of the grapheme cluster containing `offset` (offset itself at a boundary).
    func clusterBoundary(atOrBefore offset: Int) -> Int {
        clusterEdges(around: offset)?.lowerBound ?? offset
    }

    /// The end of the grapheme cluster containing `offset` (offset itself at a boundary).
    func clusterBoundary(atOrAfter offset: Int) -> Int {
        guard let edges = clusterEdges(around: offset) else { return offset }
        return edges.lowerBound == offset ? offset : edges.upperBound
    }

    /// The cluster that contains `offset` strictly inside it, or nil at a boundary.
    ///
    /// Boundaries are found with the standard library's `String`, not AttributedString's
    /// character view, which mis-segments around `\r\n` on Linux (swiftlang/swift#61532).
    private func clusterEdges(around offset: Int) -> Range<Int>? {
        guard let position = index.paragraph(containing: offset), offset > position.start, offset < position.end else {
            return nil
        }
        let local = offset - position.start
        let text: Substring
        switch position.entry.content {
        case .plain(let start, let count):
            if count == position.entry.utf16Length {
                // ASCII read from a file: every offset is a boundary but the one inside CRLF.
                let isInsideCRLF = source.bytes[start + local - 1] == 0x0D && source.bytes[start + local] == 0x0A
                return isInsideCRLF ? offset - 1 ..< offset + 1 : nil
            }
            text = Substring(plainText(start, count))
        case .string(let string), .uniform(let string, _):
            text = Substring(string)
        case .runs(let runs):
            text = Substring(runs.text)
        case .attributed(let attributed):
            return Self.clusterEdges(in: attributed, around: local).map {
                $0.lowerBound + position.start ..< $0.upperBound + position.start
            }
        case .long(let long):
            return long.clusterEdges(around: local).map {
                $0.lowerBound + position.start ..< $0.upperBound + position.start
            }
        }
        return Self.clusterEdges(in: text, around: local).map {
            $0.lowerBound + position.start ..< $0.upperBound + position.start
        }
    }

    /// The cluster strictly around UTF-16 offset `local` of `text`, found in a window that
    /// reaches to certain boundaries on both sides (at most a few hundred scalars away), so the
    /// cost does not grow with the paragraph.
    private static func clusterEdges(in text: AttributedString, around local: Int) -> Range<Int>? {
        let scalars = text.unicodeScalars
        var target = text.utf16.index(text.startIndex, offsetBy: local)
        let isInsideScalar = target < text.endIndex && (0xDC00 ... 0xDFFF).contains(text.utf16[target])
        if isInsideScalar {
            target = text.utf16.index(before: target)
        } else if GraphemePairBreaks.isBoundary(text.scalar(before: target), text.scalar(at: target)) {
            return nil
        }
        var lower = target, upper = target < text.endIndex ? scalars.index(after: target) : target
        for _ in 0 ..< 512
        where lower > text.startIndex
            && !GraphemePairBreaks.isBoundary(text.scalar(before: lower), text.scalar(at: lower))
        {
            lower = scalars.index(before: lower)
        }
        if lower > text.startIndex, !GraphemePairBreaks.isBoundary(text.scalar(before: lower), text.scalar(at: lower)) {
            lower = text.startIndex
        }
        for _ in 0 ..< 512
        where upper < text.endIndex
            && !GraphemePairBreaks.isBoundary(text.scalar(before: upper), text.scalar(at: upper))
        {
            upper = scalars.index(after: upper)
        }
        if upper < text.endIndex, !GraphemePairBreaks.isBoundary(text.scalar(before: upper), text.scalar(at: upper)) {
            upper = text.endIndex
        }
        var window = String.UnicodeScalarView()
        window.append(contentsOf: scalars[lower ..< upper])
        let windowStart = text.utf16.distance(from: text.startIndex, to: lower)
        return clusterEdges(in: Substring(String(window)), around: local - windowStart)
            .map { $0.lowerBound + windowStart ..< $0.upperBound + windowStart }
    }

    /// The text of an attributed string. A slice of its characters is copied a chunk of its
    /// rope at a time (5 MB in about a millisecond); the whole character view, the UTF-8 and
    /// the scalar views are read an element at a time on Linux (about half a second).
    static func plainString(of text: AttributedString) -> String {
        String(text.characters[...])
    }

    private static func clusterEdges(in text: Substring, around local: Int) -> Range<Int>? {
        guard local > 0, local < text.utf16.count else { return nil }
        let target = text.utf16.index(text.startIndex, offsetBy: local)
        let end = text.index(after: target)
        let begin = text.index(before: end)
        let lower = text.utf16.distance(from: text.startIndex, to: begin)
        guard lower != local else { return nil }
        return lower ..< text.utf16.distance(from: text.startIndex, to: end)
    }
}
