import Foundation
import OpenTextKit
import Testing

/// What `otk` says when something is wrong: the path and the reason, never a huge value whole,
/// never invalid JSON, never success after a failure.
@Suite struct ClearMessageTests {
    static let text = "English words, مرحبا بالعالم, नमस्ते दुनिया.\n"

    @Test func aWriteFailureSaysThePathAndTheReason() throws {
        let input = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        for ext in ["png", "svg", "pdf"] {
            let output = try Otk.run(["render", input.path, "-o", "/nonexistent/x.\(ext)"])
            #expect(output.status != 0)
            #expect(
                output.stderr.contains("cannot write /nonexistent/x.\(ext): No such file or directory"),
                "\(output.stderr)")
            #expect(!output.stderr.contains("output stream"))
        }
    }

    /// A long path is shortened once, to the 200 characters a message keeps of it, and counted
    /// by its own length: not shortened again to 40 and counted as 201 ("ZZZ… (201 characters)
    /// (5004 characters)"). Paths in several scripts, missing and too long for the system.
    @Test(arguments: ["Z", "ש", "م", "ไ", "ಕ", "👍🏽"])
    func aLongPathIsShortenedOnceAndCountedRight(_ letter: String) throws {
        let folder = "/nonexistent-" + String(repeating: letter + "/", count: 150)
        for (path, reason) in [
            (folder + "x.txt", "No such file"),
            ("/tmp/" + String(repeating: letter, count: 5_000) + ".txt", "File name too long"),
        ] {
            let output = try Otk.run(["stats", path])
            let count = path.unicodeScalars.count
            #expect(output.status == 66, "\(output.stderr)")
            #expect(output.stderr.contains(reason), "\(output.stderr)")
            #expect(
                output.stderr.contains(
                    String(String.UnicodeScalarView(path.unicodeScalars.prefix(200))) + "… (\(count) characters)"),
                "\(output.stderr)")
            #expect(!output.stderr.contains("(201 characters)"), "\(output.stderr)")
        }
    }

    @Test func aSymbolicLinkLoopIsNamedAsSuch() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-loop-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.txt"), b = folder.appendingPathComponent("b.txt")
        try FileManager.default.createSymbolicLink(atPath: a.path, withDestinationPath: b.path)
        try FileManager.default.createSymbolicLink(atPath: b.path, withDestinationPath: a.path)
        for command in ["stats", "render"] {
            let output = try Otk.run([command, a.path])
            #expect(output.status != 0)
            #expect(output.stderr.contains("symbolic-link loop"), "\(command): \(output.stderr)")
        }
    }

    @Test func negativeNumbersAreParsedAsNumbers() throws {
        let input = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let render = try Otk.run(["render", input.path, "-o", "/tmp/unused-\(UUID().uuidString).png", "--width", "-1"])
        #expect(render.status != 0)
        #expect(render.stderr.contains("--width takes a number of points from 1 to 100000; got -1"), "\(render.stderr)")
        // For layout, a width of 0 or less means lines are never wrapped.
        let layout = try Otk.run(["layout", input.path, "--width", "-1", "--stats"])
        #expect(layout.status == 0, "\(layout.stderr)")
        #expect(layout.json?["width"] is NSNull, "no wrapping: \(layout.stdout)")
        // An exclusion may start left of the text; a selection cannot start before it.
        let png = FileManager.default.temporaryDirectory.appendingPathComponent("otk-negative-\(UUID().uuidString).png")
            .path
        defer { try? FileManager.default.removeItem(atPath: png) }
        let exclusion = try Otk.run(["render", input.path, "-o", png, "--exclusion", "-20,0,60,20"])
        #expect(exclusion.status == 0, "\(exclusion.stderr)")
        let select = try Otk.run(["render", input.path, "-o", png, "--select", "-1:5"])
        #expect(select.status != 0)
        #expect(select.stderr.contains("--select takes START:END"), "\(select.stderr)")
        let viewport = try Otk.run(["viewport", input.path, "--height", "-5"])
        #expect(viewport.status != 0)
        #expect(viewport.stderr.contains("--width and --height take positive sizes"), "\(viewport.stderr)")
    }

    @Test(arguments: ["inf", "nan", "-inf", "1e999"])
    func nonFiniteOptionsAreRefusedAndNeverReachTheJSON(value: String) throws {
        let input = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        for command in [
            ["layout", "--stats"], ["viewport", "--stats", "--keystrokes", "1"],
            ["render", "-o", "/tmp/unused-\(UUID().uuidString).png"],
        ] {
            let output = try Otk.run([command[0], input.path, "--width", value] + command.dropFirst())
            #expect(output.status != 0, "\(command[0]) --width \(value)")
            #expect(output.stderr.contains("--width"), "\(command[0]): \(output.stderr)")
            #expect(!output.stdout.contains("inf") && !output.stdout.contains("nan"), "\(output.stdout)")
        }
        // A report whose every number is finite is valid JSON.
        let output = try Otk.run(["layout", input.path, "--width", "0", "--stats"])
        #expect(output.json != nil, "\(output.stdout)")
    }

    @Test func viewportExitsNonZeroWhenLayoutFails() throws {
        var text = AttributedString(Self.text)
        text.font = FontDescriptor(family: "DejaVu Sans", size: 1e300)
        let input = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-font-\(UUID().uuidString).otk.json")
        try TextDocumentFormat.encode(text).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let output = try Otk.run(["viewport", input.path, "--stats", "--keystrokes", "1"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("Layout failed"), "\(output.stderr)")
        #expect(output.json?["layoutError"] is String, "the figures are still printed")
    }

    @Test func aTooTallPNGSaysToWriteAPDF() throws {
        let input = try Otk.temporaryFile(Array(String(repeating: Self.text, count: 2_500).utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let output = try Otk.run(["render", input.path, "-o", "/tmp/unused-\(UUID().uuidString).png"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("write a PDF instead"), "\(output.stderr)")
    }

    @Test func aUTF8ByteOrderMarkIsDroppedAndUTF16IsNamed() throws {
        let bom = try Otk.temporaryFile([0xEF, 0xBB, 0xBF] + Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: bom) }
        let stats = try Otk.run(["stats", bom.path])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.json?["utf8Bytes"] as? Int == Self.text.utf8.count)
        #expect(stats.json?["characters"] as? Int == Self.text.count)
        let units = Array(Self.text.utf16)
        var little: [UInt8] = [0xFF, 0xFE], big: [UInt8] = [0xFE, 0xFF]
        for unit in units {
            little += [UInt8(unit & 0xFF), UInt8(unit >> 8)]
            big += [UInt8(unit >> 8), UInt8(unit & 0xFF)]
        }
        let little32: [UInt8] = [0xFF, 0xFE, 0, 0, 0x41, 0, 0, 0]
        for (bytes, name) in [(little, "UTF-16"), (big, "UTF-16"), (little32, "UTF-32")] {
            let file = try Otk.temporaryFile(bytes)
            defer { try? FileManager.default.removeItem(at: file) }
            let output = try Otk.run(["stats", file.path])
            #expect(output.status != 0)
            #expect(output.stderr.contains("this file is \(name); OpenTextKit reads UTF-8"), "\(output.stderr)")
        }
    }

    @Test func aByteOrderMarkIsDroppedByTheStorageToo() throws {
        let storage = try TextContentStorage(utf8: Data([0xEF, 0xBB, 0xBF] + Array(Self.text.utf8)))
        #expect(storage.string == Self.text)
    }

    @Test func aHugeNumberIsNotEchoedWhole() throws {
        let digits = String(repeating: "9", count: 100_000)
        let input = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let option = try Otk.run(["viewport", input.path, "--copies", digits])
        #expect(option.status != 0)
        #expect(option.stderr.count < 2_000, "\(option.stderr.count) characters of error")
        #expect(option.stderr.contains("…"))
        let json =
            "{\"format\":\"opentextkit-document\",\"version\":1,\"text\":\"English "
            + "مرحبا\\n\",\"runs\":[{\"attributes\":{\"paragraphStyle\":{\"textLists\":"
            + "[{\"markerFormat\":\"{decimal}.\",\"startingItemNumber\":\(digits)}]}},\"length\":14}]}"
        let document = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-digits-\(UUID().uuidString).otk.json")
        try Data(json.utf8).write(to: document)
        defer { try? FileManager.default.removeItem(at: document) }
        let output = try Otk.run(["stats", document.path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("startingItemNumber"), "\(output.stderr.prefix(500))")
        #expect(output.stderr.count < 2_000, "\(output.stderr.count) characters of error")
    }
}
