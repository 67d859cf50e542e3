import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// Bad ranges and positions given to the input client get the documented answer, never a trap:
/// `NSNotFound` in the location or the length, huge, negative, overflowing sums, past the end.
@Suite struct InputClientRangeTests {
    static let texts = ["abc", "שלום עולם", "مرحبا", "ನಮಸ್ಕಾರ", "👍🏽x👨‍👩‍👧"]

    /// The class of bad ranges for a document of `length` units.
    static func badRanges(_ length: Int) -> [NSRange] {
        [
            NSRange(location: NSNotFound, length: NSNotFound), NSRange(location: 1, length: NSNotFound),
            NSRange(location: NSNotFound, length: 1), NSRange(location: Int.max, length: 1),
            NSRange(location: Int.max, length: Int.max),
            NSRange(location: Int.max - 1, length: 5), NSRange(location: 2, length: Int.max),
            NSRange(location: 1, length: Int.max - 1),
            NSRange(location: -1, length: 0), NSRange(location: -5, length: 3), NSRange(location: 0, length: -1),
            NSRange(location: Int.min, length: 0), NSRange(location: Int.min, length: Int.max),
            NSRange(location: length + 1, length: 0),
            NSRange(location: length, length: 1), NSRange(location: 0, length: length + 1),
            NSRange(location: NSNotFound - 1, length: NSNotFound),
        ]
    }

    /// The two traps.
    @Test func aSelectedRangeWithNSNotFoundDoesNotTrap() {
        for selected in [NSRange(location: 1, length: NSNotFound), NSRange(location: NSNotFound, length: NSNotFound)] {
            let view = makeView("")
            view.setMarkedText(
                "かな", selectedRange: selected, replacementRange: NSRange(location: NSNotFound, length: 0))
            #expect(view.textContentStorage.string == "かな")
            #expect(view.markedRange() == NSRange(location: 0, length: 2))
            // Clipped to the marked text: from 1 (or the end) to its end.
            let expected = selected.location == 1 ? NSRange(location: 1, length: 1) : NSRange(location: 2, length: 0)
            #expect(view.selectedRange() == expected)
        }
    }

