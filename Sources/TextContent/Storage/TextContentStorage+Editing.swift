import Foundation

extension TextContentStorage {
    /// Replaces exactly the UTF-16 range `range` with `attributedString` (nil deletes), keeping
    /// the attributes it carries, as TextKit's text storage does: deleting the last unit of
    /// "e\u{301}" removes only the accent, and text inserted between CR and LF lands between them.
    /// A range whose edge falls between the two halves of a surrogate pair is refused
    /// (`TextContentError.splitsSurrogatePair`), since no string can hold half a scalar.
    public func replaceContents(in range: TextRange, with attributedString: AttributedString?) throws(TextContentError)
    {
        let offsets = try scalarAlignedOffsets(of: range)
        let replacement = attributedString ?? AttributedString()
        let summary = replacement.attributeSummary
        replace(offsets, with: replacement, hasAttributes: summary.any, hasParagraphAttributes: summary.paragraphBound)
    }

    /// Replaces the text in `range` with `string`, which takes the attributes of the text it
    /// replaces (at an insertion point, of the character before it in the same paragraph, or
    /// at a paragraph's start the one after it), as typing does.
    /// Like the attributed form, it replaces exactly `range` and refuses only a split surrogate pair.
    public func replaceContents(in range: TextRange, with string: String) throws(TextContentError) {
        let offsets = try scalarAlignedOffsets(of: range)
        let attributes = typingAttributes(at: offsets)
        let hasAttributes = attributes != AttributeContainer()
        let hasParagraphAttributes =
            hasAttributes && attributes.filter(runBoundaries: .paragraph) != AttributeContainer()
        replace(
            offsets, with: AttributedString(string, attributes: attributes), hasAttributes: hasAttributes,
            hasParagraphAttributes: hasParagraphAttributes)
    }

    /// What `replaceContents(in:with:)` does with elements: replaces exactly the UTF-16 range
    /// `range` with the text of `textElements` (their attributed strings, one after another,
    /// separators included; nil or none deletes), as the attributed form does. Elements of another
    /// document are copied; an element that is not a paragraph is refused with
    /// `.editingNotSupported`, and nothing is changed.
    func replaceElements(in range: TextRange, with textElements: [any TextElement]?) throws(TextContentError) {
        var text = AttributedString()
        for element in textElements ?? [] {
            guard let paragraph = element as? TextParagraph else {
                throw .editingNotSupported(reason: "a \(type(of: element)) element has no text to store")
            }
            text.append(paragraph.attributedString)
        }
        try replaceContents(in: range, with: text)
    }

    /// The offsets of `range`, refused if an edge falls inside a surrogate pair.
    func scalarAlignedOffsets(of range: TextRange) throws(TextContentError) -> Range<Int> {
        let offsets = try offsets(of: range)
        for edge in [offsets.lowerBound, offsets.upperBound] where splitsSurrogatePair(at: edge) {
            throw .splitsSurrogatePair(offset: edge)
        }
        return offsets
    }

    /// Whether `offset` falls between a high and a low surrogate. Surrogate pairs never cross
    /// a paragraph separator, so only the paragraph containing `offset` is read.
    public func splitsSurrogatePair(at offset: Int) -> Bool {
        guard let position = index.paragraph(containing: offset), offset > position.start, offset < position.end else {
            return false
        }
        let local = offset - position.start
        switch position.entry.content {
        case .plain(let start, let count):
            // Bytes read from a file as ASCII (as many bytes as UTF-16 units) hold no surrogate.
            if count == position.entry.utf16Length { return false }
            return Self.isLowSurrogate(plainText(start, count).utf16, at: local)
        case .string(let text), .uniform(let text, _):
            return Self.isLowSurrogate(text.utf16, at: local)
        case .attributed(let text):
            return Self.isLowSurrogate(text.utf16, at: local)
        case .runs(let runs):
            return Self.isLowSurrogate(runs.text.utf16, at: local)
        case .long(let text):
            return text.unit(at: local).map(UTF16.isTrailSurrogate) ?? false
        }
    }

