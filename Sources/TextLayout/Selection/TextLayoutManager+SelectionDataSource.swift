import Foundation
@_spi(Layout) import TextContent
@_spi(Typesetting) import TextTypography

/// The layout manager answers selection navigation from its paragraphs and lines: each answer
/// reads or lays out only the paragraphs it needs (O(log n) to find them), never the document.
extension TextLayoutManager: TextSelectionDataSource {
    public var documentRange: TextRange {
        textContentManager?.documentRange ?? TextRange(location: TextContentLocation(offset: 0, documentIdentifier: 0))
    }

    public func location(_ location: any TextLocation, offsetBy offset: Int) -> (any TextLocation)? {
        textContentManager?.location(location, offsetBy: offset)
    }

    public func offset(from: any TextLocation, to: any TextLocation) -> Int {
        guard let content = textContentManager else { return 0 }
        let offset = content.offset(from: from, to: to)
        return offset == NSNotFound ? 0 : offset
    }

    public func enumerateSubstrings(
        from location: any TextLocation, options: String.EnumerationOptions,
        using block: (String?, TextRange, TextRange?, inout Bool) -> Void
    ) {
        guard let offset = documentOffset(of: location), let kind = TextUnitKind(options) else { return }
        let reverse = options.contains(.reverse)
        forEachSegment(of: kind, from: offset, reverse: reverse) { segment in
            guard let range = textRange(segment.range), let enclosing = textRange(segment.enclosing) else {
                return false
            }
            var stop = false
            let text = options.contains(.substringNotRequired) ? nil : segment.text()
            block(text, range, enclosing, &stop)
            return !stop
        }
    }

    public func textRange(
        for granularity: TextSelection.Granularity, enclosing location: any TextLocation
    ) -> TextRange? {
        guard let offset = documentOffset(of: location) else { return nil }
        return enclosingSegment(granularity, at: offset).flatMap { textRange($0) }
    }

    public func baseWritingDirection(at location: any TextLocation) -> TextSelectionNavigation.WritingDirection {
        guard let offset = documentOffset(of: location), let line = lineInfo(at: offset, upstream: false) else {
            return .leftToRight
        }
        return line.line.paragraphIsRightToLeft ? .rightToLeft : .leftToRight
    }

    public func enumerateCaretOffsetsInLineFragment(
        at location: any TextLocation, using block: (CGFloat, any TextLocation, Bool, inout Bool) -> Void
    ) {
        guard let offset = documentOffset(of: location), let line = lineInfo(at: offset, upstream: false) else {
            return
        }
        let lineX = line.frame.minX
        // Both edges of every grapheme, as TextKit gives them (a separator only its leading
        // edge: its trailing edge is the next line's start); one call for an empty line.
        var edges: [(x: CGFloat, offset: Int, leadingEdge: Bool)] = []
        for grapheme in line.line.graphemeEdges {
            let start = line.paragraphStart + grapheme.range.lowerBound
            guard start <= line.contentEnd else { continue }
            edges.append((lineX + grapheme.leadingX, start, true))
            if start < line.contentEnd { edges.append((lineX + grapheme.trailingX, start, false)) }
        }
        if edges.isEmpty { edges.append((lineX + (line.line.caretStops.first?.x ?? 0), line.range.lowerBound, true)) }
        var stop = false
        for edge in edges.sorted(by: { $0.x < $1.x }) {
            guard let location = documentLocation(edge.offset) else { continue }
            block(edge.x, location, edge.leadingEdge, &stop)
            if stop { return }
        }
    }

    public func lineFragmentRange(for point: CGPoint, inContainerAt location: any TextLocation) -> TextRange? {
        guard let line = lineInfo(closestTo: point) else { return nil }
        return textRange(line.range)
    }

    // MARK: Offsets

    /// The UTF-16 offset of `location`, if it is of this document.
    func documentOffset(of location: any TextLocation) -> Int? {
        guard let content = textContentManager else { return nil }
        let offset = content.offset(from: content.documentRange.location, to: location)
        guard offset != NSNotFound, offset >= 0, offset <= content.paragraphReader.utf16Length else { return nil }
        return offset
    }

    func documentLocation(_ offset: Int) -> (any TextLocation)? {
        guard let content = textContentManager else { return nil }
        return content.location(content.documentRange.location, offsetBy: offset)
    }

    func textRange(_ offsets: Range<Int>) -> TextRange? {
        guard let lower = documentLocation(offsets.lowerBound), let upper = documentLocation(offsets.upperBound) else {
            return nil
        }
        return TextRange(location: lower, end: upper)
    }
}
