import Foundation

/// Taking text out as it was and putting it back (what undo does), and replacing many ranges at
/// once (what replace-all and several cursors do), at a cost that follows the number of
/// paragraphs touched, not the text between them.
extension TextContentStorage {
    /// The text of exactly `offsets` (clamped to the document), to put back with
    /// `replaceContents(in:with:)`: whole paragraphs inside it are kept as this storage's own
    /// entries, so a slice of all of a 100 MB document costs O(log n).
    public func contentSlice(_ offsets: Range<Int>) -> ContentSlice {
        let length = utf16Length
        let requested = max(0, min(offsets.lowerBound, length)) ..< max(0, min(offsets.upperBound, length))
        guard !requested.isEmpty, let first = index.paragraph(containing: requested.lowerBound),
            let last = index.paragraph(containing: requested.upperBound)
        else { return ContentSlice("") }
        if requested.upperBound <= first.end {
            if let plain = plainSlice(
                of: first.entry, requested.lowerBound - first.start ..< requested.upperBound - first.start)
            {
                return ContentSlice(plain)
            }
            return ContentSlice(exactText(requested))
        }
        // Whole paragraphs: from the first that starts inside, up to the one holding the end
        // (that one too when the range takes all of it, separator included).
        let firstWhole = requested.lowerBound == first.start ? first.ordinal : first.ordinal + 1
        let takesLast = requested.upperBound == last.end && last.entry.separatorLength > 0
        let wholeEnd = takesLast ? last.ordinal + 1 : last.ordinal
        guard firstWhole < wholeEnd else { return ContentSlice(exactText(requested)) }
        let head =
            requested.lowerBound == first.start ? AttributedString() : exactText(requested.lowerBound ..< first.end)
        let tail = takesLast ? AttributedString() : exactText(last.start ..< requested.upperBound)
        return ContentSlice(head: head, middle: index.extract(firstWhole ..< wholeEnd), tail: tail, source: source)
    }

    /// The text of each of `ranges` (sorted), as `contentSlice(_:)` gives it, reading each
    /// paragraph without attributes once for all the ranges in it: a replace-all's million
    /// matches in one long paragraph decode it once, not once a match.
    public func contentSlices(_ ranges: [Range<Int>]) -> [ContentSlice] {
        var result: [ContentSlice] = []
        result.reserveCapacity(ranges.count)
        let length = utf16Length
        var paragraph: (start: Int, end: Int, units: [UInt16])?
        for range in ranges {
            let requested = max(0, min(range.lowerBound, length)) ..< max(0, min(range.upperBound, length))
            if let current = paragraph, requested.lowerBound >= current.start, requested.upperBound <= current.end {
                let units = current.units[requested.lowerBound - current.start ..< requested.upperBound - current.start]
                result.append(ContentSlice(String(decoding: units, as: UTF16.self)))
                continue
            }
            if !requested.isEmpty, let position = index.paragraph(containing: requested.lowerBound),
                requested.upperBound <= position.end,
                case .long(let long) = position.entry.content, ranges.count <= Self.longParagraphEditLimit
            {
                // A few ranges in a long paragraph (a keystroke at each cursor): each read from
                // its tree, O(log n + range).
                result.append(
                    ContentSlice(
                        long.string(in: requested.lowerBound - position.start ..< requested.upperBound - position.start)
                    ))
                continue
            }
            if !requested.isEmpty, let position = index.paragraph(containing: requested.lowerBound),
                requested.upperBound <= position.end,
                let plain = plainString(of: position.entry)
            {
                let units = Array(plain.utf16)
                paragraph = (position.start, position.start + units.count, units)
                result.append(
                    ContentSlice(
                        String(
                            decoding: units[
                                requested.lowerBound - position.start ..< requested.upperBound - position.start],
                            as: UTF16.self)))
                continue
            }
            result.append(contentSlice(requested))
        }
        return result
    }

    /// The first of `offsets` (sorted) that falls between the two halves of a surrogate pair,
    /// reading each paragraph at most once (nil when none does).
    func firstSurrogatePairSplit(in offsets: some Sequence<Int>) -> Int? {
        // The paragraph last read; no units when it has no surrogate (ASCII, found without a copy).
        var paragraph: (start: Int, end: Int, units: [UInt16]?)?
        var previous = Int.min
        var cursor = ParagraphCursor(index)
        for offset in offsets {
            guard offset >= previous else { return offsets.first { splitsSurrogatePair(at: $0) } }
            previous = offset
            if let current = paragraph, offset > current.start, offset < current.end {
                if let units = current.units, UTF16.isTrailSurrogate(units[offset - current.start]) { return offset }
                continue
            }
            guard let position = cursor.paragraph(containing: offset), offset > position.start, offset < position.end
            else { continue }
            let units = unitsIfNotASCII(position.entry)
            paragraph = (position.start, position.end, units)
            if let units, UTF16.isTrailSurrogate(units[offset - position.start]) { return offset }
        }
        return nil
    }