    private static func isLowSurrogate<View: BidirectionalCollection<UInt16>>(_ units: View, at local: Int) -> Bool {
        let index = units.index(units.startIndex, offsetBy: local)
        return index < units.endIndex && UTF16.isTrailSurrogate(units[index])
    }

    /// The one way text is replaced: the replacement's paragraph-bound attributes are stashed
    /// so that Foundation never enforces them mid-edit (see ParagraphAttributeStash).
    func replace(
        _ offsets: Range<Int>, with replacement: AttributedString, hasAttributes: Bool, hasParagraphAttributes: Bool
    ) {
        var replacement = replacement
        if hasParagraphAttributes { replacement.stashParagraphAttributes() }
        replaceCharacters(
            in: offsets, insertedUnits: replacement.utf16, stashesParagraphAttributes: hasParagraphAttributes,
            insertsAttributes: hasAttributes
        ) { text, bounds in
            text.safelyReplaceSubrange(bounds, with: replacement)
        }
    }

    /// The attributes typed text takes at `offsets`, read from the paragraph it goes into.
    public func typingAttributes(at offsets: Range<Int>) -> AttributeContainer {
        guard let position = index.paragraph(containing: offsets.lowerBound) else { return AttributeContainer() }
        // Text without attributes (the common case while typing) has nothing to inherit.
        guard position.entry.hasAttributes else { return AttributeContainer() }
        // Text with one set of attributes gives them wherever it is typed into (no AttributedString
        // of all of it is made).
        if let (text, attributes) = position.entry.content.uniform {
            return text.isEmpty ? AttributeContainer() : attributes.filter(inheritedByAddedText: true)
        }
        let text = attributedString(of: position.entry)
        let lower = min(offsets.lowerBound - position.start, position.entry.utf16Length)
        let upper = min(max(lower, offsets.upperBound - position.start), position.entry.utf16Length)
        return text.typingAttributes(at: text.utf16Range(lower ..< upper))
    }

    /// The attributes typed text takes at each of `ranges` (sorted by their starts), as
    /// `typingAttributes(at:)` gives them, finding the paragraphs in one walk (a replace-all's
    /// matches).
    public func typingAttributes(at ranges: [Range<Int>]) -> [AttributeContainer] {
        guard index.hasAttributes else { return Array(repeating: AttributeContainer(), count: ranges.count) }
        var cursor = ParagraphCursor(index)
        return ranges.map { range in
            guard let position = cursor.paragraph(containing: range.lowerBound), position.entry.hasAttributes else {
                return AttributeContainer()
            }
            return typingAttributes(at: range)
        }
    }

    /// Sets the attributes of the text in `range` to `attributes`, replacing the ones it had.
    public func setAttributes(_ attributes: AttributeContainer, in range: TextRange) throws(TextContentError) {
        try transformAttributes(in: range) { $0.setAttributes(attributes) }
    }

    /// Merges `attributes` into those of the text in `range`.
    public func addAttributes(_ attributes: AttributeContainer, in range: TextRange) throws(TextContentError) {
        try transformAttributes(in: range) { $0.mergeAttributes(attributes) }
    }

    /// Removes attribute `key` from the text in `range`.
    public func removeAttribute<Key: AttributedStringKey>(_ key: Key.Type, in range: TextRange) throws(TextContentError)
    where Key.Value: Sendable {
        try transformAttributes(in: range) { $0[key] = nil }
    }

    /// Changes attributes of the text in `range`; `body` runs once for each paragraph's part of
    /// it. Paragraph-bound attributes spread to whole paragraphs, as AttributedString does.
    ///
    /// ```swift
    /// try storage.transformAttributes(in: range) { $0.foregroundColor = .init(red: 1, green: 0, blue: 0) }
    /// ```
    public func transformAttributes(
        in range: TextRange, _ body: (inout AttributedSubstring) -> Void
    ) throws(TextContentError) {
        try transformParagraphs(in: range) { text, bounds in body(&text[bounds]) }
    }

