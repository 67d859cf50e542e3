import Foundation
import TestFixtures
import Testing
@testable import TextContent

/// The scanner validates UTF-8 while it splits paragraphs; it must agree with the standard
/// library on every input, and name the same first bad byte.
@Suite struct UTF8ValidationTests {
    /// The offset of the first invalid sequence according to the standard library's decoder.
    static func referenceOffset(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    static func scannerOffset(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { ParagraphScanner.scan($0) { _, _, _, _ in } }
    }

    @Test(
        arguments: [
            [0xC0, 0x80], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xF8, 0x88, 0x80, 0x80, 0x80],
            [0x80], [0xC2], [0xE2, 0x80], [0xF0, 0x9F, 0x98], [0xFF], [0x41, 0xC3, 0x28],
        ] as [[UInt8]])
    func malformedSequencesAreCaughtWhereTheyStart(_ bad: [UInt8]) {
        let bytes = Array("ok\n".utf8) + bad + Array("tail".utf8)
        #expect(Self.scannerOffset(bytes) == Self.referenceOffset(bytes))
        #expect(Self.scannerOffset(bytes) != nil)
    }

    @Test func everyScriptIsValid() {
        let text = Samples.mixed.map(\.text).joined(separator: "\u{2029}")
        #expect(Self.scannerOffset(Array(text.utf8)) == nil)
    }

    @Test func randomBytesAgreeWithTheStandardLibrary() {
        var random = SplitMix64(seed: 0x5EED)
        let pieces: [[UInt8]] =
            Samples.pieces.map { Array($0.utf8) } + [
                [0x80], [0xC3], [0xE2, 0x82], [0xF0, 0x9F], [0xED, 0xB0, 0x80], [0xF5], [0x0D], [0x0A],
            ]
        for _ in 0 ..< 3_000 {
            var bytes: [UInt8] = []
            for _ in 0 ..< Int.random(in: 0 ... 12, using: &random) {
                bytes += pieces.randomElement(using: &random)!
            }
            #expect(Self.scannerOffset(bytes) == Self.referenceOffset(bytes), "\(bytes)")
        }
    }

    @Test func utf16LengthsMatchTheStandardLibrary() {
        let text = Samples.mixed.map(\.text).joined(separator: "\n") + "\r\n😀\u{2029}x"
        var lengths: [Int] = []
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            _ = ParagraphScanner.scan(buffer) { _, _, utf16, _ in lengths.append(utf16) }
        }
        #expect(lengths.reduce(0, +) == text.utf16.count)
        #expect(lengths.count == Samples.mixed.count + 2)
    }
}
