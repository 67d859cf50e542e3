import Foundation
import Testing

/// Runs the real `otk` binary, built beside the test bundle.
struct Otk {
    static let executable = URL(fileURLWithPath: CommandLine.arguments[0])
        .deletingLastPathComponent().appendingPathComponent("otk")
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Output {
        let status: Int32
        let stdout: String
        let stderr: String

        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        }
    }

    /// Runs otk (or `program`, with `environment` if given) with `arguments`, its output read to the end.
    static func run(
        _ arguments: [String], program: URL = executable, environment: [String: String]? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    static func temporaryFile(_ bytes: [UInt8], extension ext: String = "txt") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("otk-test-\(UUID().uuidString).\(ext)")
        try Data(bytes).write(to: url)
        return url
    }
}

@Suite struct OtkStatsTests {
    @Test func statsOfPlainTextInEveryScript() throws {
        let text = "English\r\nمرحبا بالعالم\nשלום\u{2029}ಕನ್ನಡ ภาษาไทย 中文 日本語 👨‍👩‍👧 🇫🇷"
        let file = try Otk.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["stats", file.path])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["paragraphs"] as? Int == 4)
        #expect(json["utf16Length"] as? Int == text.utf16.count)
        #expect(json["characters"] as? Int == text.count)
        #expect(json["unicodeScalars"] as? Int == text.unicodeScalars.count)
        #expect(json["utf8Bytes"] as? Int == text.utf8.count)
        #expect((json["secondsToOpen"] as? Double).map { $0 >= 0 } == true)
        #expect((json["residentBytesAfterOpen"] as? Int).map { $0 > 0 } == true)
    }

    @Test func invalidUTF8IsAnErrorNamingTheOffset() throws {
        let file = try Otk.temporaryFile(Array("abc\n".utf8) + [0xC3, 0x28])
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["stats", file.path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("byte offset 4"), "\(output.stderr)")
        let lossy = try Otk.run(["stats", "--lossy", file.path])
        #expect(lossy.status == 0)
        #expect(lossy.json?["paragraphs"] as? Int == 2)
    }

    @Test func aMissingFileIsAnError() throws {
        let output = try Otk.run(["stats", "/nonexistent/otk-missing.txt"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("No such file: /nonexistent/otk-missing.txt"), "\(output.stderr)")
    }

    @Test func aDirectoryIsAnError() throws {
        let output = try Otk.run(["stats", FileManager.default.temporaryDirectory.path])
        #expect(output.status != 0)
        #expect(output.stderr.contains("directory"), "\(output.stderr)")
    }
}

