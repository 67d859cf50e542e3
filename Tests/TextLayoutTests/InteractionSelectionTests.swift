import Foundation
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Clicks as TextKit's selection navigation answers them: `textSelections(interactingAt:...)`
/// for a click, a shift-click, a double-click (word) and a triple-click (paragraph), and
/// `textSelection(for:enclosing:inContainerAt:)` for the unit under a point, in several scripts.
@Suite struct InteractionSelectionTests {
    /// A first paragraph of three words (the second from `word`), then a second paragraph.
    static let samples: [(tag: String, words: [String], rightToLeft: Bool)] = [
        ("en", ["Hello", "brave", "world"], false),
        ("ar", ["مرحبا", "بالعالم", "الجميل"], true),
        ("he", ["שלום", "עולם", "יפה"], true),
        ("th", ["สวัสดี", "ชาว", "โลก"], false),
    ]

    /// The rectangle (container coordinates) of the character at `offset`.
    static func characterRect(_ manager: TextLayoutManager, _ storage: TextContentStorage, _ offset: Int) -> CGRect? {
        var found: CGRect?
        manager.enumerateTextSegments(in: storage.range(offset ..< offset + 1), type: .standard, options: []) {
            _, rect, _, _ in
            found = found.map { $0.union(rect) } ?? rect
            return true
        }
        return found
    }

    static func offsets(_ selection: TextSelection?, _ storage: TextContentStorage) -> [Range<Int>] {
        (selection?.textRanges ?? []).map { range in
            storage.offset(from: storage.documentRange.location, to: range.location)
                ..< storage.offset(from: storage.documentRange.location, to: range.endLocation)
        }
    }

