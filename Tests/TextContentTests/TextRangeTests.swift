import Foundation
import Testing
@testable import TextContent

@Suite struct TextRangeTests {
    let storage = TextContentStorage(string: "Hello, مرحبا\nಕನ್ನಡ 😀")

    @Test func initRefusesAnEndBeforeTheStart() {
        #expect(TextRange(location: storage.location(at: 5), end: storage.location(at: 2)) == nil)
        let empty = TextRange(location: storage.location(at: 3), end: nil)
        #expect(empty?.isEmpty == true)
        #expect(TextRange(location: storage.location(at: 3)).isEmpty)
    }

    @Test func containsIsHalfOpen() throws {
        let range = storage.range(2 ..< 6)
        #expect(range.contains(storage.location(at: 2)))
        #expect(range.contains(storage.location(at: 5)))
        #expect(!range.contains(storage.location(at: 6)))
        #expect(!range.contains(storage.location(at: 1)))
        #expect(range.contains(storage.range(3 ..< 6)))
        #expect(range.contains(storage.range(6 ..< 6)))
        #expect(!range.contains(storage.range(3 ..< 7)))
    }

    @Test func intersectionAndUnion() {
        let a = storage.range(2 ..< 6)
        let b = storage.range(4 ..< 9)
        let c = storage.range(6 ..< 8)
        #expect(a.intersects(b))
        #expect(!a.intersects(c))
        #expect(a.intersection(b) == storage.range(4 ..< 6))
        #expect(a.intersection(c) == nil)
        #expect(a.union(c) == storage.range(2 ..< 8))
        #expect(b.union(a) == storage.range(2 ..< 9))
        #expect(storage.range(3 ..< 3).intersects(a))
        #expect(!storage.range(6 ..< 6).intersects(a))
    }

    @Test func equalityComparesPositions() {
        #expect(storage.range(1 ..< 4) == storage.range(1 ..< 4))
        #expect(storage.range(1 ..< 4) != storage.range(1 ..< 5))
        let other = TextContentStorage(string: "Hello")
        #expect(other.range(1 ..< 4) != storage.range(1 ..< 4))
    }

    @Test func locationsOfOtherDocumentsAreOrderedButNeverEqual() {
        let other = TextContentStorage(string: "Hello")
        let mine = storage.location(at: 1)
        let theirs = other.location(at: 1)
        #expect(mine.compare(theirs) != .orderedSame)
        #expect(mine.compare(theirs) == theirs.compare(mine).inverted)
    }
}

extension ComparisonResult {
    var inverted: ComparisonResult {
        switch self {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }
}