    /// Every input-client method taking a range, over the class of bad ranges, with and without
    /// marked text: the documented answers.
    @Test(arguments: texts)
    func everyMethodTakingARangeAnswersBadRanges(_ text: String) {
        let length = text.utf16.count
        for composing in [false, true] {
            // Bad for the text as it is, marked text included.
            for bad in Self.badRanges(length + (composing ? 1 : 0)) {
                let view = makeView(text)
                if composing {
                    view.setMarkedText("に", selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound)
                }
                let before = view.textContentStorage.string
                let total = before.utf16.count
                let marked = view.markedRange()
                let steps = view.undoStack.undoStepCount
                let context = "\(bad) on \(text.debugDescription), composing \(composing)"

                // A selected range inside the marked text: clipped into it.
                let probe = makeView(text)
                probe.setMarkedText("かな", selectedRange: bad, replacementRange: notFound)
                let selected = probe.selectedRange()
                #expect(
                    selected.location >= length && selected.location + selected.length <= length + 2,
                    "selectedRange \(context)")

                // A bad replacement range is ignored (NSNotFound as the location means "none").
                if bad.location != NSNotFound {
                    view.insertText("x", replacementRange: bad)
                    view.insertText(AttributedString("x"), replacementRange: bad)
                    view.setMarkedText("か", selectedRange: NSRange(location: 0, length: 0), replacementRange: bad)
                    #expect(view.textContentStorage.string == before, "replacement \(context)")
                    #expect(view.undoStack.undoStepCount == steps, "replacement \(context)")
                    #expect(view.markedRange() == marked, "replacement \(context)")
                }
                // Questions about a range: nil, .null, nothing, or an answer inside the text.
                var actual: NSRange?
                if let substring = view.attributedSubstring(forProposedRange: bad, actualRange: &actual) {
                    #expect(substring.utf16.count <= total, "attributedSubstring \(context)")
                    #expect(
                        actual.map { $0.location >= 0 && $0.location + $0.length <= total } == true,
                        "actualRange \(context)")
                }
                actual = nil
                let rect = view.firstRect(forCharacterRange: bad, actualRange: &actual)
                if bad.location < 0 || bad.location > total || bad.length < 0 {
                    #expect(rect.isNull, "firstRect \(context)")
                } else {
                    #expect(!rect.isNull && rect.minX.isFinite, "firstRect \(context)")
                    #expect(
                        actual.map { $0.location == bad.location && $0.location + $0.length <= total } == true,
                        "firstRect actualRange \(context)")
                }
                for rect in view.selectionRects(for: bad).map(\.rect) {
                    #expect(rect.minX.isFinite && rect.height.isFinite, "selectionRects \(context)")
                }
                if let position = view.closestPosition(to: CGPoint(x: 5, y: 5), within: bad) {
                    #expect((0 ... total).contains(position), "closestPosition \(context)")
                }
                // Selecting it: ignored, or clipped to the text.
                view.setSelectedRange(bad)
                let now = view.selectedRange()
                #expect(now.location >= 0 && now.location + now.length <= total, "setSelectedRange \(context)")
                #expect(view.textContentStorage.string == before)
            }
        }
    }

    /// A position moved past the text is nil (UIKit's `position(from:in:offset:)`), in every
    /// direction, both ways round and for huge counts; moved exactly to the end it is the end.
    @Test func aPositionMovedPastTheTextIsNil() {
        let view = makeView("abc")
        #expect(view.position(from: 0, in: .right, offset: 10) == nil)
        #expect(view.position(from: 0, in: .right, offset: 3) == 3)
        #expect(view.position(from: 0, in: .forward, offset: 4) == nil)
        #expect(view.position(from: 3, in: .left, offset: 3) == 0)
        #expect(view.position(from: 3, in: .left, offset: 4) == nil)
        #expect(view.position(from: 3, in: .backward, offset: 10) == nil)
        #expect(view.position(from: 1, in: .forward, offset: Int.max) == nil)
        #expect(view.position(from: 1, in: .left, offset: Int.max) == nil)
        #expect(view.position(from: 1, in: .right, offset: 0) == 1)
        #expect(view.position(from: 1, in: .right, offset: -1) == nil)
        #expect(view.position(from: 0, offset: 10) == nil)
        #expect(view.position(from: 3, offset: -4) == nil)
        #expect(view.position(from: 3, offset: Int.max) == nil)
        #expect(view.position(from: 2, offset: 1) == 3)
    }

    /// Right-to-left: right goes toward the start, left toward the end; past either is nil.
    @Test(arguments: ["שלום", "مرحبا", "สวัสดี", "👍🏽x👨‍👩‍👧"])
    func aPositionMovedPastTheTextIsNilInEveryScript(_ text: String) {
        let view = makeView(text)
        let length = text.utf16.count
        let clusters = text.count
        let rightToLeft = view.baseWritingDirection(for: 0) == .rightToLeft
        let towardEnd: TextSelectionNavigation.Direction = rightToLeft ? .left : .right
        let towardStart: TextSelectionNavigation.Direction = rightToLeft ? .right : .left
        #expect(view.position(from: 0, in: towardEnd, offset: clusters) == length)
        #expect(view.position(from: 0, in: towardEnd, offset: clusters + 1) == nil)
        #expect(view.position(from: 0, in: .forward, offset: clusters) == length)
        #expect(view.position(from: 0, in: .forward, offset: clusters + 1) == nil)
        #expect(view.position(from: length, in: towardStart, offset: clusters) == 0)
        #expect(view.position(from: length, in: towardStart, offset: clusters + 1) == nil)
        #expect(view.position(from: length, in: .backward, offset: clusters + 1) == nil)
        #expect(view.position(from: length, in: .forward, offset: 1) == nil)
        #expect(view.position(from: 0, in: .backward, offset: 1) == nil)
    }

    /// Up and down go a line at a time; from the first line up (or the last down) as far as
    /// the text allows, then nil.
    @Test func upAndDownPastTheTextAreNil() {
        let view = makeView("one\ntwo\nthree")
        #expect(view.position(from: 1, in: .down, offset: 1) == 5)
        #expect(view.position(from: 1, in: .down, offset: 10) == nil)
        #expect(view.position(from: 9, in: .up, offset: 10) == nil)
        #expect(view.position(from: 9, in: .up, offset: Int.max) == nil)
    }

    /// A range wholly outside the text has no first rectangle (`.null`); one running past the
    /// end is clipped to the text; an empty one at the end is the end caret.
    @Test(arguments: texts)
    func theFirstRectOfARangeOutsideTheTextIsNull(_ text: String) {
        let view = makeView(text)
        let length = text.utf16.count
        for outside in [
            NSRange(location: length + 1, length: 0), NSRange(location: length + 7, length: 5),
            NSRange(location: Int.max, length: 0),
            NSRange(location: -1, length: 2), NSRange(location: NSNotFound, length: 0),
        ] {
            var actual: NSRange? = NSRange(location: 42, length: 42)
            #expect(view.firstRect(forCharacterRange: outside, actualRange: &actual).isNull, "\(outside)")
            #expect(actual == NSRange(location: 42, length: 42))
        }
        var actual: NSRange?
        let end = view.firstRect(forCharacterRange: NSRange(location: length, length: 0), actualRange: &actual)
        #expect(!end.isNull)
        #expect(abs(end.minX - view.caretRect(for: length).minX) < 0.01)
        #expect(actual == NSRange(location: length, length: 0))
        let clipped = view.firstRect(forCharacterRange: NSRange(location: 0, length: length + 10), actualRange: &actual)
        #expect(!clipped.isNull && clipped.width > 0)
        #expect(actual == NSRange(location: 0, length: length))
    }

    /// Positions not in a document of `length` units.
    static func badPositions(_ length: Int) -> [Int] {
        [-1, -5, Int.min, length + 1, length + 100, Int.max, NSNotFound, NSNotFound - 1]
    }

    /// Points over no character: not numbers, infinite, huge, negative, beside and below the text.
    static let badPoints: [CGPoint] = [
        CGPoint(x: CGFloat.nan, y: 5), CGPoint(x: 5, y: CGFloat.nan), CGPoint(x: CGFloat.nan, y: CGFloat.nan),
        CGPoint(x: CGFloat.infinity, y: 5), CGPoint(x: -CGFloat.infinity, y: 5), CGPoint(x: 5, y: CGFloat.infinity),
        CGPoint(x: 5, y: -CGFloat.infinity),
        CGPoint(x: CGFloat.greatestFiniteMagnitude, y: CGFloat.greatestFiniteMagnitude),
        CGPoint(x: -CGFloat.greatestFiniteMagnitude, y: 5),
        CGPoint(x: -1, y: 5), CGPoint(x: 5, y: -1), CGPoint(x: 10_000, y: 5), CGPoint(x: 5, y: 10_000),
        CGPoint(x: -1e9, y: -1e9),
    ]

    static let directions: [TextSelectionNavigation.Direction] = [.forward, .backward, .left, .right, .up, .down]

    /// The methods UIKit's `UITextInput` and AppKit's `NSTextInputClient` add, over the class of
    /// bad ranges, bad positions and points over no character, with and without marked text:
    /// the documented answers (nil, none, 0), nothing changed, never a trap.
    @Test(arguments: texts)
    func theRestOfTheInputClientAnswersBadInput(_ text: String) {
        for composing in [false, true] {
            let view = makeView(text)
            if composing {
                view.setMarkedText("に", selectedRange: NSRange(location: 1, length: 0), replacementRange: notFound)
            }
            // Junk in the marked text's style: left out, never a trap.
            view.markedTextStyle = [.underlineStyle: 5, .backgroundColor: "red", NSAttributedString.Key("font"): 12.0]
            let before = view.textContentStorage.string, steps = view.undoStack.undoStepCount,
                marked = view.markedRange()
            let total = before.utf16.count
            let context = "on \(text.debugDescription), composing \(composing)"
            for bad in Self.badRanges(total) {
                #expect(view.selectionRects(for: bad).isEmpty, "selectionRects \(bad) \(context)")
                for direction in Self.directions {
                    #expect(
                        view.position(within: bad, farthestIn: direction) == nil, "position(within: \(bad)) \(context)")
                }
                if bad.location != NSNotFound {
                    view.setMarkedText(
                        AttributedString("か"), selectedRange: NSRange(location: 0, length: 0), replacementRange: bad)
                    #expect(
                        view.textContentStorage.string == before && view.markedRange() == marked,
                        "setMarkedText over \(bad) \(context)")
                }
                // A bad selection inside attributed marked text: clipped into it.
                let probe = makeView(text)
                probe.setMarkedText(AttributedString("かな"), selectedRange: bad, replacementRange: notFound)
                let selected = probe.selectedRange()
                #expect(
                    selected.location >= text.utf16.count
                        && selected.location + selected.length <= text.utf16.count + 2,
                    "selectedRange \(bad) \(context)")
            }
            for position in Self.badPositions(total) {
                for direction in Self.directions {
                    #expect(
                        view.characterRange(byExtending: position, in: direction) == nil,
                        "characterRange(byExtending: \(position)) \(context)")
                }
                #expect(view.baselineDeltaForCharacter(at: position) == 0, "baselineDelta \(position) \(context)")
            }
            for point in Self.badPoints {
                #expect(view.characterRange(at: point) == nil, "characterRange(at: \(point)) \(context)")
                #expect(view.fractionOfDistanceThroughGlyph(for: point) == 0, "fraction \(point) \(context)")
            }
            // The document's own edges: always an answer inside it.
            for position in [0, total] {
                for direction in Self.directions {
                    let range = view.characterRange(byExtending: position, in: direction)
                    #expect(
                        range.map { $0.location >= 0 && $0.location + $0.length <= total } == true,
                        "\(position) \(direction) \(context)")
                }
                #expect(view.baselineDeltaForCharacter(at: position) > 0)
            }
            #expect(view.textContentStorage.string == before, "\(context)")
            #expect(view.undoStack.undoStepCount == steps, "\(context)")
            #expect(view.hasText && view.endOfDocument == total && view.beginningOfDocument == 0)
            #expect(String(view.attributedString().characters[...]) == before)
        }
        // An empty document: no character anywhere, its one position at 0.
        let empty = makeView("")
        #expect(!empty.hasText && empty.endOfDocument == 0)
        #expect(empty.characterRange(at: CGPoint(x: 1, y: 1)) == nil)
        #expect(empty.fractionOfDistanceThroughGlyph(for: CGPoint(x: 1, y: 1)) == 0)
        for direction in Self.directions {
            #expect(empty.characterRange(byExtending: 0, in: direction) == NSRange(location: 0, length: 0))
            #expect(empty.position(within: NSRange(location: 0, length: 0), farthestIn: direction) == 0)
        }
        #expect(empty.selectionRects(for: NSRange(location: 0, length: 1)).isEmpty)
        #expect(empty.attributedString() == AttributedString())
    }
}
