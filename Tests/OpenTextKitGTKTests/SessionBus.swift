import Foundation

/// A D-Bus session of a test's own (dbus-daemon), for the services a desktop would run on its
/// session bus (an input method, the accessibility bus). Stopped when released.
final class SessionBus {
    private let daemon = Process()
    /// Its address, for `DBUS_SESSION_BUS_ADDRESS`.
    let address: String

    init() throws {
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--nofork", "--print-address=1"]
        let announced = Pipe()
        daemon.standardOutput = announced
        daemon.standardError = FileHandle.nullDevice
        try daemon.runWithSignalsUnblocked()
        address = try announced.firstLine()
    }

    deinit {
        daemon.stop()
    }
}

/// Runs `program` to its end with `arguments` in `environment`; its status and what it wrote
/// on standard output, trimmed (-1 and nothing when it could not start).
func runProgram(
    _ program: String, _ arguments: [String], _ environment: [String: String]
) -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: program)
    process.arguments = arguments
    process.environment = environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.runWithSignalsUnblocked()) != nil else { return (-1, "") }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (
        process.terminationStatus, String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    )
}
