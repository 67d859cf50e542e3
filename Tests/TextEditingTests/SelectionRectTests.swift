import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// `selectionRects(for:)` in the shape of UIKit's `UITextSelectionRect`: one rectangle per
/// piece of a line written one way, each with its direction, the start and end of the
/// selection marked on the pieces that hold them.
@Suite struct SelectionRectTests {
    /// Whether `text` holds a letter of a right-to-left script (Hebrew, Arabic).
    static func hasRightToLeftLetter(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains {
            (0x0590 ... 0x08FF).contains($0.value) || (0xFB1D ... 0xFDFF).contains($0.value)
                || (0xFE70 ... 0xFEFC).contains($0.value)
        }
    }

    /// Whether `text` holds a letter of a left-to-right script (Latin, Thai, Kannada, Devanagari, CJK).
    static func hasLeftToRightLetter(_ text: some StringProtocol) -> Bool {
        text.unicodeScalars.contains {
            ($0.properties.isAlphabetic && $0.value < 0x0590) || (0x0900 ... 0x0E7F).contains($0.value)
                || (0x3040 ... 0x9FFF).contains($0.value)
        }
    }

    func text(of view: TextView, _ range: NSRange) -> String {
        var actual: NSRange?
        return view.attributedSubstring(forProposedRange: range, actualRange: &actual).map {
            String($0.characters[...])
        } ?? ""
    }

