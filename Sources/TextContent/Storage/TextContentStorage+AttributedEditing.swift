import Foundation

/// The general path of an edit among paragraphs with attributes: one that may add, remove or
/// merge paragraph separators.
extension TextContentStorage {
    /// Rebuilds the paragraphs an edit touches, plus the one before (a `\r` there may join an
    /// inserted `\n`) and the one starting at the end (a removed separator merges it): they are
    /// joined into one AttributedString, edited, and cut into paragraphs again.
    ///
    /// The cuts are found without reading the text: before the edit a paragraph's only
    /// separator units are its last one or two, and the edit adds those of the inserted text.
    /// So a break typed into a paragraph of megabytes, or a backspace joining two, reads a few
    /// units and cuts the rope in O(log n), never a copy of the paragraph.
    func replaceAttributedParagraphs(
        in offsets: Range<Int>,
        insertedUnits: some Collection<UInt16>,
        stashesParagraphAttributes: Bool,
        _ mutate: (inout AttributedString, Range<AttributedString.Index>) -> Void
    ) {
        var combined = AttributedString()
        var touched = 0 ..< 0
        var combinedStart = 0
        var combinedLength = 0
        var skipped = 0
        // The separator units of the joined paragraphs, at their offsets in `combined`.
        var separators: [(offset: Int, unit: UInt16)] = []
        func append(_ entry: ParagraphEntry) {
            combined.append(attributedString(of: entry))
            combinedLength += entry.utf16Length
            switch entry.separatorLength {
            case 2: separators += [(combinedLength - 2, 0x0D), (combinedLength - 1, 0x0A)]
            case 1: if let unit = lastUnit(of: entry) { separators.append((combinedLength - 1, unit)) }
            default: break
            }
        }
        if let firstPosition = index.paragraph(containing: offsets.lowerBound),
            let lastPosition = index.paragraph(containing: offsets.upperBound)
        {
            var first = firstPosition.ordinal
            if firstPosition.start == offsets.lowerBound, first > 0 { first -= 1 }
            touched = first ..< lastPosition.ordinal + 1
            // Paragraphs strictly between the two holding the edges lie wholly in the replaced
            // range: they go without being read (deleting all of a 100 MB document reads two).
            index.forEach(from: first, reverse: false) { position in
                if position.ordinal == first { combinedStart = position.start }
                append(position.entry)
                return position.ordinal < firstPosition.ordinal
            }
            if lastPosition.ordinal > firstPosition.ordinal {
                skipped = lastPosition.start - (combinedStart + combinedLength)
                append(lastPosition.entry)
            }
        }
        let stashes = stashesParagraphAttributes || combined.hasParagraphBoundAttributes
        if stashes { combined.stashParagraphAttributes() }
        let edited = offsets.lowerBound - combinedStart ..< offsets.upperBound - combinedStart - skipped
        mutate(&combined, combined.utf16Range(edited))

        // The separators after the edit: the old ones outside the replaced range (those after
        // it moved by the change in length), and the inserted text's.
        var inserted: [(offset: Int, unit: UInt16)] = []
        var insertedCount = 0
        for unit in insertedUnits {
            if ParagraphScanner.isSeparator(unit) { inserted.append((edited.lowerBound + insertedCount, unit)) }
            insertedCount += 1
        }
        let shift = insertedCount - edited.count
        let kept = separators.filter { $0.offset < edited.lowerBound }
        let moved = separators.lazy.filter { $0.offset >= edited.upperBound }.map { ($0.offset + shift, $0.unit) }
        let all: [(offset: Int, unit: UInt16)] = kept + inserted + moved
        let paragraphs = ParagraphScanner.paragraphs(separatedAt: all, length: combinedLength + shift)
        let carriageReturns = Set(all.lazy.filter { $0.unit == 0x0D }.map(\.offset))

        var entries: [ParagraphEntry] = []
        entries.reserveCapacity(paragraphs.count)
        var lower = combined.startIndex
        var followsCR = false
        for (range, separator) in paragraphs {
            let upper = combined.utf16.index(lower, offsetBy: range.count)
            var paragraph = Self.paragraphText(combined, lower ..< upper, followsCR: followsCR)
            followsCR = separator == 1 && carriageReturns.contains(range.upperBound - 1)
            if stashes { paragraph.restoreParagraphAttributes() }
            entries.append(Self.paragraphEntry(paragraph, utf16Length: range.count, separatorLength: separator))
            lower = upper
        }
        index.replace(touched, with: entries)
    }

    /// Paragraph `bounds` of `text` as a string of its own: a slice, O(log n), but made afresh
    /// (O(paragraph)) when it follows a lone CR. Foundation (Swift 6.3 on Linux) gives such a
    /// slice rope state with which a later edit at its start, the paragraph joined to the one
    /// before, traps (`BigString._Chunk.resyncBreaks`).
    static func paragraphText(
        _ text: AttributedString, _ bounds: Range<AttributedString.Index>, followsCR: Bool
    ) -> AttributedString {
        let slice = AttributedString(text[bounds])
        return followsCR ? slice.rebuilt(replacing: slice.endIndex ..< slice.endIndex, with: AttributedString()) : slice
    }

    /// The entry of one paragraph's attributed text, its paragraph style made to agree with its
    /// block attributes.
    static func paragraphEntry(_ text: AttributedString, utf16Length: Int, separatorLength: Int) -> ParagraphEntry {
        var text = text
        let summary = text.attributeSummary
        if summary.paragraphBound { text.unifyParagraphStyle() }
        return ParagraphEntry(
            content: .attributed(text), utf16Length: utf16Length, separatorLength: separatorLength,
            hasAttributes: summary.any)
    }
}
