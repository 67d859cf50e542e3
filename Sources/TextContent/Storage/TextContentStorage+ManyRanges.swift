import Foundation

/// Replacing many ranges at once (what replace-all, undo and several cursors do), at a cost
/// that follows the number of paragraphs touched, not the text between them.
extension TextContentStorage {
    /// Replaces each of `ranges` (sorted, disjoint) with the slice at the same index, and
    /// returns the text each range held (what `contentSlices(_:)` gave before): put back over
    /// where the replacements went, it undoes the change. Nothing changes if an edge splits a
    /// surrogate pair or a range is out of bounds.
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
        precondition(ranges.count == slices.count, "one slice per range")
        let length = utf16Length
        for range in ranges {
            guard range.lowerBound >= 0, range.upperBound <= length else {
                throw .outOfBounds(
                    offset: range.lowerBound < 0 ? range.lowerBound : range.upperBound, documentLength: length)
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
        // The entries as they were, to put back if the walk stops early.
        var replaced: [(ordinal: Int, entry: ParagraphEntry)] = []
        var originals: [ContentSlice] = []
        originals.reserveCapacity(ranges.count)
        var outcome: Result<Void, TextContentError>?
        var next = 0, ordinal = first.ordinal, start = first.start
        index.updateForward(from: first.ordinal) { entry in
            let position = ParagraphPosition(ordinal: ordinal, start: start, entry: entry)
            (ordinal, start) = (ordinal + 1, position.end)
            var end = next
            while end < ranges.count,
                ranges[end].lowerBound < position.end
                    || (ranges[end].lowerBound == position.end && position.ordinal == lastOrdinal)
            {
                end += 1
            }
            guard end > next else { return true }
            let group = next ..< end
            do throws(TextContentError) {
                guard isPlain(entry), ranges[end - 1].upperBound <= position.contentEnd,
                    !mayEmpty(position, ranges[group]),
                    let spliced = try splicedPlainText(of: position, ranges[group], slices[group])
                else {
                    outcome = .success(())
                    return false
                }
                replaced.append((position.ordinal, entry))
                entry.utf16Length = spliced.utf16Count
                entry.content = stringContent(spliced.text, utf16Count: spliced.utf16Count)
                originals.append(contentsOf: spliced.replaced.lazy.map { ContentSlice($0) })
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
        return originals
    }

    /// Records edits made inside paragraphs, last to first, so that each edit's range is in the
    /// coordinates the ones before it left (sorted, they are where they were).
    private func recordInsideParagraphEdits(_ ranges: ArraySlice<Range<Int>>, _ slices: ArraySlice<ContentSlice>) {
        recordEditActions(
            ranges.indices.reversed().lazy.map {
                TextContentEdit(range: ranges[$0], replacementLength: slices[$0].utf16Count, isInsideParagraph: true)
            })
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
        if ranges[first].lowerBound == position.start, position.ordinal > 0,
            ranges[first ... last].reduce(0, { $0 + $1.count }) == position.entry.contentLength
        {
            return nil
        }
        return first
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
            guard let spliced = try? splicedPlainText(of: position, ranges, slices) else { return }
            entry.utf16Length = spliced.utf16Count
            entry.content = .string(spliced.text)
        }
        isPristine = false
        index.replace(position.ordinal ..< position.ordinal + 1, with: entry.utf16Length == 0 ? [] : [entry])
        recordInsideParagraphEdits(ranges, slices)
    }

    /// The text of the paragraph at `position` (without attributes) with `ranges` (document
    /// offsets, sorted, inside its text) replaced by the plain text of `slices` (its separator
    /// kept), its UTF-16 length, and the text each range held. Nil for a paragraph with
    /// attributes; throws for an edge between the halves of a surrogate pair. ASCII is
    /// spliced byte by byte; other text through its UTF-16 view.
    private func splicedPlainText(
        of position: ParagraphPosition, _ ranges: ArraySlice<Range<Int>>, _ slices: ArraySlice<ContentSlice>
    ) throws(TextContentError) -> (text: String, utf16Count: Int, replaced: [String])? {
        let growth = zip(ranges, slices).reduce(0) { $0 + $1.1.utf16Count - $1.0.count }
        let utf16Count = position.entry.utf16Length + growth
        let fromBytes = withASCIIBytes(of: position.entry) { bytes in
            Self.splice(bytes, start: position.start, ranges, slices)
        }
        if let (text, replaced) = fromBytes { return (text, utf16Count, replaced) }
        guard let plain = plainString(of: position.entry) else { return nil }
        let utf16 = plain.utf16
        var edited = ""
        edited.reserveCapacity(plain.utf8.count + max(0, growth * 3))
        var replaced: [String] = []
        replaced.reserveCapacity(ranges.count)
        var cursor = utf16.startIndex
        var cursorOffset = position.start
        for (range, slice) in zip(ranges, slices) {
            let lower = utf16.index(cursor, offsetBy: range.lowerBound - cursorOffset)
            let upper = utf16.index(lower, offsetBy: range.count)
            for (edge, offset) in [(lower, range.lowerBound), (upper, range.upperBound)]
            where edge < utf16.endIndex && UTF16.isTrailSurrogate(utf16[edge]) {
                throw .splitsSurrogatePair(offset: offset)
            }
            edited += plain[cursor ..< lower]
            replaced.append(String(plain[lower ..< upper]))
            if case .plain(let string) = slice.content { edited += string }
            cursor = upper
            cursorOffset = range.upperBound
        }
        edited += plain[cursor...]
        return (edited, utf16Count, replaced)
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

    /// ASCII `bytes` of a paragraph starting at document offset `start`, with `ranges`
    /// replaced by `slices`' plain text, and the text each range held: one copy, no decoding.
    private static func splice(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, _ ranges: ArraySlice<Range<Int>>,
        _ slices: ArraySlice<ContentSlice>
    ) -> (text: String, replaced: [String]) {
        var inserted: [String] = []
        inserted.reserveCapacity(slices.count)
        var replaced: [String] = []
        replaced.reserveCapacity(ranges.count)
        var capacity = bytes.count
        for (range, slice) in zip(ranges, slices) {
            guard case .plain(let string) = slice.content else { continue }
            inserted.append(string)
            capacity += string.utf8.count - range.count
            replaced.append(
                String(
                    decoding: UnsafeBufferPointer(
                        rebasing: bytes[range.lowerBound - start ..< range.upperBound - start]),
                    as: UTF8.self))
        }
        let text = String(unsafeUninitializedCapacity: capacity) { output -> Int in
            guard let input = bytes.baseAddress, let out = output.baseAddress else { return 0 }
            var written = 0, read = 0
            for (range, string) in zip(ranges, inserted) {
                let lower = range.lowerBound - start
                (out + written).initialize(from: input + read, count: lower - read)
                written += lower - read
                var string = string
                written += string.withUTF8 { utf8 in
                    if let base = utf8.baseAddress { (out + written).initialize(from: base, count: utf8.count) }
                    return utf8.count
                }
                read = range.upperBound - start
            }
            (out + written).initialize(from: input + read, count: bytes.count - read)
            return written + bytes.count - read
        }
        return (text, replaced)
    }
}
