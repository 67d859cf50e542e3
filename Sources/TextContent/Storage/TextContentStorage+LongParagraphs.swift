import Foundation
import _RopeModule

/// Editing paragraphs without attributes past `longParagraphThreshold`, kept as
/// `LongParagraphText` (a B-tree): typing, deleting, splitting one (a paragraph break typed
/// inside it) and joining it with a neighbour (backspace at a paragraph's start) cost
/// O(log n + edit), never a copy or a scan of the paragraph.
extension TextContentStorage {
    /// Whether an entry is a long paragraph without attributes (or one to become long when edited).
    func isLong(_ entry: ParagraphEntry) -> Bool {
        switch entry.content {
        case .long: return true
        case .plain, .string: return entry.utf16Length >= longParagraphThreshold
        case .uniform, .attributed, .runs: return false
        }
    }

    /// Whether an entry is kept as a tree.
    static func isTree(_ entry: ParagraphEntry) -> Bool {
        if case .long = entry.content { return true }
        return false
    }

    /// The tree of a long entry without attributes, for an edit that replaces and inserts
    /// `editSize` units in all; a `.plain` or `.string` one at or past the threshold is made
    /// into one here (O(n), once: its first edit), unless the edit takes in a quarter of it or
    /// more (deleting all of it, a replace-all): that costs O(n) anyway, and the String the
    /// edit makes is quicker to make than a tree. Nil for other entries.
    func longText(of entry: ParagraphEntry, editSize: Int) -> LongParagraphText? {
        guard isLong(entry) else { return nil }
        if case .long(let text) = entry.content { return text }
        guard editSize < entry.utf16Length / 4 else { return nil }
        switch entry.content {
        case .long(let text): return text
        case .plain(let start, let count):
            return prebuiltTrees.take(start, count) ?? LongParagraphText(plainText(start, count))
        case .string(let text): return prebuiltTrees.take(text) ?? LongParagraphText(text)
        case .uniform, .attributed, .runs: return nil
        }
    }

    /// A paragraph's text that an edit made a String: one long enough to become a tree on its
    /// next edit has the tree built in the background meanwhile.
    func stringContent(_ text: String, utf16Count: Int) -> StoredParagraphText {
        if utf16Count >= longParagraphThreshold { prebuiltTrees.start(text) }
        return .string(text)
    }

    /// How a paragraph's edited text is kept: as a tree while it is long, as a String again
    /// once it is below half the threshold (the String costs O(that), bounded).
    func plainContent(_ text: LongParagraphText) -> StoredParagraphText {
        text.utf16Count < longParagraphThreshold / 2 ? .string(text.string) : .long(text)
    }

    /// A stretch of the text being rebuilt by `replaceLongPlainParagraphs`.
    private enum Piece {
        /// Units read whole (short paragraphs, the inserted text).
        case units(ArraySlice<UInt16>)
        /// Part of one long paragraph: a paragraph separator can only be its first unit (the
        /// `\n` of a `\r\n` cut in two) or among its last two (its paragraph's separator).
        case tree(BigString)

        var utf16Count: Int {
            switch self {
            case .units(let units): return units.count
            case .tree(let text): return text.utf16.count
            }
        }
    }

