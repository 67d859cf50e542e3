import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) @testable import TextLayout

@Suite struct TextSelectionTests {
    func offsets(_ selection: TextSelection, in storage: TextContentStorage) -> [Range<Int>] {
        selection.textRanges.map { try! storage.offsets(of: $0) }
    }

    @Test func rangesAreSortedAndMerged() throws {
        let storage = TextContentStorage(string: "Hello مرحبا नमस्ते 😀 world, and more text")
        let selection = try #require(
            TextSelection(
                [
                    storage.range(10 ..< 15), storage.range(0 ..< 3), storage.range(2 ..< 5),
                    storage.range(20 ..< 20), storage.range(12 ..< 12), storage.range(5 ..< 6),
                ],
                granularity: .word))
        #expect(offsets(selection, in: storage) == [0 ..< 6, 10 ..< 15, 20 ..< 20])
        #expect(selection.granularity == .word && selection.affinity == .downstream && selection.isLogical)
        #expect(!selection.isInsertionPoint)
        #expect(TextSelection([]) == nil)

        var caret = TextSelection(storage.range(4 ..< 4).location, affinity: .upstream)
        #expect(caret.isInsertionPoint && caret.affinity == .upstream)
        caret.secondarySelectionLocation = storage.range(9 ..< 9).location
        #expect(!caret.isLogical)
        caret.secondarySelectionLocation = nil
        #expect(caret.isLogical)
        caret.anchorPositionOffset = 42
        caret.typingAttributes.foregroundColor = TextColor(red: 1, green: 0, blue: 0)
        let moved = try #require(caret.textSelection(with: [storage.range(7 ..< 9)]))
        #expect(moved.anchorPositionOffset == 42 && moved.typingAttributes.foregroundColor != nil)
        #expect(offsets(moved, in: storage) == [7 ..< 9])
    }

    @Test func selectionsFollowTheirTextThroughEdits() throws {
        let text = "One " + MixedSamples.text("ar_Arab").prefix(20) + "\nTwo " + MixedSamples.text("hi_Deva").prefix(20)
        let (storage, manager) = makeLayout(String(text))
        manager.textSelections = [
            TextSelection(storage.range(4 ..< 4).location), // a caret, downstream
            TextSelection(storage.range(8 ..< 8).location, affinity: .upstream), // a caret, upstream
            TextSelection(range: storage.range(10 ..< 14)), // a range
        ]
        // Inserting before everything moves everything.
        try storage.replaceContents(in: storage.range(0 ..< 0), with: "«")
        #expect(manager.textSelections.map { offsets($0, in: storage) } == [[5 ..< 5], [9 ..< 9], [11 ..< 15]])
        // At a caret: downstream moves past the insertion, upstream stays before it.
        try storage.replaceContents(in: storage.range(5 ..< 5), with: "ab")
        try storage.replaceContents(in: storage.range(11 ..< 11), with: "cd")
        #expect(manager.textSelections.map { offsets($0, in: storage) } == [[7 ..< 7], [11 ..< 11], [15 ..< 19]])
        // A deletion across a range's start shrinks it; one around a caret collapses it there.
        try storage.replaceContents(in: storage.range(14 ..< 17), with: "")
        try storage.replaceContents(in: storage.range(6 ..< 8), with: "")
        #expect(manager.textSelections.map { offsets($0, in: storage) } == [[6 ..< 6], [9 ..< 9], [12 ..< 14]])
        // Attribute edits move nothing.
        try storage.addAttributes(
            AttributeContainer().foregroundColor(TextColor(red: 1, green: 0, blue: 0)), in: storage.range(0 ..< 20))
        #expect(manager.textSelections.map { offsets($0, in: storage) } == [[6 ..< 6], [9 ..< 9], [12 ..< 14]])
        // Deleting everything leaves carets at 0.
        try storage.replaceContents(in: storage.documentRange, with: "")
        #expect(manager.textSelections.map { offsets($0, in: storage) } == [[0 ..< 0], [0 ..< 0], [0 ..< 0]])
    }

    @Test func severalRangesOfOneSelectionMergeWhenTheirTextMeets() throws {
        let (storage, manager) = makeLayout("abc def ghi")
        manager.textSelections = [try #require(TextSelection([storage.range(0 ..< 3), storage.range(8 ..< 11)]))]
        try storage.replaceContents(in: storage.range(3 ..< 8), with: "")
        #expect(manager.textSelections.map { offsets($0, in: storage) } == [[0 ..< 6]])
    }

    @Test func rangesOfAnotherDocumentOrOutOfBoundsAreDropped() throws {
        let (storage, manager) = makeLayout("short")
        let other = TextContentStorage(string: "another document, longer")
        manager.textSelections = [
            TextSelection(range: other.range(0 ..< 3)), TextSelection(range: storage.range(1 ..< 2)),
        ]
        #expect(manager.textSelections.count == 1)
        #expect(manager.textSelections.map { offsets($0, in: storage) } == [[1 ..< 2]])
    }
}
