import Foundation
import TestFixtures
import Testing
@_spi(Layout) @testable import TextContent

/// Long paragraphs kept as trees (`LongParagraphText`): random edits inside them, across their
/// edges, splitting and joining them, checked against a plain-string model after every step.
/// The threshold is kept small so that the runs stay fast; one test uses the real one.
@Suite struct LongParagraphStorageTests {
    /// Mixed scripts with surrogate pairs, combining marks and CRLF, no separator.
    static func mixedText(utf16Count: Int, separators: Bool = false) -> String {
        let samples = Samples.mixed.map {
            $0.text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
        }
        var text = ""
        var index = 0
        while text.utf16.count < utf16Count {
            text += samples[index % samples.count] + " 👍🏽 e\u{301} "
            if separators, index % 5 == 4 { text += ["\r\n", "\n", "\u{2029}", "\r"][index % 4] }
            index += 1
        }
        return text
    }

    /// Whether the storage's text, paragraphs and offsets are the model's; whether each
    /// paragraph at or past the threshold is kept as a tree once edited.
    static func expectAgrees(_ storage: TextContentStorage, _ model: PlainTextModel, _ note: String) {
        #expect(storage.utf16Length == model.units.count, "\(note)")
        let same = storage.string == model.string
        #expect(same, "\(note): text differs")
        let expected = model.paragraphs
        #expect(storage.paragraphCount == expected.count, "\(note)")
        guard storage.paragraphCount == expected.count else { return }
        for (ordinal, paragraph) in expected.enumerated() {
            guard let position = storage.index.paragraph(at: ordinal) else {
                Issue.record("\(note): no paragraph \(ordinal)")
                return
            }
            #expect(
                position.start == paragraph.start && position.entry.utf16Length == paragraph.length
                    && position.entry.separatorLength == paragraph.separator, "\(note): paragraph \(ordinal)")
            if case .long(let text) = position.entry.content {
                #expect(text.utf16Count == paragraph.length, "\(note): tree length of \(ordinal)")
                #expect(
                    paragraph.length >= storage.longParagraphThreshold / 2, "\(note): a short paragraph kept as a tree")
            }
        }
    }

    static func longEntries(_ storage: TextContentStorage) -> Int {
        var count = 0
        storage.index.forEach(from: 0, reverse: false) { position in
            if case .long = position.entry.content { count += 1 }
            return true
        }
        return count
    }

    /// Random edits of every kind in and around long paragraphs of mixed scripts: typing,
    /// deleting, replacing across paragraph edges, inserting separators (splitting), deleting
    /// them (joining), CRLF cut in two and put together.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func randomEditsAgreeWithTheModel(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let initial =
            "short\r\n" + Self.mixedText(utf16Count: 3_000) + "\n" + Self.mixedText(utf16Count: 400, separators: true)
            + "\r\n" + Self.mixedText(utf16Count: 1_500)
        let storage = try TextContentStorage(utf8: Data(initial.utf8))
        storage.longParagraphThreshold = 256
        var model = PlainTextModel(initial)
        var sawTrees = false
        let inserts = [
            "a", " ", "\n", "\r\n", "\r", "\u{2029}", "👍🏽", "\u{301}", "ಕನ್ನಡ", "مرحبا", "ภาษา", "\r\nx\ny",
            Self.mixedText(utf16Count: 300),
        ]
        for step in 0 ..< 400 {
            let length = model.units.count
            let lower = Int.random(in: 0 ... length, using: &random)
            let kind = Int.random(in: 0 ..< 10, using: &random)
            let span =
                kind < 4
                ? 0 : kind < 8 ? Int.random(in: 1 ... 3, using: &random) : Int.random(in: 0 ... 600, using: &random)
            let range = lower ..< min(length, lower + span)
            let text = kind >= 4 && kind < 7 ? "" : inserts.randomElement(using: &random)!
            let note = "seed \(seed) step \(step): \(range) with \(text.unicodeScalars.count) scalars"
            let split = [range.lowerBound, range.upperBound].first { model.splitsSurrogatePair(at: $0) }
            do throws(TextContentError) {
                if Bool.random(using: &random) {
                    try storage.replaceContents(in: storage.range(range), with: text)
                } else {
                    // The way the view and undo edit: slices over ranges.
                    try storage.replaceContents(in: [range], with: [ContentSlice(text)])
                }
                #expect(split == nil, "\(note): accepted a split surrogate pair")
                model.replace(range, with: text)
            } catch {
                #expect(split.map { TextContentError.splitsSurrogatePair(offset: $0) } == error, "\(note): \(error)")
            }
            sawTrees = sawTrees || Self.longEntries(storage) > 0
            Self.expectAgrees(storage, model, note)
            if model.units.count < 200 {
                // Grow it again so that long paragraphs keep being edited.
                let more = Self.mixedText(utf16Count: 2_000)
                try storage.replaceContents(in: storage.range(model.units.count ..< model.units.count), with: more)
                model.replace(model.units.count ..< model.units.count, with: more)
            }
        }
        #expect(sawTrees, "seed \(seed): no paragraph was ever kept as a tree")
    }

    /// Several ranges at once in one long paragraph (several cursors; undo of a few edits), and
    /// many (replace-all), both against the model.
    @Test func multiRangeEditsInALongParagraph() throws {
        let initial = Self.mixedText(utf16Count: 5_000)
        let storage = TextContentStorage(string: initial)
        storage.longParagraphThreshold = 256
        var model = PlainTextModel(initial)
        // Make it a tree.
        try storage.replaceContents(in: storage.range(10 ..< 10), with: "x")
        model.replace(10 ..< 10, with: "x")
        #expect(Self.longEntries(storage) == 1)
        for count in [3, 64, 65, 400] {
            let step = model.units.count / (count + 1)
            var ranges: [Range<Int>] = []
            for i in 1 ... count {
                var at = i * step
                while model.splitsSurrogatePair(at: at) { at += 1 }
                ranges.append(at ..< at)
            }
            let slices = ranges.indices.map { ContentSlice($0 % 2 == 0 ? "ಕ" : "👍") }
            let originals = storage.contentSlices(ranges)
            #expect(originals.allSatisfy { $0.isEmpty })
            try storage.replaceContents(in: ranges, with: slices)
            for (range, slice) in zip(ranges, slices).reversed() {
                if case .plain(let text) = slice.content { model.replace(range, with: text) }
            }
            Self.expectAgrees(storage, model, "\(count) cursors")
        }
    }

    /// What the view records for undo of a keystroke: the text of a range inside a long
    /// paragraph, exact (edges inside clusters too), and put back exactly.
    @Test func slicesOfALongParagraphAreExact() throws {
        let initial = Self.mixedText(utf16Count: 4_000) + "\r\n" + Self.mixedText(utf16Count: 300)
        let storage = TextContentStorage(string: initial)
        storage.longParagraphThreshold = 256
        var model = PlainTextModel(initial)
        try storage.replaceContents(in: storage.range(1 ..< 1), with: "é")
        model.replace(1 ..< 1, with: "é")
        #expect(Self.longEntries(storage) == 1)
        var random = SplitMix64(seed: 7)
        for _ in 0 ..< 200 {
            var lower = Int.random(in: 0 ... model.units.count, using: &random)
            var upper = min(model.units.count, lower + Int.random(in: 0 ... 50, using: &random))
            while model.splitsSurrogatePair(at: lower) { lower -= 1 }
            while model.splitsSurrogatePair(at: upper) { upper -= 1 }
            upper = max(lower, upper)
            let expected = String(decoding: model.units[lower ..< upper], as: UTF16.self)
            let slice = storage.contentSlice(lower ..< upper)
            #expect(String(slice.attributedString.characters[...]) == expected)
            #expect(storage.contentSlices([lower ..< upper])[0].utf16Count == upper - lower)
            #expect(String(storage.exactText(lower ..< upper).characters[...]) == expected)
            let snapped = storage.snappedToGraphemeClusters(lower ..< upper)
            #expect(
                String(storage.attributedString(in: snapped).characters[...])
                    == String(decoding: model.units[snapped], as: UTF16.self))
            // Delete it and put it back.
            try storage.replaceContents(in: [lower ..< upper], with: [ContentSlice("")])
            try storage.replaceContents(in: storage.range(lower ..< lower), with: slice)
            Self.expectAgrees(storage, model, "slice \(lower) ..< \(upper)")
        }
    }

    /// Grapheme clusters and surrogate pairs inside a tree are found as in a String.
    @Test func clustersAndSurrogatesOfALongParagraph() throws {
        let initial = Self.mixedText(utf16Count: 3_000)
        let storage = TextContentStorage(string: initial)
        storage.longParagraphThreshold = 256
        try storage.replaceContents(in: storage.range(0 ..< 0), with: "a")
        let text = "a" + initial
        let units = Array(text.utf16)
        #expect(Self.longEntries(storage) == 1)
        let boundaries = graphemeBoundaries(text)
        for offset in stride(from: 0, through: units.count, by: 1) {
            let snapped = storage.snappedToGraphemeClusters(offset ..< offset).lowerBound
            let expected = boundaries.filter { $0 <= offset }.max() ?? 0
            #expect(snapped == expected, "offset \(offset)")
            let splits = offset > 0 && offset < units.count && UTF16.isTrailSurrogate(units[offset])
            #expect(storage.splitsSurrogatePair(at: offset) == splits, "offset \(offset)")
        }
    }

    /// `plainUTF16(in:)` and `utf16Count` of a long paragraph's element against the model, for
    /// ranges inside, across the ends and wholly outside (clamped).
    @Test func plainUTF16OfALongParagraph() throws {
        let initial = Self.mixedText(utf16Count: 6_000) + "\r\n" + Self.mixedText(utf16Count: 100)
        let storage = TextContentStorage(string: initial)
        storage.longParagraphThreshold = 256
        try storage.replaceContents(in: storage.range(5 ..< 5), with: "ภาษา")
        var units = Array(initial.utf16)
        units.replaceSubrange(5 ..< 5, with: Array("ภาษา".utf16))
        #expect(Self.longEntries(storage) == 1)
        let paragraph = try #require(storage.textParagraph(atIndex: 0))
        let length = try #require(units.firstIndex(of: 0x0A)) + 1
        #expect(paragraph.utf16Count == length)
        var random = SplitMix64(seed: 11)
        for _ in 0 ..< 300 {
            let a = Int.random(in: -100 ... length + 100, using: &random)
            let b = a + Int.random(in: -10 ... 300, using: &random)
            let lower = max(0, min(a, length)), upper = max(lower, min(b, length))
            #expect(
                paragraph.plainUTF16(in: a ..< max(a, b)) == Array(units[lower ..< max(lower, min(max(a, b), length))]),
                "\(a) ..< \(b)")
            _ = upper
        }
        #expect(paragraph.plainText == String(decoding: units[0 ..< length], as: UTF16.self))
        #expect(
            paragraph.withPlainUTF8 { $0.count } == String(decoding: units[0 ..< length], as: UTF16.self).utf8.count)
        #expect(
            String(paragraph.attributedString.characters[...]) == String(decoding: units[0 ..< length], as: UTF16.self))
    }

    /// At the real threshold: a ~200 KB paragraph becomes a tree on its first edit, is split by
    /// a typed paragraph break, joined again by deleting it, and its text is the model's.
    @Test func aRealLongParagraphSplitsAndJoins() throws {
        let initial = Self.mixedText(utf16Count: 110_000)
        let storage = try TextContentStorage(utf8: Data(initial.utf8))
        #expect(storage.longParagraphThreshold == 65_536)
        #expect(storage.paragraphCount == 1)
        var model = PlainTextModel(initial)
        var middle = model.units.count / 2
        while model.splitsSurrogatePair(at: middle) { middle += 1 }
        for (range, text) in [
            (middle ..< middle, "a"), (middle + 1 ..< middle + 1, "\n"), (middle + 2 ..< middle + 2, "ಕ"),
            (middle + 1 ..< middle + 2, ""), (10 ..< 20, "\r\n"), (11 ..< 13, ""),
        ] {
            try storage.replaceContents(in: storage.range(range), with: text)
            model.replace(range, with: text)
            Self.expectAgrees(storage, model, "\(range) with \(text.debugDescription)")
            #expect(Self.longEntries(storage) >= 1)
        }
    }

    /// An edit that takes in a quarter of a long paragraph or more (deleting all of it, pasting
    /// over most of it) costs O(n) anyway: a paragraph not yet a tree stays a String for it
    /// (no tree is made only to be thrown away), and the next keystroke makes the tree.
    @Test func bigEditsOfALongParagraphNotYetATreeKeepAString() throws {
        let initial = Self.mixedText(utf16Count: 4_000) + "\n" + Self.mixedText(utf16Count: 4_000)
        let storage = try TextContentStorage(utf8: Data(initial.utf8))
        storage.longParagraphThreshold = 256
        var model = PlainTextModel(initial)
        var cut = 1_500
        while model.splitsSurrogatePair(at: cut) { cut += 1 }
        for step in 0 ..< 2 {
            // Then from inside the first paragraph into the second, over its separator.
            var (lower, upper) = (1_000, model.units.count - 3_000)
            while model.splitsSurrogatePair(at: lower) { lower -= 1 }
            while model.splitsSurrogatePair(at: upper) { upper -= 1 }
            let (range, text) = step == 0 ? (0 ..< cut, "x") : (lower ..< upper, "\r\n")
            try storage.replaceContents(in: storage.range(range), with: text)
            model.replace(range, with: text)
            Self.expectAgrees(storage, model, "\(range)")
            #expect(Self.longEntries(storage) == 0, "\(range): a tree made for a big edit")
        }
        try storage.replaceContents(in: storage.range(1 ..< 1), with: "a")
        model.replace(1 ..< 1, with: "a")
        Self.expectAgrees(storage, model, "keystroke")
        #expect(Self.longEntries(storage) == 1)
        // All of a tree deleted: O(log n), and right.
        try storage.replaceContents(in: storage.range(0 ..< model.units.count), with: "")
        model.replace(0 ..< model.units.count, with: "")
        Self.expectAgrees(storage, model, "all deleted")
    }
}

