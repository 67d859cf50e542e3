import Foundation
import _RopeModule

/// What a paragraph's text is made of. Paragraphs read from a file stay `.plain` (a slice of
/// the file's bytes) until something asks for their attributes or edits them: building an
/// `AttributedString` costs about 50 ns a byte (grapheme breaking), 5 s for 100 MB, so a
/// document opens without building any.
package enum ParagraphContent: Sendable {
    /// Bytes `utf8Start ..< utf8Start + utf8Count` of the storage's source text; no attributes.
    case plain(utf8Start: Int, utf8Count: Int)
    /// Text without attributes that has been edited: typing into a plain paragraph keeps it a
    /// String, so neither the edit nor layout builds or walks an AttributedString.
    case string(String)
    case attributed(AttributedString)
}

/// One paragraph in the index: its content and its UTF-16 lengths.
package struct ParagraphEntry: Sendable {
    package var content: ParagraphContent
    /// UTF-16 length, separator included. Never zero.
    package var utf16Length: Int
    /// UTF-16 length of the separator: 0 (last paragraph only), 1 or 2 (`\r\n`).
    package var separatorLength: Int
    /// Whether the paragraph may carry attributes; false lets typing skip every attribute
    /// look-up (AttributedString's `runs` costs microseconds on Linux).
    package var hasAttributes: Bool = false

    package init(content: ParagraphContent, utf16Length: Int, separatorLength: Int, hasAttributes: Bool = false) {
        self.content = content
        self.utf16Length = utf16Length
        self.separatorLength = separatorLength
        self.hasAttributes = hasAttributes
    }

    package var contentLength: Int { utf16Length - separatorLength }
}

/// The rope's summary: how many paragraphs and UTF-16 units a subtree holds.
package struct ParagraphSummary: RopeSummary {
    package var paragraphs: Int
    package var utf16: Int

    package static var maxNodeSize: Int { 32 }
    package static var zero: ParagraphSummary { ParagraphSummary(paragraphs: 0, utf16: 0) }
    package var isZero: Bool { paragraphs == 0 && utf16 == 0 }
    package mutating func add(_ other: ParagraphSummary) {
        paragraphs += other.paragraphs
        utf16 += other.utf16
    }
    package mutating func subtract(_ other: ParagraphSummary) {
        paragraphs -= other.paragraphs
        utf16 -= other.utf16
    }
}

extension ParagraphEntry: RopeElement {
    package typealias Summary = ParagraphSummary
    package typealias Index = Int

    package var summary: ParagraphSummary { ParagraphSummary(paragraphs: 1, utf16: utf16Length) }
    package var isEmpty: Bool { utf16Length == 0 }
    // Paragraphs are atoms: the rope never merges or splits them.
    package var isUndersized: Bool { false }
    package func invariantCheck() {}
    package mutating func rebalance(nextNeighbor right: inout ParagraphEntry) -> Bool { false }
    /// The rope splits items at the edges of a removed range; for atoms those edges are the
    /// start (everything moves to the new item) or the end (nothing does). Metrics map every
    /// other offset to one of the two, so a paragraph is never cut.
    package mutating func split(at index: Int) -> ParagraphEntry {
        if index <= 0 {
            let whole = self
            self = .empty
            return whole
        }
        return .empty
    }

    /// The empty item the rope discards.
    static let empty = ParagraphEntry(content: .attributed(AttributedString()), utf16Length: 0, separatorLength: 0)
}

/// Measures the rope in UTF-16 code units.
package struct UTF16Metric: RopeMetric {
    package typealias Element = ParagraphEntry
    package init() {}
    package func size(of summary: ParagraphSummary) -> Int { summary.utf16 }
    package func index(at offset: Int, in element: ParagraphEntry) -> Int { offset < element.utf16Length ? 0 : 1 }
}

/// Measures the rope in paragraphs.
package struct ParagraphMetric: RopeMetric {
    package typealias Element = ParagraphEntry
    package init() {}
    package func size(of summary: ParagraphSummary) -> Int { summary.paragraphs }
    package func index(at offset: Int, in element: ParagraphEntry) -> Int { offset < 1 ? 0 : 1 }
}

