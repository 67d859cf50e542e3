import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// AppKit's paragraph commands, checked against a model of what AppKit does, from every caret
/// position of texts with empty paragraphs, CR LF, a final line break, right-to-left paragraphs:
/// - `moveToBeginningOfParagraph:` / `moveToEndOfParagraph:` go to the paragraph's start or the
///   end of its text and stay there (a caret already there, or in an empty paragraph, stays);
/// - `moveParagraphBackward:` / `moveParagraphForward:` go there, and from there on to the
///   previous paragraph's start or the next one's end;
/// - `deleteToBeginningOfParagraph:` / `deleteToEndOfParagraph:` delete to that edge, and a caret
///   already there deletes the separator beside it ("abc|\ndef" loses only the line break);
/// - the `AndModifySelection` forms extend from the caret to where the move goes.
@Suite struct ParagraphCommandTests {
    /// A paragraph: the range of its text, and of its separator after it (empty for the last).
    struct Paragraph {
        var text: Range<Int>
        var separator: Range<Int>
    }

    static func paragraphs(_ text: String) -> [Paragraph] {
        let units = Array(text.utf16)
        var result: [Paragraph] = []
        var start = 0, index = 0
        while index < units.count {
            if units[index] == 0x0A || units[index] == 0x0D {
                let length = units[index] == 0x0D && index + 1 < units.count && units[index + 1] == 0x0A ? 2 : 1
                result.append(Paragraph(text: start ..< index, separator: index ..< index + length))
                index += length
                start = index
            } else {
                index += 1
            }
        }
        result.append(Paragraph(text: start ..< units.count, separator: units.count ..< units.count))
        return result
    }

    /// What AppKit does at a caret at `offset`: where the caret goes, or what is deleted.
    static func expected(_ command: String, at offset: Int, in text: String) -> (caret: Int?, deleted: Range<Int>?) {
        let paragraphs = paragraphs(text)
        // The paragraph of a caret: the one whose text holds it, its end included.
        let index = paragraphs.firstIndex { $0.text.lowerBound <= offset && offset <= $0.text.upperBound }!
        let here = paragraphs[index]
        switch command {
        case "moveToBeginningOfParagraph:": return (here.text.lowerBound, nil)
        case "moveToEndOfParagraph:": return (here.text.upperBound, nil)
        case "moveParagraphBackward:":
            if offset > here.text.lowerBound || index == 0 { return (here.text.lowerBound, nil) }
            return (paragraphs[index - 1].text.lowerBound, nil)
        case "moveParagraphForward:":
            if offset < here.text.upperBound || index == paragraphs.count - 1 { return (here.text.upperBound, nil) }
            return (paragraphs[index + 1].text.upperBound, nil)
        case "deleteToBeginningOfParagraph:":
            if offset > here.text.lowerBound { return (nil, here.text.lowerBound ..< offset) }
            return (nil, index == 0 ? nil : paragraphs[index - 1].separator)
        case "deleteToEndOfParagraph:":
            if offset < here.text.upperBound { return (nil, offset ..< here.text.upperBound) }
            return (nil, here.separator.isEmpty ? nil : here.separator)
        default: fatalError(command)
        }
    }

    static let texts = [
        "abc\ndef\nghi", "abc\n\ndef", "\n\n", "abc\n", "", "a\r\nb\r\n\r\nc",
        "שלום עולם\nمرحبا\n\nאבג def", "one two\nthree four\nfive",
    ]

    /// The caret positions of `text`: every grapheme boundary.
    static func carets(_ text: String) -> [Int] {
        var offsets = [0]
        for character in text { offsets.append(offsets.last! + character.utf16.count) }
        return offsets
    }

    @Test(arguments: [
        "moveToBeginningOfParagraph:", "moveToEndOfParagraph:", "moveParagraphBackward:", "moveParagraphForward:",
    ])
    func movesMatchAppKit(_ command: String) {
        for text in Self.texts {
            for offset in Self.carets(text) {
                let target = Self.expected(command, at: offset, in: text).caret!
                let view = makeView(text, caret: offset)
                view.doCommand(by: command)
                #expect(
                    view.selectedRange() == NSRange(location: target, length: 0),
                    "\(command) at \(offset) in \(text.debugDescription)")
                // Extending: from the caret to the same place.
                let extending = makeView(text, caret: offset)
                extending.doCommand(by: String(command.dropLast()) + "AndModifySelection:")
                let range = NSRange(location: min(offset, target), length: abs(target - offset))
                #expect(
                    extending.selectedRange() == range, "\(command) extending at \(offset) in \(text.debugDescription)")
            }
        }
    }

    @Test(arguments: ["deleteToBeginningOfParagraph:", "deleteToEndOfParagraph:"])
    func deletionsMatchAppKit(_ command: String) {
        for text in Self.texts {
            for offset in Self.carets(text) {
                var expectedText = text.utf16.map { $0 }
                var caret = offset
                if let deleted = Self.expected(command, at: offset, in: text).deleted {
                    expectedText.removeSubrange(deleted)
                    caret = deleted.lowerBound
                }
                let view = makeView(text, caret: offset)
                view.doCommand(by: command)
                let context = "\(command) at \(offset) in \(text.debugDescription)"
                #expect(view.textContentStorage.string == String(decoding: expectedText, as: UTF16.self), "\(context)")
                #expect(view.selectedRange() == NSRange(location: caret, length: 0), "\(context)")
            }
        }
    }

    /// The examples, as written.
    @Test func theReportedCases() {
        let view = makeView("abc\ndef\nghi", caret: 3)
        view.doCommand(by: "moveToEndOfParagraph:")
        #expect(view.selectedRange() == NSRange(location: 3, length: 0))
        view.doCommand(by: "moveParagraphForward:")
        #expect(view.selectedRange() == NSRange(location: 7, length: 0))
        view.doCommand(by: "deleteToEndOfParagraph:")
        #expect(view.textContentStorage.string == "abc\ndefghi")
        let empty = makeView("abc\n\ndef", caret: 4)
        empty.doCommand(by: "moveToBeginningOfParagraph:")
        #expect(empty.selectedRange() == NSRange(location: 4, length: 0))
        empty.doCommand(by: "moveToEndOfParagraph:")
        #expect(empty.selectedRange() == NSRange(location: 4, length: 0))
    }
}
