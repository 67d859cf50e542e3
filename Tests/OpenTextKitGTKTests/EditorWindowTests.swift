import Foundation
import Testing

/// otk-editor in a real window under Xvfb: key events from xdotool reach the content (read back
/// from the file the editor saves) and the screen (read back from Xvfb's frame buffer).
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb and xdotool (scripts/install-deps.sh)"))
struct EditorWindowTests {
    /// Text in both directions and in complex scripts, a paragraph each.
    static let mixed = "Hello مرحبا بالعالم\nकखग ಕನ್ನಡ ภาษาไทย 👨‍👩‍👧\nThird line\n"
    /// The columns the text's ink is looked for in (right of the caret at the line's start).
    static let textColumns = 12 ..< 700
    /// The rows of the window (900 x 700 at the screen's top left; the screen is black below).
    static let windowRows = 0 ..< 700

    @Test func typedKeysReachTheContentAndTheScreen() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: Self.mixed, display: display)
            let before = try editor.settledScreenshot()
            let lines = before.inkBands(columns: Self.textColumns, rows: Self.windowRows)
            try #require(lines.count == 3, "three lines shown: \(lines)")
            try display.type("Typed ")
            let after = try editor.settledScreenshot()
            #expect(after.differences(from: before, rows: lines[0]) > 100, "the first line shows what was typed")
            // (The scroll bar at the right edge may show while the text changes.)
            #expect(after.differences(from: before, rows: lines[1], columns: 0 ..< 850) == 0, "the others stay")
            #expect(after.differences(from: before, rows: lines[2], columns: 0 ..< 850) == 0)
            let saved = try editor.savedText()
            #expect(saved == "Typed " + Self.mixed, "\(editor.errorOutput)")
        }
    }

    @Test func deadKeysAndHexEntryGoThroughTheInputMethodWithAVisiblePreedit() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "x\n", display: display)
            let before = try editor.settledScreenshot()
            let line = try #require(before.inkBands(columns: 12 ..< 700, rows: Self.windowRows).first)
            // Ctrl+Shift+U 4 1: GTK's input method shows the preedit "u41" (underlined) at the caret.
            try display.key("ctrl+shift+u", "4", "1")
            let composing = try editor.settledScreenshot()
            #expect(composing.differences(from: before, rows: line.lowerBound ..< line.upperBound + 4) > 50)
            try display.key("space")
            try display.key("dead_acute", "e")
            let saved = try editor.savedText()
            #expect(saved == "Aéx\n", "\(editor.errorOutput)")
        }
    }

    @Test func clicksPlaceTheCaretWhereHitTestingSays() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: Self.mixed, display: display)
            let lines = try editor.settledScreenshot().inkBands(columns: Self.textColumns, rows: Self.windowRows)
            try #require(lines.count == 3)
            // Left of the third line's first character, then far right of the first line's end.
            try display.click(x: 2, y: (lines[2].lowerBound + lines[2].upperBound) / 2)
            try display.type("X")
            try display.click(x: 850, y: (lines[0].lowerBound + lines[0].upperBound) / 2)
            try display.type("Y")
            let saved = try editor.savedText()
            #expect(saved == "Hello مرحبا بالعالمY\nकखग ಕನ್ನಡ ภาษาไทย 👨‍👩‍👧\nXThird line\n", "\(editor.errorOutput)")
        }
    }

    @Test func arrowsMoveVisuallyInRightToLeftText() throws {
        try VirtualDisplay.with { display in
            // A Hebrew paragraph: at its end (End), the caret is at the line's left; Right moves
            // it one character back in the text.
            let editor = try EditorSession(text: "שלום עולם\n", display: display)
            try display.key("End", "Right")
            try display.type("X")
            try display.key("ctrl+Home", "Left")
            try display.type("Y")
            let saved = try editor.savedText()
            #expect(saved == "שYלום עולXם\n", "\(editor.errorOutput)")
        }
    }

    @Test func selectionCopyPasteUndoAndRedoThroughKeys() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "one ಕನ್ನಡ\ntwo\n", display: display)
            let before = try editor.settledScreenshot()
            try display.key("shift+End")
            let selected = try editor.settledScreenshot()
            let line = try #require(before.inkBands(columns: Self.textColumns, rows: Self.windowRows).first)
            #expect(selected.differences(from: before, rows: line) > 200, "the selection is drawn")
            try display.key("ctrl+c", "ctrl+End")
            try display.key("ctrl+v")
            #expect(try editor.savedText() == "one ಕನ್ನಡ\ntwo\none ಕನ್ನಡ", "\(editor.errorOutput)")
            try display.key("ctrl+z")
            #expect(try editor.savedText() == "one ಕನ್ನಡ\ntwo\n")
            try display.key("ctrl+shift+z")
            #expect(try editor.savedText() == "one ಕನ್ನಡ\ntwo\none ಕನ್ನಡ")
        }
    }

    @Test func theCaretBlinksAsTheDesktopSays() throws {
        try VirtualDisplay.with { display in
            // Spaces first: the caret, at the line's start, is the only ink there.
            let editor = try EditorSession(text: "    blink\n", display: display, caretBlinkTime: 300)
            var seen: Set<Bool> = []
            for _ in 0 ..< 30 where seen.count < 2 {
                seen.insert(try display.screenshot().ink(x: 0, y: 0, width: 16, height: 24) > 0)
                usleep(60_000)
            }
            #expect(seen == [true, false], "\(editor.errorOutput)")
        }
    }
}
