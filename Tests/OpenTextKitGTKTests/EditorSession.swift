import Foundation
import Testing

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

    /// The editor's process.
    var processIdentifier: Int32 { process.processIdentifier }

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

    /// Waits until the screen stops changing and the editor is idle: twice in a row, a tenth of
    /// a second in which nothing on the screen changed and the editor used (almost) no processor.
    /// The screen alone is not enough: a busy editor on a loaded machine shows the same frame for
    /// longer than that while it works on the next one.
    func settledScreenshot() throws -> Screenshot {
        var last = try display.screenshot()
        var processorTime = editorProcessorTicks()
        var quietIntervals = 0
        for _ in 0 ..< 100 {
            usleep(100_000)
            let now = try display.screenshot()
            let ticks = editorProcessorTicks()
            // A tick is 10 ms: one may be the accounting's rounding.
            let idle = ticks.map { used in processorTime.map { used - $0 <= 1 } ?? false } ?? true
            quietIntervals = now == last && idle ? quietIntervals + 1 : 0
            if quietIntervals == 2 { return now }
            last = now
            processorTime = ticks
        }
        return last
    }

    /// The processor time the editor used so far, in clock ticks (user and system, from
    /// /proc/PID/stat), or nil where that cannot be read.
    private func editorProcessorTicks() -> Int? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        // After the command's name in parentheses: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return user + system
    }

    /// `count` numbered paragraphs of 1 to 200 words in six scripts: the heights estimated for
    /// those not laid out are wrong, and are corrected as they come into view.
    static func unevenParagraphs(_ count: Int) -> String {
        var random = SystemRandomNumberGenerator()
        let words = ["word", "مرحبا", "ಕನ್ನಡ", "ภาษาไทย", "日本語", "שלום"]
        return (0 ..< count).map { number in
            let length = [1, 3, 40, 200][Int.random(in: 0 ..< 4, using: &random)]
            return "\(number) "
                + (0 ..< length).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
        }.joined(separator: "\n")
    }

    /// Turns the wheel down one step at a time, `steps` times, the pointer over the text (Xvfb
    /// draws it on the screen, and it does not scroll: right of the columns compared), and
    /// returns how far each step moved what was shown and how many pixels then still differ.
    func wheelStepShifts(_ steps: Int) throws -> [(shift: Int, differing: Int)] {
        try display.xdotool(["mousemove", "872", "650"])
        var before = try settledScreenshot()
        var shifts: [(shift: Int, differing: Int)] = []
        for _ in 0 ..< steps {
            try display.xdotool(["click", "5"])
            let after = try settledScreenshot()
            shifts.append(before.verticalShift(to: after, rows: 0 ..< 690, columns: 40 ..< 860, maximum: 300))
            before = after
        }
        return shifts
    }
}

/// Every step moved what was shown up by the step (GTK's is a fraction of a pixel over a whole
/// number: the view scrolls by whole pixels, so a step is that number or the next), the text
/// itself unchanged: at most a few pixels of the half million compared differ, where a jump of
/// the text would change tens of thousands (and a line a pixel off its neighbours thousands).
func expectEachStepMovesTheTextByTheStep(
    _ shifts: [(shift: Int, differing: Int)], sourceLocation: SourceLocation = #_sourceLocation
) {
    let moved = shifts.map(\.shift)
    #expect(
        (moved.max() ?? 0) - (moved.min() ?? 0) <= 1 && (moved.min() ?? 0) > 20, "\(shifts)",
        sourceLocation: sourceLocation)
    #expect(shifts.allSatisfy { $0.differing < 500 }, "\(shifts)", sourceLocation: sourceLocation)
}
