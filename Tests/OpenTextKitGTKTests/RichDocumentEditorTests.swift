import Foundation
import Testing

/// otk-editor on rich documents, in a real window: Markdown opens as rich text (headings,
/// emphasis, lists with their markers) with a disclosure triangle beside each heading; the
/// formatting toolbar's buttons, its heading list and their keys change the text, one undo step
/// each, and saving writes Markdown (or the engine's document format) again. Ctrl+O opens
/// another file through GTK's file chooser.
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb and xdotool (scripts/install-deps.sh)"))
struct RichDocumentEditorTests {
    static let markdown = """
        # Genesis ಕನ್ನಡ

        In the beginning مرحبا

        And the earth was

        ## Exodus ภาษาไทย

        Now these are the names

        - one item
        - two item 😀

        """
    /// The text's columns, right of the triangles' margin; the rows under the toolbar.
    static let textColumns = 28 ..< 850
    static let textRows = 44 ..< 700

    /// The screen's lines of text, top to bottom.
    static func lines(_ editor: EditorSession) throws -> [Range<Int>] {
        try editor.settledScreenshot().inkBands(columns: textColumns, rows: textRows)
    }

    static func middle(_ band: Range<Int>) -> Int { (band.lowerBound + band.upperBound) / 2 }

    /// The editor on `markdown` as notes.md, and its seven lines on screen (two headings, three
    /// paragraphs, two items).
    static func openNotes(on display: VirtualDisplay) throws -> (editor: EditorSession, lines: [Range<Int>]) {
        let editor = try EditorSession(text: markdown, display: display, fileName: "notes.md")
        let lines = try Self.lines(editor)
        try #require(lines.count == 7, "two headings, three paragraphs, two items: \(lines)")
        return (editor, lines)
    }

