import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextEditing

/// The word commands never leave a caret, a selection edge or a deletion edge inside a grapheme
/// cluster, whatever ICU's word rules say: Hangul jamo, emoji ZWJ sequences, flags, Indic
/// conjuncts, Thai with marks, combining marks, in both directions.
@Suite struct WordCommandGraphemeTests {
    static let texts = [
        "\u{1112}\u{B120} x \u{1100}\u{1161}\u{11A8}\u{1100} y",
        "hi 👨‍👩‍👧‍👦 there 🧑🏽‍💻x 🇫🇷🇩🇪 and 🇺🇸x",
        "क्षत्रिय नमस्ते ಕ್ಷೇತ್ರ ಸ್ತ್ರೀ",
        "ภาษาไทยง่ายมาก น้ำใจ",
        "e\u{301}\u{302}te\u{301} cafe\u{301}x",
        "שָׁלוֹם עוֹלָם مَرْحَبًا \u{1112}\u{B120}",
    ]

    static let moves = ["moveWordLeft:", "moveWordRight:", "moveWordForward:", "moveWordBackward:", "selectWord:"]

    @Test(arguments: 0 ..< 6)
    func movesAndSelectWordStayOnGraphemeBoundaries(_ index: Int) {
        let text = Self.texts[index]
        let clusters = graphemeBoundaries(text)
        for start in clusters.sorted() {
            for command in Self.moves + Self.moves.dropLast().map({ String($0.dropLast()) + "AndModifySelection:" }) {
                let view = makeView(text, caret: start)
                view.doCommand(by: command)
                let range = view.selectedRange()
                #expect(
                    clusters.contains(range.location) && clusters.contains(range.location + range.length),
                    "\(index): \(command) at \(start) gives \(range)")
            }
        }
    }

    @Test(arguments: 0 ..< 6)
    func wordDeletionsTakeWholeGraphemes(_ index: Int) {
        let text = Self.texts[index]
        let clusters = graphemeBoundaries(text)
        let units = Array(text.utf16)
        for start in clusters.sorted() {
            for command in ["deleteWordBackward:", "deleteWordForward:"] {
                let view = makeView(text, caret: start)
                view.doCommand(by: command)
                let after = Array(view.textContentStorage.string.utf16)
                let removed = units.count - after.count
                let caret = view.selectedRange().location
                // What is left: the text before the caret and after the deleted range, unchanged.
                #expect(
                    Array(units[..<caret]) == Array(after[..<caret])
                        && Array(units[(caret + removed)...]) == Array(after[caret...]),
                    "\(index): \(command) at \(start)")
                #expect(
                    clusters.contains(caret) && clusters.contains(caret + removed),
                    "\(index): \(command) at \(start) deleted \(caret)..<\(caret + removed)")
            }
        }
    }
}
