import Foundation
import TestFixtures
import Testing
import TextContent

/// SwiftUI's rich-text model on AttributedString: a selection, attribute transforms and
/// replacements that keep the selection on its text.
@Suite struct AttributedTextSelectionTests {
    static let sample = "Hello مرحبا ಕನ್ನಡ ไทย 👩‍👩‍👧 world"

    func range(_ text: AttributedString, _ word: String) -> Range<AttributedString.Index> {
        text.range(of: word)!
    }

    @Test func transformingDiscontiguousRangesChangesOnlyThemAndKeepsTheSelection() {
        var text = AttributedString(Self.sample)
        var selection = AttributedTextSelection(ranges: RangeSet([range(text, "مرحبا"), range(text, "ไทย")]))
        text.transformAttributes(in: &selection) { $0.underlineStyle = .single }
        for run in text.runs {
            let word = String(text[run.range].characters)
            #expect((run.underlineStyle == .single) == (word == "مرحبا" || word == "ไทย"), "\(word)")
        }
        guard case .ranges(let ranges) = selection.indices(in: text) else {
            Issue.record("the selection became a caret")
            return
        }
        #expect(ranges.ranges.map { String(text[$0].characters) } == ["مرحبا", "ไทย"])
        // What a toolbar reads back.
        #expect(selection.attributes(in: text)[\.underlineStyle].allSatisfy { $0 == .single })
        #expect(Array(selection.attributes(in: text)).count == 2)
    }

    /// Changing attributes leaves the characters but makes the old indices invalid: the
    /// selection comes back with the changed text's own.
    @Test func afterATransformTheSelectionHasTheChangedTextsIndices() throws {
        var text = AttributedString(Self.sample)
        var selection = AttributedTextSelection(ranges: RangeSet([range(text, "مرحبا"), range(text, "ไทย")]))
        text.transformAttributes(in: &selection) { $0.font = .body.bold() }
        guard case .ranges(let ranges) = selection.indices(in: text) else {
            Issue.record("the selection became a caret")
            return
        }
        #expect(ranges.ranges.allSatisfy { $0.isValid(within: text) })
        #expect(ranges.ranges.map { String(text[$0].characters) } == ["مرحبا", "ไทย"])
        var caret = AttributedTextSelection(insertionPoint: range(text, "world").lowerBound)
        text.transformAttributes(in: &caret) { $0.alignment = .center }
        guard case .insertionPoint(let index) = caret.indices(in: text) else {
            Issue.record("the caret became a range")
            return
        }
        #expect((index ..< index).isValid(within: text) && text[index...].characters.starts(with: "world"))
        // A selection given in UTF-16 offsets (as a view hands it out) stays in offsets.
        var offsets = AttributedTextSelection(utf16Offsets: [0 ..< 5])
        text.replaceSelection(&offsets, withCharacters: "Hi")
        #expect(offsets.givenUTF16Offsets == [2 ..< 2])
        #expect(String(text.characters).hasPrefix("Hi مرحبا"))
    }

    /// A toolbar reads one value per run of an attribute, not one per run of the text.
    @Test func attributeValuesComeOncePerRunOfTheAttribute() {
        var text = AttributedString("ಕನ್ನಡ مرحبا plain")
        text[range(text, "ಕನ್ನಡ مرحبا")].underlineStyle = .single
        text[range(text, "مرحبا")].font = .body.bold()
        let selection = AttributedTextSelection(range: text.startIndex ..< text.endIndex)
        #expect(Array(selection.attributes(in: text)).count == 3)
        #expect(selection.attributes(in: text)[\.underlineStyle] == [.single, nil])
        #expect(selection.attributes(in: text)[\.font] == [nil, .body.bold(), nil])
    }

    @Test func atACaretTheTypingAttributesChangeAndTypedTextTakesThem() {
        var text = AttributedString(Self.sample)
        let caret = range(text, "world").lowerBound
        var selection = AttributedTextSelection(insertionPoint: caret)
        text.transformAttributes(in: &selection) { $0.foregroundColor = TextColor(red: 1, green: 0, blue: 0) }
        #expect(text.runs.count == 1, "the text itself did not change")
        #expect(selection.typingAttributes?.foregroundColor == TextColor(red: 1, green: 0, blue: 0))
        text.replaceSelection(&selection, withCharacters: "ಹೊಸ ")
        let inserted = range(text, "ಹೊಸ ")
        #expect(text[inserted].runs.first?.foregroundColor == TextColor(red: 1, green: 0, blue: 0))
        #expect(text[range(text, "world")].runs.first?.foregroundColor == nil)
        #expect(selection.indices(in: text) == .insertionPoint(inserted.upperBound))
    }

