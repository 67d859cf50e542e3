import CGtk
import Foundation

/// GTK in the test process itself, for tests that call the widget as GTK does (an input
/// method's signals): a virtual display of its own (Xvfb with `-terminate`, so that it ends
/// when this process's connection to it closes at exit) and GTK initialised on it, once, on the
/// main thread (tests using it run on the main actor).
@MainActor
enum InProcessDisplay {
    /// Whether GTK could start on a display of its own.
    static let isReady: Bool = {
        guard VirtualDisplay.isAvailable else { return false }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        try? FileManager.default.createDirectory(at: frameBufferFolder, withIntermediateDirectories: true)
        // A black root window and the screen in a file, for screenshots of real windows.
        server.arguments = [
            "-displayfd", "1", "-screen", "0", "1024x768x24", "-br", "-fbdir", frameBufferFolder.path, "-nolisten",
            "tcp", "-terminate",
        ]
        let announced = Pipe()
        server.standardOutput = announced
        server.standardError = FileHandle.nullDevice
        guard (try? server.runWithSignalsUnblocked()) != nil, let number = try? announced.firstLine() else {
            return false
        }
        setenv("DISPLAY", ":\(number)", 1)
        setenv("GSK_RENDERER", "cairo", 1)
        setenv("GTK_IM_MODULE", "gtk-im-context-simple", 1)
        return gtk_init_check() != 0
    }()

    /// Where Xvfb keeps the screen.
    static let frameBufferFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "otk-xvfb-in-process-\(getpid())")

    /// What the screen shows now.
    static func screenshot() throws -> Screenshot {
        try Screenshot(xwd: Data(contentsOf: frameBufferFolder.appendingPathComponent("Xvfb_screen0")))
    }

    /// Runs xdotool with `arguments` on this display, and waits for it.
    static func xdotool(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        process.waitUntilExit()
    }

    /// Runs GTK's main loop for `seconds`: events handled, frames drawn.
    static func pump(_ seconds: Double) {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(5_000)
        }
    }
}