    /// Changes the attributes of each run of the text in `range` (only the part of a run in
    /// `range`), as SwiftUI's `transformAttributes(in:body:)` does for a selection.
    ///
    /// ```swift
    /// try storage.transformRunAttributes(in: range) { $0.underlineStyle = .single }
    /// ```
    public func transformRunAttributes(
        in range: TextRange, _ body: (inout AttributeContainer) -> Void
    ) throws(TextContentError) {
        // A whole paragraph without attributes, or with the same ones throughout, becomes one
        // with the same ones throughout: no AttributedString is made (bold over a megabyte of
        // plain text is 8,000 of them). Most paragraphs share their attributes: each distinct
        // container is transformed once.
        var transformed: [AttributeContainer: AttributeContainer] = [:]
        func wholeParagraph(_ entry: ParagraphEntry) -> ParagraphEntry? {
            let text: String, attributes: AttributeContainer
            switch entry.content {
            case .plain(let start, let count): (text, attributes) = (self.plainText(start, count), AttributeContainer())
            case .string(let string): (text, attributes) = (string, AttributeContainer())
            case .long(let long): (text, attributes) = (long.string, AttributeContainer())
            case .uniform, .runs:
                // Runs of one set count as one set (`StoredParagraphText.uniform`).
                guard let uniform = entry.content.uniform else { return nil }
                (text, attributes) = uniform
            case .attributed: return nil
            }
            let changed =
                transformed[attributes]
                ?? {
                    var container = attributes
                    body(&container)
                    container.unifyParagraphStyle()
                    transformed[attributes] = container
                    return container
                }()
            var entry = entry
            entry.hasAttributes = changed != AttributeContainer()
            entry.content = entry.hasAttributes ? .uniform(text, changed) : .string(text)
            return entry
        }
        try transformParagraphs(in: range, wholeParagraph: wholeParagraph) { text, bounds in
            let changes = text[bounds].runs.compactMap { run -> (Range<AttributedString.Index>, AttributeContainer)? in
                var attributes = run.attributes
                body(&attributes)
                return attributes == run.attributes ? nil : (run.range, attributes)
            }
            for (range, attributes) in changes { text[range].setAttributes(attributes) }
        }
    }

    /// Runs `body` on each paragraph's text with the bounds of its part of `range`.
    private func transformParagraphs(
        in range: TextRange, wholeParagraph: (ParagraphEntry) -> ParagraphEntry? = { _ in nil },
        _ body: (inout AttributedString, Range<AttributedString.Index>) -> Void
    ) throws(TextContentError) {
        let requested = try offsets(of: range)
        let offsets = snappedToGraphemeClusters(requested)
        guard !offsets.isEmpty, let first = index.paragraph(containing: offsets.lowerBound) else { return }
        var changed: [ParagraphEntry] = []
        var last = first
        index.forEach(from: first.ordinal, reverse: false) { position in
            last = position
            if position.start >= offsets.lowerBound, position.end <= offsets.upperBound,
                let entry = wholeParagraph(position.entry)
            {
                changed.append(entry)
                return position.end < offsets.upperBound
            }
            var text = attributedString(of: position.entry)
            let lower = max(offsets.lowerBound, position.start) - position.start
            let upper = min(offsets.upperBound, position.end) - position.start
            body(&text, text.utf16Range(lower ..< upper))
            text.unifyParagraphStyle()
            var entry = position.entry
            entry.content = .attributed(text)
            entry.hasAttributes = true
            changed.append(entry)
            last = position
            return position.end < offsets.upperBound
        }
        isPristine = false
        index.replace(first.ordinal ..< last.ordinal + 1, with: changed)
        recordEditAction(
            TextContentEdit(
                range: first.start ..< last.end, replacementLength: last.end - first.start, kind: .attributes))
    }

