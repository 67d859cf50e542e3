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
            // Spaces first: the caret, at the line's start (right of the gutter), is the only ink there.
            let editor = try EditorSession(text: "        blink\n", display: display, caretBlinkTime: 300)
            var seen: Set<Bool> = []
            for _ in 0 ..< 30 where seen.count < 2 {
                seen.insert(try display.screenshot().ink(x: 26, y: 0, width: 20, height: 24) > 0)
                usleep(60_000)
            }
            #expect(seen == [true, false], "\(editor.errorOutput)")
        }
    }

    @Test func theSeedsLineNumbersAreDrawnBesideEachParagraph() throws {
        // 40 paragraphs, some wrapping: a number beside each paragraph's first line only.
        let text = (1 ... 40).map { number in
            number % 7 == 0
                ? String(repeating: "ಕನ್ನಡ مرحبا wrapping text \(number) ", count: 12) : "Line \(number) ภาษาไทย"
        }.joined(separator: "\n")
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: text, display: display)
            let screen = try editor.settledScreenshot()
            let lines = screen.inkBands(columns: 40 ..< 850, rows: Self.windowRows)
            // The numbers are grey on the gutter's light grey: anything darker than the gutter is theirs.
            let numbered = lines.filter {
                screen.ink(x: 0, y: $0.lowerBound, width: 34, height: $0.count, threshold: 200) > 0
            }
            #expect(lines.count > 30, "\(lines.count) lines shown")
            // Paragraph 7 wraps onto several lines: those after its first have no number.
            #expect(numbered.count < lines.count, "\(numbered.count) numbered of \(lines.count)")
            #expect(numbered.count >= 25)
            // At the end of the document the gutter shows other numbers.
            try display.key("ctrl+End")
            let end = try editor.settledScreenshot()
            #expect(end.differences(from: screen, rows: 0 ..< 690, columns: 0 ..< 34) > 100)
        }
    }

    @Test func scrollingALongDocumentAndResizingKeepTheTopLine() throws {
        let text = (1 ... 3_000).map { "Line \($0): مرحبا بالعالم ಕನ್ನಡ ภาษาไทย 👨‍👩‍👧 and some more words" }
            .joined(separator: "\n")
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: text, display: display)
            let start = try editor.settledScreenshot()
            for _ in 0 ..< 20 { try display.key("Page_Down") }
            let scrolled = try editor.settledScreenshot()
            #expect(scrolled.differences(from: start, rows: 0 ..< 690, columns: 40 ..< 850) > 1_000)
            // Mark the paragraph at the top, make the window narrower (lines wrap), and type at
            // the top again: in the same paragraph, or the one beside it (a line cut by the top
            // edge stays at the top), far down the document.
            let top = try #require(scrolled.inkBands(columns: 40 ..< 850, rows: Self.windowRows).dropFirst().first)
            try display.click(x: 40, y: (top.lowerBound + top.upperBound) / 2)
            try display.type("Y")
            let window = try display.xdotool(["search", "--onlyvisible", "--name", "document.txt"])
                .split(separator: "\n").first.map(String.init)
            try display.xdotool(["windowsize", try #require(window), "420", "700"])
            let narrow = try editor.settledScreenshot()
            let narrowTop = try #require(narrow.inkBands(columns: 40 ..< 400, rows: Self.windowRows).dropFirst().first)
            try display.click(x: 40, y: (narrowTop.lowerBound + narrowTop.upperBound) / 2)
            try display.type("Z")
            let paragraphs = try editor.savedText().split(separator: "\n", omittingEmptySubsequences: false)
            let marked = try #require(paragraphs.firstIndex { $0.hasPrefix("YLine ") })
            let typed = try #require(paragraphs.firstIndex { $0.contains("Z") })
            #expect(marked > 200, "\(paragraphs[marked])")
            #expect(abs(typed - marked) <= 1, "\(paragraphs[marked]) / \(paragraphs[typed])")
        }
    }

    @Test func doubleAndTripleClicksDragsAndCtrlClicksSelectAsExpected() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "alpha ಕನ್ನಡ gamma\nsecond paragraph here\nthird\n", display: display)
            let lines = try editor.settledScreenshot().inkBands(columns: 40 ..< 850, rows: Self.windowRows)
            try #require(lines.count == 3)
            let middles = lines.map { ($0.lowerBound + $0.upperBound) / 2 }
            // A double click on "alpha" selects the word: typing replaces it.
            try display.click(x: 45, y: middles[0], count: 2)
            try display.type("A")
            var saved = try editor.savedText()
            #expect(saved == "A ಕನ್ನಡ gamma\nsecond paragraph here\nthird\n", "\(saved)")
            // A triple click on the second paragraph selects it, its separator too.
            usleep(600_000)
            try display.click(x: 60, y: middles[1], count: 3)
            try display.type("B")
            saved = try editor.savedText(changedFrom: saved)
            #expect(saved == "A ಕನ್ನಡ gamma\nBthird\n", "\(saved)")
            // A drag from after "B" over "th" selects it.
            usleep(600_000)
            try display.xdotool(["mousemove", "42", "\(middles[1])", "mousedown", "1"])
            try display.xdotool(["mousemove", "50", "\(middles[1])"])
            try display.xdotool(["mousemove", "55", "\(middles[1])", "mouseup", "1"])
            try display.type("C")
            saved = try editor.savedText(changedFrom: saved)
            #expect(saved.hasPrefix("A ಕನ್ನಡ gamma\nBC") && saved.hasSuffix("ird\n"), "\(saved)")
            // Ctrl+click at the end of the first line adds a caret: one key types at both.
            usleep(600_000)
            try display.click(x: 850, y: middles[0], modifiers: ["ctrl"])
            try display.type("!")
            saved = try editor.savedText(changedFrom: saved)
            #expect(saved.hasPrefix("A ಕನ್ನಡ gamma!\nBC!"), "\(saved)")
        }
    }

    @Test func theFindBarFindsReplacesAndReplacesAllInOneUndoStep() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "And the LORD said\nمرحبا LORD ಕನ್ನಡ\nthe LORD God\n", display: display)
            // Typing finds the first match, Enter the next (in the right-to-left paragraph);
            // Escape gives the keys back to the text, the match selected: typing replaces it.
            try display.key("ctrl+f")
            try display.type("LORD")
            try display.key("Return", "Escape")
            try display.type("Lord")
            var saved = try editor.savedText()
            #expect(saved == "And the LORD said\nمرحبا Lord ಕನ್ನಡ\nthe LORD God\n", "\(editor.errorOutput)")
            // Replace All through the bar's keys: the replacement field, then its button.
            try display.key("ctrl+f", "Tab")
            try display.type("Lord")
            try display.key("Tab", "Tab", "space", "Escape")
            saved = try editor.savedText(changedFrom: saved)
            #expect(saved == "And the Lord said\nمرحبا Lord ಕನ್ನಡ\nthe Lord God\n")
            // One undo step takes every replacement back.
            try display.key("ctrl+z")
            saved = try editor.savedText(changedFrom: saved)
            #expect(saved == "And the LORD said\nمرحبا Lord ಕನ್ನಡ\nthe LORD God\n")
        }
    }

    @Test func closingWithUnsavedChangesAsks() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "kept مرحبا\n", display: display)
            try display.type("new ")
            // Ctrl+Q asks; Cancel keeps the window and the changes.
            try display.key("ctrl+q")
            try display.waitForWindow("Unsaved changes")
            try display.key("alt+c")
            usleep(300_000)
            #expect(editor.isRunning)
            #expect(try String(contentsOf: editor.file, encoding: .utf8) == "kept مرحبا\n")
            // Asked again, Save writes the file and closes the window.
            try display.key("ctrl+q")
            try display.waitForWindow("Unsaved changes")
            try display.key("alt+s")
            try waitUntil("the editor to close") { !editor.isRunning }
            #expect(try String(contentsOf: editor.file, encoding: .utf8) == "new kept مرحبا\n")
        }
    }

    @Test func closingWithoutSavingLeavesTheFileAsItWas() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "kept ಕನ್ನಡ\n", display: display)
            try display.type("discarded ")
            try display.key("ctrl+q")
            try display.waitForWindow("Unsaved changes")
            try display.key("alt+d")
            try waitUntil("the editor to close") { !editor.isRunning }
            #expect(try String(contentsOf: editor.file, encoding: .utf8) == "kept ಕನ್ನಡ\n")
        }
    }

    @Test func aFailedSaveSaysWhy() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "text\n", display: display)
            // The file's folder goes: no temporary file can be made beside it.
            try FileManager.default.removeItem(at: editor.file.deletingLastPathComponent())
            try display.type("more ")
            try display.key("ctrl+s")
            try display.waitForWindow("Not saved")
            #expect(editor.isRunning)
            #expect(!FileManager.default.fileExists(atPath: editor.file.path))
        }
    }

    @Test func wheelScrollingMovesTheTextByTheStepWhileEstimatesAreCorrected() throws {
        let text = EditorSession.unevenParagraphs(4_000)
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: text, display: display)
            // Far into the document, then one wheel step at a time.
            for _ in 0 ..< 30 { try display.key("Page_Down") }
            expectEachStepMovesTheTextByTheStep(try editor.wheelStepShifts(6))
        }
    }
}