    @Test func clickShiftClickDoubleAndTripleClickInEveryScript() throws {
        for sample in Self.samples {
            let first = sample.words.joined(separator: " ")
            let text = first + "\n" + "second paragraph"
            let (storage, manager) = makeLayout(text, width: 400)
            let navigation = manager.textSelectionNavigation
            let start = storage.documentRange.location
            let second =
                sample.words[0].utf16.count + 1 ..< sample.words[0].utf16.count + 1 + sample.words[1].utf16.count
            // A point inside the second word's first character.
            let rect = try #require(Self.characterRect(manager, storage, second.lowerBound), "\(sample.tag)")
            let inside = CGPoint(x: rect.midX, y: rect.midY)

            // A click: a caret next to that character, in the word.
            let click = navigation.textSelections(
                interactingAt: inside, inContainerAt: start, anchors: [], modifiers: [], selecting: false, bounds: .zero
            )
            let caret = try #require(Self.offsets(click.first, storage).first, "\(sample.tag)")
            #expect(
                caret.isEmpty && (second.lowerBound ... second.lowerBound + 1).contains(caret.lowerBound),
                "\(sample.tag) \(caret)")

            // A double-click (a word anchor): the word.
            let wordAnchor = TextSelection(range: storage.range(caret), granularity: .word)
            let double = navigation.textSelections(
                interactingAt: inside, inContainerAt: start, anchors: [wordAnchor], modifiers: [], selecting: false,
                bounds: .zero)
            #expect(Self.offsets(double.first, storage) == [second], "\(sample.tag)")
            #expect(double.first?.granularity == .word)

            // A triple-click (a paragraph anchor): the paragraph, its separator included.
            let paragraphAnchor = TextSelection(range: storage.range(caret), granularity: .paragraph)
            let triple = navigation.textSelections(
                interactingAt: inside, inContainerAt: start, anchors: [paragraphAnchor], modifiers: [],
                selecting: false, bounds: .zero)
            #expect(Self.offsets(triple.first, storage) == [0 ..< first.utf16.count + 1], "\(sample.tag)")

            // A shift-click in the second paragraph extends the click's caret to there.
            let far = try #require(Self.characterRect(manager, storage, text.utf16.count - 1))
            let extended = navigation.textSelections(
                interactingAt: CGPoint(x: far.midX, y: far.midY), inContainerAt: start, anchors: click,
                modifiers: .extend, selecting: true, bounds: .zero)
            let range = try #require(Self.offsets(extended.first, storage).first)
            #expect(
                range.lowerBound == caret.lowerBound && range.upperBound >= text.utf16.count - 1,
                "\(sample.tag) \(range)")
            #expect(extended.first?.isTransient == true)
            // A shift-click after a double-click grows by words.
            let byWords = navigation.textSelections(
                interactingAt: CGPoint(x: far.midX, y: far.midY), inContainerAt: start, anchors: double,
                modifiers: .extend, selecting: false, bounds: .zero)
            #expect(Self.offsets(byWords.first, storage) == [second.lowerBound ..< text.utf16.count], "\(sample.tag)")
        }
    }

    @Test func theUnitUnderAPoint() throws {
        for sample in Self.samples {
            let first = sample.words.joined(separator: " ")
            let text = first + "\n" + "second paragraph"
            let (storage, manager) = makeLayout(text, width: 400)
            let navigation = manager.textSelectionNavigation
            let start = storage.documentRange.location
            var wordStart = 0
            for word in sample.words {
                let range = wordStart ..< wordStart + word.utf16.count
                // Inside the first character, and just inside the last one's trailing side (on
                // the left in a right-to-left word): the word, never the space after it.
                let firstRect = try #require(Self.characterRect(manager, storage, range.lowerBound))
                let lastRect = try #require(Self.characterRect(manager, storage, range.upperBound - 1))
                let trailingX = sample.rightToLeft ? lastRect.minX + 0.5 : lastRect.maxX - 0.5
                for point in [CGPoint(x: firstRect.midX, y: firstRect.midY), CGPoint(x: trailingX, y: lastRect.midY)] {
                    let word = navigation.textSelection(for: .word, enclosing: point, inContainerAt: start)
                    #expect(Self.offsets(word, storage) == [range], "\(sample.tag) \(point)")
                    #expect(word?.granularity == .word)
                    let paragraph = navigation.textSelection(for: .paragraph, enclosing: point, inContainerAt: start)
                    #expect(Self.offsets(paragraph, storage) == [0 ..< first.utf16.count + 1], "\(sample.tag)")
                    let caret = navigation.textSelection(for: .character, enclosing: point, inContainerAt: start)
                    let offset = try #require(Self.offsets(caret, storage).first)
                    #expect(
                        offset.isEmpty && range.lowerBound <= offset.lowerBound
                            && offset.lowerBound <= range.upperBound, "\(sample.tag)")
                }
                wordStart = range.upperBound + 1
            }
            // Past the end of the first line: its last word; below the text: the last paragraph.
            let line = try #require(Self.characterRect(manager, storage, first.utf16.count - 1))
            let pastEnd = CGPoint(x: sample.rightToLeft ? 1 : 399, y: line.midY)
            let lastWord = wordStart - sample.words.last!.utf16.count - 1 ..< wordStart - 1
            #expect(
                Self.offsets(navigation.textSelection(for: .word, enclosing: pastEnd, inContainerAt: start), storage)
                    == [lastWord], "\(sample.tag)")
            let below = navigation.textSelection(
                for: .paragraph, enclosing: CGPoint(x: 10, y: 10_000), inContainerAt: start)
            #expect(Self.offsets(below, storage) == [first.utf16.count + 1 ..< text.utf16.count], "\(sample.tag)")
        }
    }

    @Test func badPointsAndEmptyDocumentsGiveNothing() throws {
        let (storage, manager) = makeLayout("word")
        let navigation = manager.textSelectionNavigation
        #expect(
            navigation.textSelection(
                for: .word, enclosing: CGPoint(x: CGFloat.nan, y: 0), inContainerAt: storage.documentRange.location)
                == nil)
        #expect(
            navigation.textSelection(
                for: .word, enclosing: CGPoint(x: 0, y: CGFloat.nan), inContainerAt: storage.documentRange.location)
                == nil)
        let infinite = navigation.textSelection(
            for: .word, enclosing: CGPoint(x: CGFloat.infinity, y: 5), inContainerAt: storage.documentRange.location)
        #expect(Self.offsets(infinite, storage) == [0 ..< 4])
        let (empty, emptyManager) = makeLayout("")
        #expect(
            emptyManager.textSelectionNavigation.textSelection(
                for: .word, enclosing: .zero, inContainerAt: empty.documentRange.location) == nil)
    }
}
