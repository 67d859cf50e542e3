import Foundation
import Testing
@testable import TextContent

@Suite struct EditingTests {
    @Test func typingInsideAParagraph() throws {
        let storage = TextContentStorage(string: "Hello world\nSecond")
        try storage.replaceContents(in: storage.range(5 ..< 5), with: ",")
        #expect(storage.string == "Hello, world\nSecond")
        #expect(storage.paragraphCount == 2)
        try storage.replaceContents(in: storage.range(0 ..< 5), with: "مرحبا")
        #expect(storage.string == "مرحبا, world\nSecond")
    }

    @Test func insertingAndRemovingSeparatorsSplitsAndJoinsParagraphs() throws {
        let storage = TextContentStorage(string: "abcdef")
        try storage.replaceContents(in: storage.range(3 ..< 3), with: "\n")
        #expect(storage.paragraphCount == 2)
        try storage.replaceContents(in: storage.range(3 ..< 4), with: "")
        #expect(storage.paragraphCount == 1)
        #expect(storage.string == "abcdef")
    }

    @Test func carriageReturnAndLineFeedJoinIntoOneSeparator() throws {
        let storage = TextContentStorage(string: "ab\rcd")
        #expect(storage.paragraphCount == 2)
        try storage.replaceContents(in: storage.range(3 ..< 3), with: "\n")
        #expect(storage.string == "ab\r\ncd")
        #expect(storage.paragraphCount == 2)
        #expect(
            storage.textParagraph(atIndex: 0)!.paragraphSeparatorRange.map { storage.nsRange(for: $0) }
                == NSRange(location: 2, length: 2))
        // Deleting the text between a \r and a \n joins them too.
        let other = TextContentStorage(string: "ab\rx\ncd")
        #expect(other.paragraphCount == 3)
        try other.replaceContents(in: other.range(3 ..< 4), with: "")
        #expect(other.string == "ab\r\ncd")
        #expect(other.paragraphCount == 2)
    }

    @Test func appendingAfterAFinalSeparatorMakesANewParagraph() throws {
        let storage = TextContentStorage(string: "end\n")
        try storage.replaceContents(in: storage.range(4 ..< 4), with: "more")
        #expect(storage.paragraphCount == 2)
        #expect(storage.textParagraph(atIndex: 1).map { String($0.attributedString.characters) } == "more")
    }

    @Test func editsOfAnEmptyDocument() throws {
        let storage = TextContentStorage()
        try storage.replaceContents(in: storage.documentRange, with: "x\ny")
        #expect(storage.paragraphCount == 2)
        try storage.replaceContents(in: storage.documentRange, with: "")
        #expect(storage.paragraphCount == 0)
        #expect(storage.utf16Length == 0)
    }

    @Test func editsReplaceExactlyTheRangeGivenAndRefuseOnlyASplitSurrogatePair() throws {
        let storage = TextContentStorage(string: "a😀b")
        // Offset 2 is inside the surrogate pair of 😀 (offsets 1 ..< 3).
        #expect(throws: TextContentError.splitsSurrogatePair(offset: 2)) {
            try storage.replaceContents(in: storage.range(2 ..< 2), with: "X")
        }
        #expect(throws: TextContentError.splitsSurrogatePair(offset: 2)) {
            try storage.replaceContents(in: storage.range(0 ..< 2), with: AttributedString("X"))
        }
        #expect(storage.string == "a😀b")

        // Deleting only the accent of "é" leaves the letter (TextKit's text storage does).
        let accent = TextContentStorage(string: "caf\u{65}\u{301}")
        try accent.replaceContents(in: accent.range(4 ..< 5), with: "")
        #expect(accent.string == "cafe")

        // Text inserted between CR and LF lands between them: two separators now.
        let crlf = TextContentStorage(string: "one\r\ntwo")
        try crlf.replaceContents(in: crlf.range(4 ..< 4), with: "x")
        #expect(crlf.string == "one\rx\ntwo")
        #expect(crlf.paragraphCount == 3)

        // Backspace through a Kannada conjunct and a Hangul syllable spelled in jamo, one code
        // point at a time, in plain and attributed paragraphs.
        for attributed in [false, true] {
            var text = AttributedString("ಕನ್ನಡ \u{1112}\u{1161}\u{11AB} क्षि")
            if attributed { text.link = URL(string: "https://example.com") }
            let storage = TextContentStorage(attributedString: text)
            var model = Array(storage.string.utf16)
            while !model.isEmpty {
                try storage.replaceContents(in: storage.range(model.count - 1 ..< model.count), with: "")
                model.removeLast()
                #expect(Array(storage.string.utf16) == model)
            }
        }

        // Deleting from inside "é" to inside the family emoji's ZWJ sequence takes exactly that.
        let cluster = TextContentStorage(string: "xe\u{301}y👨‍👩‍👧z")
        try cluster.replaceContents(in: cluster.range(2 ..< 6), with: "")
        #expect(cluster.string == "xe\u{200D}👩‍👧z")
    }

    /// Every edit of up to three units at every UTF-16 offset of a text with clusters of every
    /// kind, plain and styled, against a plain array of UTF-16 units.
    @Test(arguments: [false, true])
    func everyShortEditAtEveryBoundaryMatchesThePlainModel(styled: Bool) throws {
        let text = "ab\r\ne\u{301}ಕ್ಷ🇫🇷👍🏽\u{1112}\u{1161}\u{11AB}مرحبا ภาษา\u{2029}中"
        let units = Array(text.utf16)
        for lower in 0 ... units.count {
            for upper in lower ... min(units.count, lower + 3) {
                for inserted in ["", "\u{301}", "x", "\n", "👧"] {
                    var attributed = AttributedString(text)
                    if styled { attributed.paragraphStyle = ParagraphStyle(alignment: .center) }
                    let storage = TextContentStorage(attributedString: attributed)
                    let splits = [lower, upper].first {
                        $0 > 0 && $0 < units.count && UTF16.isTrailSurrogate(units[$0])
                    }
                    do {
                        try storage.replaceContents(in: storage.range(lower ..< upper), with: inserted)
                        var model = units
                        model.replaceSubrange(lower ..< upper, with: Array(inserted.utf16))
                        #expect(
                            splits == nil && Array(storage.string.utf16) == model,
                            "\(lower) ..< \(upper) with \(inserted.debugDescription)")
                    } catch {
                        #expect(error == splits.map { .splitsSurrogatePair(offset: $0) })
                        #expect(storage.string == text)
                    }
                }
            }
        }
    }

    @Test func attributedReplacementKeepsItsAttributesAndStringReplacementInherits() throws {
        var bold = AttributedString("link")
        bold.link = URL(string: "https://a.example")
        let storage = TextContentStorage(attributedString: bold)
        try storage.replaceContents(in: storage.range(4 ..< 4), with: "ed")
        #expect(storage.attributedString.runs.count == 1)
        #expect(storage.attributedString.link == URL(string: "https://a.example"))
        try storage.replaceContents(in: storage.range(0 ..< 0), with: AttributedString("plain "))
        #expect(storage.attributedString.runs.count == 2)
        #expect(String(storage.attributedString.characters) == "plain linked")
    }

    @Test func attributeEditsChangeNoText() throws {
        let storage = TextContentStorage(string: "one\ntwo\nthree")
        let url = URL(string: "https://b.example")!
        var attributes = AttributeContainer()
        attributes.link = url
        try storage.addAttributes(attributes, in: storage.range(2 ..< 9))
        #expect(storage.string == "one\ntwo\nthree")
        let runs = storage.attributedString.runs.map { ($0.link, $0.range) }
        #expect(runs.count == 3)
        #expect(storage.attributedString(in: storage.range(2 ..< 9))!.runs.allSatisfy { $0.link == url })
        try storage.removeAttribute(AttributeScopes.FoundationAttributes.LinkAttribute.self, in: storage.documentRange)
        #expect(storage.attributedString.runs.count == 1)
        try storage.setAttributes(attributes, in: storage.range(0 ..< 3))
        #expect(storage.attributedString(in: storage.range(0 ..< 3))!.link == url)
    }

    @Test func badRangesAreErrorsAndChangeNothing() {
        let storage = TextContentStorage(string: "abc")
        let stale = TextContentStorage(string: "abcdefgh").range(5 ..< 8)
        #expect(throws: TextContentError.self) { try storage.replaceContents(in: stale, with: "x") }
        #expect(throws: TextContentError.self) { try storage.setAttributes(AttributeContainer(), in: stale) }
        #expect(storage.string == "abc")
    }
}

