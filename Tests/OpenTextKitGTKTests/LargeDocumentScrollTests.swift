import Foundation
import Testing

/// Scrolling a 100 MB document in the editor, in big steps and small: a click in the scroll
/// bar's trough jumps to the middle (where no paragraph has been laid out, every height an
/// estimate), and from there each wheel step moves what is shown by the step while the estimates
/// of the paragraphs coming into view are corrected: the text under the pointer never jumps.
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb and xdotool (scripts/install-deps.sh)"))
struct LargeDocumentScrollTests {
    /// About 100 MB: paragraphs of 1 to 200 words in six scripts (their heights estimated wrongly
    /// until laid out), each numbered, the same 4,000 repeated.
    static func document() -> String {
        let block = EditorSession.unevenParagraphs(4_000)
        let copies = 100_000_000 / block.utf8.count + 1
        return Array(repeating: block, count: copies).joined(separator: "\n") + "\n"
    }

    @Test func aJumpToTheMiddleThenWheelStepsMoveTheTextByTheStep() throws {
        let text = Self.document()
        #expect(text.utf8.count >= 100_000_000)
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: text, display: display)
            let top = try editor.settledScreenshot()
            // The scroll bar (an overlay: shown when the pointer comes near) at the window's right
            // edge; a click in its trough puts the slider there (GTK's primary-button-warps-slider).
            try display.xdotool(["mousemove", "880", "300"])
            usleep(300_000)
            try display.xdotool(["mousemove", "894", "350"])
            usleep(500_000)
            try display.click(x: 894, y: 350)
            let middle = try editor.settledScreenshot()
            #expect(middle.differences(from: top, rows: 0 ..< 690, columns: 40 ..< 860) > 10_000, "it jumped")
            expectEachStepMovesTheTextByTheStep(try editor.wheelStepShifts(5))
            // Where the view is: a click on the text and a typed character land in the middle of
            // the document (saved, the character's offset is between a third and two thirds).
            try display.click(x: 300, y: 300)
            try display.type("Q")
            let saved = try editor.savedText(changedFrom: text)
            let offset = try #require(saved.utf8.firstIndex(of: UInt8(ascii: "Q")))
            let fraction =
                Double(saved.utf8.distance(from: saved.utf8.startIndex, to: offset)) / Double(text.utf8.count)
            #expect(fraction > 0.33 && fraction < 0.67, "\(fraction)")
        }
    }
}
