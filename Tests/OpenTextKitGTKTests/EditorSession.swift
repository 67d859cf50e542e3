import Foundation

/// otk-editor running on a file in a virtual display, driven by real key and pointer events.
final class EditorSession {
    let display: VirtualDisplay
    let file: URL
    private let folder: URL
    private let process: Process

    /// The folder the file is in (a test may put more files there).
    var directory: URL { folder }

    /// Opens a new file named `fileName` holding `text` in the editor and waits until its window
    /// shows it. The desktop's settings say the caret does not blink (so that screenshots
    /// settle), unless `caretBlinkTime` (a blink cycle in milliseconds) is given.
    init(
        text: String, display: VirtualDisplay, fileName: String = "document.txt", caretBlinkTime: Int? = nil,
        environment extra: [String: String] = [:]
    ) throws {
        self.display = display
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-editor-\(UUID().uuidString)")
        self.folder = folder
        file = folder.appendingPathComponent(fileName)
        let settings = folder.appendingPathComponent("config/gtk-4.0")
        try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
        let blink = caretBlinkTime.map { "gtk-cursor-blink=true\ngtk-cursor-blink-time=\($0)\n" }
        try Data("[Settings]\n\(blink ?? "gtk-cursor-blink=false\n")".utf8)
            .write(to: settings.appendingPathComponent("settings.ini"))
        try Data(text.utf8).write(to: file)
        let errors = folder.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        var environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]
        environment.merge(extra) { $1 }
        process = try display.launch(
            "otk-editor", [file.path], title: fileName, environment: environment,
            errors: try FileHandle(forWritingTo: errors))
        // The first frame drawn: text on the screen.
        try waitUntil("the first frame") { try display.screenshot().showsText }
        usleep(200_000)
    }

    deinit {
        process.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// Whether the editor is still running.
    var isRunning: Bool { process.isRunning }

    /// What the editor wrote on standard error so far (for a failure's message).
    var errorOutput: String {
        (try? String(contentsOf: folder.appendingPathComponent("stderr"), encoding: .utf8)) ?? ""
    }

    /// Saves with Ctrl+S and returns the file's text once it changed from `before` (or the
    /// timeout passed).
    func savedText(changedFrom before: String? = nil) throws -> String {
        let previous = try before ?? String(contentsOf: file, encoding: .utf8)
        try display.key("ctrl+s")
        var text = previous
        try? waitUntil("the save", seconds: 5) {
            text = try String(contentsOf: file, encoding: .utf8)
            return text != previous
        }
        return text
    }

    /// Waits until the screen stops changing (a frame or two after the last event).
    func settledScreenshot() throws -> Screenshot {
        var last = try display.screenshot()
        for _ in 0 ..< 40 {
            usleep(100_000)
            let now = try display.screenshot()
            if now == last { return now }
            last = now
        }
        return last
    }
}
