import Foundation
import OpenTextKit
import Testing

/// Spell checking in otk-editor under Xvfb: misspelt English words get red waves under them, a
/// repeated word a green one, Arabic and Kannada nothing (no dictionary of theirs is installed;
/// an English dictionary leaves other scripts alone), and a word corrected by typing loses its mark.
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb and xdotool (scripts/install-deps.sh)"))
struct SpellCheckingWindowTests {
    @Test func misspeltWordsAreUnderlinedInRedAndARepeatedWordInGreen() throws {
        let text = "Teh cat sat\nمرحبا بالعالم ಕನ್ನಡ fine\nwords said twice twice\n"
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: text, display: display)
            let screen = try editor.settledScreenshot()
            let lines = screen.inkBands(columns: 40 ..< 850, rows: 0 ..< 700)
            try #require(lines.count == 3, "\(lines)")
            // Each line's band and a few pixels under it (the waves hang below the baseline).
            func marks(_ line: Range<Int>) -> (red: Int, green: Int) {
                screen.marks(x: 40, y: line.lowerBound, width: 810, height: line.count + 4)
            }
            let first = marks(lines[0]), second = marks(lines[1]), third = marks(lines[2])
            #expect(first.red > 8 && first.green == 0, "\(first) \(editor.errorOutput)")
            #expect(second.red == 0 && second.green == 0, "\(second)")
            #expect(third.green > 8 && third.red == 0, "\(third)")
            // The red waves are under "Teh" only: the line's left part.
            let left = screen.marks(x: 40, y: lines[0].lowerBound, width: 80, height: lines[0].count + 4)
            #expect(left.red == first.red, "\(left) of \(first)")
            // Corrected by typing ("Teh" becomes "Tea"), the mark goes.
            try display.key("Right", "Right", "Right", "BackSpace")
            try display.type("a")
            let corrected = try editor.settledScreenshot()
            let after = corrected.marks(x: 40, y: lines[0].lowerBound, width: 810, height: lines[0].count + 4)
            #expect(after.red == 0, "\(after)")
            #expect(try editor.savedText(changedFrom: text).hasPrefix("Tea cat sat\n"))
        }
    }

    @Test func aRightClickOnAMarkedWordOffersItsSuggestionsAndOneReplacesIt() throws {
        let text = "Teh cat sat on the mat.\nمرحبا بالعالم\n"
        let expected = try #require(
            try Proofreader(language: "en-US").issues(in: "Teh").first.map {
                try Proofreader(language: "en-US").suggestions(for: $0).first
            } ?? nil)
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: text, display: display)
            let screen = try editor.settledScreenshot()
            let line = try #require(screen.inkBands(columns: 40 ..< 850, rows: 0 ..< 700).first)
            // On "Teh" (the first ink right of the gutter's numbers): the menu opens under the
            // pointer, its first item (the first suggestion) focused; Return chooses it.
            let start = try #require(
                (26 ..< 300).first { screen.ink(x: $0, y: line.lowerBound, width: 1, height: line.count) > 0 })
            let middle = (line.lowerBound + line.upperBound) / 2
            try display.xdotool(["mousemove", "\(start + 10)", "\(middle)", "click", "3"])
            let menu = try editor.settledScreenshot()
            #expect(menu.differences(from: screen, rows: line.upperBound ..< 400, columns: 40 ..< 600) > 500, "a menu")
            try display.key("Return")
            let saved = try editor.savedText(changedFrom: text)
            #expect(saved == text.replacingOccurrences(of: "Teh", with: expected), "\(editor.errorOutput)")
            // One undo step brings the word back.
            try display.key("ctrl+z")
            #expect(try editor.savedText(changedFrom: saved) == text)
        }
    }

    /// F7 proposes: the changes underlined in blue, the text unchanged and refusing edits; F7
    /// again applies them (shown going and coming) as one undo step.
    @Test func f7ProposesWithUnderlinesThenAppliesInOneUndoStep() throws {
        let text = "Teh cat sat on the the mat. it purred.\nمرحبا بالعالم ಕನ್ನಡ\n"
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: text, display: display)
            let before = try editor.settledScreenshot()
            #expect(before.blues(x: 0, y: 0, width: 900, height: 60) == 0)
            // The session runs on the main actor, which GLib's loop drives (MainActorBridge).
            try display.key("F7")
            try waitUntil("the proposals", seconds: 10) { editor.errorOutput.contains("proofread: 3 proposed") }
            let proposed = try editor.settledScreenshot()
            // Blue under the first line's words (its line holds all three), none under the second.
            #expect(proposed.blues(x: 0, y: 0, width: 900, height: 30) > 20, "\(editor.errorOutput)")
            #expect(proposed.blues(x: 0, y: 30, width: 900, height: 30) == 0)
            // Typing is refused while they wait.
            try display.type("xyz")
            try display.key("F7")
            try waitUntil("the changes", seconds: 10) { editor.errorOutput.contains("proofread: 3 changes") }
            let saved = try editor.savedText(changedFrom: text)
            #expect(saved == "The cat sat on the mat. It purred.\nمرحبا بالعالم ಕನ್ನಡ\n", "\(editor.errorOutput)")
            #expect(try editor.settledScreenshot().blues(x: 0, y: 0, width: 900, height: 60) == 0)
            // One undo step takes the whole session back.
            try display.key("ctrl+z")
            #expect(try editor.savedText(changedFrom: saved) == text)
        }
    }

    /// Shift+F7 dismisses the proposals: nothing changed, the underlines gone, typing works again.
    @Test func shiftF7DismissesTheProposals() throws {
        let text = "Teh cat sat on the mat.\n"
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: text, display: display)
            _ = try editor.settledScreenshot()
            try display.key("F7")
            try waitUntil("the proposals", seconds: 10) { editor.errorOutput.contains("proofread: 1 proposed") }
            try display.key("shift+F7")
            try waitUntil("the dismissal", seconds: 10) { editor.errorOutput.contains("proofreading dismissed") }
            #expect(try editor.settledScreenshot().blues(x: 0, y: 0, width: 900, height: 60) == 0)
            try display.type("Z")
            #expect(try editor.savedText(changedFrom: text).contains("Z"))
        }
    }
}