extension LongParagraphStorageTests {
    /// A long paragraph of a file opened gets its tree built on another thread; its first edit
    /// takes that tree, and the text is what editing the file's text gives.
    @Test func aLongParagraphOfAFileGetsItsTreeBuiltAfterOpening() throws {
        let long = String(repeating: "كتاب ಕನ್ನಡ ไทย 👩‍👩‍👧 word ", count: 2_600)
        let text = "A short first paragraph.\n" + long + "\nAnd a last one."
        #expect(long.utf16.count >= 65_536)
        let storage = try TextContentStorage(utf8: Data(text.utf8))
        // Built in the background: wait for it (a few tenths of a second at most).
        let deadline = Date().addingTimeInterval(30)
        while storage.prebuiltTrees.readyCount == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(storage.prebuiltTrees.readyCount == 1)
        let offset = 25 + 1_000
        try storage.replaceContents(in: storage.range(offset ..< offset), with: "X")
        #expect(storage.prebuiltTrees.readyCount == 0)
        var expected = Array(text.utf16)
        expected.insert(0x58, at: offset)
        #expect(Array(storage.string.utf16) == expected)
        #expect(storage.paragraphCount == 3)
    }
}

extension LongParagraphStorageTests {
    /// A long paragraph that a bulk edit makes a String (text pasted or put back by an undo)
    /// gets its tree built in the background too, and the next keystroke takes it.
    @Test func aLongParagraphABulkEditMadeGetsItsTreeBuiltInTheBackground() throws {
        let long = String(repeating: "كتاب ಕನ್ನಡ ไทย 👩‍👩‍👧 word ", count: 2_600)
        let storage = TextContentStorage(string: "")
        try storage.replaceContents(in: storage.documentRange, with: long)
        let deadline = Date().addingTimeInterval(30)
        while storage.prebuiltTrees.readyCount == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(storage.prebuiltTrees.readyCount == 1)
        try storage.replaceContents(in: storage.range(1_000 ..< 1_000), with: "X")
        #expect(storage.prebuiltTrees.readyCount == 0)
        guard case .long = storage.index.paragraph(at: 0)?.entry.content else {
            Issue.record("the edited paragraph is not a tree")
            return
        }
        var expected = Array(long.utf16)
        expected.insert(0x58, at: 1_000)
        #expect(Array(storage.string.utf16) == expected)
    }

