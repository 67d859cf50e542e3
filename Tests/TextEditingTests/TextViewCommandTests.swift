import Foundation
import TestFixtures
import Testing
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// The typed commands: every AppKit selector the view knows reads into one and back, and a
/// command performed does what its selector does, in text of every script.
@Suite struct TextViewCommandTests {
    static let selectors = [
        "moveLeft:", "moveRight:", "moveForward:", "moveBackward:", "moveUp:", "moveDown:",
        "moveWordLeft:", "moveWordRight:", "moveWordForward:", "moveWordBackward:",
        "moveToBeginningOfLine:", "moveToEndOfLine:", "moveToLeftEndOfLine:", "moveToRightEndOfLine:",
        "moveToBeginningOfParagraph:", "moveToEndOfParagraph:", "moveParagraphBackward:", "moveParagraphForward:",
        "moveToBeginningOfDocument:", "moveToEndOfDocument:", "pageDown:", "pageUp:",
        "deleteBackward:", "deleteForward:", "deleteBackwardByDecomposingPreviousCharacter:",
        "deleteWordBackward:", "deleteWordForward:", "deleteToBeginningOfLine:", "deleteToEndOfLine:",
        "deleteToBeginningOfParagraph:", "deleteToEndOfParagraph:",
        "insertNewline:", "insertLineBreak:", "insertTab:", "selectAll:", "selectWord:", "selectLine:",
        "selectParagraph:",
        "transpose:", "undo:", "redo:",
    ]

    @Test func everySelectorReadsIntoACommandAndBack() throws {
        var commands = Set<TextViewCommand>()
        for selector in Self.selectors {
            let command = try #require(TextViewCommand(selector: selector), "\(selector)")
            #expect(command.selector == selector)
            commands.insert(command)
        }
        #expect(commands.count == Self.selectors.count)
        // The extending forms of the moves and pages.
        for selector in Self.selectors where selector.hasPrefix("move") || selector.hasPrefix("page") {
            let extending = String(selector.dropLast()) + "AndModifySelection:"
            let command = try #require(TextViewCommand(selector: extending), "\(extending)")
            #expect(command.selector == extending)
            #expect(command != TextViewCommand(selector: selector))
        }
        #expect(TextViewCommand(selector: "insertParagraphSeparator:") == .insertNewline)
        #expect(
            TextViewCommand(selector: "moveToBeginningOfParagraph:") == .move(.backward, .paragraph, confined: true))
        #expect(TextViewCommand(selector: "moveParagraphBackward:") == .move(.backward, .paragraph))
        #expect(TextViewCommand(selector: "deleteWordBackward:") == .delete(.backward, .word))
    }

    @Test func namesAppKitDoesNotHaveAreNil() {
        for selector in [
            "", ":", "moveLeft", "moveSideways:", "deleteBackwardAndModifySelection:", "undoAndModifySelection:",
            "selectAll", "copy:", "MOVELEFT:", "moveLeft:\u{0}",
        ] {
            #expect(TextViewCommand(selector: selector) == nil, "\(selector.debugDescription)")
        }
        // Commands AppKit has no selector for.
        #expect(TextViewCommand.move(.up, .word).selector == nil)
        #expect(TextViewCommand.delete(.forward, .character, decomposing: true).selector == nil)
        #expect(TextViewCommand.select(.character).selector == nil)
    }

    @Test func typedCommandsEditAndSelectInEveryScript() {
        let word = makeView("hello world")
        word.perform(.delete(.backward, .word))
        #expect(word.textContentStorage.string == "hello ")
        word.perform(.undo)
        #expect(word.textContentStorage.string == "hello world")

        // Right to left: backward by a word is toward the start of the text, whatever its direction.
        let hebrew = makeView("abc אבג")
        hebrew.perform(.move(.backward, .word, extending: true))
        #expect(hebrew.selectedRange() == NSRange(location: 4, length: 3))

        let paragraphs = makeView("one\nدو\nthree", caret: 5)
        paragraphs.perform(.select(.paragraph))
        #expect(paragraphs.selectedRange() == NSRange(location: 4, length: 3)) // its separator too, as TextKit's
        paragraphs.setSelectedRange(NSRange(location: 5, length: 0))
        paragraphs.perform(.move(.forward, .paragraph, confined: true))
        #expect(paragraphs.selectedRange() == NSRange(location: 6, length: 0))
        paragraphs.perform(.insertLineBreak)
        #expect(paragraphs.textContentStorage.string == "one\nدو\u{2028}\nthree")

        // A cluster's scalars one at a time, then the whole cluster.
        let clusters = makeView("ಕನ್ನಡ e\u{301}")
        clusters.perform(.delete(.backward, .character, decomposing: true))
        #expect(clusters.textContentStorage.string == "ಕನ್ನಡ e")
        clusters.perform(.delete(.backward, .character))
        clusters.perform(.delete(.backward, .character))
        #expect(clusters.textContentStorage.string == "ಕನ್ನಡ")
        clusters.perform(.selectAll)
        #expect(clusters.selectedRange() == NSRange(location: 0, length: 5))
    }
}
