import Foundation
import Synchronization
import TestFixtures
import Testing
import TextContent

/// The bulk builder importers use (`ImportedParagraphs`, `TextContentStorage(importedParagraphs:)`):
/// parts made on several threads and joined give the document one storage of the whole text
/// gives, in every script, with runs that cross paragraphs and paragraphs of several runs.
@Suite struct ImportedParagraphsTests {
    static let parts: [(text: String, runs: [(length: Int, attributes: AttributeContainer)])] = {
        var bold = AttributeContainer()
        bold.inlinePresentationIntent = .stronglyEmphasized
        var link = AttributeContainer()
        link.link = URL(string: "https://example.org")
        let texts = [
            "Heading\nBody of the text\r\n", "مرحبا بالعالم\u{2029}שלום עולם\n", "ಕನ್ನಡ ಪಠ್ಯ\rภาษาไทย 👨‍👩‍👧\n",
            "last paragraph",
        ]
        return texts.enumerated().map { index, text in
            let bytes = text.utf8.count
            // A run across the first paragraph break, then the rest plain or linked.
            let first = min(bytes, 11)
            return (text, [(first, index % 2 == 0 ? bold : link), (bytes - first, AttributeContainer())])
        }
    }()

    @Test func partsMadeOnSeveralThreadsJoinToTheWholeDocument() async throws {
        let made = await withTaskGroup(of: (Int, ImportedParagraphs).self) { group in
            for (index, part) in Self.parts.enumerated() {
                group.addTask { (index, ImportedParagraphs(text: part.text, utf8Runs: part.runs)) }
            }
            var result: [(Int, ImportedParagraphs)] = []
            for await item in group { result.append(item) }
            return result.sorted { $0.0 < $1.0 }.map(\.1)
        }
        let joined = TextContentStorage(importedParagraphs: made)
        let whole = TextContentStorage(text: Self.parts.map(\.text).joined(), utf8Runs: Self.parts.flatMap(\.runs))
        #expect(joined.string == whole.string)
        #expect(joined.attributedString == whole.attributedString)
        #expect(joined.paragraphCount == whole.paragraphCount)
        #expect(made.map(\.count).reduce(0, +) == joined.paragraphCount)
        #expect(joined.paragraphCount == 7)
        // The linked and bold runs are where they were given.
        #expect(joined.attributedString.runs.contains { $0.link != nil })
        #expect(joined.attributedString.runs.contains { $0.inlinePresentationIntent == .stronglyEmphasized })
    }

