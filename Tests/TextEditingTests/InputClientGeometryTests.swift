import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// The parts of UIKit's `UITextInput` and AppKit's `NSTextInputClient` that answer questions
/// about positions and points: `hasText`, the document's ends, `position(within:farthestIn:)`,
/// `characterRange(byExtending:in:)`, `characterRange(at:)`, `fractionOfDistanceThroughGlyph(for:)`,
/// `baselineDeltaForCharacter(at:)`, in English and in every script of mixed.tsv.
@Suite struct InputClientGeometryTests {
    static let texts = ["Hello, world", "שלום עולם", "مرحبا بالعالم", "สวัสดีครับ", "ನಮಸ್ಕಾರ ಕನ್ನಡ", "👍🏽x👨‍👩‍👧 🇯🇵", "abc אבג def"]

    /// The grapheme clusters of `text` as UTF-16 ranges.
    static func clusters(_ text: String) -> [Range<Int>] {
        var offset = 0
        return text.map { character in
            defer { offset += character.utf16.count }
            return offset ..< offset + character.utf16.count
        }
    }

    @Test(arguments: texts)
    func theDocumentsEndsAndHasText(_ text: String) {
        let view = makeView(text)
        #expect(view.hasText)
        #expect(view.beginningOfDocument == 0)
        #expect(view.endOfDocument == text.utf16.count)
        #expect(view.offset(from: view.beginningOfDocument, to: view.endOfDocument) == text.utf16.count)
        view.attributedText = AttributedString()
        #expect(!view.hasText)
        #expect(view.endOfDocument == 0)
        let client: any TextInputClient = view
        #expect(!client.hasText && client.beginningOfDocument == 0 && client.endOfDocument == 0)
    }

    /// Forward and down: the end; backward and up: the start; right and left by the way the
    /// text reads (in Hebrew and Arabic, right is the start).
    @Test(arguments: texts)
    func theFarthestPositionOfARange(_ text: String) {
        let view = makeView(text)
        let clusters = Self.clusters(text)
        let range = NSRange(location: clusters[1].lowerBound, length: clusters[3].upperBound - clusters[1].lowerBound)
        let start = range.location, end = range.location + range.length
        #expect(view.position(within: range, farthestIn: .forward) == end)
        #expect(view.position(within: range, farthestIn: .down) == end)
        #expect(view.position(within: range, farthestIn: .backward) == start)
        #expect(view.position(within: range, farthestIn: .up) == start)
        let rightToLeft = view.baseWritingDirection(for: 0) == .rightToLeft
        #expect(rightToLeft == SelectionRectTests.hasRightToLeftLetter(text.prefix(1)))
        #expect(view.position(within: range, farthestIn: .right) == (rightToLeft ? start : end))
        #expect(view.position(within: range, farthestIn: .left) == (rightToLeft ? end : start))
        // The right one is the right one on screen too.
        let right = view.caretRect(for: view.position(within: range, farthestIn: .right) ?? -1)
        let left = view.caretRect(for: view.position(within: range, farthestIn: .left) ?? -1)
        #expect(right.minX > left.minX)
        // An empty range: its one position, every way.
        for direction in [TextSelectionNavigation.Direction.forward, .backward, .left, .right, .up, .down] {
            #expect(view.position(within: NSRange(location: 2, length: 0), farthestIn: direction) == 2)
        }
    }