@Suite struct FileInputTests {
    func temporaryFile(_ bytes: [UInt8]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("otk-\(UUID().uuidString).txt")
        try Data(bytes).write(to: url)
        return url
    }

    @Test func invalidUTF8NamesTheByteOffset() throws {
        let url = try temporaryFile(Array("Hello\nwörld ".utf8) + [0xFF, 0x41])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: TextContentError.invalidUTF8(byteOffset: 13)) { try TextContentStorage(contentsOf: url) }
        let error = TextContentError.invalidUTF8(byteOffset: 13)
        #expect(error.description.contains("byte offset 13"))
        let lossy = try TextContentStorage(contentsOf: url, allowsLossyDecoding: true)
        #expect(lossy.string == "Hello\nwörld \u{FFFD}A")
    }

    @Test func truncatedMultibyteSequenceAtTheEnd() throws {
        let url = try temporaryFile(Array("ಕನ್ನಡ".utf8).dropLast())
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: TextContentError.invalidUTF8(byteOffset: 12)) { try TextContentStorage(contentsOf: url) }
    }

    @Test func aMissingFileIsAClearError() {
        #expect {
            try TextContentStorage(contentsOf: URL(fileURLWithPath: "/nonexistent/otk.txt"))
        } throws: { error in
            guard case .unreadableFile(let path, _) = error as? TextContentError else { return false }
            return path == "/nonexistent/otk.txt"
        }
    }

    @Test func aFileWithEveryScriptOpens() throws {
        let text = Samples.mixed.map(\.text).joined(separator: "\r\n")
        let url = try temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: url) }
        let storage = try TextContentStorage(contentsOf: url)
        #expect(storage.string == text)
        #expect(storage.paragraphCount == Samples.mixed.count)
    }
}