    /// The core of every character edit: apply `mutate` to the paragraphs the edit touches and
    /// put the result back, re-split into paragraphs. Cost: O(log n + touched paragraphs).
    /// `offsets` may cut grapheme clusters but never a surrogate pair.
    func replaceCharacters(
        in offsets: Range<Int>,
        insertedUnits: some Collection<UInt16>,
        stashesParagraphAttributes: Bool = false,
        insertsAttributes: Bool = true,
        _ mutate: (inout AttributedString, Range<AttributedString.Index>) -> Void
    ) {
        let insertsSeparator = insertedUnits.contains { $0 == 0x0A || $0 == 0x0D || $0 == 0x2029 }
        isPristine = false
        let lengthBeforeEdit = utf16Length
        defer {
            let inserted = utf16Length - (lengthBeforeEdit - offsets.count)
            recordEditAction(TextContentEdit(range: offsets, replacementLength: inserted))
        }

        // Fast path, typing: the edit stays inside one paragraph's content and neither removes
        // nor inserts a separator, so the paragraph structure cannot change.
        if !insertsSeparator, let position = index.paragraph(containing: offsets.lowerBound),
            offsets.lowerBound < position.end || position.entry.separatorLength == 0,
            offsets.upperBound <= position.contentEnd,
            !mayJoinWithPreviousSeparator(position, removing: offsets)
        {
            if !position.entry.hasAttributes, !insertsAttributes,
                let long = longText(of: position.entry, editSize: offsets.count + insertedUnits.count)
            {
                // Typing into a long paragraph: an edit of its tree, O(log n).
                let local = offsets.lowerBound - position.start ..< offsets.upperBound - position.start
                let edited = long.replacing(local, with: String(decoding: Array(insertedUnits), as: UTF16.self))
                var entry = position.entry
                entry.content = plainContent(edited)
                entry.utf16Length = edited.utf16Count
                index.replace(position.ordinal ..< position.ordinal + 1, with: entry.utf16Length == 0 ? [] : [entry])
                return
            }
            if !position.entry.hasAttributes, !insertsAttributes, let plain = plainString(of: position.entry) {
                // Typing into text without attributes: splice the String, no AttributedString.
                let utf16 = plain.utf16
                let lower = utf16.index(utf16.startIndex, offsetBy: offsets.lowerBound - position.start)
                let upper = utf16.index(lower, offsetBy: offsets.count)
                var edited = String(plain[..<lower])
                edited += String(decoding: Array(insertedUnits), as: UTF16.self)
                edited += plain[upper...]
                var entry = position.entry
                entry.utf16Length = edited.utf16.count
                entry.content = stringContent(edited, utf16Count: entry.utf16Length)
                index.replace(position.ordinal ..< position.ordinal + 1, with: entry.utf16Length == 0 ? [] : [entry])
                return
            }
            var text = attributedString(of: position.entry)
            let stashes =
                stashesParagraphAttributes || (position.entry.hasAttributes && text.hasParagraphBoundAttributes)
            if stashes { text.stashParagraphAttributes() }
            mutate(&text, text.utf16Range(offsets.lowerBound - position.start ..< offsets.upperBound - position.start))
            if stashes { text.restoreParagraphAttributes() }
            var entry = position.entry
            entry.content = .attributed(text)
            entry.hasAttributes = entry.hasAttributes || insertsAttributes
            entry.utf16Length = text.utf16.count
            if entry.utf16Length == 0 {
                index.replace(position.ordinal ..< position.ordinal + 1, with: [])
            } else {
                index.replace(position.ordinal ..< position.ordinal + 1, with: [entry])
            }
            return
        }

        // General path: rebuild the touched paragraphs, plus the one before (a `\r` there may
        // join an inserted `\n`) and the one starting at the end (a removed separator merges it).
        if !insertsAttributes, !stashesParagraphAttributes,
            replaceLongPlainParagraphs(in: offsets, insertedUnits: insertedUnits)
                || replacePlainParagraphs(in: offsets, insertedUnits: insertedUnits)
        {
            return
        }
        replaceAttributedParagraphs(
            in: offsets, insertedUnits: insertedUnits, stashesParagraphAttributes: stashesParagraphAttributes, mutate)
    }