    /// A paragraph's UTF-16 units, or nil when it is ASCII (then it holds no surrogate): bytes
    /// read as ASCII, or a string as long in UTF-8 as in UTF-16 (both counts O(1) for ASCII).
    private func unitsIfNotASCII(_ entry: ParagraphEntry) -> [UInt16]? {
        switch entry.content {
        case .plain(let start, let count):
            return count == entry.utf16Length ? nil : Array(plainText(start, count).utf16)
        case .string(let text), .uniform(let text, _):
            return text.utf8.count == text.utf16.count ? nil : Array(text.utf16)
        case .attributed(let text): return Array(text.utf16)
        case .runs(let runs): return runs.text.utf8.count == runs.text.utf16.count ? nil : Array(runs.text.utf16)
        case .long(let text): return Array(text.string.utf16)
        }
    }

    /// The first edge of `ranges` (UTF-16 offsets, sorted, disjoint) that falls between the two
    /// halves of a surrogate pair, or nil when none does: the edit `replaceContents` would
    /// refuse, for an editor that must know before it changes anything else. One range looks at
    /// its two edges alone; many read each paragraph at most once.
    ///
    /// ```swift
    /// let storage = TextContentStorage(string: "a👍b")
    /// storage.firstSurrogatePairSplit(atEdgesOf: [2 ..< 2])   // 2
    /// ```
    public func firstSurrogatePairSplit(atEdgesOf ranges: [Range<Int>]) -> Int? {
        guard !index.isASCII else { return nil }
        // A few ranges look at their edges alone (O(log n) each in a long paragraph).
        if ranges.count <= Self.longParagraphEditLimit {
            return ranges.lazy.flatMap { [$0.lowerBound, $0.upperBound] }.first { splitsSurrogatePair(at: $0) }
        }
        return firstSurrogatePairSplit(in: ranges.lazy.flatMap { [$0.lowerBound, $0.upperBound] })
    }

    /// Replaces exactly `range` with `slice`, the text and attributes it holds, as they were.
    public func replaceContents(in range: TextRange, with slice: ContentSlice) throws(TextContentError) {
        let offsets = try scalarAlignedOffsets(of: range)
        switch slice.content {
        case .plain(let string):
            // The AttributedString only if a paragraph with attributes needs one (putting back a
            // 5 MB plain paragraph makes none).
            replaceCharacters(in: offsets, insertedUnits: string.utf16, insertsAttributes: false) { text, bounds in
                text.safelyReplaceSubrange(bounds, with: AttributedString(string))
            }
        case .attributed(let text):
            try replaceContents(in: range, with: text)
        case .paragraphs(let head, let middle, let tail, let sliceSource):
            guard sliceSource === source else {
                // Entries of another document's bytes: as text.
                return try replaceContents(in: range, with: slice.attributedString)
            }
            var ends = head
            ends.append(tail)
            try replaceContents(in: range, with: ends)
            let splice = offsets.lowerBound + head.utf16.count
            if let ordinal = paragraphStart(at: splice, accepting: middle) {
                isPristine = false
                index.insert(middle, at: ordinal)
                recordEditAction(TextContentEdit(range: splice ..< splice, replacementLength: middle.utf16Length))
            } else {
                let whole = ContentSlice(
                    head: AttributedString(), middle: middle, tail: AttributedString(), source: sliceSource)
                replace(
                    splice ..< splice, with: whole.attributedString, hasAttributes: true, hasParagraphAttributes: true)
            }
        }
    }

