import Foundation
import Testing

/// The seed's formatting toolbar over `TextEditor` (Examples/FormattedEditorWindow) in a real
/// window: keys typed and selections made reach the app's model, the toolbar's buttons (the
/// seed's `toggleBold`, `toggleUnderline` on the model) reach the editor, and undo takes back
/// one button at a time.
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb and xdotool (scripts/install-deps.sh)"))
struct FormattedEditorWindowTests {
    struct Run: Decodable, Equatable {
        let text: String
        let bold: Bool
        let italic: Bool
        let underline: Bool
    }

    /// Runs the window, does `actions` in it, closes it and returns the model's runs.
    func runs(_ actions: (VirtualDisplay) throws -> Void) throws -> [Run] {
        try VirtualDisplay.with { display in
            let output = Pipe()
            let process = try display.launch("formatted-editor", title: "formatted-editor", output: output)
            defer { process.stop() }
            try actions(display)
            try display.key("ctrl+q")
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return try JSONDecoder().decode([Run].self, from: data)
        }
    }

    @Test func typingSelectingAndTheSeedsButtonsKeepTheModelAndTheEditorInStep() throws {
        let result = try runs { display in
            try display.key("ctrl+a")
            try display.type("Hello world ")
            // Kannada ಕ (U+0C95) through GTK's hex entry: xdotool cannot type it as a key.
            try display.key("ctrl+shift+u", "0", "c", "9", "5", "space")
            // Select "world ಕ" with the keyboard, then the seed's Bold and Underline buttons.
            try display.key("ctrl+shift+Left", "ctrl+shift+Left")
            try display.click(x: 50, y: 18)
            usleep(200_000)
            try display.click(x: 250, y: 18)
            usleep(200_000)
            // Undo takes back the underline alone: each button is one step.
            try display.key("ctrl+z")
            usleep(200_000)
        }
        #expect(
            result == [
                Run(text: "Hello ", bold: false, italic: false, underline: false),
                Run(text: "world ಕ", bold: true, italic: false, underline: false),
            ], "\(result)")
    }

    @Test func theModelFollowsTypingAfterAButton() throws {
        let result = try runs { display in
            try display.key("ctrl+a")
            try display.type("plain ")
            // Italic at a caret: what is typed next is italic (the typing attributes).
            try display.click(x: 150, y: 18)
            usleep(200_000)
            try display.type("slanted")
        }
        #expect(
            result == [
                Run(text: "plain ", bold: false, italic: false, underline: false),
                Run(text: "slanted", bold: false, italic: true, underline: false),
            ], "\(result)")
    }

    @Test func copyAndPasteKeepTheAttributesThroughTheClipboard() throws {
        let result = try runs { display in
            try display.key("ctrl+a")
            try display.type("Hello world")
            try display.key("ctrl+shift+Left")
            try display.click(x: 50, y: 18)
            usleep(200_000)
            // The bold word copied (the engine's document format on the clipboard) and pasted at the end.
            try display.key("ctrl+c", "End", "ctrl+v")
            usleep(300_000)
        }
        #expect(
            result == [
                Run(text: "Hello ", bold: false, italic: false, underline: false),
                Run(text: "worldworld", bold: true, italic: false, underline: false),
            ], "\(result)")
    }
}
