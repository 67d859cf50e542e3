import Foundation
import TestFixtures
import PropertyBased
import Testing
import TextDocument
@testable import TextContent

/// Random edit sequences checked against a plain-string model after every step:
/// 20 runs x 500 steps = 10,000 random edits a test run.
@Suite struct StoragePropertyTests {
    static let runs = 20
    static let stepsPerRun = 500

    @Test func randomEditsAgreeWithThePlainStringModel() async {
        await propertyCheck(count: Self.runs, input: Gen.uint64(in: 0 ... .max)) { seed in
            var run = EditRun(seed: seed)
            for step in 0 ..< Self.stepsPerRun {
                run.step()
                try run.check(step: step)
            }
        }
    }
}

/// One random run: a storage, its model, an observer and tracked ranges.
struct EditRun {
    var random: SplitMix64
    let storage: TextContentStorage
    var model: PlainTextModel
    let observer = RecordingObserver()
    var tracked: [TextRange] = []
    let seed: UInt64

    init(seed: UInt64) {
        self.seed = seed
        var generator = SplitMix64(seed: seed)
        let initial = (0 ..< 4).map { _ in Samples.pieces.randomElement(using: &generator)! }.joined()
        random = generator
        storage = TextContentStorage(string: initial)
        model = PlainTextModel(initial)
        storage.addTextLayoutManager(observer)
    }

    mutating func randomText() -> String {
        let count = Int.random(in: 0 ... 3, using: &random)
        var text = (0 ..< count).map { _ in Samples.pieces.randomElement(using: &random)! }.joined()
        if Int.random(in: 0 ..< 10, using: &random) == 0, let sample = Samples.mixed.randomElement(using: &random) {
            text += String(sample.text.prefix(Int.random(in: 1 ... 12, using: &random)))
        }
        return text
    }

    mutating func randomRange() -> Range<Int> {
        let length = model.units.count
        let a = Int.random(in: 0 ... length, using: &random)
        let span = length > 300 ? 40 : 6
        let b = min(length, a + Int.random(in: 0 ... span, using: &random))
        return a ..< b
    }