    @Test func aParagraphAttributeSetAtACaretGoesToItsParagraph() {
        var text = AttributedString("First paragraph\nمرحبا second\nthird")
        var selection = AttributedTextSelection(insertionPoint: range(text, "second").lowerBound)
        text.transformAttributes(in: &selection) { $0.alignment = .center }
        let alignments = text.runs.map { (String(text[$0.range].characters), $0.alignment) }
        #expect(alignments.count == 3)
        #expect(alignments[1].0 == "مرحبا second\n" && alignments[1].1 == .center)
        #expect(alignments[0].1 == nil && alignments[2].1 == nil)
    }

    @Test func replacingSeveralRangesReplacesTheFirstAndRemovesTheOthers() {
        var text = AttributedString(Self.sample)
        var selection = AttributedTextSelection(
            ranges: RangeSet([range(text, "Hello"), range(text, "ಕನ್ನಡ "), range(text, " world")]))
        var replacement = AttributedString("Bonjour")
        replacement.underlineStyle = .double
        text.replaceSelection(&selection, with: replacement)
        #expect(String(text.characters) == "Bonjour مرحبا ไทย 👩‍👩‍👧")
        #expect(text[range(text, "Bonjour")].runs.first?.underlineStyle == .double)
        #expect(selection.indices(in: text) == .insertionPoint(range(text, "Bonjour").upperBound))
    }

    @Test func aSelectionForLongerTextIsClampedAndOffsetsRoundTrip() {
        let long = AttributedString(Self.sample + " and more text")
        let selection = AttributedTextSelection(range: range(long, "more"))
        let short = AttributedString("short")
        #expect(selection.indices(in: short) == .insertionPoint(short.endIndex))
        let offsets = AttributedTextSelection(utf16Offsets: [6 ..< 11, 0 ..< 5])
        #expect(offsets.utf16Offsets(in: long) == [0 ..< 5, 6 ..< 11])
        guard case .ranges(let ranges) = offsets.indices(in: long) else {
            Issue.record("offsets became a caret")
            return
        }
        #expect(ranges.ranges.map { String(long[$0].characters) } == ["Hello", "مرحبا"])
    }