    /// The general path of `replaceCharacters` when one of the paragraphs it touches is long and
    /// none has attributes: the touched text is cut into pieces around the edit (trees cut
    /// and joined in O(log n)), only the short pieces and the edges of the long ones are read
    /// for paragraph separators, and each resulting paragraph is put together from its pieces.
    /// False, with nothing changed, when it does not apply.
    func replaceLongPlainParagraphs(in offsets: Range<Int>, insertedUnits: some Collection<UInt16>) -> Bool {
        guard paragraphCount > 0, let firstPosition = index.paragraph(containing: offsets.lowerBound),
            let lastPosition = index.paragraph(containing: offsets.upperBound)
        else { return false }
        var first = firstPosition.ordinal
        if firstPosition.start == offsets.lowerBound, first > 0 { first -= 1 }
        var head: [ParagraphPosition] = []
        index.forEach(from: first, reverse: false) { position in
            head.append(position)
            return position.ordinal < firstPosition.ordinal
        }
        let touched = lastPosition.ordinal > firstPosition.ordinal ? head + [lastPosition] : head
        // A big edit of a long paragraph not yet a tree goes the String way (see `longText`).
        let editSize = offsets.count + insertedUnits.count
        guard touched.allSatisfy({ isPlain($0.entry) }), touched.contains(where: { isLong($0.entry) }),
            touched.allSatisfy({ !isLong($0.entry) || Self.isTree($0.entry) || editSize < $0.entry.utf16Length / 4 })
        else { return false }

        var pieces: [Piece] = []
        func add(_ position: ParagraphPosition, _ local: Range<Int>) {
            guard !local.isEmpty else { return }
            if let long = longText(of: position.entry, editSize: editSize) {
                pieces.append(.tree(long.slice(local)))
            } else if let plain = plainString(of: position.entry) {
                pieces.append(.units(Array(plain.utf16)[local]))
            }
        }
        for position in head {
            add(position, 0 ..< max(0, min(position.end, offsets.lowerBound) - position.start))
        }
        let inserted = Array(insertedUnits)
        if !inserted.isEmpty { pieces.append(.units(inserted[...])) }
        let tailStart = min(max(0, offsets.upperBound - lastPosition.start), lastPosition.entry.utf16Length)
        add(lastPosition, tailStart ..< lastPosition.entry.utf16Length)

        let paragraphs = Self.paragraphRanges(of: pieces)
        var entries: [ParagraphEntry] = []
        entries.reserveCapacity(paragraphs.count)
        var cursor = (piece: 0, start: 0)
        for (range, separator) in paragraphs {
            // The pieces overlapping `range`; `cursor` is the first piece that may.
            var parts: [Piece] = []
            var piece = cursor.piece, pieceStart = cursor.start
            while piece < pieces.count, pieceStart < range.upperBound {
                let count = pieces[piece].utf16Count
                let lower = max(range.lowerBound, pieceStart) - pieceStart,
                    upper = min(range.upperBound, pieceStart + count) - pieceStart
                if lower < upper {
                    switch pieces[piece] {
                    case .units(let units):
                        parts.append(.units(units[units.startIndex + lower ..< units.startIndex + upper]))
                    case .tree(let text): parts.append(.tree(LongParagraphText.slice(text, lower ..< upper)))
                    }
                }
                if pieceStart + count > range.upperBound { break }
                pieceStart += count
                piece += 1
            }
            cursor = (piece, pieceStart)
            entries.append(
                ParagraphEntry(
                    content: content(of: parts, utf16Count: range.count), utf16Length: range.count,
                    separatorLength: separator))
        }
        index.replace(first ..< lastPosition.ordinal + 1, with: entries)
        return true
    }

    /// A paragraph's content put together from its parts: a tree when it is long, or made of
    /// part of a tree and at least half as long (as `plainContent` decides), parts that are
    /// trees joined in O(log n); else a String.
    private func content(of parts: [Piece], utf16Count: Int) -> StoredParagraphText {
        let hasTree = parts.contains { if case .tree = $0 { true } else { false } }
        if utf16Count >= longParagraphThreshold || (hasTree && utf16Count >= longParagraphThreshold / 2) {
            var text = BigString()
            for part in parts {
                switch part {
                case .units(let units): text.append(contentsOf: String(decoding: units, as: UTF16.self))
                case .tree(let tree): text.append(contentsOf: tree)
                }
            }
            return .long(LongParagraphText(text))
        }
        var units: [UInt16] = []
        units.reserveCapacity(utf16Count)
        for part in parts {
            switch part {
            case .units(let slice): units += slice
            case .tree(let tree): units += tree.utf16
            }
        }
        return .string(String(decoding: units, as: UTF16.self))
    }

    /// The paragraphs of the pieces' text, as `ParagraphScanner.paragraphs(ofUTF16:)` finds them
    /// (UTF-16 ranges, separator lengths), reading only where a separator can be.
    private static func paragraphRanges(of pieces: [Piece]) -> [(range: Range<Int>, separator: Int)] {
        var separators: [(offset: Int, unit: UInt16)] = []
        var offset = 0
        for piece in pieces {
            switch piece {
            case .units(let units):
                for (i, unit) in units.enumerated() where ParagraphScanner.isSeparator(unit) {
                    separators.append((offset + i, unit))
                }
            case .tree(let text):
                let count = text.utf16.count
                for local in Set([0, count - 2, count - 1]).filter({ $0 >= 0 && $0 < count }).sorted() {
                    let unit = text.utf16[text.utf16.index(text.startIndex, offsetBy: local)]
                    if ParagraphScanner.isSeparator(unit) { separators.append((offset + local, unit)) }
                }
            }
            offset += piece.utf16Count
        }
        return ParagraphScanner.paragraphs(separatedAt: separators, length: offset)
    }

}
