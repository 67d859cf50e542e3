import Foundation
import Testing
@testable import TextContent

/// Slices of a storage's text taken out and put back, and the paragraph-tree surgery under them.
@Suite struct ContentSliceTests {
    static func entry(_ text: String) -> ParagraphEntry {
        let separator = text.hasSuffix("\r\n") ? 2 : text.hasSuffix("\n") ? 1 : 0
        return ParagraphEntry(content: .string(text), utf16Length: text.utf16.count, separatorLength: separator)
    }

    static func texts(_ index: ParagraphIndex) -> [String] {
        var result: [String] = []
        index.forEach(from: 0, reverse: false) { position in
            if case .string(let text) = position.entry.content { result.append(text) }
            return true
        }
        return result
    }

    @Test func extractingAndInsertingParagraphsKeepsEveryOne() {
        let all = (0 ..< 200).map { Self.entry("p\($0)\n") }
        let index = ParagraphIndex(all)
        for range in [0 ..< 0, 0 ..< 1, 0 ..< 200, 199 ..< 200, 37 ..< 150, 100 ..< 100] {
            let extracted = index.extract(range)
            #expect(extracted.paragraphCount == range.count)
            #expect(Self.texts(extracted) == range.map { "p\($0)\n" })
        }
        for ordinal in [0, 1, 100, 199, 200] {
            var target = index
            target.insert(ParagraphIndex([Self.entry("new\n"), Self.entry("second\n")]), at: ordinal)
            var expected = all.indices.map { "p\($0)\n" }
            expected.insert(contentsOf: ["new\n", "second\n"], at: ordinal)
            #expect(Self.texts(target) == expected)
            #expect(target.utf16Length == index.utf16Length + 11)
        }
        // The original is untouched by either.
        #expect(Self.texts(index) == all.indices.map { "p\($0)\n" })
    }

    @Test(arguments: ["one\ntwo\nthree\nLORD end", "a\r\nb\r\n\r\nc\n", "مرحبا\nשלום\nಕನ್ನಡ\n", "\n\n\n"])
    func everyRangeTakenOutAndPutBackIsAsItWas(_ text: String) throws {
        let original = try TextContentStorage(utf8: Data(text.utf8))
        let length = original.utf16Length
        let units = Array(text.utf16)
        for lower in 0 ... length {
            for upper in lower ... length where !(upper < length && UTF16.isTrailSurrogate(units[upper])) {
                let storage = try TextContentStorage(utf8: Data(text.utf8))
                let slice = storage.contentSlice(lower ..< upper)
                #expect(slice.utf16Count == upper - lower)
                #expect(
                    String(slice.attributedString.characters)
                        == String(decoding: units[lower ..< upper], as: UTF16.self))
                try storage.replaceContents(in: storage.textRange(for: lower ..< upper)!, with: "")
                try storage.replaceContents(in: storage.textRange(for: lower ..< lower)!, with: slice)
                #expect(storage.string == text, "\(lower) ..< \(upper)")
                #expect(storage.paragraphCount == original.paragraphCount, "\(lower) ..< \(upper)")
            }
        }
    }
}