    /// Hebrew inside an English line: the selection across it is three pieces, left to right:
    /// English, Hebrew, English; the start is on the first, the end on the last.
    @Test func hebrewInsideEnglishIsThreePieces() {
        let view = makeView("abc אבג def")
        let rects = view.selectionRects(for: NSRange(location: 2, length: 7))
        #expect(
            rects.map(\.range) == [
                NSRange(location: 2, length: 2), NSRange(location: 4, length: 3), NSRange(location: 7, length: 2),
            ])
        #expect(rects.map(\.writingDirection) == [.leftToRight, .rightToLeft, .leftToRight])
        #expect(rects.map(\.containsStart) == [true, false, false])
        #expect(rects.map(\.containsEnd) == [false, false, true])
        #expect(rects.allSatisfy { !$0.isVertical })
        // Side by side on one line, in order, touching.
        for (left, right) in zip(rects, rects.dropFirst()) {
            #expect(abs(left.rect.maxX - right.rect.minX) < 0.01)
            #expect(left.rect.minY == right.rect.minY && left.rect.height == right.rect.height)
        }
    }

    /// English inside a Hebrew line: the selection starts in the Hebrew (on the right) and ends
    /// in the English (to its left, with a letter between unselected): the start's piece is
    /// right-to-left and on the right, the end's left-to-right and on the left.
    @Test func theStartOfASelectionInARightToLeftLineIsOnTheRight() throws {
        let view = makeView("שלום abc עולם")
        let rects = view.selectionRects(for: NSRange(location: 2, length: 5))
        #expect(rects.count == 2)
        let start = try #require(rects.first { $0.containsStart })
        let end = try #require(rects.first { $0.containsEnd })
        #expect(start.writingDirection == .rightToLeft)
        #expect(start.range == NSRange(location: 2, length: 3))
        #expect(end.writingDirection == .leftToRight)
        #expect(end.range == NSRange(location: 5, length: 2))
        #expect(end.rect.maxX < start.rect.minX, "the English piece is left of the Hebrew, the 'c' between them")
        #expect(!start.containsEnd && !end.containsStart)
        // Each piece's edges are the carets of its range's ends: where its reading starts and ends.
        #expect(abs(start.rect.maxX - view.caretRect(for: 2).minX) < 0.01)
        #expect(abs(end.rect.minX - view.caretRect(for: 5).minX) < 0.01)
    }

    /// Arabic with digits (which run left to right inside it): the digits are their own piece.
    @Test func digitsInsideArabicAreALeftToRightPiece() {
        let text = "مرحبا 123 عالم"
        let view = makeView(text)
        let rects = view.selectionRects(for: NSRange(location: 0, length: text.utf16.count))
        let digits = rects.filter { self.text(of: view, $0.range).contains("123") }
        #expect(digits.count == 1)
        #expect(digits.first?.writingDirection == .leftToRight)
        #expect(digits.first.map { self.text(of: view, $0.range).trimmingCharacters(in: .whitespaces) } == "123")
        #expect(rects.filter { $0.writingDirection == .rightToLeft }.count == 2)
        #expect(rects.filter(\.containsStart).count == 1 && rects.filter(\.containsEnd).count == 1)
        // The start (the first Arabic word) is on the right of the line.
        #expect(rects.first { $0.containsStart }.map { $0.rect.maxX } == rects.map(\.rect.maxX).max())
    }

    /// Text in one direction, several lines: one piece a line, the start on the first, the end
    /// on the last; a line the selection runs past reaches the line's edge (its end side).
    @Test(arguments: ["en", "he_Hebr", "ar_Arab", "th_Thai", "kn_Knda", "emoji"])
    func oneDirectionIsOnePieceALine(_ tag: String) throws {
        let sample = tag == "en" ? "The quick brown fox jumps over the lazy dog." : MixedSamples.text(tag)
        try #require(!sample.isEmpty)
        let text = Array(repeating: sample, count: 4).joined(separator: " ")
        let view = makeView(text)
        let length = view.textContentStorage.utf16Length
        let rects = view.selectionRects(for: NSRange(location: 0, length: length))
        let lines = Set(rects.map(\.rect.minY))
        #expect(lines.count > 1, "the text wraps")
        #expect(rects.count == lines.count)
        #expect(rects.first?.containsStart == true && rects.filter(\.containsStart).count == 1)
        #expect(rects.last?.containsEnd == true && rects.filter(\.containsEnd).count == 1)
        let direction: TextSelectionNavigation.WritingDirection =
            Self.hasRightToLeftLetter(text) ? .rightToLeft : .leftToRight
        #expect(rects.allSatisfy { $0.writingDirection == direction })
        // The pieces cover the text once, in order.
        var next = 0
        for rect in rects {
            #expect(rect.range.location == next)
            next = rect.range.location + rect.range.length
        }
        #expect(next == length)
    }

    /// Every sample of mixed.tsv, and lines mixing them with English, selected whole and in
    /// parts: the pieces cover the selection once without overlapping, one holds the start and
    /// one the end, and each piece's direction is its letters' (Hebrew and Arabic right to left;
    /// Latin, Thai, Kannada, Devanagari, CJK left to right).
    @Test func piecesOfMixedTextGoTheirLettersWay() throws {
        let samples = MixedSamples.all.map(\.text)
        try #require(!samples.isEmpty)
        let lines = samples + zip(samples, samples.dropFirst(3)).map { "\($0) English words \($1)" }
        for line in lines {
            let view = makeView(line)
            let length = view.textContentStorage.utf16Length
            // Whole, and from a third to two thirds, on grapheme boundaries.
            let offsets = line.indices.map { line.utf16.distance(from: line.startIndex, to: $0) }
            let ranges = [0 ..< length, offsets[offsets.count / 3] ..< offsets[2 * offsets.count / 3]]
            for range in ranges where !range.isEmpty {
                let rects = view.selectionRects(for: NSRange(location: range.lowerBound, length: range.count))
                let context = "\(range) of \(line.prefix(40))"
                #expect(rects.filter(\.containsStart).count == 1, "\(context)")
                #expect(rects.filter(\.containsEnd).count == 1, "\(context)")
                #expect(rects.first(where: \.containsStart)?.range.location == range.lowerBound, "\(context)")
                #expect(
                    rects.first(where: \.containsEnd).map { $0.range.location + $0.range.length } == range.upperBound,
                    "\(context)")
                let covered = rects.map { $0.range.location ..< $0.range.location + $0.range.length }.sorted {
                    $0.lowerBound < $1.lowerBound
                }
                #expect(covered.reduce(0) { $0 + $1.count } == range.count, "\(context)")
                for (a, b) in zip(covered, covered.dropFirst()) { #expect(a.upperBound == b.lowerBound, "\(context)") }
                for rect in rects {
                    let piece = text(of: view, rect.range)
                    #expect(rect.rect.width >= 0 && rect.rect.minX.isFinite, "\(context)")
                    if Self.hasRightToLeftLetter(piece) {
                        #expect(
                            rect.writingDirection == .rightToLeft && !Self.hasLeftToRightLetter(piece),
                            "\(piece) in \(context)")
                    } else if Self.hasLeftToRightLetter(piece) {
                        #expect(rect.writingDirection == .leftToRight, "\(piece) in \(context)")
                    }
                }
            }
        }
    }

    /// An empty range: the caret's rectangle, zero wide, holding start and end; none in an
    /// empty document, which has no caret rectangle either.
    @Test(arguments: ["abc", "שלום", "مرحبا", "ನಮಸ್ಕಾರ", "👍🏽x"])
    func anEmptyRangeIsTheCaret(_ text: String) {
        let empty = makeView("")
        #expect(empty.selectionRects(for: NSRange(location: 0, length: 0)).isEmpty)
        #expect(empty.caretRect(for: 0).isNull)
        let view = makeView(text)
        for offset in [0, text.utf16.count] {
            let rects = view.selectionRects(for: NSRange(location: offset, length: 0))
            #expect(rects.count == 1)
            #expect(rects.first?.rect.width == 0)
            #expect(rects.first.map { abs($0.rect.minX - view.caretRect(for: offset).minX) < 0.01 } == true)
            #expect(rects.first?.containsStart == true && rects.first?.containsEnd == true)
            #expect(rects.first?.writingDirection == view.baseWritingDirection(for: offset))
        }
    }
}
