import Foundation
import Testing
import TextContent
@testable import TextEditing

/// `moveText(in:to:copying:)`: what a drag of the selection dropped in the view does. The text
/// goes (or is copied) with its attributes, the moved text is selected, and it is one undo step.
@Suite struct MoveTextTests {
    static let text = "Hello world مرحبا ಕನ್ನಡ 👨‍👩‍👧 end"

    /// The offsets of `word` in `text`.
    static func range(of word: String, in text: String = text) -> NSRange {
        NSRange(text.range(of: word)!, in: text)
    }

    @Test func movingForwardAndBackwardKeepsEveryCharacterAndSelectsTheMovedText() {
        let view = makeView(Self.text)
        let world = Self.range(of: "world ")
        let end = Self.text.utf16.count
        #expect(view.moveText(in: world, to: end))
        #expect(view.textContentStorage.string == "Hello مرحبا ಕನ್ನಡ 👨‍👩‍👧 endworld ")
        #expect(view.selectedRange() == NSRange(location: end - world.length, length: world.length))
        // Back to the start: before "Hello".
        let kannada = Self.range(of: "ಕನ್ನಡ", in: view.textContentStorage.string)
        #expect(view.moveText(in: kannada, to: 0))
        #expect(view.textContentStorage.string == "ಕನ್ನಡHello مرحبا  👨‍👩‍👧 endworld ")
        #expect(view.selectedRange() == NSRange(location: 0, length: kannada.length))
        // Each move is one undo step.
        view.undo()
        #expect(view.textContentStorage.string == "Hello مرحبا ಕನ್ನಡ 👨‍👩‍👧 endworld ")
        view.undo()
        #expect(view.textContentStorage.string == Self.text)
        view.redo()
        #expect(view.textContentStorage.string == "Hello مرحبا ಕನ್ನಡ 👨‍👩‍👧 endworld ")
    }

    @Test func copyingLeavesTheSource() {
        let view = makeView(Self.text)
        let arabic = Self.range(of: "مرحبا")
        #expect(view.moveText(in: arabic, to: 0, copying: true))
        #expect(view.textContentStorage.string == "مرحبا" + Self.text)
        #expect(view.selectedRange() == NSRange(location: 0, length: arabic.length))
        // A copy may go inside its own range.
        #expect(view.moveText(in: NSRange(location: 0, length: 5), to: 2, copying: true))
        #expect(view.textContentStorage.string.hasPrefix("مرمرحباحبا"))
    }

    @Test func theAttributesGoWithTheText() throws {
        var text = AttributedString("plain bold tail")
        text[text.range(of: "bold")!].underlineStyle = .single
        let view = TextView(storage: TextContentStorage(attributedString: text))
        #expect(view.moveText(in: NSRange(location: 6, length: 4), to: 15))
        let moved = view.textContentStorage.attributedString
        #expect(String(moved.characters[...]) == "plain  tailbold")
        let bold = try #require(moved.range(of: "bold"))
        #expect(moved[bold].runs.allSatisfy { $0.underlineStyle == .single })
        #expect(moved[moved.range(of: "tail")!].runs.allSatisfy { $0.underlineStyle == nil })
    }

    /// A move onto itself, an empty range, ranges and offsets outside the text, and a range
    /// splitting a surrogate pair change nothing and leave no undo step.
    @Test(arguments: [
        (NSRange(location: 6, length: 5), 8), (NSRange(location: 6, length: 5), 6),
        (NSRange(location: 6, length: 5), 11),
        (NSRange(location: 6, length: 0), 0), (NSRange(location: 40, length: 5), 0),
        (NSRange(location: 6, length: 5), 999),
        (NSRange(location: 6, length: 5), -1), (NSRange(location: -2, length: 5), 0),
        (NSRange(location: NSNotFound, length: 5), 0), (NSRange(location: 6, length: Int.max), 0),
    ])
    func movesThatCannotBeChangeNothing(_ range: NSRange, _ offset: Int) {
        let view = makeView(Self.text)
        #expect(!view.moveText(in: range, to: offset))
        #expect(view.textContentStorage.string == Self.text)
        #expect(view.undoStack.undoSteps.isEmpty)
    }

    @Test func aRangeSplittingASurrogatePairIsRefused() {
        let view = makeView(Self.text)
        // The family emoji's first scalar is a surrogate pair: its second half starts a range.
        let family = Self.range(of: "👨‍👩‍👧")
        #expect(!view.moveText(in: NSRange(location: family.location + 1, length: 3), to: 0))
        #expect(view.textContentStorage.string == Self.text)
    }
}
