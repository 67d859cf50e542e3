import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

/// `destinationSelection(... confined: true)` keeps the result in the text of the paragraph the
/// move starts in: a move that stays in it is the unconfined move, one that would leave it stops
/// at the paragraph's start or at the end of its text (never on its separator, never at the next
/// paragraph's start). Every direction and destination, extending or not, in left-to-right and
/// right-to-left paragraphs, wrapped over several lines.
@Suite struct ConfinedNavigationTests {
    typealias Direction = TextSelectionNavigation.Direction
    typealias Destination = TextSelectionNavigation.Destination

    /// The paragraphs of `text` (split at line feeds) as the ranges of their text.
    static func paragraphs(_ text: String) -> [Range<Int>] {
        var result: [Range<Int>] = [], start = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let count = line.utf16.count
            result.append(start ..< start + count)
            start += count + 1
        }
        return result
    }

    /// The moved selection's head: the caret, or the edge an extended range grew to.
    func head(_ selection: TextSelection?, _ storage: TextContentStorage) -> Int? {
        guard let selection, let first = selection.textRanges.first, let last = selection.textRanges.last else {
            return nil
        }
        let lower = storage.offset(from: storage.documentRange.location, to: first.location)
        let upper = storage.offset(from: storage.documentRange.location, to: last.endLocation)
        return selection.affinity == .upstream && lower != upper ? lower : upper
    }

    @Test func forwardToTheDocumentEndStopsAtTheEndOfTheParagraphsText() throws {
        let text = "one two\nthree four\nfive"
        let (storage, manager) = makeLayout(text)
        let navigation = manager.textSelectionNavigation
        for destination in [Destination.document, .container, .paragraph] {
            let moved = navigation.destinationSelection(
                for: TextSelection(storage.location(at: 10)), direction: .forward,
                destination: destination, extending: false, confined: true)
            #expect(head(moved, storage) == 18, "\(destination)")
            let extended = navigation.destinationSelection(
                for: TextSelection(storage.location(at: 10)), direction: .forward,
                destination: destination, extending: true, confined: true)
            #expect(
                extended.map { $0.textRanges.map { try! storage.offsets(of: $0) } } == [10 ..< 18], "\(destination)")
        }
        let back = navigation.destinationSelection(
            for: TextSelection(storage.location(at: 10)), direction: .backward,
            destination: .document, extending: false, confined: true)
        #expect(head(back, storage) == 8)
    }

    static let texts = [
        "one two three four five six seven\n\nthree four five six seven eight\nfive",
        "שלום עולם זה טקסט ארוך מאוד\n\nمرحبا بالعالم هذا نص طويل جدا\nabc אבג def",
        MixedSamples.text("mixed") + "\n" + MixedSamples.text("ar_Arab"),
    ]

    @Test(arguments: 0 ..< 3)
    func everyDirectionAndDestinationStaysInItsParagraph(_ index: Int) throws {
        let text = Self.texts[index]
        let (storage, manager) = makeLayout(text, width: 160)
        let navigation = manager.textSelectionNavigation
        let paragraphs = Self.paragraphs(text)
        // Every grapheme boundary, both affinities at soft wraps.
        var starts: [Int] = [0]
        for character in text { starts.append(starts.last! + character.utf16.count) }
        var checked = 0
        let edges = Set(paragraphs.flatMap { [$0.lowerBound, $0.upperBound] })
        for start in starts where start % 3 == 0 || edges.contains(start) {
            let paragraph = try #require(paragraphs.first { $0.contains(start) || $0.upperBound == start })
            for direction in Direction.allCases {
                for destination in Destination.allCases {
                    for extending in [false, true] {
                        let selection = TextSelection(storage.location(at: start))
                        let free = head(
                            navigation.destinationSelection(
                                for: selection, direction: direction, destination: destination,
                                extending: extending, confined: false), storage)
                        let confined = head(
                            navigation.destinationSelection(
                                for: selection, direction: direction, destination: destination,
                                extending: extending, confined: true), storage)
                        let context =
                            "\(index) from \(start) \(direction) \(destination) extending \(extending): free "
                            + "\(free ?? -1)"
                        let moved = try #require(confined, "\(context)")
                        let unconfined = try #require(free, "\(context)")
                        #expect(
                            paragraph.lowerBound <= moved && moved <= paragraph.upperBound,
                            "\(context): \(moved) outside \(paragraph)")
                        let expected = min(max(unconfined, paragraph.lowerBound), paragraph.upperBound)
                        #expect(moved == expected, "\(context): \(moved), expected \(expected)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 500)
    }

    /// A data source that is not a layout manager confines the same way (its paragraphs from
    /// its own enumeration by paragraphs).
    @Test func aCustomDataSourceIsConfinedToo() {
        let source = MonospacedDataSource("alpha beta gamma\ndelta\nepsilon", columns: 8)
        let navigation = TextSelectionNavigation(dataSource: source)
        func moved(_ offset: Int, _ direction: Direction, _ destination: Destination) -> Int? {
            (navigation.destinationSelection(
                for: TextSelection(MonospacedLocation(offset: offset)), direction: direction,
                destination: destination, extending: false, confined: true)?
                .textRanges.first?.location as? MonospacedLocation)?.offset
        }
        #expect(moved(18, .forward, .document) == 22)
        #expect(moved(22, .forward, .character) == 22)
        #expect(moved(18, .backward, .document) == 17)
        #expect(moved(17, .backward, .character) == 17)
        #expect(moved(3, .down, .character) == 11)
        #expect(moved(12, .down, .character) == 16)
        #expect(moved(16, .forward, .paragraph) == 16)
    }
}
