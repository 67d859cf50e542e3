import Foundation
import Testing
import TextContent

/// `firstSurrogatePairSplit(atEdgesOf:)` answers before an edit what `replaceContents` would
/// refuse: an edge between the halves of a surrogate pair, for one range or many.
@Suite struct SurrogatePairSplitTests {
    // "a👍b مرحبا 👨‍👩‍👧": 👍 is 1..<3; the Arabic 5..<10; the family's first person 11..<13.
    let storage = TextContentStorage(string: "a👍b مرحبا 👨‍👩‍👧")

    @Test func oneRangeNamesItsSplittingEdge() {
        #expect(storage.firstSurrogatePairSplit(atEdgesOf: [2 ..< 2]) == 2)
        #expect(storage.firstSurrogatePairSplit(atEdgesOf: [0 ..< 2]) == 2)
        #expect(storage.firstSurrogatePairSplit(atEdgesOf: [1 ..< 3]) == nil)
        #expect(storage.firstSurrogatePairSplit(atEdgesOf: [5 ..< 10]) == nil) // Arabic: no pairs
    }

    @Test func manyRangesNameTheFirstSplit() {
        #expect(storage.firstSurrogatePairSplit(atEdgesOf: [0 ..< 1, 5 ..< 7, 12 ..< 13]) == 12)
        #expect(storage.firstSurrogatePairSplit(atEdgesOf: [0 ..< 1, 2 ..< 2, 12 ..< 13]) == 2)
        #expect(storage.firstSurrogatePairSplit(atEdgesOf: [0 ..< 1, 3 ..< 4, 11 ..< 13]) == nil)
    }

    @Test func whatItNamesIsWhatTheStorageRefuses() throws {
        for range in [2 ..< 2, 0 ..< 2, 12 ..< 14] {
            let edge = try #require(storage.firstSurrogatePairSplit(atEdgesOf: [range]))
            let textRange = try #require(
                storage.textRange(for: NSRange(location: range.lowerBound, length: range.count)))
            #expect(throws: TextContentError.splitsSurrogatePair(offset: edge)) {
                try storage.replaceContents(in: textRange, with: "x")
            }
        }
    }
}