    /// Random transforms, replacements and edits elsewhere, checked against a model that keeps
    /// the text as a string and the selection as UTF-16 offsets.
    @Test(arguments: 1 ... 8)
    func selectionsFollowTheirTextThroughRandomChanges(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let pieces = MixedSamples.all.map { String($0.text.prefix(12)) } + ["abc ", "x", "👍🏽", "e\u{301}", "\n"]
        var text = AttributedString("Start " + pieces.joined(separator: " "))
        var model = String(text.characters)
        // Character boundaries of the model, in UTF-16 offsets.
        func boundaries() -> [Int] {
            var offsets = [0]
            var total = 0
            for character in model { total += character.utf16.count; offsets.append(total) }
            return offsets
        }
        func randomRange() -> Range<Int> {
            let edges = boundaries()
            let a = edges.randomElement(using: &random)!, b = edges.randomElement(using: &random)!
            return min(a, b) ..< max(a, b)
        }
        var modelRanges = [randomRange()]
        var selection = AttributedTextSelection(utf16Offsets: modelRanges)
        for step in 0 ..< 60 {
            switch Int.random(in: 0 ..< 4, using: &random) {
            case 0:
                // An attribute change keeps the text and the selection.
                let color = TextColor(red: Double(step % 5) / 4, green: 0, blue: 0)
                text.transformAttributes(in: &selection) { $0.foregroundColor = color }
                if modelRanges.allSatisfy(\.isEmpty) { #expect(selection.typingAttributes?.foregroundColor == color) }
            case 1:
                let piece = pieces.randomElement(using: &random)!
                text.replaceSelection(&selection, withCharacters: piece)
                let first = modelRanges[0]
                var units = Array(model.utf16)
                for range in modelRanges.dropFirst().reversed() { units.removeSubrange(range) }
                units.replaceSubrange(first, with: Array(piece.utf16))
                model = String(decoding: units, as: UTF16.self)
                let caret = first.lowerBound + piece.utf16.count
                modelRanges = [caret ..< caret]
            case 2:
                // An insertion before the selection moves it.
                let start = modelRanges[0].lowerBound
                let edges = boundaries().filter { $0 <= start }
                let at = edges.randomElement(using: &random)!
                let piece = pieces.randomElement(using: &random)!
                text.transform(updating: &selection) { text in
                    text.insert(AttributedString(piece), at: text.utf16.index(text.startIndex, offsetBy: at))
                }
                var units = Array(model.utf16)
                units.insert(contentsOf: Array(piece.utf16), at: at)
                model = String(decoding: units, as: UTF16.self)
                // The caret at the insertion point stays before what was inserted only if the
                // insertion is strictly before it.
                modelRanges = modelRanges.map { range in
                    let shift = piece.utf16.count
                    return
                        (range.lowerBound >= at && !(range.isEmpty && range.lowerBound == at)
                        ? range.lowerBound + shift : range.lowerBound)
                        ..< (range.upperBound >= at && !(range.isEmpty && range.lowerBound == at)
                            ? range.upperBound + shift : range.upperBound)
                }
                // Insertion exactly at a caret: where it ends up is Foundation's to decide; take it.
                if modelRanges.count == 1, modelRanges[0].isEmpty, modelRanges[0].lowerBound == at {
                    modelRanges = selection.utf16Offsets(in: text)
                }
            default:
                modelRanges = [randomRange(), randomRange()]
                modelRanges = modelRanges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
                var merged: [Range<Int>] = []
                for range in modelRanges {
                    if let last = merged.last, range.lowerBound <= last.upperBound {
                        merged[merged.count - 1] = last.lowerBound ..< max(last.upperBound, range.upperBound)
                    } else {
                        merged.append(range)
                    }
                }
                modelRanges = merged.isEmpty ? [0 ..< 0] : merged
                selection = AttributedTextSelection(utf16Offsets: modelRanges)
            }
            #expect(String(text.characters) == model, "seed \(seed) step \(step)")
            #expect(selection.utf16Offsets(in: text) == modelRanges, "seed \(seed) step \(step)")
            if String(text.characters) != model { return }
        }
    }
}

/// Changing the attributes of whole paragraphs without attributes keeps them as text with one
/// set of attributes (no AttributedString each); everything that reads them sees the attributes.
@Suite struct UniformParagraphTests {
    @Test func wholePlainParagraphsTakeAttributesAndKeepThem() throws {
        let lines = ["First line", "مرحبا بالعالم", "ಕನ್ನಡ ಸ್ತ್ರೀ", "ไทย 👩‍👩‍👧", "last"]
        let storage = try TextContentStorage(utf8: Data(lines.joined(separator: "\n").utf8))
        let all = storage.textRange(for: 0 ..< storage.utf16Length)!
        try storage.transformRunAttributes(in: all) {
            $0.underlineStyle = .single; $0.alignment = .center
        }
        let text = storage.attributedString
        #expect(String(text.characters) == lines.joined(separator: "\n"))
        #expect(text.runs.allSatisfy { $0.underlineStyle == .single && $0.paragraphStyle?.alignment == .center })
        // Elements, slices, search and typing see them.
        let paragraph = try #require(storage.textParagraph(atIndex: 1))
        #expect(paragraph.attributedString.runs.first?.underlineStyle == .single)
        #expect(String(paragraph.attributedString.characters) == "مرحبا بالعالم\n")
        try storage.replaceContents(in: storage.textRange(for: 2 ..< 2)!, with: "x")
        #expect(storage.attributedString.runs.allSatisfy { $0.underlineStyle == .single })
        #expect(storage.string.hasPrefix("Fixrst line"))
        // Part of a paragraph changes only that part.
        try storage.transformRunAttributes(in: storage.textRange(for: 0 ..< 3)!) { $0.underlineStyle = nil }
        let runs = storage.attributedString.runs.map {
            ($0.underlineStyle, String(storage.attributedString[$0.range].characters))
        }
        #expect(runs.first?.0 == nil && runs.first?.1 == "Fix")
        // Taking the attributes away again leaves plain text.
        try storage.transformRunAttributes(in: storage.textRange(for: 0 ..< storage.utf16Length)!) {
            $0 = AttributeContainer()
        }
        #expect(storage.attributedString.runs.count == 1, "\(storage.attributedString)")
        #expect(storage.attributedString.runs.first?.attributes == AttributeContainer())
    }
}