    /// One character (a whole grapheme cluster) from a position: forward and backward in the
    /// text, right and left on screen; nothing at the document's edges.
    @Test(arguments: texts)
    func theCharacterNextToAPosition(_ text: String) {
        let view = makeView(text)
        let clusters = Self.clusters(text)
        let length = text.utf16.count
        let rightToLeft = view.baseWritingDirection(for: 0) == .rightToLeft
        func range(_ offsets: Range<Int>) -> NSRange { NSRange(location: offsets.lowerBound, length: offsets.count) }
        #expect(view.characterRange(byExtending: 0, in: .forward) == range(clusters[0]))
        #expect(view.characterRange(byExtending: 0, in: .backward) == NSRange(location: 0, length: 0))
        #expect(view.characterRange(byExtending: length, in: .backward) == range(clusters[clusters.count - 1]))
        #expect(view.characterRange(byExtending: length, in: .forward) == NSRange(location: length, length: 0))
        #expect(view.characterRange(byExtending: clusters[1].lowerBound, in: .forward) == range(clusters[1]))
        #expect(view.characterRange(byExtending: clusters[2].lowerBound, in: .backward) == range(clusters[1]))
        // On screen: toward the end is right in English, left in Hebrew and Arabic.
        let towardEnd: TextSelectionNavigation.Direction = rightToLeft ? .left : .right
        let towardStart: TextSelectionNavigation.Direction = rightToLeft ? .right : .left
        #expect(view.characterRange(byExtending: 0, in: towardEnd) == range(clusters[0]))
        #expect(view.characterRange(byExtending: 0, in: towardStart) == NSRange(location: 0, length: 0))
        #expect(view.characterRange(byExtending: clusters[2].lowerBound, in: towardStart) == range(clusters[1]))
        // Up and down on one line: to its ends, as a caret moves.
        #expect(
            view.characterRange(byExtending: clusters[1].lowerBound, in: .down)
                == NSRange(location: clusters[1].lowerBound, length: length - clusters[1].lowerBound))
        #expect(
            view.characterRange(byExtending: clusters[1].lowerBound, in: .up)
                == NSRange(location: 0, length: clusters[1].lowerBound))
    }

    /// In mixed-direction text, right and left take the character shown on that side.
    @Test func theCharacterOnEachSideInMixedText() {
        let view = makeView("abc אבג def")
        // The caret at 4 (before the Hebrew word, downstream) stands at the word's right end,
        // by its first letter: left of it is that letter, right of it the space before "def".
        #expect(view.characterRange(byExtending: 4, in: .left) == NSRange(location: 4, length: 1))
        #expect(view.characterRange(byExtending: 4, in: .right) == NSRange(location: 7, length: 1))
        // In the text, though, forward is the letter and backward the space before it.
        #expect(view.characterRange(byExtending: 4, in: .forward) == NSRange(location: 4, length: 1))
        #expect(view.characterRange(byExtending: 4, in: .backward) == NSRange(location: 3, length: 1))
        // An Arabic line ending in English, shown "abc مرحبا": the caret at 6 (before "abc",
        // downstream) stands at the line's left end, before "a": nothing is left of it, "a" is
        // right of it; backward in the text is the space, shown right of "abc".
        let arabic = makeView("مرحبا abc")
        #expect(arabic.characterRange(byExtending: 6, in: .left) == NSRange(location: 6, length: 0))
        #expect(arabic.characterRange(byExtending: 6, in: .right) == NSRange(location: 6, length: 1))
        #expect(arabic.characterRange(byExtending: 6, in: .backward) == NSRange(location: 5, length: 1))
        // The caret at 2, inside the Arabic word: left of it the third letter, right of it the second.
        #expect(arabic.characterRange(byExtending: 2, in: .left) == NSRange(location: 2, length: 1))
        #expect(arabic.characterRange(byExtending: 2, in: .right) == NSRange(location: 1, length: 1))
    }

    /// The character under a point: for every character of every sample (and English), the
    /// middle of its selection rectangle is over it, and the fraction there is a half; near its
    /// leading edge (where its reading starts) the fraction is near 0, near its trailing edge
    /// near 1.
    @Test func theCharacterUnderAPoint() throws {
        let samples = ["Hello, world"] + MixedSamples.all.map(\.text)
        try #require(samples.count > 1)
        for text in samples {
            let view = makeView(text)
            var checked = 0
            let clusters = Self.clusters(text).prefix(80)
            for cluster in clusters {
                let range = NSRange(location: cluster.lowerBound, length: cluster.count)
                let rects = view.selectionRects(for: range)
                guard rects.count == 1, let piece = rects.first, piece.rect.width > 2 else { continue }
                let middle = CGPoint(x: piece.rect.midX, y: piece.rect.midY)
                guard view.characterRange(at: middle) == range else {
                    Issue.record(
                        "\(range) of \(text.prefix(30)): \(String(describing: view.characterRange(at: middle)))")
                    continue
                }
                checked += 1
                #expect(abs(view.fractionOfDistanceThroughGlyph(for: middle) - 0.5) < 0.05)
                let leadingX = piece.writingDirection == .leftToRight ? piece.rect.minX + 0.5 : piece.rect.maxX - 0.5
                let trailingX = piece.writingDirection == .leftToRight ? piece.rect.maxX - 0.5 : piece.rect.minX + 0.5
                #expect(view.fractionOfDistanceThroughGlyph(for: CGPoint(x: leadingX, y: middle.y)) < 0.5)
                #expect(view.fractionOfDistanceThroughGlyph(for: CGPoint(x: trailingX, y: middle.y)) > 0.5)
            }
            #expect(checked > clusters.count / 2, "\(text.prefix(30)): \(checked) checked")
        }
    }

    /// Points over no character: none under them, and a fraction of 0.
    @Test(arguments: texts)
    func pointsOverNoCharacter(_ text: String) {
        let view = makeView(text + "\n\nmore")
        let line = view.caretRect(for: 0)
        // Where the first line's text is drawn, from its left end to its right end.
        let drawn = view.selectionRects(for: NSRange(location: 0, length: text.utf16.count)).map(\.rect)
        let left = drawn.map(\.minX).min() ?? 0, right = drawn.map(\.maxX).max() ?? 0
        let points = [
            CGPoint(x: 2, y: -5), CGPoint(x: 300, y: 10_000), CGPoint(x: -20, y: line.midY),
            CGPoint(x: 700, y: line.midY),
            CGPoint(x: left - 3, y: line.midY), CGPoint(x: right + 3, y: line.midY),
            CGPoint(x: 5, y: view.caretRect(for: text.utf16.count + 1).midY),
            CGPoint(x: 300, y: view.caretRect(for: text.utf16.count + 1).midY),
            CGPoint(x: CGFloat.nan, y: line.midY), CGPoint(x: 5, y: CGFloat.nan),
            CGPoint(x: CGFloat.infinity, y: line.midY),
            CGPoint(x: 5, y: -CGFloat.infinity),
            CGPoint(x: CGFloat.greatestFiniteMagnitude, y: CGFloat.greatestFiniteMagnitude),
        ]
        for point in points {
            #expect(view.characterRange(at: point) == nil, "\(point)")
            #expect(view.fractionOfDistanceThroughGlyph(for: point) == 0, "\(point)")
        }
        #expect(makeView("").characterRange(at: CGPoint(x: 1, y: 1)) == nil)
    }

    /// The baseline below the top of the character's rectangle: the line's baseline, inside
    /// the rectangle; the same for every character of a line; the end caret's line at the end.
    @Test(arguments: texts)
    func theBaselineOfACharacter(_ text: String) throws {
        let view = makeView(text)
        let line = try #require(
            view.textLayoutManager.textLayoutFragment(for: view.textContentStorage.documentRange.location)?
                .textLineFragments.first)
        for cluster in Self.clusters(text) + [text.utf16.count ..< text.utf16.count] {
            var actual: NSRange?
            let rect = view.firstRect(
                forCharacterRange: NSRange(location: cluster.lowerBound, length: cluster.count), actualRange: &actual)
            let delta = view.baselineDeltaForCharacter(at: cluster.lowerBound)
            #expect(abs(delta - line.baseline) < 0.01)
            #expect(delta > 0 && delta < rect.height)
        }
        // A second line further down has its own baseline, below the top of its own rectangle.
        let two = makeView(text + "\n" + text)
        let second = text.utf16.count + 1
        var actual: NSRange?
        let rect = two.firstRect(forCharacterRange: NSRange(location: second, length: 1), actualRange: &actual)
        #expect(rect.minY > 0)
        #expect(abs(two.baselineDeltaForCharacter(at: second) - line.baseline) < 0.01)
    }

    /// `attributedString()`: the whole text, as `attributedText` has it, without marked text.
    @Test(arguments: texts)
    func theWholeAttributedString(_ text: String) {
        let view = makeView(text)
        var bold = AttributeContainer()
        bold.foregroundColor = TextColor(red: 1, green: 0, blue: 0)
        var selection = view.attributedTextSelection
        view.setSelectedRange(NSRange(location: 0, length: Self.clusters(text)[1].upperBound))
        selection = view.attributedTextSelection
        view.transformAttributes(in: &selection) { $0.foregroundColor = TextColor(red: 1, green: 0, blue: 0) }
        #expect(view.attributedString() == view.attributedText)
        #expect(String(view.attributedString().characters[...]) == text)
        let client: any TextInputClient = view
        #expect(client.attributedString() == view.attributedText)
    }

    /// UIKit's editing trio: `selectedTextRange`, `text(in:)`, `replace(_:withText:)` (as
    /// autocorrection replaces a word: one undo step, the caret after it).
    @Test(arguments: texts)
    func uiKitsSelectedTextRangeTextAndReplace(_ text: String) {
        let view = makeView(text)
        let clusters = Self.clusters(text)
        let word = NSRange(location: clusters[1].lowerBound, length: clusters[2].upperBound - clusters[1].lowerBound)
        #expect(view.selectedTextRange == NSRange(location: text.utf16.count, length: 0))
        view.selectedTextRange = word
        #expect(view.selectedTextRange == word && view.selectedRange() == word)
        #expect(
            view.text(in: word)
                == String(text[text.index(after: text.startIndex) ..< text.index(text.startIndex, offsetBy: 3)]))
        #expect(view.text(in: NSRange(location: 0, length: text.utf16.count)) == text)
        view.replace(word, withText: "ಕನ್ನಡ")
        #expect(view.textContentStorage.string == String(text.prefix(1)) + "ಕನ್ನಡ" + String(text.dropFirst(3)))
        #expect(view.selectedTextRange == NSRange(location: word.location + "ಕನ್ನಡ".utf16.count, length: 0))
        #expect(view.undoStack.undoStepCount == 1)
        view.undo()
        #expect(view.textContentStorage.string == text)
        // Bad ranges: nil, ignored.
        let length = text.utf16.count
        for bad in InputClientRangeTests.badRanges(length) {
            #expect(view.text(in: bad) == nil, "\(bad)")
            view.replace(bad, withText: "x")
            view.selectedTextRange = bad
        }
        view.selectedTextRange = nil
        #expect(view.textContentStorage.string == text)
        #expect(view.selectedTextRange.map { $0.location >= 0 && $0.location + $0.length <= length } == true)
    }

    /// The paragraph's direction after or before a position (UIKit's `baseWritingDirection(for:in:)`):
    /// at the start of a Hebrew or Arabic paragraph after an English one, forward is right to
    /// left and backward left to right; outside the document, as at its ends.
    @Test(arguments: ["שלום עולם", "مرحبا بالعالم", "ಕನ್ನಡ", "👍🏽 x"])
    func theDirectionAfterAndBeforeAPosition(_ paragraph: String) {
        let view = makeView("English\n" + paragraph)
        let expected: TextSelectionNavigation.WritingDirection =
            SelectionRectTests.hasRightToLeftLetter(paragraph) ? .rightToLeft : .leftToRight
        #expect(view.baseWritingDirection(for: 8, in: .forward) == expected)
        #expect(view.baseWritingDirection(for: 8, in: .backward) == .leftToRight)
        #expect(view.baseWritingDirection(for: 0, in: .backward) == .leftToRight)
        #expect(view.baseWritingDirection(for: view.endOfDocument, in: .backward) == expected)
        for bad in InputClientRangeTests.badPositions(view.endOfDocument) {
            let atEnd = bad > view.endOfDocument
            #expect(view.baseWritingDirection(for: bad, in: .forward) == (atEnd ? expected : .leftToRight), "\(bad)")
        }
        #expect(makeView("").baseWritingDirection(for: 0, in: .backward) == .leftToRight)
    }
}