    /// At most four such Strings (and trees) are held: older ones are let go, and their
    /// paragraphs build their own trees when edited.
    @Test func theTreesBuiltInTheBackgroundAreBounded() throws {
        let prebuild = LongParagraphPrebuild()
        let texts = (0 ..< 6).map { String(repeating: "word \($0) ", count: 10_000) }
        for text in texts { prebuild.start(text) }
        let deadline = Date().addingTimeInterval(30)
        while prebuild.readyCount < 4, Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        Thread.sleep(forTimeInterval: 0.05)
        #expect(prebuild.readyCount <= 4)
        #expect(prebuild.take(texts[0]) == nil)
        let last = try #require(prebuild.take(texts[5]))
        #expect(last.string == texts[5])
        #expect(prebuild.take(texts[5]) == nil)
    }

    /// A long paragraph read from a file that is not ASCII gives any stretch of its UTF-16
    /// through breadcrumbs: the same units as its whole text, edges inside surrogate pairs too.
    @Test func stretchesOfALongParagraphOfAFileThatIsNotASCII() throws {
        let long = String(repeating: "كتاب ಕನ್ನಡ 👩‍👩‍👧 ไทย 𝒜 word ", count: 1_500)
        let text = "First.\n" + long + "\nLast."
        let storage = try TextContentStorage(utf8: Data(text.utf8))
        let paragraph = try #require(storage.textElements(for: storage.range(8 ..< 9)).first as? TextParagraph)
        let units = Array((long + "\n").utf16)
        #expect(paragraph.utf16Count == units.count)
        var random = SplitMix64(seed: 12)
        for _ in 0 ..< 300 {
            let a = Int.random(in: -5 ... units.count + 5, using: &random)
            let b = a + Int.random(in: 0 ... 9_000, using: &random)
            let lower = max(0, min(a, units.count)), upper = max(lower, min(b, units.count))
            #expect(paragraph.plainUTF16(in: a ..< b) == Array(units[lower ..< upper]), "\(a) ..< \(b)")
        }
        #expect(paragraph.plainUTF16(in: 0 ..< units.count) == units)
    }
}

