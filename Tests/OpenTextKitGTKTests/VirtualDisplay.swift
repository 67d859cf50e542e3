import Foundation

/// An X server of its own for a test (Xvfb), its screen kept in a file (`-fbdir`) that a
/// screenshot reads. Stopped when the test's closure returns.
final class VirtualDisplay {
    static let width = 1024, height = 768
    /// Whether this machine can run windows under Xvfb and send them keys with xdotool.
    static let isAvailable = ["/usr/bin/Xvfb", "/usr/bin/xdotool"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    let number: Int
    let frameBufferFolder: URL
    private let server: Process

    var name: String { ":\(number)" }

    private init() throws {
        frameBufferFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-xvfb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: frameBufferFolder, withIntermediateDirectories: true)
        // Xvfb chooses a display number no other server holds (tests of several suites run at
        // once) and writes it to its standard output.
        let announced = Pipe()
        server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = [
            // A black root window (not Xvfb's default weave), so that only windows put ink on it.
            "-displayfd", "1", "-screen", "0", "\(Self.width)x\(Self.height)x24", "-br", "-fbdir",
            frameBufferFolder.path, "-nolisten", "tcp",
        ]
        server.standardOutput = announced
        server.standardError = FileHandle.nullDevice
        try server.runWithSignalsUnblocked()
        guard let number = Int(try announced.firstLine()) else {
            server.stop()
            throw TimedOut(what: "Xvfb to say its display")
        }
        self.number = number
        try waitUntil("Xvfb :\(number) to start") {
            FileManager.default.fileExists(atPath: self.frameBufferFile.path)
        }
    }

    deinit {
        server.stop()
        try? FileManager.default.removeItem(at: frameBufferFolder)
    }

    /// Runs `body` with a display started for it.
    static func with<T>(_ body: (VirtualDisplay) throws -> T) throws -> T {
        let display = try VirtualDisplay()
        return try withExtendedLifetime(display) { try body(display) }
    }

    var frameBufferFile: URL { frameBufferFolder.appendingPathComponent("Xvfb_screen0") }

    /// What the screen shows now.
    func screenshot() throws -> Screenshot {
        try Screenshot(xwd: Data(contentsOf: frameBufferFile))
    }

    /// Runs xdotool with `arguments` on this display.
    @discardableResult
    func xdotool(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
        process.arguments = arguments
        process.environment = ["DISPLAY": name]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Starts `program` (built beside the tests) with `arguments` on this display, with GTK's
    /// software renderer and its own input method (whatever the machine has installed; `extra`
    /// changes or adds variables), and waits until a window titled `title` shows. Its standard
    /// output goes to `output`, its standard error to `errors`, if given.
    func launch(
        _ program: String, _ arguments: [String] = [], title: String, environment extra: [String: String] = [:],
        output: Pipe? = nil, errors: FileHandle? = nil
    ) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent(program)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = name
        environment["GSK_RENDERER"] = "cairo"
        environment["GTK_IM_MODULE"] = "gtk-im-context-simple"
        environment["NO_AT_BRIDGE"] = "1"
        // An empty value unsets the variable.
        for (key, value) in extra { environment[key] = value.isEmpty ? nil : value }
        process.environment = environment
        process.standardOutput = output ?? FileHandle.nullDevice
        process.standardError = errors ?? FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        try waitUntil("\(program)'s window") {
            guard process.isRunning else { throw ProgramExited(program: program, status: process.terminationStatus) }
            return !(try xdotool(["search", "--onlyvisible", "--name", title])).isEmpty
        }
        usleep(300_000)
        return process
    }

    struct ProgramExited: Error {
        let program: String
        let status: Int32
    }

    /// Waits until a window whose title matches `title` (xdotool's pattern) shows.
    func waitForWindow(_ title: String, seconds: Double = 10) throws {
        try waitUntil("a window titled \(title)", seconds: seconds) {
            !(try xdotool(["search", "--onlyvisible", "--name", title])).isEmpty
        }
    }

    /// Presses each of `keys` (xdotool's names: "ctrl+s", "dead_acute", "Left").
    func key(_ keys: String...) throws {
        try xdotool(["key", "--delay", "40"] + keys)
    }

    /// Types `text` as key presses.
    func type(_ text: String) throws {
        try xdotool(["type", "--delay", "40", text])
    }

    /// Clicks the first button at (`x`, `y`) on the screen, `count` times.
    func click(x: Int, y: Int, count: Int = 1, modifiers: [String] = []) throws {
        try xdotool(["mousemove", "\(x)", "\(y)"])
        for modifier in modifiers { try xdotool(["keydown", modifier]) }
        try xdotool(["click", "--repeat", "\(count)", "--delay", "60", "1"])
        for modifier in modifiers { try xdotool(["keyup", modifier]) }
    }
}

struct TimedOut: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Polls `condition` every 50 ms for at most `seconds`.
func waitUntil(_ what: String, seconds: Double = 10, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while try !condition() {
        guard Date() < deadline else { throw TimedOut(what: what) }
        usleep(50_000)
    }
}

extension Process {
    /// Starts the process with no signal blocked: a child inherits the blocked signals of the
    /// thread that starts it, and the test runner's threads block SIGTERM (which would leave
    /// `terminate()` without effect).
    func runWithSignalsUnblocked() throws {
        var none = sigset_t(), previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try run()
    }

    /// Asks the process to end (SIGTERM), and kills it if it has not within 5 seconds.
    func stop() {
        guard isRunning else { return }
        terminate()
        let deadline = Date().addingTimeInterval(5)
        while isRunning, Date() < deadline { usleep(20_000) }
        if isRunning { kill(processIdentifier, SIGKILL) }
        waitUntilExit()
    }
}

extension Pipe {
    /// The first line written into the pipe (without its line feed), read as it comes: what a
    /// server that keeps running announces (Xvfb its display, dbus-daemon its address).
    func firstLine() throws -> String {
        var line = Data()
        while let byte = try fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
            line.append(first)
        }
        return String(decoding: line, as: UTF8.self)
    }
}
