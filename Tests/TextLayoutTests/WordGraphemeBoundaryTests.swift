import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) @testable import TextLayout

/// Word (and sentence) boundaries come from ICU, whose rules may break where Swift's grapheme
/// clusters do not: every word move, extending or not, every word deletion and the word a
/// double-click selects start and end on grapheme boundaries (a caret never stands inside a
/// cluster), for Hangul jamo sequences, emoji ZWJ sequences, flags, Indic conjuncts, Thai with
/// its marks and letters with combining marks, in left-to-right and right-to-left paragraphs.
@Suite struct WordGraphemeBoundaryTests {
    static let texts = [
        "\u{1112}\u{B120} x", // a conjoining jamo, then a syllable
        "\u{1100}\u{1161}\u{11A8}\u{1100} \u{1112}\u{1161}\u{11AB}\u{AD6D}\u{110B} y", // jamo sequences
        "hi 👨‍👩‍👧‍👦 there 🧑🏽‍💻x 🏳️‍🌈 end", // emoji ZWJ sequences and modifiers
        "flags 🇫🇷🇩🇪🇯🇵 and 🇺🇸x", // regional indicator pairs
        "क्षत्रिय नमस्ते द्वि ಕನ್ನಡ ಕ್ಷೇತ್ರ ಸ್ತ್ರೀ", // Devanagari and Kannada conjuncts
        "ภาษาไทยง่ายมาก น้ำใจ ผู้ใหญ่", // Thai with marks
        "e\u{301}\u{302}te\u{301} cafe\u{301}x n\u{303}o\u{308}", // combining marks
        "שָׁלוֹם עוֹלָם مَرْحَبًا \u{1112}\u{B120} 👨‍👩‍👧", // right to left with marks
    ]

    @Test(arguments: 0 ..< 8)
    func wordUnitsNeverSplitAGrapheme(_ index: Int) throws {
        let text = Self.texts[index]
        let (storage, manager) = makeLayout(text, width: 10_000)
        let navigation = manager.textSelectionNavigation
        let clusters = graphemeBoundaries(text)
        func offsets(_ ranges: [TextRange]) -> [Int] {
            ranges.flatMap {
                [
                    storage.offset(from: storage.documentRange.location, to: $0.location),
                    storage.offset(from: storage.documentRange.location, to: $0.endLocation),
                ]
            }
        }
        for start in clusters.sorted() {
            let caret = TextSelection(storage.location(at: start))
            for direction in TextSelectionNavigation.Direction.allCases where direction != .up && direction != .down {
                for destination in [TextSelectionNavigation.Destination.word, .sentence] {
                    for extending in [false, true] {
                        let moved = try #require(
                            navigation.destinationSelection(
                                for: caret, direction: direction, destination: destination,
                                extending: extending, confined: false))
                        let edges = offsets(moved.textRanges)
                        #expect(
                            edges.allSatisfy(clusters.contains),
                            "\(index): \(direction) \(destination) from \(start): \(edges)")
                    }
                }
                let deleted = offsets(
                    navigation.deletionRanges(
                        for: caret, direction: direction, destination: .word, allowsDecomposition: false))
                #expect(
                    deleted.allSatisfy(clusters.contains), "\(index): delete word \(direction) at \(start): \(deleted)")
            }
            let word = navigation.textSelection(for: .word, enclosing: caret)
            #expect(
                offsets(word.textRanges).allSatisfy(clusters.contains),
                "\(index): word at \(start): \(offsets(word.textRanges))")
        }
        // The units the data source gives, too.
        var edges: [Int] = []
        manager.enumerateSubstrings(from: storage.documentRange.location, options: .textWords) { _, range, _, _ in
            edges += offsets([range])
        }
        #expect(edges.allSatisfy(clusters.contains), "\(index): words \(edges)")
    }

    /// The reported case: right by a word from the start of "\u{1112}\u{B120} x" goes past
    /// the whole cluster, not to 1.
    @Test func aJamoBeforeASyllableIsOneWord() throws {
        let (storage, manager) = makeLayout("\u{1112}\u{B120} x")
        let moved = manager.textSelectionNavigation.destinationSelection(
            for: TextSelection(storage.location(at: 0)), direction: .right, destination: .word, extending: false,
            confined: false)
        let location = try #require(moved?.textRanges.first?.location)
        #expect(storage.offset(from: storage.documentRange.location, to: location) == 2)
    }
}