extension LongParagraphStorageTests {
    /// Where the pair test says a grapheme cluster ends between two scalars, it does (Swift's
    /// own segmentation): line feeds and carriage returns included, except between CR and LF.
    @Test func theBoundariesBetweenTwoScalarsAreCertain() {
        let scalars: [Unicode.Scalar] = [
            "a", "Z", "1", " ", "\r", "\n", "\t", "\u{301}", "\u{200D}", "\u{2028}", "\u{2029}", "ك", "ಕ", "\u{CCD}",
            "ก", "\u{E33}", "👍", "\u{1F3FD}", "\u{1F1EB}", "\u{1F1F7}", "한", "\u{1100}", "\u{1161}", "\u{600}",
        ]
        var certain = 0
        for before in scalars {
            for after in scalars {
                var text = String.UnicodeScalarView()
                text.append(before)
                text.append(after)
                if GraphemePairBreaks.isBoundary(before, after) {
                    certain += 1
                    #expect(String(text).count == 2, "\(before.escaped(asASCII: true)) \(after.escaped(asASCII: true))")
                }
            }
        }
        #expect(
            GraphemePairBreaks.isBoundary("a", "\n") && GraphemePairBreaks.isBoundary("\n", "a")
                && !GraphemePairBreaks.isBoundary("\r", "\n"))
        #expect(certain > 150) // not a test that passes by finding none
    }

    /// A line break typed into a long paragraph with attributes (in place, not rebuilt) splits it
    /// as the text says, CR LF pairs included, attributes kept.
    @Test func lineBreaksTypedIntoALongParagraphWithAttributes() throws {
        var text = AttributedString(String(repeating: "كتاب ಕನ್ನಡ word ", count: 5_000))
        text[text.startIndex ..< text.characters.index(text.startIndex, offsetBy: 40)].kern = 0.5
        let storage = TextContentStorage(attributedString: text)
        var model = Array(String(text.characters[...]).utf16)
        var random = SplitMix64(seed: 31)
        for step in 0 ..< 40 {
            let breaks = ["\n", "\r", "\r\n", "\u{2029}", "x"]
            let inserted = breaks[step % breaks.count]
            var offset = Int.random(in: 0 ... model.count, using: &random)
            while offset > 0, offset < model.count, UTF16.isTrailSurrogate(model[offset]) { offset -= 1 }
            try storage.replaceContents(in: storage.range(offset ..< offset), with: AttributedString(inserted))
            model.insert(contentsOf: Array(inserted.utf16), at: offset)
            #expect(Array(storage.string.utf16) == model, "step \(step)")
        }
        #expect(storage.paragraphCount > 20)
        #expect(storage.attributedString.runs.contains { $0.kern == 0.5 })
    }

    /// Breaks typed into long paragraphs with attributes and taken out again (joining them),
    /// CR and LF typed beside each other and cut apart, checked after every step: the text and
    /// paragraphs are the model's, character attributes stay where they were, and each
    /// paragraph has one paragraph style (the paragraph-bound attributes spread as
    /// AttributedString spreads them). The storage finds the new paragraphs from the separators
    /// it knows and those inserted, never by reading the paragraphs; this checks it finds them all.
    @Test(arguments: [UInt64(7), 8, 9])
    func breaksAndJoinsInLongParagraphsWithAttributes(seed: UInt64) throws {
        var text = AttributedString(
            Self.mixedText(utf16Count: 30_000) + "\r" + Self.mixedText(utf16Count: 3_000, separators: true))
        text.kern = 0.5
        text[text.startIndex ..< text.characters.index(text.startIndex, offsetBy: 300)].alignment = .center
        let storage = TextContentStorage(attributedString: text)
        var model = PlainTextModel(String(text.characters[...]))
        var random = SplitMix64(seed: seed)
        for step in 0 ..< 120 {
            let count = model.units.count
            var offset = Int.random(in: 0 ... count, using: &random)
            while offset > 0, offset < count, model.splitsSurrogatePair(at: offset) { offset -= 1 }
            var range = offset ..< offset
            var inserted = ["\n", "\r", "\r\n", "\u{2029}", "\nx\r", "é"][Int.random(in: 0 ..< 6, using: &random)]
            switch Int.random(in: 0 ..< 3, using: &random) {
            case 0:
                // Delete a separator (or the unit after one): joins, or cuts a CRLF apart.
                let separators = model.units.indices.filter { ParagraphScanner.isSeparator(model.units[$0]) }
                if let at = separators.randomElement(using: &random) {
                    let end = min(count, at + Int.random(in: 1 ... 2, using: &random))
                    range = model.splitsSurrogatePair(at: end) ? at ..< end + 1 : at ..< end
                    inserted = ""
                }
            case 1:
                // Type between a CR and what follows it, or right after a separator.
                if let at = model.units.indices.filter({ model.units[$0] == 0x0D }).randomElement(using: &random) {
                    range = at + 1 ..< at + 1
                    inserted = ["\n", "x", "\r"][Int.random(in: 0 ..< 3, using: &random)]
                }
            default:
                break
            }
            var replacement = AttributedString(inserted)
            replacement.kern = 0.5
            try storage.replaceContents(in: storage.range(range), with: replacement)
            model.replace(range, with: inserted)
            let note = "seed \(seed) step \(step) replacing \(range) with \(inserted.debugDescription)"
            Self.expectAgrees(storage, model, note)
            storage.index.forEach(from: 0, reverse: false) { position in
                guard case .attributed(let paragraph) = position.entry.content else { return true }
                #expect(
                    Set(paragraph.runs.map { $0.alignment }).count == 1,
                    "\(note): paragraph \(position.ordinal) has two styles")
                #expect(
                    paragraph.runs.allSatisfy { $0.kern == 0.5 }, "\(note): paragraph \(position.ordinal) lost its kern"
                )
                return true
            }
        }
        #expect(storage.attributedString.runs.contains { $0.alignment == .center })
    }
}