/// A paragraph found by offset: its ordinal, its start offset and its entry.
package struct ParagraphPosition {
    package let ordinal: Int
    package let start: Int
    package let entry: ParagraphEntry
    package var end: Int { start + entry.utf16Length }
    package var contentEnd: Int { start + entry.contentLength }
}

/// The document's paragraphs in a summarized B-tree: offset -> paragraph, paragraph -> offset
/// and replacing a run of paragraphs are O(log n).
package struct ParagraphIndex: Sendable {
    package private(set) var rope: Rope<ParagraphEntry>

    package init(_ entries: some Sequence<ParagraphEntry>) {
        rope = Rope(entries)
    }

    private init(rope: Rope<ParagraphEntry>) {
        self.rope = rope
    }

    /// Builds an index one paragraph at a time, in order.
    package struct Builder {
        private var builder = Rope<ParagraphEntry>.Builder()
        package init() {}
        package mutating func append(_ entry: ParagraphEntry) { builder.insertBeforeTip(entry) }
        package mutating func finish() -> ParagraphIndex { ParagraphIndex(rope: builder.finalize()) }
    }

    package var paragraphCount: Int { rope.summary.paragraphs }
    package var utf16Length: Int { rope.summary.utf16 }

    /// The paragraph containing `offset` (start <= offset < end); at the end of the document,
    /// the last paragraph. Nil for an empty document or an offset out of bounds.
    package func paragraph(containing offset: Int) -> ParagraphPosition? {
        let length = utf16Length
        guard offset >= 0, offset <= length, paragraphCount > 0 else { return nil }
        if offset == length { return paragraph(at: paragraphCount - 1) }
        let (index, remaining) = rope.find(at: offset, in: UTF16Metric(), preferEnd: false)
        let ordinal = rope.offset(of: index, in: ParagraphMetric())
        return ParagraphPosition(ordinal: ordinal, start: offset - remaining, entry: rope[index])
    }

    /// The paragraph with the given ordinal, or nil out of bounds.
    package func paragraph(at ordinal: Int) -> ParagraphPosition? {
        guard ordinal >= 0, ordinal < paragraphCount else { return nil }
        let (index, _) = rope.find(at: ordinal, in: ParagraphMetric(), preferEnd: false)
        let start = rope.offset(of: index, in: UTF16Metric())
        return ParagraphPosition(ordinal: ordinal, start: start, entry: rope[index])
    }

    /// Calls `body` with consecutive paragraphs from `ordinal`, forward or backward, until it
    /// returns false. Each step costs O(1) amortized.
    package func forEach(from ordinal: Int, reverse: Bool, _ body: (ParagraphPosition) -> Bool) {
        guard var position = paragraph(at: ordinal) else { return }
        var (index, _) = rope.find(at: ordinal, in: ParagraphMetric(), preferEnd: false)
        while body(position) {
            if reverse {
                guard position.ordinal > 0 else { return }
                rope.formIndex(before: &index)
                let entry = rope[index]
                position = ParagraphPosition(ordinal: position.ordinal - 1, start: position.start - entry.utf16Length, entry: entry)
            } else {
                rope.formIndex(after: &index)
                guard index != rope.endIndex else { return }
                position = ParagraphPosition(ordinal: position.ordinal + 1, start: position.end, entry: rope[index])
            }
        }
    }

    /// Replaces paragraphs `ordinals` with `entries`.
    package mutating func replace(_ ordinals: Range<Int>, with entries: [ParagraphEntry]) {
        if ordinals.count == 1, entries.count == 1 {
            var (index, _) = rope.find(at: ordinals.lowerBound, in: ParagraphMetric(), preferEnd: false)
            rope.update(at: &index) { $0 = entries[0] }
            return
        }
        rope.replaceSubrange(ordinals, in: ParagraphMetric(), with: entries)
    }
}
