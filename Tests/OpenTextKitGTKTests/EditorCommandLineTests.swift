import Foundation
import Testing

/// otk-editor refuses what it cannot open with a clear message and an exit status, and opens no
/// window.
@Suite(.serialized, .enabled(if: VirtualDisplay.isAvailable, "needs Xvfb (scripts/install-deps.sh)"))
struct EditorCommandLineTests {
    struct Outcome {
        let status: Int32
        let errors: String
    }

    func run(_ arguments: [String], display: VirtualDisplay?) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("otk-editor")
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display?.name
        environment["WAYLAND_DISPLAY"] = nil
        process.environment = environment
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.runWithSignalsUnblocked()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, errors: String(decoding: data, as: UTF8.self))
    }

    @Test func badArgumentsMissingFilesInvalidUTF8AndNoDisplay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-editor-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let invalid = folder.appendingPathComponent("invalid.txt")
        try Data([0x61, 0x62, 0xFF, 0x63, 0x0A]).write(to: invalid)
        try VirtualDisplay.with { display in
            let usage = try run([], display: display)
            #expect(usage.status == 64 && usage.errors.contains("usage: otk-editor"))
            let missing = try run([folder.appendingPathComponent("absent.txt").path], display: display)
            #expect(missing.status == 66 && missing.errors.contains("cannot open"), "\(missing.errors)")
            let bad = try run([invalid.path], display: display)
            #expect(bad.status == 66 && bad.errors.contains("cannot open"), "\(bad.errors)")
            // The invalid file is left as it was.
            #expect(try Data(contentsOf: invalid) == Data([0x61, 0x62, 0xFF, 0x63, 0x0A]))
        }
        let headless = try run([invalid.path], display: nil)
        #expect(headless.status == 69 && headless.errors.contains("cannot open a display"), "\(headless.errors)")
    }
}