    /// The general path for text without attributes: the same paragraphs are rebuilt, as one
    /// String with the edit spliced in, re-split into paragraphs that stay Strings, so that
    /// putting back a 5 MB paragraph (undoing a delete-all) leaves it as fast to type into as
    /// it was. False, with nothing changed, when one of them has attributes.
    private func replacePlainParagraphs(in offsets: Range<Int>, insertedUnits: some Collection<UInt16>) -> Bool {
        guard paragraphCount > 0 else {
            // An empty document: the text is all there is.
            index.replace(0 ..< 0, with: plainParagraphs(of: String(decoding: Array(insertedUnits), as: UTF16.self)))
            return true
        }
        guard let firstPosition = index.paragraph(containing: offsets.lowerBound),
            let lastPosition = index.paragraph(containing: offsets.upperBound),
            let lastText = plainString(of: lastPosition.entry)
        else { return false }
        var first = firstPosition.ordinal
        if firstPosition.start == offsets.lowerBound, first > 0 { first -= 1 }
        var head: [(start: Int, text: String)] = []
        var isPlain = true
        index.forEach(from: first, reverse: false) { position in
            guard let text = plainString(of: position.entry) else {
                isPlain = false
                return false
            }
            head.append((position.start, text))
            return position.ordinal < firstPosition.ordinal
        }
        guard isPlain else { return false }
        var result = ""
        for (start, text) in head {
            if offsets.lowerBound >= start + text.utf16.count {
                result += text
            } else {
                result += text[..<text.utf16.index(text.startIndex, offsetBy: offsets.lowerBound - start)]
                break
            }
        }
        result += String(decoding: Array(insertedUnits), as: UTF16.self)
        result +=
            lastText[
                lastText.utf16.index(
                    lastText.startIndex,
                    offsetBy: min(offsets.upperBound - lastPosition.start, lastText.utf16.count))...
            ]
        index.replace(first ..< lastPosition.ordinal + 1, with: plainParagraphs(of: result))
        return true
    }

    /// Paragraph entries of text without attributes, each a String.
    private func plainParagraphs(of text: String) -> [ParagraphEntry] {
        var entries: [ParagraphEntry] = []
        var lower = text.startIndex
        for (length, separator) in ParagraphScanner.paragraphs(ofUTF16: text.utf16) {
            let upper = text.utf16.index(lower, offsetBy: length)
            entries.append(
                ParagraphEntry(
                    content: stringContent(String(text[lower ..< upper]), utf16Count: length),
                    utf16Length: length, separatorLength: separator))
            lower = upper
        }
        return entries
    }

    /// Whether deleting `removing` from `position` could bring a `\r` ending the previous
    /// paragraph next to this paragraph's `\n`, making one `\r\n` separator.
    private func mayJoinWithPreviousSeparator(_ position: ParagraphPosition, removing: Range<Int>) -> Bool {
        guard position.ordinal > 0, removing.lowerBound == position.start, removing.upperBound == position.contentEnd,
            !removing.isEmpty, let previous = index.paragraph(at: position.ordinal - 1)
        else { return false }
        return previous.entry.separatorLength == 1 && lastUnit(of: previous.entry) == 0x0D
    }

    func lastUnit(of entry: ParagraphEntry) -> UInt16? {
        switch entry.content {
        case .plain(let start, let count): return count > 0 ? UInt16(source.bytes[start + count - 1]) : nil
        case .string(let text), .uniform(let text, _): return text.utf16.last
        case .attributed(let text): return text.utf16.last
        case .runs(let runs): return runs.text.utf16.last
        case .long(let text): return text.unit(at: text.utf16Count - 1)
        }
    }

    func firstUnit(of entry: ParagraphEntry) -> UInt16? {
        switch entry.content {
        case .plain(let start, let count): return count > 0 ? UInt16(source.bytes[start]) : nil
        case .string(let text), .uniform(let text, _): return text.utf16.first
        case .attributed(let text): return text.utf16.first
        case .runs(let runs): return runs.text.utf16.first
        case .long(let text): return text.unit(at: 0)
        }
    }
}
