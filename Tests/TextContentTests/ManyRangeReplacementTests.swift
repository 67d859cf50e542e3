import Foundation
import TestFixtures
import Testing
@testable import TextContent

/// Many ranges replaced at once (replace-all's path: one walk over the paragraphs, each edited
/// one rebuilt in place), checked against the same edits made one by one.
@Suite struct ManyRangeReplacementTests {
    static let english = "In the beginning God created the heaven and the earth."

    /// Three copies of a paragraph of every script and of English, with LF, one CRLF and a
    /// last paragraph without separator.
    static func document() -> String {
        let paragraphs = (MixedSamples.tags.map(MixedSamples.text) + [english]).filter { !$0.isEmpty }
        var text = ""
        for copy in 0 ..< 3 {
            for (index, paragraph) in paragraphs.enumerated() {
                text += paragraph + (copy == 1 && index == 2 ? "\r\n" : "\n")
            }
        }
        return text + english
    }

    /// Random disjoint ranges inside paragraphs' text (never taking a separator), on scalar
    /// boundaries, some empty; and what each becomes (text of every script, some empty).
    static func randomEdits(
        of text: String, count: Int, using random: inout SplitMix64
    ) -> (ranges: [Range<Int>], replacements: [String]) {
        let units = Array(text.utf16)
        var edges: [Int] = []
        for _ in 0 ..< count * 2 {
            var offset = Int.random(in: 0 ... units.count, using: &random)
            if offset < units.count, UTF16.isTrailSurrogate(units[offset]) { offset -= 1 }
            edges.append(offset)
        }
        edges.sort()
        var ranges: [Range<Int>] = []
        for pair in stride(from: 0, to: edges.count, by: 2) {
            var range = edges[pair] ..< edges[pair + 1]
            // Cut at the first separator inside, so that it stays in one paragraph's text.
            if let separator = units[range].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                range = range.lowerBound ..< separator
            }
            ranges.append(range)
        }
        let pieces = ["Lord", "", "ಕನ್ನಡ", "مرحبا", "👍🏽", "ไทย", "e\u{301}"]
        return (ranges, ranges.map { _ in pieces.randomElement(using: &random)! })
    }

    @Test(arguments: [1, 2, 3])
    func manyEditsGiveWhatOneByOneEditsGive(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let text = Self.document()
        let (ranges, replacements) = Self.randomEdits(of: text, count: 200, using: &random)
        let storage = TextContentStorage(string: text)
        let expectedOriginals = storage.contentSlices(ranges).map { String($0.attributedString.characters) }
        let observer = RecordingObserver()
        storage.addTextLayoutManager(observer)

        let originals = try storage.replaceContents(in: ranges, with: replacements.map { ContentSlice($0) })

        let oneByOne = TextContentStorage(string: text)
        for (range, replacement) in zip(ranges, replacements).reversed() {
            try oneByOne.replaceContents(in: oneByOne.range(range), with: replacement)
        }
        #expect(storage.string == oneByOne.string)
        #expect(originals.map { String($0.attributedString.characters) } == expectedOriginals)
        // One change, an edit a range, each inside its paragraph, last first.
        let edits = try #require(observer.received.last).edits
        #expect(edits.count == ranges.count)
        #expect(edits.allSatisfy { $0.isInsideParagraph })
        #expect(edits.map(\.range) == ranges.reversed())
        #expect(storage.paragraphCount == oneByOne.paragraphCount)

        // The originals put back where the replacements went give the text as it was.
        var shift = 0
        var placed: [Range<Int>] = []
        for (range, replacement) in zip(ranges, replacements) {
            placed.append(range.lowerBound + shift ..< range.lowerBound + shift + replacement.utf16.count)
            shift += replacement.utf16.count - range.count
        }
        try storage.replaceContents(in: placed, with: originals)
        #expect(storage.string == text)
    }

    /// The 150th of 200 edits takes a separator, or brings one: the walk stops there and puts
    /// back what it changed (or never starts), and the edits are made one by one.
    @Test(arguments: [false, true])
    func anEditThatIsNotInsideAParagraphIsStillMadeRight(bringsASeparator: Bool) throws {
        var random = SplitMix64(seed: 7)
        let text = Self.document()
        var (ranges, replacements) = Self.randomEdits(of: text, count: 200, using: &random)
        if bringsASeparator {
            replacements[149] = "a\nb"
        } else {
            let units = Array(text.utf16)
            let separator = try #require(units.indices.first { $0 > ranges[149].lowerBound && units[$0] == 0x0A })
            try #require(separator < ranges[150].lowerBound)
            ranges[149] = ranges[149].lowerBound ..< separator + 1
        }
        let storage = TextContentStorage(string: text)
        let observer = RecordingObserver()
        storage.addTextLayoutManager(observer)
        try storage.replaceContents(in: ranges, with: replacements.map { ContentSlice($0) })
        let oneByOne = TextContentStorage(string: text)
        for (range, replacement) in zip(ranges, replacements).reversed() {
            try oneByOne.replaceContents(in: oneByOne.range(range), with: replacement)
        }
        #expect(storage.string == oneByOne.string)
        #expect(storage.paragraphCount == oneByOne.paragraphCount)
        let edits = try #require(observer.received.last).edits
        #expect(edits.contains { !$0.isInsideParagraph })
    }

    @Test func anEdgeInsideASurrogatePairChangesNothing() throws {
        var random = SplitMix64(seed: 11)
        let text = Self.document()
        let (allRanges, allReplacements) = Self.randomEdits(of: text, count: 200, using: &random)
        // An edge between the halves of an emoji half way through, after edits the walk has made.
        let units = Array(text.utf16)
        let trails = units.indices.filter { UTF16.isTrailSurrogate(units[$0]) }
        let trail = trails[trails.count / 2]
        var edits = zip(allRanges, allReplacements).filter {
            $0.0.upperBound < trail - 1 || $0.0.lowerBound > trail + 1
        }
        let at = edits.firstIndex { $0.0.lowerBound > trail } ?? edits.count
        try #require(at > 64)
        edits.insert((trail ..< trail, "x"), at: at)
        var ranges = edits.map(\.0), replacements = edits.map(\.1)
        let storage = TextContentStorage(string: text)
        #expect(throws: TextContentError.splitsSurrogatePair(offset: trail)) {
            try storage.replaceContents(in: ranges, with: replacements.map { ContentSlice($0) })
        }
        #expect(storage.string == text)
        // A range out of bounds is refused too, with nothing changed.
        ranges.append(units.count ..< units.count + 1)
        replacements.append("")
        #expect(throws: TextContentError.self) {
            try storage.replaceContents(in: ranges, with: replacements.map { ContentSlice($0) })
        }
        #expect(storage.string == text)
    }

    @Test func emptyingParagraphsAndTheWholeDocument() throws {
        // Every paragraph's text deleted, 100 of them (some after CR, whose LF must not join it).
        let paragraphs = (0 ..< 100).map { $0 % 7 == 0 ? "ab\r" : "x\u{0915}\u{094D}y" }
        let text = paragraphs.joined(separator: "\n")
        let storage = TextContentStorage(string: text)
        var ranges: [Range<Int>] = []
        var start = 0
        for paragraph in paragraphs {
            let content = paragraph.hasSuffix("\r") ? paragraph.utf16.count - 1 : paragraph.utf16.count
            ranges.append(start ..< start + content)
            start += paragraph.utf16.count + 1
        }
        try storage.replaceContents(in: ranges, with: ranges.map { _ in ContentSlice("") })
        let oneByOne = TextContentStorage(string: text)
        for range in ranges.reversed() { try oneByOne.replaceContents(in: oneByOne.range(range), with: "") }
        #expect(storage.string == oneByOne.string)
        #expect(storage.paragraphCount == oneByOne.paragraphCount)
    }

    @Test(arguments: [2, 70])
    func rangesOutOfOrderOverlappingOrWithoutTheirTextsAreRefused(count: Int) throws {
        let text = Self.document()
        let storage = TextContentStorage(string: text)
        let sorted = (0 ..< count).map { $0 * 10 ..< $0 * 10 + 3 }
        let texts = sorted.map { _ in ContentSlice("ಕ") }
        for ranges in [
            Array(sorted.reversed()), sorted + [sorted[count - 1].lowerBound + 1 ..< sorted[count - 1].upperBound + 2],
        ] {
            #expect(throws: TextContentError.self) {
                try storage.replaceContents(in: ranges, with: ranges.map { _ in ContentSlice("x") })
            }
        }
        #expect(throws: TextContentError.self) {
            try storage.replaceContents(in: sorted, with: Array(texts.dropLast()))
        }
        #expect(storage.string == text)
    }

    @Test func typingAttributesForManyRangesAreThoseOfEachRange() throws {
        let storage = TextContentStorage(string: Self.document())
        var bold = AttributeContainer()
        bold.foregroundColor = TextColor(red: 1, green: 0, blue: 0)
        try storage.addAttributes(bold, in: storage.range(0 ..< 5))
        let ranges = stride(from: 0, to: storage.utf16Length, by: 37).map { $0 ..< $0 }
        #expect(storage.typingAttributes(at: ranges) == ranges.map { storage.typingAttributes(at: $0) })
    }
}