    /// One character edit at any UTF-16 boundary, applied to storage and model alike: the
    /// storage replaces exactly the range given and refuses only a split surrogate pair.
    mutating func edit() {
        let requested = randomRange()
        let text = randomText()
        let split = [requested.lowerBound, requested.upperBound].first { model.splitsSurrogatePair(at: $0) }
        if ProcessInfo.processInfo.environment["OTK_TRACE"] != nil {
            print(
                "seed \(seed) model \(model.string.debugDescription) replace \(requested) with \(text.debugDescription)"
            )
        }
        do throws(TextContentError) {
            if Bool.random(using: &random) {
                try storage.replaceContents(in: storage.range(requested), with: text)
            } else {
                var attributed = AttributedString(text)
                if Bool.random(using: &random) {
                    attributed.link = URL(string: "https://example.com/\(text.utf16.count)")
                }
                try storage.replaceContents(in: storage.range(requested), with: attributed)
            }
            #expect(split == nil, "seed \(seed): \(requested) splits a surrogate pair but was accepted")
            model.replace(requested, with: text)
        } catch {
            #expect(
                split.map { TextContentError.splitsSurrogatePair(offset: $0) } == error,
                "seed \(seed): \(requested) refused: \(error)")
        }
    }

    /// Takes the text of a range out as a slice (whole paragraphs kept as entries), replaces the
    /// range, and puts the slice back: the text, its paragraphs and attributes are as they were.
    mutating func sliceRoundTrip() {
        let length = model.units.count
        var range = randomRange()
        if Bool.random(using: &random) {
            // Often across paragraphs: up to all of the document.
            let lower = Int.random(in: 0 ... length, using: &random)
            range = lower ..< Int.random(in: lower ... length, using: &random)
        }
        guard !model.splitsSurrogatePair(at: range.lowerBound), !model.splitsSurrogatePair(at: range.upperBound) else {
            return
        }
        let attributedBefore = storage.attributedString
        let slice = storage.contentSlice(range)
        #expect(slice.utf16Count == range.count, "seed \(seed): slice of \(range) holds \(slice.utf16Count) units")
        let text = randomText()
        try! storage.replaceContents(in: storage.range(range), with: text)
        let replaced = range.lowerBound ..< range.lowerBound + text.utf16.count
        try! storage.replaceContents(in: storage.range(replaced), with: slice)
        #expect(storage.string == model.string, "seed \(seed): \(range) put back differs")
        // Every attribute comes back. Paragraph styles are bound to whole paragraphs: deleting
        // the range joined the paragraphs at its edges under the first one's style, and the text
        // after the range is not part of the slice, so only the others are compared.
        func withoutParagraphStyles(_ text: AttributedString) -> AttributedString {
            var text = text
            text.paragraphStyle = nil
            return text
        }
        // Run by run and scalar by scalar: `AttributedString ==` on Linux can say "not equal" for
        // equal strings built from pieces (DocumentFormatTests.foundationEqualityHasFalseNegatives).
        let after = withoutParagraphStyles(storage.attributedString), before = withoutParagraphStyles(attributedBefore)
        #expect(
            after.runs == before.runs && after.unicodeScalars.elementsEqual(before.unicodeScalars),
            "seed \(seed): \(range) put back lost attributes")
    }

    /// Several disjoint ranges replaced at once, as replace-all and several cursors do.
    mutating func batchEdit() {
        let length = model.units.count
        var edges = (0 ..< 2 * Int.random(in: 1 ... 5, using: &random)).map { _ in
            Int.random(in: 0 ... length, using: &random)
        }.sorted()
        edges.removeAll { model.splitsSurrogatePair(at: $0) }
        if edges.count % 2 == 1 { edges.removeLast() }
        let ranges = stride(from: 0, to: edges.count, by: 2).map { edges[$0] ..< edges[$0 + 1] }
        guard !ranges.isEmpty else { return }
        let texts = ranges.map { _ in Bool.random(using: &random) ? "LORD" : randomText() }
        try! storage.replaceContents(in: ranges, with: texts.map { ContentSlice($0) })
        for (range, text) in zip(ranges, texts).reversed() { model.replace(range, with: text) }
    }

    mutating func step() {
        let before = model.string
        let receivedBefore = observer.received.count
        if tracked.count < 3 || Int.random(in: 0 ..< 20, using: &random) == 0 {
            tracked = (0 ..< 3).map { _ in storage.range(randomRange()) }
        }
        let trackedBefore = tracked.map { try! storage.offsets(of: $0) }
        var edits: [TextContentEdit] = []
        let kind = Int.random(in: 0 ..< 10, using: &random)
        var copy = self
        var tracked = self.tracked
        let target = self.storage
        target.transform(updating: &tracked) {
            switch kind {
            case 0:
                let range = copy.randomRange()
                var attributes = AttributeContainer()
                switch Int.random(in: 0 ..< 4, using: &copy.random) {
                case 0: attributes.link = URL(string: "https://example.org")
                case 1: attributes.foregroundColor = TextColor(red: 0.2, green: Double(range.count % 7) / 7, blue: 1)
                case 2:
                    attributes.font = FontDescriptor(
                        family: "Noto Sans", size: Double(10 + range.count % 5), weight: .bold)
                default:
                    attributes.paragraphStyle = ParagraphStyle(
                        alignment: .center, firstLineHeadIndent: Double(range.count))
                }
                try! target.addAttributes(attributes, in: target.range(range))
            case 1:
                target.performEditingTransaction {
                    copy.edit()
                    copy.edit()
                }
            case 2:
                copy.sliceRoundTrip()
            case 3:
                target.performEditingTransaction { copy.batchEdit() }
            default:
                copy.edit()
            }
        }
        random = copy.random
        model = copy.model
        self.tracked = tracked
        for changes in observer.received[receivedBefore...] { edits += changes.edits }
        checkReportedEdits(edits, before: before)
        checkTracked(trackedBefore, edits: edits, before: before)
    }

    /// The whole document survives the document format exactly.
    func checkDocumentRoundTrip(step: Int) throws {
        let text = storage.attributedString
        let data = try TextDocumentFormat.encode(text)
        let decoded = try TextDocumentFormat.decode(data)
        #expect(try TextDocumentFormat.encode(decoded) == data, "seed \(seed) step \(step)")
        #expect(decoded.runs == text.runs, "seed \(seed) step \(step)")
        #expect(TextContentStorage.plainString(of: decoded) == model.string, "seed \(seed) step \(step)")
    }

    /// The reported edits explain the change: outside the edited range nothing changed.
    func checkReportedEdits(_ edits: [TextContentEdit], before: String) {
        let changes = TextContentChangeSet(edits: edits)
        let old = Array(before.utf16)
        let new = model.units
        #expect(old.count + changes.changeInLength == new.count, "seed \(seed)")
        guard let edited = changes.editedRange else {
            #expect(old == new, "seed \(seed): text changed without a reported edit")
            return
        }
        let suffix = new.count - edited.upperBound
        #expect(old.prefix(edited.lowerBound) == new.prefix(edited.lowerBound), "seed \(seed)")
        #expect(suffix >= 0 && old.suffix(suffix) == new.suffix(suffix), "seed \(seed)")
    }

    /// A tracked range untouched by the edits still holds the same text.
    func checkTracked(_ before: [Range<Int>], edits: [TextContentEdit], before text: String) {
        let old = Array(text.utf16)
        let changes = TextContentChangeSet(edits: edits)
        for (range, moved) in zip(before, tracked) {
            let after = try! storage.offsets(of: moved)
            #expect(after.upperBound <= model.units.count, "seed \(seed)")
            if let edited = changes.editedRange, edits.allSatisfy({ $0.kind == .characters }) {
                if range.upperBound < edited.lowerBound {
                    #expect(after == range, "seed \(seed): a range before the edit moved")
                }
                if range.lowerBound > edited.upperBound - changes.changeInLength, edits.count == 1 {
                    let expected =
                        range.lowerBound + changes.changeInLength ..< range.upperBound + changes.changeInLength
                    #expect(after == expected, "seed \(seed): \(range) through \(edits) went to \(after)")
                    if after == expected, after.upperBound <= model.units.count {
                        #expect(
                            Array(model.units[after]) == Array(old[range]),
                            "seed \(seed): a range after the edit lost its text")
                    }
                }
            }
        }
    }

    mutating func check(step: Int) throws {
        let length = model.units.count
        if step % 25 == 0 { try checkDocumentRoundTrip(step: step) }
        #expect(storage.utf16Length == length, "seed \(seed) step \(step)")
        #expect(storage.string == model.string, "seed \(seed) step \(step)")

        // Paragraphs, forward.
        let expected = model.paragraphs
        var found: [(start: Int, length: Int, separator: Int)] = []
        storage.enumerateTextElements(from: nil) { element in
            let paragraph = element as! TextParagraph
            let range = storage.offsets(of: paragraph)!
            let separator = try! storage.offsets(of: paragraph.paragraphSeparatorRange!)
            #expect(paragraph.attributedString.utf16.count == range.count)
            #expect(
                TextContentStorage.plainString(of: paragraph.attributedString)
                    == String(decoding: model.units[range], as: UTF16.self))
            found.append((range.lowerBound, range.count, separator.count))
            return true
        }
        #expect(found.map(\.start) == expected.map(\.start), "seed \(seed) step \(step)")
        #expect(found.map(\.length) == expected.map(\.length), "seed \(seed) step \(step)")
        #expect(found.map(\.separator) == expected.map(\.separator), "seed \(seed) step \(step)")
        #expect(storage.paragraphCount == expected.count)

        // Reverse, from a random location: the paragraphs before the one containing it.
        let from = Int.random(in: 0 ... length, using: &random)
        var backward: [Int] = []
        storage.enumerateTextElements(from: storage.location(at: from), options: .reverse) { element in
            backward.append(storage.offsets(of: element)!.lowerBound)
            return true
        }
        let containing = expected.lastIndex { $0.start <= from && from < $0.start + $0.length } ?? expected.count
        #expect(backward == expected.prefix(containing).map(\.start).reversed(), "seed \(seed) step \(step)")

        // Offsets and NSRange round trips, paragraph lookup.
        let a = Int.random(in: 0 ... length, using: &random)
        let b = Int.random(in: 0 ... length, using: &random)
        let start = storage.documentRange.location
        let la = storage.location(start, offsetBy: a)!
        let lb = storage.location(start, offsetBy: b)!
        #expect(storage.location(la, offsetBy: storage.offset(from: la, to: lb))!.isEqual(to: lb))
        let nsRange = NSRange(location: min(a, b), length: abs(a - b))
        #expect(storage.nsRange(for: storage.textRange(for: nsRange)!) == nsRange)
        if let ordinal = storage.paragraphIndex(for: la), a < length {
            try #require(
                expected.indices.contains(ordinal),
                "seed \(seed) step \(step): paragraph \(ordinal) of \(expected.count)")
            #expect(expected[ordinal].start <= a && a < expected[ordinal].start + expected[ordinal].length)
        }
    }
}
