import Foundation
import Testing

/// What a screen reader finds of the editor, read from AT-SPI's bus as Orca reads it: the
/// focused text box (role "text", multi-line), named after the document, its description the
/// caret's paragraph, told again when the caret moves to another one.
@Suite(
    .serialized,
    .enabled(
        if: VirtualDisplay.isAvailable && AccessibilityBus.isAvailable,
        "needs Xvfb, xdotool and AT-SPI (scripts/install-deps.sh)"))
struct AccessibilityTests {
    @Test func aScreenReaderFindsTheFocusedTextBoxAndTheCaretsParagraph() throws {
        try VirtualDisplay.with { display in
            try AccessibilityBus.with(on: display) { bus in
                let editor = try EditorSession(
                    text: "First line مرحبا\nSecond ಕನ್ನಡ line\n", display: display, fileName: "letter.txt",
                    environment: bus.environment)
                var text: AccessibilityBus.Node?
                try waitUntil("the text box on the accessibility bus") {
                    text = try bus.nodes(role: "text").first { $0.name == "letter.txt" }
                    return text != nil
                }
                let found = try #require(text)
                #expect(found.states.contains("focused"), "\(found)")
                #expect(found.states.contains("multi-line"), "\(found)")
                #expect(found.states.contains("editable"), "\(found)")
                #expect(found.description == "First line مرحبا", "\(found)")
                // The caret goes down a paragraph: the description follows it.
                try display.key("Down")
                try waitUntil("the second paragraph's description") {
                    try bus.nodes(role: "text").first { $0.name == "letter.txt" }?.description
                        == "Second ಕನ್ನಡ line"
                }
                // Typing changes it too.
                try display.type("New ")
                try waitUntil("the typed text in the description") {
                    try bus.nodes(role: "text").first { $0.name == "letter.txt" }?.description
                        == "New Second ಕನ್ನಡ line"
                }
                _ = editor
            }
        }
    }
}
