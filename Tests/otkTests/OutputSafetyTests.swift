import Foundation
import OpenTextKit
import Testing

/// `otk` never overwrites its input, and leaves no temporary files behind.
@Suite struct OutputSafetyTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    static let text = "Notes in English, مرحبا بالعالم, नमस्ते दुनिया.\n"

    @Test func aTextFileNamedLikeAPictureIsNotOverwrittenByItsDefaultOutput() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("notes.png")
        try Data(Self.text.utf8).write(to: input)
        let output = try Otk.run(["render", input.path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("is the input file"), "\(output.stderr)")
        #expect(try String(contentsOf: input, encoding: .utf8) == Self.text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["notes.png"])
    }

    @Test func anOutputNamingTheInputOrALinkToItIsRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("same.pdf")
        try Data(Self.text.utf8).write(to: input)
        let link = folder.appendingPathComponent("link.pdf")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: input)
        let relative = folder.path + "/./same.pdf"
        for target in [input.path, relative, link.path] {
            let output = try Otk.run(["render", input.path, "-o", target])
            #expect(output.status != 0, "\(target)")
            #expect(output.stderr.contains("is the input file"), "\(target): \(output.stderr)")
            #expect(try String(contentsOf: input, encoding: .utf8) == Self.text)
        }
        // Rendering through the link as the input is refused the same way.
        let output = try Otk.run(["render", link.path, "-o", input.path])
        #expect(output.status != 0)
        #expect(try String(contentsOf: input, encoding: .utf8) == Self.text)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["same.pdf", "link.pdf"])
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func aRenderFailingAfterLayoutLeavesTheOldOutputAndNoTemporaryFile(ext: String) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // English, Arabic and Devanagari lay out; the last paragraph's font cannot be used.
        var text = AttributedString(Self.text)
        var broken = AttributedString("A paragraph in a font of 10^300 points.")
        broken.font = FontDescriptor(family: "DejaVu Sans", size: 1e300)
        text += broken
        let input = folder.appendingPathComponent("input.otk.json")
        try TextDocumentFormat.encode(text).write(to: input)
        let target = folder.appendingPathComponent("out.\(ext)")
        try Data("a good output from an earlier run".utf8).write(to: target)
        for pages in [[], ["--page-size", "A5"]] {
            let output = try Otk.run(["render", input.path, "-o", target.path] + pages)
            #expect(output.status != 0)
            #expect(output.stderr.contains("could not be laid out"), "\(output.stderr)")
            #expect(try String(contentsOf: target, encoding: .utf8) == "a good output from an earlier run")
            #expect(
                Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == [
                    "input.otk.json", "out.\(ext)",
                ])
        }
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aRenderStoppedBySignalLeavesTheOldOutputAndNoTemporaryFile(signal: Int32) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = (0 ..< 20_000).map {
            "Line \($0): English words, مرحبا بالعالم, नमस्ते दुनिया, and more words to wrap around."
        }
        let input = folder.appendingPathComponent("input.txt")
        try Data(lines.joined(separator: "\n").utf8).write(to: input)
        let target = folder.appendingPathComponent("out.pdf")
        try Data("a good output from an earlier run".utf8).write(to: target)
        let process = Process()
        process.executableURL = Otk.executable
        process.arguments = ["render", input.path, "-o", target.path]
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        try process.run()
        // Long enough for the PDF to be under way (its temporary file open), far from its end.
        Thread.sleep(forTimeInterval: 1.0)
        #expect(process.isRunning, "the render should still be going when it is stopped")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try String(contentsOf: target, encoding: .utf8) == "a good output from an earlier run")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["input.txt", "out.pdf"])
    }

    /// Runs `otk` with TMPDIR set to `temporary`.
    static func process(_ arguments: [String], temporary: String) -> Process {
        let process = Process()
        process.executableURL = Otk.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        process.environment = environment
        process.standardOutput = Pipe()
        process.standardError = Pipe()
        return process
    }

    @Test func viewportCopiesInAMissingTemporaryFolderIsAClearError() throws {
        let file = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Self.process(
            ["viewport", file.path, "--copies", "3", "--stats"], temporary: "/nonexistent-otk-tmp")
        let err = process.standardError as! Pipe
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(process.terminationReason == .exit, "no crash")
        #expect(stderr.contains("/nonexistent-otk-tmp") && stderr.contains("TMPDIR"), "\(stderr)")
        let source = try String(
            contentsOf: Otk.repository.appendingPathComponent("Sources/otk/ViewportOptions.swift"), encoding: .utf8)
        #expect(!source.contains("try!"))
    }

    @Test func aKilledViewportLeavesNoTemporaryFile() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let lines = (0 ..< 2_000).map {
            "Line \($0): English words, مرحبا بالعالم, नमस्ते दुनिया, and more words " + "to wrap."
        }
        let input = folder.appendingPathComponent("input.txt")
        try Data(lines.joined(separator: "\n").utf8).write(to: input)
        let temporary = folder.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let process = Self.process(
            ["viewport", input.path, "--copies", "40", "--width", "300", "--stats", "--baseline"],
            temporary: temporary.path)
        try process.run()
        // Long enough for the copies to be written and layout to be under way.
        Thread.sleep(forTimeInterval: 1.5)
        #expect(process.isRunning, "the run should still be going when it is killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }
}
