import Foundation

/// Replacing many ranges at once (what replace-all, undo and several cursors do), at a cost
/// that follows the number of paragraphs touched, not the text between them.
extension TextContentStorage {
    /// Replaces each of `ranges` (sorted, disjoint) with the slice at the same index, and
    /// returns the text each range held (what `contentSlices(_:)` gave before): put back over
    /// where the replacements went, it undoes the change. Nothing changes if an edge splits a
    /// surrogate pair, a range is out of bounds, the ranges are out of order or overlap, or
    /// there is not one slice a range (`.editingNotSupported`).
    ///
    /// Many edits that stay inside paragraphs without attributes and bring no attributes or
    /// separators (a replace-all of plain text) find their paragraphs in one walk and rebuild
    /// each once; others are made from the last to the first, so that each range is still
    /// where it was when its turn comes.
    ///
    /// ```swift
    /// let originals = try storage.replaceContents(in: [0 ..< 4, 10 ..< 14], with: [.init("Lord"), .init("Lord")])
    /// try storage.replaceContents(in: [0 ..< 4, 10 ..< 14], with: originals)   // undone
    /// ```
    @discardableResult
    public func replaceContents(
        in ranges: [Range<Int>], with slices: [ContentSlice]
    ) throws(TextContentError) -> [ContentSlice] {
        guard ranges.count == slices.count else {
            throw .editingNotSupported(reason: "\(ranges.count) ranges but \(slices.count) texts to put in them")
        }
        let length = utf16Length
        for (index, range) in ranges.enumerated() {
            guard range.lowerBound >= 0, range.upperBound <= length else {
                throw .outOfBounds(
                    offset: range.lowerBound < 0 ? range.lowerBound : range.upperBound, documentLength: length)
            }
            guard index == 0 || range.lowerBound >= ranges[index - 1].upperBound else {
                throw .editingNotSupported(
                    reason: "the ranges must be sorted and must not overlap (\(ranges[index - 1]) then \(range))")
            }
        }
        // Many edits inside plain paragraphs check their edges as they go.
        if ranges.count > Self.longParagraphEditLimit {
            var result: Result<[ContentSlice]?, TextContentError> = .success(nil)
            performEditingTransaction {
                result = Result { () throws(TextContentError) in try replaceInsidePlainParagraphs(ranges, slices) }
            }
            if let originals = try result.get() { return originals }
        }
        if let edge = firstSurrogatePairSplit(atEdgesOf: ranges) { throw .splitsSurrogatePair(offset: edge) }
        let originals = contentSlices(ranges)
        // One transaction: layout managers hear of the edits once they are all made (a run
        // spliced into one paragraph is made before its edits are recorded).
        var failure: TextContentError?
        performEditingTransaction {
            do throws(TextContentError) {
                var i = ranges.count - 1
                while i >= 0 {
                    if let first = plainRun(ending: i, ranges, slices) {
                        spliceIntoPlainParagraph(ranges[first ... i], slices[first ... i])
                        i = first - 1
                        continue
                    }
                    guard let range = textRange(for: ranges[i]) else {
                        throw .outOfBounds(offset: ranges[i].upperBound, documentLength: utf16Length)
                    }
                    try replaceContents(in: range, with: slices[i])
                    i -= 1
                }
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return originals
    }

    /// Many edits, each inside the text of a paragraph without attributes, bringing plain text
    /// without separators: one walk over the paragraphs rebuilds each edited one in place.
    /// Returns the text each range held; nil, with nothing changed, when an edit is not of that
    /// kind (it crosses a paragraph's end, or would bring attributes or a separator, or empty a
    /// paragraph); the paragraphs changed before it is found are put back.
    private func replaceInsidePlainParagraphs(
        _ ranges: [Range<Int>], _ slices: [ContentSlice]
    ) throws(TextContentError) -> [ContentSlice]? {
        for i in ranges.indices {
            guard Self.isPlainInsert(slices[i]), i == 0 || ranges[i].lowerBound >= ranges[i - 1].upperBound else {
                return nil
            }
        }
        guard let first = index.paragraph(containing: ranges[0].lowerBound) else { return nil }
        let lastOrdinal = paragraphCount - 1
        let texts = slices.map(Self.plainText)
        // The entries as they were, to put back if the walk stops early.
        var replaced: [(ordinal: Int, entry: ParagraphEntry)] = []
        replaced.reserveCapacity(ranges.count)
        var splice = PlainParagraphSplice(expectedRanges: ranges.count)
        var outcome: Result<Void, TextContentError>?
        var next = 0, ordinal = first.ordinal, start = first.start
        index.updateForward(from: first.ordinal) { entry in
            let paragraphOrdinal = ordinal, paragraphStart = start, paragraphEnd = start + entry.utf16Length
            (ordinal, start) = (ordinal + 1, paragraphEnd)
            var end = next
            while end < ranges.count,
                ranges[end].lowerBound < paragraphEnd
                    || (ranges[end].lowerBound == paragraphEnd && paragraphOrdinal == lastOrdinal)
            {
                end += 1
            }
            guard end > next else { return true }
            let position = ParagraphPosition(ordinal: paragraphOrdinal, start: paragraphStart, entry: entry)
            let group = next ..< end
            do throws(TextContentError) {
                guard isPlain(entry), ranges[end - 1].upperBound <= position.contentEnd,
                    !mayEmpty(position, ranges[group]),
                    let spliced = try splicedPlainText(of: position, ranges[group], texts[group], into: &splice)
                else {
                    outcome = .success(())
                    return false
                }
                replaced.append((paragraphOrdinal, entry))
                entry.utf16Length += zip(ranges[group], slices[group]).reduce(0) { $0 + $1.1.utf16Count - $1.0.count }
                entry.content = stringContent(spliced, utf16Count: entry.utf16Length)
            } catch {
                outcome = .failure(error)
                return false
            }
            next = end
            return next < ranges.count
        }
        guard next == ranges.count else {
            index.update(replaced)
            try outcome?.get()
            return nil
        }
        isPristine = false
        recordInsideParagraphEdits(ranges[...], slices[...])
        return splice.replaced
    }

    /// Records edits made inside paragraphs, last to first, so that each edit's range is in the
    /// coordinates the ones before it left (sorted, they are where they were).
    private func recordInsideParagraphEdits(_ ranges: ArraySlice<Range<Int>>, _ slices: ArraySlice<ContentSlice>) {
        recordEditActions(
            ranges.indices.reversed().lazy.map {
                TextContentEdit(range: ranges[$0], replacementLength: slices[$0].utf16Count, isInsideParagraph: true)
            })
    }

    /// The text of a plain slice ("" for another).
    private static func plainText(_ slice: ContentSlice) -> String {
        guard case .plain(let string) = slice.content else { return "" }
        return string
    }

    /// Whether a slice is plain text holding no paragraph separator.
    private static func isPlainInsert(_ slice: ContentSlice) -> Bool {
        guard case .plain(let string) = slice.content else { return false }
        return !string.utf16.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0x2029 }
    }

    /// Whether `ranges` take all of the text of the paragraph at `position`: emptying a
    /// paragraph after one ending in CR could join that CR to its LF, which these paths do not
    /// handle, and an emptied last paragraph goes away.
    private func mayEmpty(_ position: ParagraphPosition, _ ranges: ArraySlice<Range<Int>>) -> Bool {
        guard let first = ranges.first, first.lowerBound == position.start else { return false }
        let taken = ranges.reduce(0) { $0 + $1.count }
        return taken == position.entry.contentLength && (position.ordinal > 0 || position.entry.separatorLength == 0)
    }

    /// The first index of the run of edits ending at `last` that all fall inside the content of
    /// one paragraph without attributes and insert plain text without separators; nil when the
    /// edit at `last` is not one.
    private func plainRun(ending last: Int, _ ranges: [Range<Int>], _ slices: [ContentSlice]) -> Int? {
        guard Self.isPlainInsert(slices[last]), let position = index.paragraph(containing: ranges[last].lowerBound),
            isPlain(position.entry), ranges[last].upperBound <= position.contentEnd,
            ranges[last].lowerBound < position.end || position.entry.separatorLength == 0
        else { return nil }
        var first = last
        while first > 0, ranges[first - 1].lowerBound >= position.start, Self.isPlainInsert(slices[first - 1]) {
            first -= 1
        }
        return mayEmpty(position, ranges[first ... last]) ? nil : first
    }

    /// Applies plain edits inside one paragraph without attributes, in one pass over its text.
    private func spliceIntoPlainParagraph(_ ranges: ArraySlice<Range<Int>>, _ slices: ArraySlice<ContentSlice>) {
        guard let position = index.paragraph(containing: ranges[ranges.startIndex].lowerBound) else { return }
        var entry = position.entry
        if ranges.count <= Self.longParagraphEditLimit,
            var long = longText(
                of: position.entry, editSize: zip(ranges, slices).reduce(0) { $0 + $1.0.count + $1.1.utf16Count })
        {
            // A few edits in a long paragraph: each an edit of its tree, last first, O(log n) each.
            for (range, slice) in zip(ranges, slices).reversed() {
                guard case .plain(let string) = slice.content else { continue }
                long = long.replacing(
                    range.lowerBound - position.start ..< range.upperBound - position.start, with: string)
            }
            entry.content = plainContent(long)
            entry.utf16Length = long.utf16Count
        } else {
            // Many edits (a replace-all) read and write the whole text once; a long paragraph
            // stays a String until its next keystroke makes it a tree again.
            var splice = PlainParagraphSplice(expectedRanges: ranges.count)
            guard
                let spliced = try? splicedPlainText(
                    of: position, ranges, slices.map(Self.plainText)[...], into: &splice)
            else { return }
            entry.utf16Length += zip(ranges, slices).reduce(0) { $0 + $1.1.utf16Count - $1.0.count }
            entry.content = .string(spliced)
        }
        isPristine = false
        // Never emptied (`plainRun` leaves that to the general path): the paragraph stays.
        index.replace(position.ordinal ..< position.ordinal + 1, with: [entry])
        recordInsideParagraphEdits(ranges, slices)
    }

    /// The text of the paragraph at `position` (without attributes) with `ranges` (document
    /// offsets, sorted, inside its text) replaced by `texts` (its separator kept), the text each
    /// range held kept by `splice`. Nil for a paragraph with attributes; throws for an edge
    /// between the halves of a surrogate pair. ASCII is spliced byte by byte.
    private func splicedPlainText(
        of position: ParagraphPosition, _ ranges: ArraySlice<Range<Int>>, _ texts: ArraySlice<String>,
        into splice: inout PlainParagraphSplice
    ) throws(TextContentError) -> String? {
        if let text = withASCIIBytes(
            of: position.entry, { splice.splice(ascii: $0, start: position.start, ranges, texts) })
        {
            return text
        }
        guard let plain = plainString(of: position.entry) else { return nil }
        return try splice.splice(plain, start: position.start, ranges, texts)
    }

    /// `body` on the UTF-8 bytes of a paragraph's text (separator included) when they are all
    /// ASCII, so that UTF-16 offsets are byte offsets; nil otherwise.
    private func withASCIIBytes<Result>(
        of entry: ParagraphEntry, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result? {
        switch entry.content {
        case .plain(let start, let count) where count == entry.utf16Length:
            return body(source.slice(start, count))
        case .string(var text) where text.utf8.count == entry.utf16Length:
            return text.withUTF8(body)
        default:
            return nil
        }
    }
}
