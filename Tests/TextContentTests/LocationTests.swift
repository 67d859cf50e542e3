import Foundation
import Testing
@testable import TextContent

@Suite struct LocationTests {
    let text = "English \(Samples.text("he_Hebr")) 😀👨‍👩‍👧\r\n\(Samples.text("kn_Knda"))"

    @Test func offsetsRoundTripAtEveryOffset() {
        let storage = TextContentStorage(string: text)
        let start = storage.documentRange.location
        for a in stride(from: 0, through: storage.utf16Length, by: 7) {
            for b in stride(from: 0, through: storage.utf16Length, by: 11) {
                let la = storage.location(start, offsetBy: a)!
                let lb = storage.location(start, offsetBy: b)!
                let distance = storage.offset(from: la, to: lb)
                #expect(distance == b - a)
                #expect(storage.location(la, offsetBy: distance)!.isEqual(to: lb))
            }
        }
    }

    @Test func outOfBoundsOffsetsGiveNil() {
        let storage = TextContentStorage(string: "abc")
        let start = storage.documentRange.location
        #expect(storage.location(start, offsetBy: -1) == nil)
        #expect(storage.location(start, offsetBy: 4) == nil)
        #expect(storage.location(start, offsetBy: Int.max) == nil)
        #expect(storage.location(storage.location(at: 2), offsetBy: Int.min) == nil)
        #expect(storage.location(start, offsetBy: 3) != nil)
    }

    @Test func foreignLocationsAreRefused() {
        let storage = TextContentStorage(string: "abc")
        let other = TextContentStorage(string: "abcdef")
        let foreign = other.location(at: 5)
        #expect(storage.location(foreign, offsetBy: 0) == nil)
        #expect(storage.offset(from: foreign, to: storage.location(at: 1)) == NSNotFound)
        #expect(throws: TextContentError.foreignLocation("5")) { try storage.offset(of: foreign) }
        #expect(storage.nsRange(for: other.range(1 ..< 2)).location == NSNotFound)
        #expect(throws: TextContentError.self) { try storage.replaceContents(in: other.range(0 ..< 1), with: "x") }
        #expect(storage.string == "abc")
    }

    @Test func staleLocationsBeyondTheEndAreRefused() throws {
        let storage = TextContentStorage(string: "abcdef")
        let stale = storage.location(at: 6)
        try storage.replaceContents(in: storage.range(0 ..< 3), with: "")
        #expect(throws: TextContentError.outOfBounds(offset: 6, documentLength: 3)) { try storage.offset(of: stale) }
        #expect(storage.location(stale, offsetBy: -1) == nil)
    }

    @Test func nsRangeBridging() {
        let storage = TextContentStorage(string: text)
        for location in stride(from: 0, to: storage.utf16Length, by: 5) {
            for length in [0, 1, 3, storage.utf16Length - location] {
                let nsRange = NSRange(location: location, length: length)
                let range = storage.textRange(for: nsRange)
                #expect(range != nil)
                #expect(storage.nsRange(for: range!) == nsRange)
            }
        }
        #expect(storage.textRange(for: NSRange(location: NSNotFound, length: 0)) == nil)
        #expect(storage.textRange(for: NSRange(location: storage.utf16Length, length: 1)) == nil)
        #expect(storage.textRange(for: NSRange(location: -1, length: 1)) == nil)
        #expect(storage.textRange(for: NSRange(location: 1, length: Int.max)) == nil)
    }
}
