import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Typesetting) import TextTypography
@_spi(Rendering) @testable import TextLayout

/// An edited paragraph is shaped again only around the edit (ShapedParagraph.reshaped): the
/// result must be what shaping the edited text from nothing gives, glyph for glyph.
@Suite struct IncrementalShapingTests {
    private let font = FontDescriptor(family: "DejaVu Sans", size: 13)

    private func shaped(_ text: String, scratch: LayoutScratch) throws -> ShapedParagraph {
        try ShapedParagraph(
            ParagraphContent(TextParagraph(attributedString: AttributedString(text)), defaultFont: font),
            scratch: scratch)
    }

    /// Everything of a shaped paragraph that layout reads.
    private func expectSame(
        _ a: ShapedParagraph, _ b: ShapedParagraph, scratch: LayoutScratch, _ comment: Comment
    ) throws {
        #expect(a.content.units == b.content.units, comment)
        #expect(a.glyphs == b.glyphs, comment)
        #expect(a.advances == b.advances, comment)
        #expect(a.boundaries == b.boundaries, comment)
        #expect(a.pieces.map(\.range) == b.pieces.map(\.range), comment)
        #expect(a.pieces.map(\.glyphRange) == b.pieces.map(\.glyphRange), comment)
        #expect(a.pieces.map(\.font) == b.pieces.map(\.font), comment)
        #expect(try a.breakOpportunities(scratch: scratch) == b.breakOpportunities(scratch: scratch), comment)
    }