    /// The ordinal of the paragraph starting at `offset`, where `middle`'s paragraphs can go in
    /// as they are: a paragraph boundary, with no CR before it meeting an LF of theirs (or theirs
    /// meeting one after), which would join two separators into one. Nil otherwise.
    private func paragraphStart(at offset: Int, accepting middle: ParagraphIndex) -> Int? {
        guard let firstEntry = middle.paragraph(at: 0)?.entry,
            let lastEntry = middle.paragraph(at: middle.paragraphCount - 1)?.entry
        else { return nil }
        let ordinal: Int
        if offset == utf16Length {
            guard let last = index.paragraph(at: paragraphCount - 1) else { return 0 }
            guard last.entry.separatorLength > 0 else { return nil }
            ordinal = paragraphCount
        } else {
            guard let position = index.paragraph(containing: offset), position.start == offset else { return nil }
            ordinal = position.ordinal
            if lastUnit(of: lastEntry) == 0x0D, firstUnit(of: position.entry) == 0x0A { return nil }
        }
        if ordinal > 0, let previous = index.paragraph(at: ordinal - 1), lastUnit(of: previous.entry) == 0x0D,
            firstUnit(of: firstEntry) == 0x0A
        {
            return nil
        }
        return ordinal
    }
}

extension TextContentStorage {
    /// Up to how many ranges of one edit (several cursors) are read and edited one by one in a
    /// long paragraph's tree; more (a replace-all) read its whole text once.
    static let longParagraphEditLimit = 64

    /// Calls `body` with the UTF-16 start and the UTF-8 text (separator included) of each
    /// paragraph of the storage, from the one holding `offset`, until it returns false: the
    /// bytes of a paragraph read from a file in place, others encoded. What search reads, so
    /// that searching a 100 MB document makes no `String` of it, nor one a paragraph.
    public func enumerateParagraphUTF8(fromOffset offset: Int, _ body: (Int, UnsafeBufferPointer<UInt8>) -> Bool) {
        guard offset >= 0, offset < utf16Length, let first = index.paragraph(containing: offset) else { return }
        index.forEach(from: first.ordinal, reverse: false) { position in
            withUTF8(of: position.entry) { body(position.start, $0) }
        }
    }

    /// Calls `body` with the UTF-16 start, the UTF-8 text and the UTF-16 length of the text
    /// from the paragraph holding `offset` on, in runs, until it returns false: consecutive
    /// paragraphs read from a file and not edited since come as one run (the separators between
    /// them in it), others one paragraph each. What a search for text holding no paragraph
    /// separator reads: a document just opened is one run, read in place. A run as long in
    /// UTF-8 as in UTF-16 is ASCII, its offsets the same in both.
    ///
    /// ```swift
    /// storage.enumerateUTF8Runs(fromOffset: 0) { start, bytes, utf16Count in
    ///     print(start, bytes.count == utf16Count ? "ASCII" : "not ASCII"); return true
    /// }
    /// ```
    public func enumerateUTF8Runs(
        fromOffset offset: Int, _ body: (Int, UnsafeBufferPointer<UInt8>, Int) -> Bool
    ) {
        guard offset >= 0, offset < utf16Length, let first = index.paragraph(containing: offset) else { return }
        if isPristine, case .plain(let start, _) = first.entry.content {
            // The text is the source's bytes, all of it.
            _ = body(first.start, source.slice(start, source.count - start), utf16Length - first.start)
            return
        }
        var run: (start: Int, byteStart: Int, byteCount: Int, utf16Count: Int)?
        var stopped = false
        func flush() {
            if let current = run, !stopped {
                stopped = !body(current.start, source.slice(current.byteStart, current.byteCount), current.utf16Count)
            }
            run = nil
        }
        index.forEach(from: first.ordinal, reverse: false) { position in
            if case .plain(let start, let count) = position.entry.content {
                if let current = run, current.byteStart + current.byteCount == start {
                    run = (
                        current.start, current.byteStart, current.byteCount + count,
                        current.utf16Count + position.entry.utf16Length
                    )
                    return true
                }
                flush()
                run = (position.start, start, count, position.entry.utf16Length)
                return !stopped
            }
            flush()
            guard !stopped else { return false }
            return withUTF8(of: position.entry) { body(position.start, $0, position.entry.utf16Length) }
        }
        flush()
    }

    /// `body` on the UTF-8 text of a paragraph entry: its bytes in place, or encoded.
    private func withUTF8<Result>(of entry: ParagraphEntry, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch entry.content {
        case .plain(let start, let count):
            return body(source.slice(start, count))
        case .string(var text), .uniform(var text, _):
            return text.withUTF8(body)
        case .attributed(let text):
            var plain = Self.plainString(of: text)
            return plain.withUTF8(body)
        case .runs(let runs):
            var plain = runs.text
            return plain.withUTF8(body)
        case .long(let text):
            // Searching reads all of it anyway: its String, made once.
            var plain = text.string
            return plain.withUTF8(body)
        }
    }
}