    @Test func theToolbarAndItsKeysFormatMarkdownAndSavingWritesIt() throws {
        try VirtualDisplay.with { display in
            let (editor, lines) = try Self.openNotes(on: display)
            // The list items show their markers left of their text (in the list's indent).
            let screen = try editor.settledScreenshot()
            for item in lines[5 ... 6] {
                #expect(screen.ink(x: 36, y: item.lowerBound, width: 14, height: item.count) > 3, "a bullet")
            }
            // "beginning" selected by a double click, then the Bold button.
            try display.click(x: 100, y: Self.middle(lines[1]), count: 2)
            try display.click(x: 21, y: 20)
            // The second paragraph becomes a heading of level 2 (Ctrl+2).
            try display.click(x: 60, y: Self.middle(lines[2]))
            try display.key("ctrl+2")
            // Return at the end of "Now these are the names" makes a paragraph; what is typed
            // there is made italic with Ctrl+I.
            try display.click(x: 60, y: Self.middle(try Self.lines(editor)[4]))
            try display.key("End", "Return")
            try display.type("Split here")
            try display.key("shift+Home", "ctrl+i")
            let saved = try editor.savedText()
            #expect(
                saved == """
                    # Genesis ಕನ್ನಡ

                    In the **beginning** مرحبا

                    ## And the earth was

                    ## Exodus ภาษาไทย

                    Now these are the names

                    *Split here*

                    - one item
                    - two item 😀

                    """, "\(editor.errorOutput)")
            // Undo takes back one change at a time: the italic, then the typing.
            try display.key("ctrl+z")
            let undone = try editor.savedText(changedFrom: saved)
            #expect(undone.contains("\nSplit here\n") && !undone.contains("*Split here*"), "\(undone)")
        }
    }

    @Test func theHeadingListAndTheButtonsShowAndChangeTheSelection() throws {
        try VirtualDisplay.with { display in
            let (editor, lines) = try Self.openNotes(on: display)
            // In plain body text the Bold button is up; in a heading (bold) it is down.
            try display.click(x: 60, y: Self.middle(lines[1]))
            let inBody = try editor.settledScreenshot()
            try display.click(x: 60, y: Self.middle(lines[0]))
            let inHeading = try editor.settledScreenshot()
            #expect(inHeading.differences(from: inBody, rows: 4 ..< 36, columns: 4 ..< 38) > 50, "Bold shows down")
            // The list of heading levels: its third entry (Heading 2) for the first body paragraph.
            try display.click(x: 60, y: Self.middle(lines[1]))
            try display.click(x: 185, y: 20)
            usleep(600_000)
            try display.click(x: 175, y: 140)
            usleep(300_000)
            let saved = try editor.savedText()
            #expect(saved.hasPrefix("# Genesis ಕನ್ನಡ\n\n## In the beginning مرحبا\n\nAnd the earth was\n"), "\(saved)")
            // The list's label now reads "Heading 2" where it read "Body": the toolbar changed.
            let after = try editor.settledScreenshot()
            #expect(after.differences(from: inBody, rows: 4 ..< 36, columns: 132 ..< 240) > 50)
        }
    }

    @Test func aClickOnAHeadingsTriangleCollapsesItsSection() throws {
        try VirtualDisplay.with { display in
            let (editor, lines) = try Self.openNotes(on: display)
            try display.click(x: 12, y: Self.middle(lines[3]))
            let collapsed = try Self.lines(editor)
            #expect(collapsed.count == 4, "Exodus's paragraph and list hidden: \(collapsed)")
            // Text typed above a collapsed section (a new paragraph and Kannada through the hex
            // entry) leaves it collapsed: the section follows its heading.
            try display.click(x: 60, y: Self.middle(collapsed[1]))
            try display.key("End", "Return", "ctrl+shift+u", "0", "c", "9", "5", "space")
            #expect(try Self.lines(editor).count == 5)
            let saved = try editor.savedText()
            #expect(saved.contains("In the beginning مرحبا\n\nಕ\n\nAnd the earth"), "\(saved)")
            // The first heading's triangle hides its three paragraphs; Exodus's opens its section.
            try display.click(x: 12, y: Self.middle(collapsed[0]))
            let both = try Self.lines(editor)
            #expect(both.count == 2, "\(both)")
            try display.click(x: 12, y: Self.middle(both[1]))
            #expect(try Self.lines(editor).count == 5, "Genesis collapsed, Exodus open")
        }
    }

    /// Markdown with a byte order mark and CR LF line ends is written back with both.
    @Test func markdownKeepsItsByteOrderMarkAndLineEnds() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(
                text: "\u{FEFF}# Title ಕನ್ನಡ\r\n\r\nBody مرحبا\r\n", display: display, fileName: "crlf.md")
            try display.key("ctrl+End")
            try display.type(" more")
            let saved = try Data(contentsOf: editor.file)
            _ = try editor.savedText()
            let after = try Data(contentsOf: editor.file)
            #expect(after != saved)
            #expect(
                after == Data("\u{FEFF}# Title ಕನ್ನಡ\r\n\r\nBody مرحبا more\r\n".utf8),
                "\(String(decoding: after, as: UTF8.self).debugDescription)")
        }
    }

    @Test func documentsInTheEnginesFormatKeepUnderlineAndPlainTextHasNoToolbar() throws {
        try VirtualDisplay.with { display in
            let document =
                #"{"format":"opentextkit-document","runs":[{"length":17}],"text":"Plain ಕನ್ನಡ مرحبا","version":1}"#
            let editor = try EditorSession(text: document, display: display, fileName: "letter.otk.json")
            // Select all, Underline (the button), save: the runs carry the underline.
            try display.key("ctrl+a")
            try display.click(x: 101, y: 20)
            let saved = try editor.savedText()
            #expect(saved.contains(#""underlineStyle""#) && saved.contains("Plain ಕನ್ನಡ مرحبا"), "\(saved)")
        }
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "plain text\n", display: display)
            // No toolbar: the text starts at the window's top, and Ctrl+B changes nothing.
            let first = try #require(
                try editor.settledScreenshot().inkBands(columns: 40 ..< 850, rows: 0 ..< 700).first)
            #expect(first.lowerBound < 20, "\(first)")
            try display.key("ctrl+a", "ctrl+b", "ctrl+s")
            usleep(500_000)
            #expect(try String(contentsOf: editor.file, encoding: .utf8) == "plain text\n")
        }
    }

    @Test func ctrlOOpensAnotherFileAfterAskingAboutUnsavedChanges() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "first file\n", display: display)
            let second = editor.directory.appendingPathComponent("second.md")
            try Data("# Second ಕನ್ನಡ\n\nمرحبا\n".utf8).write(to: second)
            try display.type("changed ")
            try display.key("ctrl+o")
            // Unsaved changes: the prompt first; Save writes them, then the chooser opens.
            try display.waitForWindow("Unsaved changes")
            try display.key("alt+s")
            try display.waitForWindow("^Open$")
            #expect(try String(contentsOf: editor.file, encoding: .utf8) == "changed first file\n")
            // Typing a path in GTK's chooser goes to its location field; Return opens it.
            try display.type(second.path)
            try display.key("Return")
            try display.waitForWindow("second.md")
            // It is rich text: a heading and a paragraph, and the toolbar above them.
            let lines = try Self.lines(editor)
            #expect(lines.count == 2, "\(lines)")
            try display.key("ctrl+End")
            try display.type(" more")
            try display.key("ctrl+s")
            try waitUntil("the second file saved") {
                (try String(contentsOf: second, encoding: .utf8)) == "# Second ಕನ್ನಡ\n\nمرحبا more\n"
            }
        }
    }

    /// A file that cannot be opened (not UTF-8) is said in a dialog; the document shown stays.
    @Test func aFileThatCannotBeOpenedLeavesTheDocumentShown() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "first ಕನ್ನಡ\n", display: display)
            let broken = editor.directory.appendingPathComponent("broken.txt")
            try Data([0x61, 0xFF, 0xFE, 0x62]).write(to: broken)
            try display.key("ctrl+o")
            try display.waitForWindow("^Open$")
            try display.type(broken.path)
            try display.key("Return")
            try display.waitForWindow("Not opened")
            #expect(editor.errorOutput.contains("could not open"), "\(editor.errorOutput)")
            try display.key("Return")
            // Still the first document: typing and saving change it, not the broken file.
            try display.type("x")
            #expect(try editor.savedText().hasPrefix("xfirst"))
            #expect(try Data(contentsOf: broken) == Data([0x61, 0xFF, 0xFE, 0x62]))
        }
    }
}