/// The text handed out in runs of paragraphs read in place (what search reads).
@Suite struct UTF8RunTests {
    /// Checks that the runs from `offset` tile the text from the start of its paragraph.
    static func checkRuns(_ storage: TextContentStorage, from offset: Int) throws -> Int {
        let text = storage.string
        var runs = 0
        var expectedStart: Int?
        var bytes: [UInt8] = []
        storage.enumerateUTF8Runs(fromOffset: offset) { start, utf8, utf16Count in
            if let expectedStart { #expect(start == expectedStart) }
            let decoded = String(decoding: utf8, as: UTF8.self)
            #expect(decoded.utf16.count == utf16Count)
            expectedStart = start + utf16Count
            bytes += utf8
            runs += 1
            return true
        }
        #expect(expectedStart == text.utf16.count)
        let location = try #require(storage.location(storage.documentRange.location, offsetBy: offset))
        let first = try #require(storage.paragraphIndex(for: location))
        let paragraphStart = try #require(storage.textParagraph(atIndex: first)?.elementRange).location
        let startOffset = storage.offset(from: storage.documentRange.location, to: paragraphStart)
        let units = Array(text.utf16)
        #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: units[startOffset...], as: UTF16.self))
        return runs
    }

    @Test func aDocumentJustOpenedIsOneRunAndEditsSplitIt() throws {
        let text = ManyRangeReplacementTests.document()
        let storage = TextContentStorage(string: text)
        #expect(try Self.checkRuns(storage, from: 0) == 1)
        #expect(try Self.checkRuns(storage, from: 700) == 1)
        // An edit in a paragraph of Kannada: the text before it, that paragraph, the text after it.
        let kannada = try #require(text.utf16.firstIndex(of: "ಕ".utf16.first!))
        let offset = text.utf16.distance(from: text.utf16.startIndex, to: kannada)
        try storage.replaceContents(in: storage.range(offset + 1 ..< offset + 1), with: "\u{CCD}")
        #expect(try Self.checkRuns(storage, from: 0) == 3)
        #expect(try Self.checkRuns(storage, from: offset) == 2)
        #expect(try Self.checkRuns(storage, from: storage.utf16Length - 1) == 1)
        var stops = 0
        storage.enumerateUTF8Runs(fromOffset: 0) { _, _, _ in
            stops += 1
            return false
        }
        #expect(stops == 1)
        storage.enumerateUTF8Runs(fromOffset: storage.utf16Length) { _, _, _ in
            Issue.record("no run at the end")
            return true
        }
    }
}
