import Foundation
import TestFixtures
import Testing
@testable import TextContent

/// Paragraphs read from a file as ASCII answer cluster and surrogate questions from their
/// bytes: the same answers as a String gives, CRLF included.
@Suite struct ASCIISourceParagraphTests {
    @Test func clustersAndSurrogatesOfASCIIRead() throws {
        let text = "one two\r\nthree\rfour\nfive\u{2029}six\r\n\r\nseven"
        let storage = try TextContentStorage(utf8: Data(text.utf8))
        let boundaries = graphemeBoundaries(text)
        for offset in 0 ... text.utf16.count {
            #expect(
                storage.snappedToGraphemeClusters(offset ..< offset).lowerBound
                    == boundaries.filter { $0 <= offset }.max(), "offset \(offset)")
            #expect(!storage.splitsSurrogatePair(at: offset))
        }
        let long = String(repeating: "word ", count: 20_000) + "\r\n" + String(repeating: "ab", count: 100)
        let longStorage = try TextContentStorage(utf8: Data(long.utf8))
        #expect(longStorage.snappedToGraphemeClusters(100_001 ..< 100_001) == 100_000 ..< 100_000)
        #expect(longStorage.snappedToGraphemeClusters(100_001 ..< 100_001 + 1) == 100_000 ..< 100_002)
        #expect(longStorage.snappedToGraphemeClusters(500 ..< 501) == 500 ..< 501)
    }
}
