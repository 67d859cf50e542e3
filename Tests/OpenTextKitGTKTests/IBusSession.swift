import Foundation

/// A real input-method framework for a test: a D-Bus session of its own (dbus-daemon), an
/// ibus daemon on it for the test's display, and Anthy (Japanese) as its engine. Stopped when
/// the test's closure returns.
final class IBusSession {
    /// Whether this machine has ibus, its GTK 4 module and the Anthy engine
    /// (scripts/install-deps.sh installs them).
    static let isAvailable = [
        "/usr/bin/dbus-daemon", "/usr/bin/ibus-daemon", "/usr/bin/ibus", "/usr/libexec/ibus-engine-anthy",
        "/usr/lib/x86_64-linux-gnu/gtk-4.0/4.0.0/immodules/libim-ibus.so",
    ].allSatisfy { FileManager.default.fileExists(atPath: $0) }

    private let bus: SessionBus
    private let daemon: Process
    /// What a GTK program needs in its environment to use this ibus.
    let environment: [String: String]

    private init(display: VirtualDisplay) throws {
        bus = try SessionBus()
        let address = bus.address
        // A clean environment (not the test runner's, whose library paths are the toolchain's);
        // Anthy's engine runs `python3` from PATH and needs Debian's (with its GObject bindings).
        let base = [
            "HOME": NSHomeDirectory(), "DISPLAY": display.name, "DBUS_SESSION_BUS_ADDRESS": address,
            "PATH": "/usr/bin:/bin:/usr/sbin:/sbin", "LANG": "C.UTF-8",
        ]
        let daemon = Process()
        self.daemon = daemon
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/ibus-daemon")
        daemon.arguments = ["--xim", "--replace", "--panel=disable", "--cache=refresh"]
        daemon.environment = base
        daemon.standardOutput = FileHandle.nullDevice
        daemon.standardError = FileHandle.nullDevice
        try daemon.runWithSignalsUnblocked()
        // The daemon takes a few seconds to start and to load the engine.
        var ibusAddress = ""
        try waitUntil("ibus with Anthy", seconds: 20) {
            // `ibus engine NAME` exits with 1 even when it sets the engine: what it says is read back.
            _ = runProgram("/usr/bin/ibus", ["engine", "anthy"], base)
            let engine = runProgram("/usr/bin/ibus", ["engine"], base)
            ibusAddress = runProgram("/usr/bin/ibus", ["address"], base).output
            return engine.output == "anthy" && !ibusAddress.isEmpty
        }
        environment = [
            "DBUS_SESSION_BUS_ADDRESS": address, "IBUS_ADDRESS": ibusAddress, "GTK_IM_MODULE": "ibus",
            "PATH": "/usr/bin:/bin:/usr/sbin:/sbin",
        ]
    }

    deinit {
        daemon.stop()
    }

    /// Runs `body` with ibus running on `display`.
    static func with<T>(on display: VirtualDisplay, _ body: (IBusSession) throws -> T) throws -> T {
        let session = try IBusSession(display: display)
        return try withExtendedLifetime(session) { try body(session) }
    }
}
