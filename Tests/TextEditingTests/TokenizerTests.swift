import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// UITextInput's positions and tokenizer, in UTF-16 offsets.
@Suite struct TokenizerTests {
    @Test func rangesBetweenPositionsComparisonsAndOffsets() {
        let view = makeView("Hello", caret: 0)
        #expect(view.textRange(from: 5, to: 2) == NSRange(location: 2, length: 3))
        #expect(view.textRange(from: 1, to: 4) == NSRange(location: 1, length: 3))
        #expect(view.textRange(from: 3, to: 3) == NSRange(location: 3, length: 0))
        #expect(view.textRange(from: -1, to: 3) == nil)
        #expect(view.textRange(from: 0, to: 6) == nil)
        #expect(view.compare(1, to: 4) == .orderedAscending)
        #expect(view.compare(4, to: 1) == .orderedDescending)
        #expect(view.compare(2, to: 2) == .orderedSame)
        #expect(view.offset(from: 4, to: 1) == -3)
        #expect(view.offset(from: 1, to: 4) == 3)
        let client: any TextInputClient = view
        #expect(client.tokenizer === view.tokenizer)
    }

    @Test func englishWordsSentencesParagraphsAndTheDocument() {
        let text = "Hello, world. Bye now.\nSecond paragraph"
        let view = makeView(text, caret: 0)
        let tokenizer = view.tokenizer
        // The word after a position going forward, before it going backward; none in between.
        #expect(
            tokenizer.rangeEnclosingPosition(2, with: .word, inDirection: .forward) == NSRange(location: 0, length: 5))
        #expect(
            tokenizer.rangeEnclosingPosition(5, with: .word, inDirection: .backward) == NSRange(location: 0, length: 5))
        #expect(tokenizer.rangeEnclosingPosition(5, with: .word, inDirection: .forward) == nil)
        #expect(tokenizer.rangeEnclosingPosition(0, with: .word, inDirection: .backward) == nil)
        #expect(tokenizer.isPosition(5, withinTextUnit: .word, inDirection: .backward))
        #expect(!tokenizer.isPosition(5, withinTextUnit: .word, inDirection: .forward))
        // Forward, a word ends at the boundary; backward, one starts there.
        #expect(tokenizer.isPosition(5, atBoundary: .word, inDirection: .forward))
        #expect(!tokenizer.isPosition(5, atBoundary: .word, inDirection: .backward))
        #expect(tokenizer.isPosition(7, atBoundary: .word, inDirection: .backward))
        #expect(tokenizer.isPosition(0, atBoundary: .word, inDirection: .backward))
        #expect(!tokenizer.isPosition(0, atBoundary: .word, inDirection: .forward))
        #expect(!tokenizer.isPosition(3, atBoundary: .word, inDirection: .forward))
        // The next word end forward, the previous word start backward.
        #expect(tokenizer.position(from: 0, toBoundary: .word, inDirection: .forward) == 5)
        #expect(tokenizer.position(from: 5, toBoundary: .word, inDirection: .forward) == 12)
        #expect(tokenizer.position(from: 2, toBoundary: .word, inDirection: .forward) == 5)
        #expect(tokenizer.position(from: 12, toBoundary: .word, inDirection: .backward) == 7)
        #expect(tokenizer.position(from: 7, toBoundary: .word, inDirection: .backward) == 0)
        #expect(tokenizer.position(from: 0, toBoundary: .word, inDirection: .backward) == nil)
        #expect(tokenizer.position(from: 39, toBoundary: .word, inDirection: .forward) == nil)
        // Sentences from ICU.
        let sentence = tokenizer.rangeEnclosingPosition(2, with: .sentence, inDirection: .forward)
        #expect(sentence?.location == 0 && (13 ... 14).contains(sentence?.length ?? 0))
        #expect(tokenizer.rangeEnclosingPosition(16, with: .sentence, inDirection: .forward)?.location == 14)
        // Paragraphs without their separator.
        #expect(
            tokenizer.rangeEnclosingPosition(3, with: .paragraph, inDirection: .forward)
                == NSRange(location: 0, length: 22))
        #expect(tokenizer.rangeEnclosingPosition(22, with: .paragraph, inDirection: .forward) == nil)
        #expect(
            tokenizer.rangeEnclosingPosition(23, with: .paragraph, inDirection: .forward)
                == NSRange(location: 23, length: 16))
        #expect(tokenizer.position(from: 3, toBoundary: .paragraph, inDirection: .forward) == 22)
        #expect(tokenizer.position(from: 22, toBoundary: .paragraph, inDirection: .forward) == 39)
        #expect(tokenizer.position(from: 30, toBoundary: .paragraph, inDirection: .backward) == 23)
        #expect(tokenizer.isPosition(23, atBoundary: .paragraph, inDirection: .backward))
        // The document.
        #expect(
            tokenizer.rangeEnclosingPosition(3, with: .document, inDirection: .forward)
                == NSRange(location: 0, length: 39))
        #expect(tokenizer.rangeEnclosingPosition(39, with: .document, inDirection: .forward) == nil)
        #expect(tokenizer.position(from: 3, toBoundary: .document, inDirection: .forward) == 39)
        #expect(tokenizer.position(from: 3, toBoundary: .document, inDirection: .backward) == 0)
        #expect(tokenizer.isPosition(39, atBoundary: .document, inDirection: .forward))
        #expect(tokenizer.isPosition(0, atBoundary: .document, inDirection: .backward))
    }

    @Test func charactersAreGraphemeClusters() {
        let text = "a👍🏽e\u{301}"
        let view = makeView(text, caret: 0)
        let tokenizer = view.tokenizer
        #expect(
            tokenizer.rangeEnclosingPosition(2, with: .character, inDirection: .forward)
                == NSRange(location: 1, length: 4))
        #expect(tokenizer.position(from: 1, toBoundary: .character, inDirection: .forward) == 5)
        #expect(tokenizer.position(from: 7, toBoundary: .character, inDirection: .backward) == 5)
        #expect(!tokenizer.isPosition(3, atBoundary: .character, inDirection: .forward))
        #expect(tokenizer.isPosition(5, atBoundary: .character, inDirection: .forward))
    }

    @Test func arabicWords() {
        let text = "مرحبا بالعالم"
        let view = makeView(text, caret: 0)
        let tokenizer = view.tokenizer
        #expect(
            tokenizer.rangeEnclosingPosition(0, with: .word, inDirection: .forward) == NSRange(location: 0, length: 5))
        #expect(
            tokenizer.rangeEnclosingPosition(8, with: .word, inDirection: .forward) == NSRange(location: 6, length: 7))
        #expect(tokenizer.position(from: 0, toBoundary: .word, inDirection: .forward) == 5)
        #expect(tokenizer.position(from: 5, toBoundary: .word, inDirection: .forward) == 13)
        #expect(tokenizer.position(from: 13, toBoundary: .word, inDirection: .backward) == 6)
        #expect(tokenizer.isPosition(6, atBoundary: .word, inDirection: .backward))
        #expect(!tokenizer.isPosition(5, withinTextUnit: .word, inDirection: .forward))
    }

    /// Thai and Japanese are written without spaces: ICU's dictionaries find the words.
    @Test(arguments: ["ภาษาไทยง่ายมาก", "日本語の文章を読みます"])
    func wordsWithoutSpaces(_ text: String) throws {
        let view = makeView(text, caret: 0)
        let tokenizer = view.tokenizer
        let first = try #require(tokenizer.rangeEnclosingPosition(0, with: .word, inDirection: .forward))
        #expect(first.location == 0 && first.length > 0 && first.length < text.utf16.count)
        var boundaries: [Int] = []
        var position = 0
        while let next = tokenizer.position(from: position, toBoundary: .word, inDirection: .forward),
            boundaries.count < 50
        {
            #expect(next > position)
            #expect(tokenizer.isPosition(next, atBoundary: .word, inDirection: .forward))
            boundaries.append(next)
            position = next
        }
        #expect(boundaries.count >= 3, "\(boundaries)")
        #expect(boundaries.first == first.length)
        #expect(boundaries.last == text.utf16.count)
    }

    /// A soft-wrapped paragraph has several lines: the tokenizer's lines are the laid-out ones.
    @Test func linesOfAWrappedParagraph() throws {
        let text = String(repeating: "word ", count: 40) + "end"
        let storage = TextContentStorage(string: text)
        let view = TextView(
            storage: storage,
            layoutManager: TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 200, height: 0))))
        let tokenizer = view.tokenizer
        // The first line as laid out (no separator: it ends where the next one starts).
        let laidOut = try #require(
            view.textLayoutManager.textRange(for: .line, enclosing: storage.documentRange.location))
        let end = try storage.offset(of: laidOut.endLocation)
        #expect(end > 0 && end < text.utf16.count)
        #expect(
            tokenizer.rangeEnclosingPosition(0, with: .line, inDirection: .forward) == NSRange(location: 0, length: end)
        )
        #expect(tokenizer.position(from: 0, toBoundary: .line, inDirection: .forward) == end)
        // The wrap is the end of one line and the start of the next.
        #expect(tokenizer.isPosition(end, atBoundary: .line, inDirection: .forward))
        #expect(tokenizer.isPosition(end, atBoundary: .line, inDirection: .backward))
        #expect(
            tokenizer.rangeEnclosingPosition(end, with: .line, inDirection: .backward)
                == NSRange(location: 0, length: end))
        let second = try #require(tokenizer.rangeEnclosingPosition(end, with: .line, inDirection: .forward))
        #expect(second.location == end && second.length > 0)
        #expect(tokenizer.position(from: end + 2, toBoundary: .line, inDirection: .backward) == end)
        #expect(
            tokenizer.position(from: end, toBoundary: .line, inDirection: .forward) == second.location + second.length)
        // The paragraph is still one.
        #expect(
            tokenizer.rangeEnclosingPosition(end, with: .paragraph, inDirection: .forward)
                == NSRange(location: 0, length: text.utf16.count))
    }

    /// Where the text changes direction one offset has two carets: the affinity picks which.
    @Test func aCaretAtADirectionBoundaryIsDrawnWhereItsAffinitySays() {
        let view = makeView("English العربية 123", caret: 0)
        let upstream = view.caretRect(for: 8, affinity: .upstream)
        let downstream = view.caretRect(for: 8, affinity: .downstream)
        #expect(!upstream.isNull && !downstream.isNull)
        // Upstream after "English ", downstream at the right edge of the Arabic word.
        #expect(abs(upstream.minX - view.caretRect(for: 7, affinity: .downstream).minX) > 1)
        #expect(upstream.minX < downstream.minX)
        // Elsewhere the affinity changes nothing.
        #expect(view.caretRect(for: 3, affinity: .upstream) == view.caretRect(for: 3, affinity: .downstream))
    }
}
