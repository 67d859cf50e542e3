import Foundation
@_spi(Typesetting) import TextTypography
import Synchronization

/// Some lines of a long paragraph and the shaping they were laid out from: a stretch of the
/// paragraph's text shaped on its own, with some text after it (its lookahead), so that
/// typing in a paragraph of 5 MB shapes a few thousand units again, not the paragraph.
struct LineSection: Sendable {
    /// The shaping of the section's text and of its lookahead, in offsets of its own.
    let shaped: ShapedParagraph
    /// The lines, in `shaped`'s offsets, with tops relative to ``top``.
    let lines: LineRecords
    /// The paragraph offset of `shaped`'s offset 0.
    var unitOffset: Int
    /// The fragment y of the lines' y 0.
    var top: CGFloat
    /// The paragraph offsets where `shaped`'s text is still the paragraph's: all of it when
    /// shaped, less what edits before or after the section's lines changed since (the text
    /// shaped before its lines, or its lookahead, is then out of date; its lines are not).
    var validStart: Int
    var validEnd: Int
    /// The ink of the lines relative to ``top``, worked out on first use and kept while the
    /// lines are (moving the section keeps it).
    let ink: SectionInk

    init(shaped: ShapedParagraph, lines: LineRecords, unitOffset: Int, top: CGFloat, valid: Range<Int>? = nil) {
        self.shaped = shaped
        self.lines = lines
        self.unitOffset = unitOffset
        self.top = top
        validStart = valid?.lowerBound ?? unitOffset
        validEnd = valid?.upperBound ?? unitOffset + shaped.content.units.count
        ink = SectionInk()
    }

    /// The same lines moved: their text by `delta` units (by an edit that ends at `editEnd`,
    /// new offsets, before them), their tops by `dy`.
    func moved(by delta: Int, dy: CGFloat, editEnd: Int = 0) -> LineSection {
        var moved = self
        moved.unitOffset += delta
        moved.validStart = max(validStart + delta, editEnd)
        moved.validEnd += delta
        moved.top += dy
        return moved
    }

    /// Lines `range` of the section, as a section of their own.
    func lines(_ range: Range<Int>) -> LineSection {
        LineSection(
            shaped: shaped, lines: LineRecords(lines[range]), unitOffset: unitOffset, top: top,
            valid: validStart ..< validEnd)
    }

    /// The section with its shaping's text known good only before paragraph offset `offset`
    /// (an edit there).
    func valid(before offset: Int) -> LineSection {
        var section = self
        section.validEnd = min(validEnd, max(offset, validStart))
        return section
    }

    /// Line `index` in fragment coordinates (its own offsets are still `shaped`'s).
    func line(_ index: Int) -> LineRecord {
        var line = lines[index]
        line.typographicBounds.origin.y += top
        return line
    }

    /// Whether the lines were laid out right to left: the paragraph's direction when they
    /// were (lines kept below a junction may still have the one it had before an edit).
    var isRightToLeft: Bool { shaped.levels.isRightToLeft }

    /// Where `shaped`'s text ends, in paragraph offsets.
    var shapedEnd: Int { unitOffset + shaped.content.units.count }
}

/// A section's ink, kept once worked out (a reference: sections are copied into every layout
/// after an edit, their ink with them).
final class SectionInk: Sendable {
    let bounds = Mutex<CGRect?>(nil)
}

/// A long paragraph's lines, in sections (see ``LineSection``), top to bottom: the lines of a
/// fragment laid out from more than one shaping. Lines are found by index in O(log sections).
///
/// After an edit, lines are broken again from two lines above it until they meet a line start
/// of the old layout, or, in uniform text where every line after the edit moves, for a bounded
/// number of lines: the old lines below are then kept where they were broken (their text and
/// tops moved), and a short line ("junction") joins the two. ``junctions`` lists where such
/// lines start; breaking goes on from there when the viewport reaches one, or on `ensureLayout`.
struct LineSections: Sendable {
    private(set) var sections: [LineSection]
    /// The index of each section's first line; one more entry, the line count.
    private(set) var firstLines: [Int]
    /// Paragraph offsets where a junction line starts, ascending.
    var junctions: [Int]
    /// Whether the paragraph's resolved base direction is right to left.
    let isRightToLeft: Bool

    init(sections: [LineSection], junctions: [Int], isRightToLeft: Bool) {
        self.sections = sections.filter { !$0.lines.isEmpty }
        self.junctions = junctions
        self.isRightToLeft = isRightToLeft
        var firstLines: [Int] = []
        firstLines.reserveCapacity(self.sections.count + 1)
        var count = 0
        for section in self.sections {
            firstLines.append(count)
            count += section.lines.count
        }
        firstLines.append(count)
        self.firstLines = firstLines
    }

    var lineCount: Int { firstLines.last ?? 0 }

    /// The section holding line `index`, and the line's index in it.
    func position(ofLine index: Int) -> (section: Int, line: Int) {
        var low = 0, high = sections.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if firstLines[mid] <= index { low = mid } else { high = mid - 1 }
        }
        return (low, index - firstLines[low])
    }

    /// Line `index`: its section and the line in fragment coordinates.
    func line(at index: Int) -> (section: LineSection, line: LineRecord) {
        let (section, line) = position(ofLine: index)
        return (sections[section], sections[section].line(line))
    }

    /// The characters of line `index`, in paragraph offsets.
    func lineRange(at index: Int) -> Range<Int> {
        let (section, line) = position(ofLine: index)
        let range = sections[section].lines[line].characterRange
        let offset = sections[section].unitOffset
        return range.lowerBound + offset ..< range.upperBound + offset
    }

    /// Whether line `index` was laid out right to left (see ``LineSection/isRightToLeft``).
    func isRightToLeft(line index: Int) -> Bool {
        sections[position(ofLine: index).section].isRightToLeft
    }

    /// Line `index`'s rectangle in fragment coordinates.
    func lineBounds(at index: Int) -> CGRect {
        let (section, line) = position(ofLine: index)
        return sections[section].lines[line].typographicBounds.offsetBy(dx: 0, dy: sections[section].top)
    }

    /// The index of the first line whose characters end after `offset` (paragraph offsets);
    /// the last line when none does.
    func lineIndex(reaching offset: Int) -> Int {
        var low = 0, high = lineCount
        while low < high {
            let mid = (low + high) / 2
            if lineRange(at: mid).upperBound > offset { high = mid } else { low = mid + 1 }
        }
        return min(low, max(0, lineCount - 1))
    }

    /// The index of the line starting at paragraph offset `offset`, if one does.
    func lineIndex(startingAt offset: Int) -> Int? {
        var low = 0, high = lineCount
        while low < high {
            let mid = (low + high) / 2
            if lineRange(at: mid).lowerBound < offset { low = mid + 1 } else { high = mid }
        }
        return low < lineCount && lineRange(at: low).lowerBound == offset ? low : nil
    }

    /// The union of every line's ink, in fragment coordinates; `.null` without ink.
    var inkBounds: CGRect {
        var ink = CGRect.null
        for section in sections {
            let sectionInk = section.ink.bounds.withLock { cached in
                if let cached { return cached }
                var union = CGRect.null
                for line in section.lines { union = union.union(line.inkBounds(in: section.shaped)) }
                cached = union
                return union
            }
            if !sectionInk.isNull { ink = ink.union(sectionInk.offsetBy(dx: 0, dy: section.top)) }
        }
        return ink
    }
}