@Suite struct OtkLayoutTests {
    @Test func layoutStatsOfTextInEveryScript() throws {
        let text =
            "English words that wrap across lines in a narrow container.\nمرحبا بالعالم\nಕನ್ನಡ ภาษาไทย 中文 " + "👨‍👩‍👧\n"
        let file = try Otk.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["layout", file.path, "--width", "120", "--stats", "--baseline"])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["paragraphs"] as? Int == 3)
        #expect((json["lines"] as? Int).map { $0 > 4 } == true)
        #expect((json["height"] as? Double).map { $0 > 0 } == true)
        #expect(json["rawHarfBuzzShapingSeconds"] as? Double != nil)
        #expect((json["rawHarfBuzzInLayoutFontsSeconds"] as? Double).map { $0 > 0 } == true)
        // The layout's own use of the processor and of fresh memory (page faults).
        let usage = try #require(json["layoutProcessUsage"] as? [String: Any])
        #expect((usage["userSeconds"] as? Double).map { $0 >= 0 } == true)
        #expect((usage["systemSeconds"] as? Double).map { $0 >= 0 } == true)
        #expect((usage["minorPageFaults"] as? Int).map { $0 >= 0 } == true)
    }

    @Test func aBadFontArgumentIsAnError() throws {
        let file = try Otk.temporaryFile(Array("x".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run(["layout", file.path, "--font", "DejaVu Sans -3"])
        #expect(output.status != 0)
        #expect(output.stderr.contains("positive size"), "\(output.stderr)")
    }
}

@Suite struct OtkViewportTests {
    @Test func viewportStatsOfCopiesOfTextInEveryScript() throws {
        let text = (0 ..< 400).map {
            "Line \($0): English words, مرحبا بالعالم, ಕನ್ನಡ ภาษาไทย 中文 👨‍👩‍👧 and more words to wrap."
        }.joined(separator: "\n")
        let file = try Otk.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run([
            "viewport", file.path, "--copies", "3", "--width", "400", "--height", "300", "--keystrokes", "20",
            "--stats",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["paragraphs"] as? Int == 1_200)
        #expect((json["firstViewportFragments"] as? Int).map { $0 > 0 } == true)
        #expect(json["keystrokes"] as? Int == 20)
        for key in [
            "openToFirstViewportSeconds", "firstViewportLayoutSeconds", "usageBoundsSeconds",
            "relocateToMiddleAndLayoutSeconds",
            "typeAndLayoutMedianSeconds", "typeAndLayoutP99Seconds", "pagingSeconds", "rawHarfBuzzFirstViewportSeconds",
        ] {
            #expect((json[key] as? Double).map { $0 >= 0 } == true, "\(key)")
        }
        #expect((json["pages"] as? Int).map { $0 > 10 } == true)
        // Paging through the whole document keeps layout within the bound.
        let kept = try #require(json["maxKeptLayout"] as? [String: Any])
        let limit = try #require(json["keptLayoutLimitUTF16"] as? Int)
        #expect((kept["utf16"] as? Int).map { $0 <= limit + 200 } == true)
    }

    /// With a semantic default font, the font context change makes the text larger and back,
    /// and the viewport keeps its top paragraph.
    @Test func viewportFontContextChangeFigures() throws {
        let text = (0 ..< 300).map { "Line \($0): English words, مرحبا بالعالم, ಕನ್ನಡ ภาษาไทย and more words to wrap." }
            .joined(separator: "\n")
        let file = try Otk.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run([
            "viewport", file.path, "--font", "body", "--width", "400", "--height", "300", "--keystrokes", "5",
            "--font-changes", "6", "--font-scale", "1.5", "--no-paging", "--stats",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["fontContextChanges"] as? Int == 6)
        #expect(json["fontIsSemantic"] as? Bool == true)
        #expect(json["fontContextChangeKeptTopParagraph"] as? Bool == true)
        for key in ["fontContextChangeFirstSeconds", "fontContextChangeMedianSeconds", "fontContextChangeMaxSeconds"] {
            #expect((json[key] as? Double).map { $0 > 0 } == true, "\(key)")
        }
        for arguments in [["--font", "hugeTitle"], ["--font-scale", "9"], ["--font-changes", "-1"]] {
            let refused = try Otk.run(["viewport", file.path] + arguments)
            #expect(refused.status != 0, "\(arguments)")
            #expect(refused.stderr.contains(arguments[0]), "\(refused.stderr)")
        }
    }

    @Test func absurdViewportArgumentsAreErrors() throws {
        let file = try Otk.temporaryFile(Array("x\n".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        for arguments in [["--copies", "0"], ["--height", "-5"], ["--width", "nan"], ["--keystrokes", "-1"]] {
            let output = try Otk.run(["viewport", file.path] + arguments)
            #expect(output.status != 0, "\(arguments)")
            #expect(!output.stderr.isEmpty)
        }
    }
}

@Suite struct OtkEditTests {
    /// `otk edit` on copies of text in every script: every figure is there, the find agrees with
    /// grep on the same file, and each undo gave the text back.
    @Test func editStatsOfCopiesOfTextInEveryScript() throws {
        let text = (0 ..< 300).map {
            "Line \($0): the LORD said, مرحبا بالعالم, ಕನ್ನಡ ภาษาไทย 中文 👨‍👩‍👧 and more words to wrap."
        }.joined(separator: "\n")
        let file = try Otk.temporaryFile(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Otk.run([
            "edit", file.path, "--copies", "2", "--width", "400", "--height", "300",
            "--keystrokes", "300", "--backspaces", "50", "--moves", "100", "--stats",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try #require(output.json)
        #expect(json["paragraphs"] as? Int == 600)
        #expect(json["findMatches"] as? Int == 600)
        #expect(json["grepMatches"] as? Int == 600)
        #expect(json["replaced"] as? Int == 600)
        #expect(json["undoRestoredText"] as? Bool == true)
        // Replace all, undo, redo and undo again leave the one caret the user had.
        #expect(json["selectionsAfterReplaceAll"] as? Int == 1)
        #expect(json["selectionsAfterRedo"] as? Int == 1)
        #expect(json["selectionsAfterUndoAgain"] as? Int == 1)
        #expect(json["lengthAfterDeleteAll"] as? Int == 0)
        #expect(json["undoRestoredLength"] as? Bool == true)
        #expect(json["insertTextCount"] as? Int == 300)
        #expect(json["moveDownCount"] as? Int == 100)
        #expect((json["moveDownUTF16Travelled"] as? Int).map { $0 > 0 } == true)
        // 300 typed characters are one undo step holding 300 units, not the document.
        #expect(json["undoSteps"] as? Int == 1)
        #expect(json["undoStoredUTF16"] as? Int == 300)
        for key in [
            "insertTextMedianSeconds", "deleteBackwardP99Seconds", "moveDownMedianSeconds", "selectAllMedianSeconds",
            "deleteAllSeconds", "undoDeleteAllSeconds", "findAllSeconds", "grepSeconds", "replaceAllSeconds",
            "undoReplaceAllSeconds", "redoReplaceAllSeconds", "undoAgainReplaceAllSeconds",
            "rawHarfBuzzFirstViewportSeconds",
        ] {
            #expect((json[key] as? Double).map { $0 >= 0 } == true, "\(key)")
        }
    }

    @Test func absurdEditArgumentsAreErrors() throws {
        let file = try Otk.temporaryFile(Array("x\n".utf8))
        defer { try? FileManager.default.removeItem(at: file) }
        for arguments in [
            ["--copies", "0"], ["--width", "inf"], ["--moves", "-1"], ["--find", ""], ["--keystrokes", "99999999"],
        ] {
            let output = try Otk.run(["edit", file.path] + arguments)
            #expect(output.status != 0, "\(arguments)")
            #expect(!output.stderr.isEmpty)
        }
    }
}