/// Edits of paragraphs that carry a paragraph style (a paragraph-bound attribute): Foundation
/// on Linux traps when such an edit leaves a cluster across its edge, so the storage stashes
/// paragraph attributes around every edit. These are the cases that trapped.
@Suite struct ParagraphStyleEditingTests {
    func styled(_ text: String, _ alignment: TextAlignment) -> AttributedString {
        var string = AttributedString(text)
        string.paragraphStyle = ParagraphStyle(alignment: alignment)
        return string
    }

    @Test(arguments: [
        ("ab", 1, "\u{301}"), ("e\u{301}b", 2, "\u{302}"), ("\u{301}b", 0, "x"), ("🇫🇷🇩🇪", 0, "🇮"), ("ಕನ", 1, "\u{0CCD}"),
        ("x👨‍👩", 6, "\u{200D}👧"),
        ("e\u{301}b", 1, "\u{302}"), ("👍🏽b", 2, "x"), ("\u{1112}\u{1161}", 1, "\u{11AB}"),
    ])
    func clusterMergingEditsKeepTheStyle(_ text: String, _ offset: Int, _ inserted: String) throws {
        let storage = TextContentStorage(attributedString: styled(text + "\n", .center))
        try storage.replaceContents(in: storage.range(offset ..< offset), with: inserted)
        try storage.replaceContents(in: storage.range(offset ..< offset), with: AttributedString(inserted))
        #expect(storage.attributedString.runs.allSatisfy { $0.paragraphStyle?.alignment == .center })
        #expect(storage.paragraphCount == 1)
    }

    /// A paragraph after a lone CR, cut out of the text it was typed into, then edited at its
    /// start together with the paragraph before: Foundation trapped (found by the storage's
    /// random edits, with a paragraph style on both).
    @Test(arguments: ["\r", "\n", "\u{2029}"])
    func editsAtTheStartOfAParagraphAfterACarriageReturn(_ separator: String) throws {
        var text = styled("LORDا" + separator + "ORDL\u{1112}\u{1161}\u{11AB}שלום\n", .center)
        text.append(styled("next\r", .left))
        let storage = TextContentStorage(attributedString: text)
        var emoji = AttributedString("👨‍👩‍👧")
        emoji.paragraphStyle = ParagraphStyle(alignment: .center)
        try storage.replaceContents(in: storage.range(6 ..< 17), with: emoji)
        try storage.replaceContents(in: storage.range(6 ..< 14), with: "ORDL\u{1112}\u{1161}\u{11AB}שלום")
        #expect(storage.string == "LORDا" + separator + "ORDL\u{1112}\u{1161}\u{11AB}שלום\nnext\r")
        try storage.replaceContents(in: storage.range(18 ..< 18), with: "👨‍👩‍👧")
        try storage.replaceContents(in: storage.range(18 ..< 26), with: "x")
        #expect(storage.string.hasSuffix("\nxnext\r"))
        #expect(storage.paragraphCount == 3)
    }

    @Test func aParagraphTakesTheStyleOfItsFirstCharacter() throws {
        var text = styled("left\n", .left)
        text.append(styled("right\n", .right))
        let storage = TextContentStorage(attributedString: text)
        // Joining the two paragraphs: the result keeps the first one's style.
        try storage.replaceContents(in: storage.range(4 ..< 5), with: "")
        #expect(storage.paragraphCount == 1)
        #expect(storage.attributedString.runs.allSatisfy { $0.paragraphStyle?.alignment == .left })
        // Splitting it again: both halves keep that style.
        try storage.replaceContents(in: storage.range(4 ..< 4), with: "\n")
        #expect(storage.paragraphCount == 2)
        #expect(
            storage.textParagraph(atIndex: 1)!.attributedString.runs.allSatisfy {
                $0.paragraphStyle?.alignment == .left
            })
        // Pasting styled paragraphs: each pasted paragraph keeps its own style.
        var pasted = styled("centred\n", .center)
        pasted.append(styled("justified\n", .justified))
        try storage.replaceContents(in: storage.range(0 ..< 0), with: pasted)
        let alignments = (0 ..< storage.paragraphCount).map {
            storage.textParagraph(atIndex: $0)!.attributedString.runs.first!.paragraphStyle?.alignment
        }
        #expect(alignments == [.center, .justified, .left, .left])
        #expect(storage.attributedString.runs.allSatisfy { $0.attributes[StashedParagraphAttributesKey.self] == nil })
    }
}
