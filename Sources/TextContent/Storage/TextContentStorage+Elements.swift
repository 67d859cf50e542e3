import Foundation

extension TextContentStorage {
    /// The paragraph containing `location` (at the document's end, the last paragraph), or nil
    /// for an empty document or a location not of this document.
    public func textParagraph(for location: any TextLocation) -> TextParagraph? {
        guard let offset = try? offset(of: location), let position = index.paragraph(containing: offset) else {
            return nil
        }
        return paragraph(at: position)
    }

    /// The paragraph with ordinal `ordinal` (0-based), or nil out of bounds. O(log n).
    public func textParagraph(atIndex ordinal: Int) -> TextParagraph? {
        index.paragraph(at: ordinal).map(paragraph(at:))
    }

    /// The ordinal of the paragraph containing `location`. O(log n).
    public func paragraphIndex(for location: any TextLocation) -> Int? {
        guard let offset = try? offset(of: location) else { return nil }
        return index.paragraph(containing: offset)?.ordinal
    }

    /// The paragraphs that intersect `range` (an empty range: the paragraph containing it).
    public func textElements(for range: TextRange) -> [any TextElement] {
        guard let offsets = try? offsets(of: range), let first = index.paragraph(containing: offsets.lowerBound) else {
            return []
        }
        var elements: [any TextElement] = []
        index.forEach(from: first.ordinal, reverse: false) { position in
            elements.append(paragraph(at: position))
            return position.end < offsets.upperBound
        }
        return elements
    }

    /// The attributed string of an element of this document.
    public func attributedString(for element: any TextElement) -> AttributedString? {
        (element as? TextParagraph)?.attributedString
    }

    /// See `enumerateTextElements(from:options:using:)`.
    func enumerateParagraphs(
        from textLocation: (any TextLocation)?,
        options: TextContentManagerEnumerationOptions,
        using block: (any TextElement) -> Bool
    ) -> (any TextLocation)? {
        let reverse = options.contains(.reverse)
        let length = utf16Length
        let startOffset: Int
        if let textLocation {
            guard let offset = try? offset(of: textLocation) else { return nil }
            startOffset = offset
        } else {
            startOffset = reverse ? length : 0
        }
        guard let containing = index.paragraph(containing: startOffset) else { return makeLocation(startOffset) }
        let firstOrdinal: Int
        if reverse {
            // Backward enumeration starts at the element before the one containing the location.
            firstOrdinal = startOffset == length ? containing.ordinal : containing.ordinal - 1
            guard firstOrdinal >= 0 else { return makeLocation(0) }
        } else {
            guard startOffset < length else { return makeLocation(length) }
            firstOrdinal = containing.ordinal
        }
        var edge = reverse ? length : 0
        index.forEach(from: firstOrdinal, reverse: reverse) { position in
            let element = paragraph(at: position)
            edge = reverse ? position.start : position.end
            if let delegate, !delegate.textContentManager(self, shouldEnumerate: element, options: options) {
                return true
            }
            return block(element)
        }
        return makeLocation(edge)
    }

    /// Calls `block` with the paragraphs `enumerateTextElements(from:)` gives going forward from
    /// the one containing `offset` (hidden ones skipped), with the UTF-16 offset each starts at,
    /// until it returns false: layout's path, which passes each as a `TextParagraph` rather than
    /// boxed in `any TextElement`.
    public func enumerateTextParagraphs(fromOffset offset: Int, using block: (TextParagraph, Int) -> Bool) {
        guard offset >= 0, offset < utf16Length, let first = index.paragraph(containing: offset) else { return }
        index.forEach(from: first.ordinal, reverse: false) { position in
            let element = paragraph(at: position)
            if let delegate, !delegate.textContentManager(self, shouldEnumerate: element, options: []) { return true }
            return block(element, position.start)
        }
    }

    /// Calls `block` with the UTF-16 range of each paragraph `enumerateTextElements(from:)` gives
    /// going forward from the one containing `offset`, until it returns false. Without a delegate
    /// (which could hide paragraphs) no element is made: O(log n) plus one step a paragraph.
    public func enumerateParagraphRanges(fromOffset offset: Int, using block: (Range<Int>) -> Bool) {
        guard delegate == nil else {
            enumerateTextParagraphs(fromOffset: offset) { paragraph, start in
                guard let range = paragraph.elementRange, let end = try? self.offset(of: range.endLocation) else {
                    return true
                }
                return block(start ..< end)
            }
            return
        }
        guard offset >= 0, offset < utf16Length else { return }
        index.forEachRange(fromParagraphContaining: offset, block)
    }

    /// Without a delegate (which may hide or substitute paragraphs) each element is made only
    /// when `block` asks for it.
    public func enumerateParagraphsLazily(
        fromOffset offset: Int, using block: (Int, ParagraphExtent?, () -> TextParagraph) -> Bool
    ) {
        guard delegate == nil else {
            return enumerateTextParagraphs(fromOffset: offset) { paragraph, start in block(start, nil, { paragraph }) }
        }
        guard offset >= 0, offset < utf16Length, let first = index.paragraph(containing: offset) else { return }
        index.forEach(from: first.ordinal, reverse: false) { position in
            block(
                position.start,
                ParagraphExtent(start: position.start, contentEnd: position.contentEnd, end: position.end),
                { self.paragraph(at: position) })
        }
    }

    /// The element for a paragraph position, as the delegate wants it shown.
    func paragraph(at position: ParagraphPosition) -> TextParagraph {
        let (document, start, contentEnd, end) = (documentIdentifier, position.start, position.contentEnd, position.end)
        let range = NSRange(location: position.start, length: position.entry.utf16Length)
        if let delegate = delegate as? any TextContentStorageDelegate,
            let substitute = delegate.textContentStorage(self, textParagraphWith: range)
        {
            let length = substitute.attributedString.utf16.count
            if length == range.length {
                return substitute.placed(document: document, start: start, contentEnd: contentEnd, end: end)
            }
            delegate.textContentStorage(
                self, didRefuse: substitute, for: range,
                error: .substitutedParagraphLengthMismatch(expected: range.length, actual: length))
        }
        switch position.entry.content {
        case .plain(let byteStart, let byteCount):
            return TextParagraph(
                source: source, byteStart: byteStart, byteCount: byteCount, document: document, start: start,
                contentEnd: contentEnd, end: end)
        case .string(let text):
            return TextParagraph(plainText: text, document: document, start: start, contentEnd: contentEnd, end: end)
        case .long(let text):
            return TextParagraph(longText: text, document: document, start: start, contentEnd: contentEnd, end: end)
        case .uniform(let text, let attributes):
            return TextParagraph(
                attributedString: AttributedString(text, attributes: attributes), document: document, start: start,
                contentEnd: contentEnd, end: end)
        case .attributed(let text):
            return TextParagraph(
                attributedString: text, document: document, start: start, contentEnd: contentEnd, end: end)
        case .runs(let runs):
            return TextParagraph(
                attributedString: runs.attributedString, document: document, start: start, contentEnd: contentEnd,
                end: end)
        }
    }
}

/// Layout reads the storage by offsets from its paragraph tree.
extension TextContentStorage: ParagraphOffsetReading {}
