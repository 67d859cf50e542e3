import Foundation
import Testing

/// A real input method in the editor: ibus with Anthy (Japanese), on a D-Bus session of its own,
/// converts what is typed; the preedit shows on the screen and the commit reaches the text.
@Suite(
    .serialized,
    .enabled(if: VirtualDisplay.isAvailable && IBusSession.isAvailable, "needs Xvfb, xdotool, ibus and ibus-anthy"))
struct InputMethodTests {
    @Test func anthyConvertsRomajiToKanjiThroughIBus() throws {
        try VirtualDisplay.with { display in
            try IBusSession.with(on: display) { ibus in
                let editor = try EditorSession(text: "ಕನ್ನಡ x\n", display: display, environment: ibus.environment)
                let before = try editor.settledScreenshot()
                // Anthy starts in direct input: Ctrl+J turns Hiragana on.
                try display.key("ctrl+j")
                usleep(500_000)
                try display.type("nihongo")
                try display.key("space")
                let converting = try editor.settledScreenshot()
                let line = try #require(before.inkBands(columns: 24 ..< 880, rows: 0 ..< 700).first)
                #expect(converting.differences(from: before, rows: line, columns: 24 ..< 880) > 100, "a preedit shows")
                // Return commits the conversion.
                try display.key("Return")
                let saved = try editor.savedText()
                #expect(saved == "日本語ಕನ್ನಡ x\n", "\(saved)")
            }
        }
    }
}
