import Foundation
import Testing
import TestFixtures
@_spi(Typesetting) @testable import TextTypography

/// The shaper's grapheme segmentation (fast paths for simple code units, Swift's `Character`
/// for the rest) agrees with Swift's own segmentation everywhere.
@Suite struct ShapingClusterTests {
    func clusters(_ text: [UInt16]) -> [Int] {
        var boundaries: [Int] = []
        text.withUnsafeBufferPointer { units in
            GraphemeSegmenter.forEach(in: units, range: 0 ..< units.count) { boundaries.append($0.lowerBound) }
        }
        return boundaries + [text.count]
    }

    func swiftBoundaries(_ string: String) -> [Int] {
        var offsets: [Int] = []
        var offset = 0
        for character in string {
            offsets.append(offset)
            offset += character.utf16.count
        }
        return offsets + [offset]
    }

    @Test func samplesSegmentLikeSwift() throws {
        for sample in try MixedSampleFixture.samples() {
            #expect(clusters(Array(sample.text.utf16)) == swiftBoundaries(sample.text), "\(sample.tag)")
        }
        for text in ["a\r\nb", "\r\n\r\n", "é\u{301}x", "ab\u{300}", "中\u{3099}の", "क्ष", "👨‍👩‍👧‍👦🇦🇩", "ก่า", "ש\u{5B8}ל"] {
            #expect(clusters(Array(text.utf16)) == swiftBoundaries(text), "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// Random code units, lone surrogates included (each decodes to one U+FFFD, so offsets agree
    /// with the decoded string's).
    @Test func randomCodeUnitsSegmentLikeSwift() {
        let pool: [UInt16] = [
            0x61, 0x20, 0x0D, 0x0A, 0x301, 0x200D, 0xFE0F, 0x915, 0x94D, 0x937, 0xE01, 0xE48, 0x1100, 0x1161,
            0xAC00, 0xD83C, 0xDDE6, 0xD83D, 0xDC4D, 0xDFFD, 0xD800, 0xDC00, 0x5D0, 0x644, 0x627, 0x4E2D,
        ]
        var random = SplitMix64(seed: 99)
        for _ in 0 ..< 3_000 {
            let units = (0 ..< Int.random(in: 1 ... 16, using: &random)).map { _ in pool.randomElement(using: &random)!
            }
            #expect(clusters(units) == swiftBoundaries(String(decoding: units, as: UTF16.self)), "\(units)")
        }
    }

    /// Every case of Unicode's GraphemeBreakTest.txt (Unicode 15.0, from unicode-data): the
    /// strings are segmented as Swift segments them (Swift follows Unicode 15.1, so the file's own
    /// answers differ for Indic conjuncts; the shaper follows Swift).
    @Test func graphemeBreakTestStringsSegmentLikeSwift() throws {
        let url = URL(fileURLWithPath: "/usr/share/unicode/auxiliary/GraphemeBreakTest.txt")
        let file = try String(contentsOf: url, encoding: .utf8)
        var cases = 0
        for line in file.split(separator: "\n") {
            let data = line.prefix { $0 != "#" }
            var scalars = String.UnicodeScalarView()
            for field in data.split(whereSeparator: { $0 == " " || $0 == "÷" || $0 == "×" }) {
                if let value = UInt32(field, radix: 16), let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            guard !scalars.isEmpty else { continue }
            let string = String(scalars)
            // Also with simple neighbours, which exercise the fast path's edges.
            for text in [string, "a" + string + "b", "中" + string + "ש"] {
                #expect(
                    clusters(Array(text.utf16)) == swiftBoundaries(text),
                    "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            }
            cases += 1
        }
        #expect(cases > 600)
    }

    @Test func defaultIgnorablesTableMatchesTheStandardLibrary() {
        for value in UInt32(0x300) ... 0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(
                GlyphCoverage.isDefaultIgnorable(value) == scalar.properties.isDefaultIgnorableCodePoint,
                "\(String(value, radix: 16))")
        }
        for value in [0x1BCA0, 0x1D173, 0xE0001, 0xE0100, 0xE0FFF, 0x1F600] as [UInt32] {
            #expect(
                GlyphCoverage.isDefaultIgnorable(value) == Unicode.Scalar(value)!.properties.isDefaultIgnorableCodePoint
            )
        }
    }
}