    /// As `expectSame`, comparing without printing (a difference of 150,000 glyphs takes minutes
    /// to describe): says which part differs, and where.
    private func expectSameQuietly(
        _ a: ShapedParagraph, _ b: ShapedParagraph, scratch: LayoutScratch, _ comment: String
    ) throws {
        func firstDifference<C: Collection>(_ x: C, _ y: C, _ same: (C.Element, C.Element) -> Bool) -> Int? {
            if x.count != y.count { return -1 }
            return zip(x, y).enumerated().first { !same($0.element.0, $0.element.1) }?.offset
        }
        let sameUnits = a.content.units == b.content.units
        #expect(sameUnits, "\(comment): units")
        func glyphPair(_ index: Int) -> String {
            index >= 0 ? "\(a.glyphs[index]) \(b.glyphs[index])" : "count \(a.glyphs.count) \(b.glyphs.count)"
        }
        let glyphs = firstDifference(a.glyphs, b.glyphs) {
            $0.id == $1.id && $0.cluster == $1.cluster && $0.advance == $1.advance && $0.xOffset == $1.xOffset
                && $0.yOffset == $1.yOffset
        }
        #expect(
            glyphs == nil,
            "\(comment): glyph \(glyphs ?? 0) \(glyphs.map { glyphPair($0) } ?? "")"
        )
        let advances = firstDifference(a.advances, b.advances, ==)
        #expect(advances == nil, "\(comment): advance at \(advances ?? 0)")
        let sameBoundaries = a.boundaries == b.boundaries
        #expect(sameBoundaries, "\(comment): boundaries")
        #expect(a.pieces.map(\.range) == b.pieces.map(\.range), "\(comment): pieces")
        #expect(a.pieces.map(\.glyphRange) == b.pieces.map(\.glyphRange), "\(comment): piece glyphs")
        let breaks = try firstDifference(
            a.breakOpportunities(scratch: scratch), b.breakOpportunities(scratch: scratch), ==)
        #expect(breaks == nil, "\(comment): break opportunity at \(breaks ?? 0)")
    }

    @Test func randomEditsReshapeAsShapingAfreshDoes() throws {
        var random = SplitMix64(seed: 11)
        let scratch = LayoutScratch()
        let insertions = [
            "a", "x", " ", "  ", "word", "fi", "ff", "AV", "Wa", "-", "(", ")", "1.5", ",", "'", "\u{301}", "é",
            "مرحبا", "ಕನ್ನಡ", "😀", "\t", "ä",
        ]
        var reshapedCount = 0
        for sample in [LayoutSamples.english + " " + LayoutSamples.english] + LayoutSamples.mixed.map(\.text) {
            var text = sample + "\n"
            var old = try shaped(text, scratch: scratch)
            var pending: [ParagraphEdit] = []
            for step in 0 ..< 60 {
                var units = Array(text.utf16)
                let contentLength = units.count - 1
                let start = Int.random(in: 0 ... contentLength, using: &random)
                let removed = Int.random(in: 0 ... min(4, contentLength - start), using: &random)
                let inserted = Bool.random(using: &random) ? Array(insertions.randomElement(using: &random)!.utf16) : []
                units.replaceSubrange(start ..< start + removed, with: inserted)
                // Only whole scalars: edits that would split a surrogate pair are skipped.
                guard let edited = String(validating: units, as: UTF16.self) else { continue }
                if step % 2 == 0 { _ = try old.breakOpportunities(scratch: scratch) }
                let content = try ParagraphContent(
                    TextParagraph(attributedString: AttributedString(edited)), defaultFont: font)
                let edit = ParagraphEdit(range: start ..< start + removed, replacementLength: inserted.count)
                let fresh = try ShapedParagraph(content, scratch: LayoutScratch())
                // Every third step the edit waits for the next one: two edits reshaped at once.
                pending = ParagraphEdit.adding(edit, to: pending)
                text = edited
                if step % 3 == 1 { continue }
                defer { pending = [] }
                if let reshaped = try ShapedParagraph.reshaped(content, from: old, edits: pending, scratch: scratch) {
                    reshapedCount += 1
                    try expectSame(reshaped, fresh, scratch: scratch, "\(sample.prefix(20)) step \(step): \(pending)")
                    old = reshaped
                } else {
                    old = fresh
                }
            }
        }
        // The shortcut must actually be taken for plain Latin text.
        #expect(reshapedCount > 20)
    }

    /// A paragraph longer than the shaper's longest run is shaped in runs cut at fixed lengths,
    /// each run's end ending a word: an edit moves the text past those cuts, and the words there
    /// are shaped again, as shaping afresh shapes them (kerning and ligatures across a cut too).
    @Test func editsInAParagraphLongerThanARunReshapeAsShapingAfreshDoes() throws {
        var random = SplitMix64(seed: 29)
        let scratch = LayoutScratch()
        // (Text in another font would make the paragraph's pieces of two fonts: never reshaped;
        // a combining accent makes the words around it complex: shaped afresh near it.)
        let insertions = ["a", " ", "word", "fi", "ff", "AV", "Wa", "ä", "1.5", "-"]
        let half = String(repeating: LayoutSamples.english + " AVAWAV fififfi office Wave ", count: 450)
        var text = half + " cafe\u{301} " + half + "\n"
        var old = try shaped(text, scratch: scratch)
        #expect(old.pieces.count > 2)
        var reshapedCount = 0
        for step in 0 ..< 14 {
            var units = Array(text.utf16)
            let contentLength = units.count - 1
            // Near where a run ends, at the start (every cut moves), or anywhere.
            let start: Int
            switch step % 3 {
            case 0:
                start = min(
                    contentLength,
                    TextShaper.maximumRunLength * (1 + step % 2) + Int.random(in: -8 ... 8, using: &random))
            case 1: start = Int.random(in: 0 ... 3, using: &random)
            default: start = Int.random(in: 0 ... contentLength, using: &random)
            }
            let removed = Int.random(in: 0 ... min(3, contentLength - start), using: &random)
            let inserted = Array(insertions.randomElement(using: &random)!.utf16)
            units.replaceSubrange(start ..< start + removed, with: inserted)
            guard let edited = String(validating: units, as: UTF16.self) else { continue }
            let content = try ParagraphContent(
                TextParagraph(attributedString: AttributedString(edited)), defaultFont: font)
            let fresh = try ShapedParagraph(content, scratch: LayoutScratch())
            text = edited
            let edit = ParagraphEdit(range: start ..< start + removed, replacementLength: inserted.count)
            if let reshaped = try ShapedParagraph.reshaped(content, from: old, edits: [edit], scratch: scratch) {
                reshapedCount += 1
                try expectSameQuietly(reshaped, fresh, scratch: scratch, "step \(step): \(edit)")
                old = reshaped
            } else {
                old = fresh
            }
        }
        #expect(reshapedCount > 6)
    }

    /// A one-paragraph storage of `text` with a bold stretch (tenths `bold` of its characters),
    /// a serif bold one and, with `kerned`, a kerned one: four or more attribute runs, as a
    /// document with formatting has.
    private func styledStorage(_ text: String, bold: Range<Int> = 2 ..< 4, kerned: Bool = true) -> TextContentStorage {
        var attributed = AttributedString(text)
        let count = text.count
        func stretch(_ from: Int, _ to: Int) -> Range<AttributedString.Index> {
            attributed.index(attributed.startIndex, offsetByCharacters: count * from / 10)
                ..< attributed.index(attributed.startIndex, offsetByCharacters: count * to / 10)
        }
        attributed[stretch(bold.lowerBound, bold.upperBound)].font = font.with(weight: .bold)
        if kerned { attributed[stretch(5, 6)].kern = 0.5 }
        attributed[stretch(7, 8)].font = FontDescriptor(family: "DejaVu Serif", size: 13).with(weight: .bold)
        return TextContentStorage(attributedString: attributed)
    }

    /// Edits (typed at random places, taking the attributes of the text before them, as typing
    /// does) in a paragraph with several attribute runs: an edit inside one run is reshaped
    /// around the edit, the other runs kept, and the result is what shaping afresh gives.
    @Test func editsInsideOneAttributeRunReshapeAsShapingAfreshDoes() throws {
        var random = SplitMix64(seed: 41)
        let scratch = LayoutScratch()
        let insertions = [
            "a", "x", " ", "word", "fi", "AV", "Wa", "-", "1.5", "é", "\u{301}", "مرحبا", "ಕನ್ನಡ", "😀", "ä",
        ]
        var reshapedCount = 0
        for sample in [LayoutSamples.english + " " + LayoutSamples.english] + LayoutSamples.mixed.map(\.text) {
            let storage = styledStorage(sample.replacingOccurrences(of: "\n", with: " "))
            var old = try ShapedParagraph(
                ParagraphContent(#require(storage.textParagraph(atIndex: 0)), defaultFont: font), scratch: scratch)
            #expect(old.content.runs.count >= 4)
            for step in 0 ..< 60 {
                let length = storage.utf16Length
                let start = Int.random(in: 0 ... length, using: &random)
                let removed = Int.random(in: 0 ... min(3, length - start), using: &random)
                let inserted = step % 4 == 3 ? "" : insertions.randomElement(using: &random)!
                // Edits that would split a surrogate pair are refused, and skipped.
                guard
                    (try? storage.replaceContents(
                        in: storage.textRange(for: start ..< start + removed)!, with: inserted)) != nil
                else { continue }
                let content = try ParagraphContent(#require(storage.textParagraph(atIndex: 0)), defaultFont: font)
                let fresh = try ShapedParagraph(content, scratch: LayoutScratch())
                if step % 2 == 0 { _ = try old.breakOpportunities(scratch: scratch) }
                let edit = ParagraphEdit(range: start ..< start + removed, replacementLength: inserted.utf16.count)
                if let reshaped = try ShapedParagraph.reshaped(content, from: old, edits: [edit], scratch: scratch) {
                    reshapedCount += 1
                    try expectSame(reshaped, fresh, scratch: scratch, "\(sample.prefix(20)) step \(step): \(edit)")
                    #expect(reshaped.pieces.map(\.attributes) == fresh.pieces.map(\.attributes))
                    old = reshaped
                } else {
                    old = fresh
                }
            }
        }
        // The shortcut must be taken for edits inside a run of Latin text.
        #expect(reshapedCount > 20)
    }

    /// A paragraph longer than the shaper's longest run with a bold stretch across one of its
    /// cuts (the cuts of each attribute run count from the run's start): edits in the bold run,
    /// in the runs before and after it and at their edges reshape as shaping afresh does.
    @Test func editsInALongParagraphWithAttributesReshapeAsShapingAfreshDoes() throws {
        var random = SplitMix64(seed: 43)
        let scratch = LayoutScratch()
        let insertions = ["a", " ", "word", "fi", "AV", "ä", "-"]
        let half = String(repeating: LayoutSamples.english + " AVAWAV fififfi office Wave ", count: 450)
        let storage = styledStorage(half + " " + half, bold: 1 ..< 7, kerned: false)
        var old = try ShapedParagraph(
            ParagraphContent(#require(storage.textParagraph(atIndex: 0)), defaultFont: font), scratch: scratch)
        let runs = old.content.runs.map(\.range)
        #expect(runs.count >= 3)
        #expect(runs.contains { $0.count > TextShaper.maximumRunLength })
        var reshapedCount = 0
        for step in 0 ..< 16 {
            let length = storage.utf16Length
            let runs = old.content.runs.map(\.range)
            let run = runs[step % runs.count]
            // At a run's start or end, where its shaper's run ends, or anywhere in it.
            let start: Int
            switch step % 4 {
            case 0: start = run.lowerBound
            case 1:
                start = min(
                    run.upperBound,
                    run.lowerBound + TextShaper.maximumRunLength + Int.random(in: -8 ... 8, using: &random))
            case 2: start = run.upperBound
            default: start = Int.random(in: run, using: &random)
            }
            let removed = Int.random(in: 0 ... min(3, length - start), using: &random)
            let inserted = insertions.randomElement(using: &random)!
            try storage.replaceContents(in: storage.textRange(for: start ..< start + removed)!, with: inserted)
            let content = try ParagraphContent(#require(storage.textParagraph(atIndex: 0)), defaultFont: font)
            let fresh = try ShapedParagraph(content, scratch: LayoutScratch())
            let edit = ParagraphEdit(range: start ..< start + removed, replacementLength: inserted.utf16.count)
            if let reshaped = try ShapedParagraph.reshaped(content, from: old, edits: [edit], scratch: scratch) {
                reshapedCount += 1
                try expectSameQuietly(reshaped, fresh, scratch: scratch, "step \(step): \(edit)")
                #expect(reshaped.pieces.map(\.attributes) == fresh.pieces.map(\.attributes))
                old = reshaped
            } else {
                old = fresh
            }
        }
        #expect(reshapedCount > 8)
    }

    @Test func editsMergeIntoEditsOfTheOriginalText() {
        var random = SplitMix64(seed: 5)
        for _ in 0 ..< 1_000 {
            let original = Array(
                String(repeating: "abcdefghij", count: 3).prefix(Int.random(in: 0 ... 30, using: &random)))
            var text = original
            var edits: [ParagraphEdit] = []
            for step in 0 ..< Int.random(in: 1 ... 6, using: &random) {
                let start = Int.random(in: 0 ... text.count, using: &random)
                let edit = ParagraphEdit(
                    range: start ..< Int.random(in: start ... min(text.count, start + 5), using: &random),
                    replacementLength: Int.random(in: 0 ... 3, using: &random))
                text.replaceSubrange(
                    edit.range, with: Array(repeating: Character("\(step)"), count: edit.replacementLength))
                edits = ParagraphEdit.adding(edit, to: edits, limit: 4)
            }
            // Sorted, apart, inside the original; between them the text is the original's.
            #expect(zip(edits, edits.dropFirst()).allSatisfy { $0.range.upperBound < $1.range.lowerBound })
            #expect(edits.allSatisfy { $0.range.lowerBound >= 0 && $0.range.upperBound <= original.count })
            #expect(text.count == original.count + edits.reduce(0) { $0 + $1.delta })
            var shift = 0, kept = 0
            for edit in edits + [ParagraphEdit(range: original.count ..< original.count, replacementLength: 0)] {
                #expect(
                    Array(text[(kept + shift) ..< (edit.range.lowerBound + shift)])
                        == Array(original[kept ..< edit.range.lowerBound]))
                shift += edit.delta
                kept = edit.range.upperBound
            }
        }
    }

    @Test func theLayoutManagerReshapesAnEditedParagraphOnly() throws {
        let text = (0 ..< 5).map { "Paragraph \($0): " + LayoutSamples.english }.joined(separator: "\n")
        let (storage, manager) = makeLayout(text, width: 300)
        _ = allFragments(manager).map(\.textLineFragments)
        let third = try #require(storage.textParagraph(atIndex: 2)?.paragraphContentRange)
        let offset = try storage.offsets(of: third).lowerBound + 20
        try storage.replaceContents(in: storage.textRange(for: offset ..< offset + 3)!, with: "typed words")
        // More edits before layout: near the first, and far from it.
        try storage.replaceContents(in: storage.textRange(for: offset + 4 ..< offset + 4)!, with: "and more ")
        try storage.replaceContents(in: storage.textRange(for: offset + 60 ..< offset + 61)!, with: "x")
        let fresh = makeLayout(storage.string, width: 300)
        let lines = { (manager: TextLayoutManager) in
            allFragments(manager).map { $0.textLineFragments.map(\.characterRange) }
        }
        #expect(lines(manager) == lines(fresh.1))
        let edited = try #require(
            manager.textLayoutFragment(for: storage.location(storage.documentRange.location, offsetBy: offset)!))
        let reference = try #require(
            fresh.1.textLayoutFragment(for: fresh.0.location(fresh.0.documentRange.location, offsetBy: offset)!))
        #expect(edited.textLineFragments.map(\.caretStops) == reference.textLineFragments.map(\.caretStops))
    }
}
