import Foundation
import Testing

/// Drag and drop in real windows: a drag that starts in the selection moves it within the view
/// (one undo step), and copies it into another program's view (here a second editor), where it
/// is inserted where it was dropped. The pointer is moved by xdotool in small steps, as a hand
/// moves it, so that GTK sees a drag past its threshold.
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb and xdotool (scripts/install-deps.sh)"))
struct DragAndDropTests {
    /// Presses the first button at `from`, moves to `to` in steps and releases it there.
    static func drag(_ display: VirtualDisplay, from: (x: Int, y: Int), to: (x: Int, y: Int)) throws {
        try display.xdotool(["mousemove", "\(from.x)", "\(from.y)", "mousedown", "1"])
        for step in 1 ... 12 {
            usleep(40_000)
            let x = from.x + (to.x - from.x) * step / 12, y = from.y + (to.y - from.y) * step / 12
            try display.xdotool(["mousemove", "\(x)", "\(y)"])
        }
        usleep(300_000)
        try display.xdotool(["mouseup", "1"])
        usleep(400_000)
    }

    @Test func draggingTheSelectionMovesItWithinTheView() throws {
        try VirtualDisplay.with { display in
            let editor = try EditorSession(text: "Hello world مرحبا\nSecond line ಕನ್ನಡ\n", display: display)
            let lines = try editor.settledScreenshot().inkBands(columns: 30 ..< 850, rows: 0 ..< 700)
            try #require(lines.count == 2, "\(lines)")
            let first = (lines[0].lowerBound + lines[0].upperBound) / 2
            let second = (lines[1].lowerBound + lines[1].upperBound) / 2
            // "world" by a double click; a press in it (after the double-click time) and a drag
            // to the right of the second line drops it at that line's end.
            try display.click(x: 85, y: first, count: 2)
            usleep(800_000)
            try Self.drag(display, from: (85, first), to: (300, second))
            let moved = try editor.savedText()
            #expect(moved == "Hello  مرحبا\nSecond line ಕನ್ನಡworld\n", "\(editor.errorOutput)")
            // One undo step brings it back.
            try display.key("ctrl+z")
            #expect(try editor.savedText(changedFrom: moved) == "Hello world مرحبا\nSecond line ಕನ್ನಡ\n")
            // A press in the selection without a drag is a click: the caret goes there.
            try display.click(x: 85, y: first, count: 2)
            usleep(800_000)
            try display.click(x: 85, y: first)
            try display.type("X")
            #expect(try editor.savedText() == "Hello woXrld مرحبا\nSecond line ಕನ್ನಡ\n")
        }
    }

    @Test func textDraggedIntoAnotherEditorIsCopiedThere() throws {
        try VirtualDisplay.with { display in
            let source = try EditorSession(text: "Drag ಕನ್ನಡ me\n", display: display, fileName: "source.txt")
            let target = try EditorSession(text: "Target مرحبا\n", display: display, fileName: "target.txt")
            // The target's window to the right, over half of the source's.
            try display.xdotool(["search", "--name", "target.txt", "windowmove", "500", "0"])
            usleep(500_000)
            let screen = try source.settledScreenshot()
            let line = try #require(screen.inkBands(columns: 30 ..< 400, rows: 0 ..< 700).first)
            let y = (line.lowerBound + line.upperBound) / 2
            // "Drag" selected in the source and dragged right of the target's line.
            try display.click(x: 42, y: y, count: 2)
            // (The screen holds the pointer: it is moved out of the way.)
            try display.xdotool(["mousemove", "200", "600"])
            usleep(800_000)
            let selected = try source.settledScreenshot()
            try Self.drag(display, from: (42, y), to: (800, y))
            // The window last shown has the keys (there is no window manager): the target saves.
            let copied = try target.savedText()
            #expect(copied == "Target مرحباDrag\n", "\(target.errorOutput)")
            // The source still shows it, selected as before (a copy, not a move).
            try display.xdotool(["mousemove", "200", "600"])
            let after = try source.settledScreenshot()
            #expect(after.differences(from: selected, rows: line, columns: 0 ..< 480) == 0)
        }
    }
}