    /// Many parts of every size (the trees made for each are joined) give the document a
    /// single import gives: every paragraph where it should be, and edits after as before.
    @Test func manyPartsOfEverySizeJoinToTheWholeDocument() throws {
        var random = SplitMix64(seed: 5)
        let samples = MixedSamples.all.map(\.text) + ["In the beginning God created the heaven and the earth."]
        var texts: [String] = []
        for _ in 0 ..< 300 {
            let count = Int.random(in: 1 ... 40, using: &random)
            texts.append((0 ..< count).map { _ in samples.randomElement(using: &random)! + "\n" }.joined())
        }
        var bold = AttributeContainer()
        bold.inlinePresentationIntent = .stronglyEmphasized
        let parts = texts.enumerated().map { index, text in
            ImportedParagraphs(
                text: text, utf8Runs: [(text.utf8.count, index % 3 == 0 ? bold : AttributeContainer())])
        }
        let joined = TextContentStorage(importedParagraphs: parts)
        let whole = TextContentStorage(string: texts.joined())
        #expect(joined.string == whole.string)
        #expect(joined.paragraphCount == whole.paragraphCount)
        for index in stride(from: 0, to: whole.paragraphCount, by: 7) {
            #expect(
                joined.textParagraph(atIndex: index)?.plainText
                    ?? joined.textParagraph(atIndex: index).map {
                        String($0.attributedString.characters)
                    } == whole.textParagraph(atIndex: index)?.plainText)
        }
        let middle = try #require(joined.textRange(for: joined.utf16Length / 2 ..< joined.utf16Length / 2))
        try joined.replaceContents(in: middle, with: "ಕ\n")
        #expect(joined.paragraphCount == whole.paragraphCount + 1)
    }

    /// A paragraph of several runs is kept as its runs; what is read of it (its attributed
    /// string, the document's, its text) is what appending its pieces gives, block attributes
    /// folded into the style, and it edits like any other.
    @Test func paragraphsOfSeveralRunsReadAsTheirPiecesAppended() throws {
        var centred = AttributeContainer()
        centred.alignment = .center
        centred.inlinePresentationIntent = .stronglyEmphasized
        var link = AttributeContainer()
        link.link = URL(string: "https://example.org")
        let pieces: [(String, AttributeContainer)] = [
            ("ಕನ್ನಡ ", centred), ("مرحبا بالعالم", link), (" 👨‍👩‍👧 ภาษาไทย\n", AttributeContainer()),
            ("In the beginning ", AttributeContainer()), ("God", centred), ("\n", AttributeContainer()),
        ]
        let text = pieces.map(\.0).joined()
        let storage = TextContentStorage(text: text, utf8Runs: pieces.map { ($0.0.utf8.count, $0.1) })
        func appended(_ range: Range<Int>) -> AttributedString {
            var paragraph = AttributedString()
            for (piece, attributes) in pieces[range] {
                paragraph.append(AttributedString(piece, attributes: attributes))
            }
            paragraph.unifyParagraphStyle()
            return paragraph
        }
        let first = appended(0 ..< 3), second = appended(3 ..< 6)
        #expect(first.runs.first?.paragraphStyle?.alignment == .center, "the alignment is folded into the style")
        #expect(storage.textParagraph(atIndex: 0)?.attributedString == first)
        #expect(storage.textParagraph(atIndex: 1)?.attributedString == second)
        var whole = first
        whole.append(second)
        #expect(storage.attributedString == whole)
        #expect(storage.string == text)
        // Typing into the Kannada word's cluster edge, and bold over the Arabic, as anywhere else.
        let inside = try #require(storage.textRange(for: 2 ..< 2))
        try storage.replaceContents(in: inside, with: "ಕ")
        #expect(storage.string.unicodeScalars.starts(with: "ಕನಕ್ನಡ".unicodeScalars))
        #expect(storage.attributedString.runs.contains { $0.link != nil })
    }

    /// Runs whose edges fall inside a scalar (UTF-8 lengths that cut a Kannada letter) keep the
    /// text whole: the edge goes before the scalar, no character is lost or replaced.
    @Test func runEdgesInsideAScalarKeepTheText() throws {
        var bold = AttributeContainer()
        bold.inlinePresentationIntent = .stronglyEmphasized
        let text = "ಕನ್ನಡ ಪಠ್ಯ\nمرحبا\n"
        // 11 bytes: three Kannada scalars and two bytes of the fourth.
        let storage = TextContentStorage(
            text: text, utf8Runs: [(11, bold), (text.utf8.count - 11, AttributeContainer())])
        let paragraph = try #require(storage.textParagraph(atIndex: 0)?.attributedString)
        #expect(String(paragraph.characters) == "ಕನ್ನಡ ಪಠ್ಯ\n")
        #expect(storage.string == text)
        let boldPart = paragraph.runs.first { $0.inlinePresentationIntent == .stronglyEmphasized }
        #expect(boldPart.map { String(paragraph[$0.range].characters).unicodeScalars.count } == 3)
    }

    /// Deferred attributes are made only when read: importing makes none, reading a paragraph
    /// makes its own; the document, typing attributes and a whole-paragraph transform read as
    /// with the same attributes made up front.
    @Test func deferredAttributesAreMadeWhenReadAndReadAsMadeOnes() throws {
        let made = Atomic<Int>(0)
        let samples = MixedSamples.all.map(\.text) + ["In the beginning God created the heaven and the earth."]
        var shared = AttributeContainer()
        shared.font = FontDescriptor(family: "DejaVu Sans", size: 14)
        var bold = AttributeContainer()
        bold.inlinePresentationIntent = .stronglyEmphasized
        // Each paragraph has a link of its own; every third has a bold run after it.
        var eager: [(length: Int, attributes: AttributeContainer)] = []
        var deferred: [(length: Int, attributes: DeferredAttributes)] = []
        var text = ""
        for (number, sample) in samples.enumerated() {
            let url = URL(string: "https://example.org/\(number)")!
            var own = shared
            own.link = url
            let paragraph = sample + "\n"
            let split = number % 3 == 0 ? sample.utf8.count : paragraph.utf8.count
            eager.append((split, own))
            deferred.append(
                (
                    split,
                    DeferredAttributes(shared: shared) {
                        made.add(1, ordering: .relaxed)
                        $0.link = url
                    }
                ))
            if split < paragraph.utf8.count {
                eager.append((1, bold))
                deferred.append((1, DeferredAttributes(shared: bold) { _ in made.add(1, ordering: .relaxed) }))
            }
            text += paragraph
        }
        let expected = TextContentStorage(text: text, utf8Runs: eager)
        let storage = TextContentStorage(importedParagraphs: [
            ImportedParagraphs(text: text, deferredUTF8Runs: deferred)
        ])
        #expect(made.load(ordering: .relaxed) == 0, "nothing is made while importing")
        #expect(
            storage.textParagraph(atIndex: 1)?.attributedString == expected.textParagraph(atIndex: 1)?.attributedString)
        #expect(made.load(ordering: .relaxed) == 1, "reading a paragraph of one run makes its set")
        #expect(storage.attributedString == expected.attributedString)
        #expect(storage.string == text)
        let arabic = try #require(
            samples.firstIndex { $0.unicodeScalars.first.map { (0x600 ..< 0x700).contains($0.value) } ?? false })
        let location = try #require(storage.textParagraph(atIndex: arabic)?.elementRange).location
        let start = try storage.offset(of: location) + 2
        #expect(storage.typingAttributes(at: start ..< start) == expected.typingAttributes(at: start ..< start))
        #expect(storage.typingAttributes(at: start ..< start).link != nil)
        // Bold over the whole document, run by run, then what both hold is the same.
        for target in [storage, expected] {
            try target.transformRunAttributes(in: target.documentRange) {
                $0.inlinePresentationIntent = .stronglyEmphasized
            }
        }
        #expect(storage.attributedString == expected.attributedString)
    }

    @Test func paragraphEndsAreWhereTheStorageEndsThem() {
        let text = "one\r\ntwo\rthree\u{2029}ಕನ್ನಡ\nعربي"
        let ends = TextContentStorage.paragraphUTF8Ends(of: text)
        #expect(ends.last == text.utf8.count)
        let storage = TextContentStorage(string: text)
        #expect(ends.count == storage.paragraphCount)
        // Each end is just after a separator (or the text's end), "\r\n" as one.
        let bytes = Array(text.utf8)
        #expect(ends.dropLast().allSatisfy { [0x0A, 0x0D, 0xA9].contains(bytes[$0 - 1]) })
        #expect(ends[0] == 5, "\\r\\n ends the first paragraph once")
        // An empty text has no paragraph, as an empty storage has none.
        #expect(TextContentStorage.paragraphUTF8Ends(of: "").isEmpty)
        #expect(TextContentStorage(string: "").paragraphCount == 0)
    }
}
