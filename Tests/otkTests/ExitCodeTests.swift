import Foundation
import OpenTextKit
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// What `otk` says and how it exits: a mistake in the command line exits 64
/// (EX_USAGE) with the usage line; an input that is missing, unreadable or malformed, an output
/// that cannot be written, or work that failed exits with the sysexits.h code that fits and no
/// usage line; every value echoed is shortened and escaped.
@Suite struct ExitCodeTests {
    static let text = HostileInputTests.text

    @Test func inputErrorsHaveTheirOwnCodesAndNoUsageLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-codes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.txt").path
        let notUTF8 = folder.appendingPathComponent("bad.txt")
        try Data([0x61, 0xFF, 0x62]).write(to: notUTF8)
        let badDocument = folder.appendingPathComponent("bad.otk.json")
        try Data("{\"format\": 1".utf8).write(to: badDocument)
        let large = folder.appendingPathComponent("large.txt")
        try Data(String(repeating: Self.text, count: 20).utf8).write(to: large)
        let cases: [([String], Int32, String)] = [
            (["stats", missing], 66, "No such file"),
            (["render", missing], 66, "No such file"),
            (["markdown", missing, "--stats"], 66, "No such file"),
            (["stats", folder.path], 66, "is a directory"),
            (["stats", notUTF8.path], 65, "UTF-8"),
            (["layout", badDocument.path, "--stats"], 65, "not a valid OpenTextKit document"),
            (["viewport", large.path, "--max-input-bytes", "100"], 65, "more than the limit of 100 bytes"),
        ]
        for (arguments, code, phrase) in cases {
            HostileInputTests.expectFailure(try Otk.run(arguments), code: code, saying: phrase)
        }
        // A mistake in the command line is still a usage error.
        let usage = try Otk.run(["stats", large.path, "--no-such-option"])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("Usage:"), "\(usage.stderr)")
    }

    /// A file the user may not read is EX_NOINPUT (66) with the system's reason, whatever its
    /// format and whichever command opens it (root reads every file, so this runs as nobody).
    @Test(.enabled(if: OutputTargetCommandTests.canDropPrivileges, "needs root to run otk as nobody"))
    func anUnreadableInputIsNoInputInEveryFormat() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-unreadable-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        chmod(folder.path, 0o755)
        var document = AttributedString(Self.text)
        document.font = FontDescriptor(family: "DejaVu Sans", size: 13)
        let inputs: [(String, Data)] = [
            ("plain.txt", Data(Self.text.utf8)),
            ("notes.md", Data("# שלום\n\n- مرحبا ไทย\n- ಕನ್ನಡ 👍🏽\n".utf8)),
            ("doc.otk.json", try TextDocumentFormat.encode(document)),
        ]
        let png = folder.appendingPathComponent("out.png").path
        for (name, contents) in inputs {
            let path = folder.appendingPathComponent(name).path
            try contents.write(to: URL(fileURLWithPath: path))
            chmod(path, 0o000)
            var commands = [
                ["stats", path], ["render", path, "-o", png], ["layout", path, "--stats"],
                ["viewport", path, "--stats", "--keystrokes", "1", "--font-changes", "0", "--no-paging"],
            ]
            if name.hasSuffix(".md") { commands.append(["markdown", path, "--stats"]) }
            for arguments in commands {
                let output = try OutputTargetCommandTests.run(arguments, asNobody: true)
                HostileInputTests.expectFailure(output, code: 66, saying: "Permission denied")
            }
        }
    }

    @Test func anUnwritableOutputIsCantCreate() throws {
        let input = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        for ext in ["png", "pdf"] {
            HostileInputTests.expectFailure(
                try Otk.run(["render", input.path, "-o", "/nonexistent/x.\(ext)"]), code: 73,
                saying: "No such file or directory")
        }
    }

    @Test func aFileWhoseNameIsNotUTF8IsFound() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-name-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // "café.txt" and "ä.md" in Latin-1: bytes that are not UTF-8. Made and passed by the
        // shell, since Swift's strings (and Process's arguments) are UTF-8.
        let script = """
            cd "$1" && printf '%s' "$2" > "$(printf 'caf\\351.txt')" && \
            printf '# T\\n\\n- a\\n' > "$(printf '\\344.md')" && \
            "$3" stats "$1/$(printf 'caf\\351.txt')" && "$3" stats "$(printf '\\344.md')" --max-input-bytes=100 && \
            "$3" stats "$(printf 'caf\\351.txt')" --max-input-bytes 3
            """
        let output = try Otk.runShell(script, arguments: [folder.path, Self.text, Otk.executable.path])
        let reports = output.stdout.components(separatedBy: "}").compactMap { part -> [String: Any]? in
            guard let data = (part + "}").data(using: .utf8) else { return nil }
            return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        }
        #expect(reports.count == 2, "\(output.stdout)\n\(output.stderr)")
        #expect(reports.first?["characters"] as? Int == Self.text.count)
        #expect(reports.last?["format"] as? String == "markdown")
        #expect(reports.last?["paragraphs"] as? Int == 2)
        // The third, over its limit, fails for that reason, not for a missing file.
        #expect(output.status == 65, "\(output.stderr)")
        #expect(output.stderr.contains("more than the limit of 3 bytes"), "\(output.stderr)")
        #expect(!output.stderr.contains("No such file"), "\(output.stderr)")
    }

    @Test func hostileFontNamesAreShortenedAndEscaped() throws {
        // A family named with a NUL cannot be asked of fontconfig (65); one with an escape
        // sequence and a direction override is not installed (a warning, or 69 when strict).
        func document(family: String) throws -> URL {
            var text = AttributedString(Self.text)
            text.font = FontDescriptor(family: family, size: 13)
            let url = FileManager.default.temporaryDirectory.appendingPathComponent(
                "otk-family-\(UUID().uuidString).otk.json")
            try TextDocumentFormat.encode(text).write(to: url)
            return url
        }
        let long = String(repeating: "ف", count: 100_000)
        let withNUL = try document(family: "Evil\u{0}\u{1B}[2J\u{202E}" + long)
        let withEscapes = try document(family: "Evil\u{1B}[2J\u{202E}" + long)
        let plain = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { for url in [withNUL, withEscapes, plain] { try? FileManager.default.removeItem(at: url) } }
        let png = RenderCommandTests.temporaryPath("png")
        defer { try? FileManager.default.removeItem(atPath: png) }
        let cases: [([String], Int32, String)] = [
            (["render", withNUL.path, "-o", png], 65, "Evil\\0\\u{1B}[2J\\u{202E}ف"),
            (["render", withEscapes.path, "-o", png], 0, "Evil\\u{1B}[2J\\u{202E}ف"),
            (["render", withEscapes.path, "-o", png, "--strict-fonts"], 69, "Evil\\u{1B}[2J\\u{202E}ف"),
            (
                [
                    "render", plain.path, "-o", png, "--font",
                    "Evil\u{1B}[2J\u{7}" + String(repeating: "x", count: 100_000) + " 12",
                ], 0, "Evil\\u{1B}[2J\\u{7}x"
            ),
            (
                [
                    "render", plain.path, "-o", png, "--font",
                    "\u{1B}]0;title\u{7}" + String(repeating: " y", count: 50_000),
                ], 64, "\\u{1B}]0;title\\u{7} y"
            ),
        ]
        for (arguments, code, echoed) in cases {
            let output = try Otk.run(arguments)
            #expect(output.status == code, "\(arguments.suffix(2).map { $0.prefix(20) }): \(output.stderr.prefix(300))")
            #expect(output.stderr.contains(echoed), "\(output.stderr.prefix(300))")
            #expect(output.stderr.utf8.count < 2_000, "\(output.stderr.utf8.count) bytes of messages")
            #expect(
                !output.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(output.stderr.prefix(300))"
            )
            #expect(!output.stderr.contains("\u{202E}"))
        }
    }

    @Test func aValueOfAMillionShortWordsIsShortened() throws {
        let input = try Otk.temporaryFile(Array(Self.text.utf8))
        defer { try? FileManager.default.removeItem(at: input) }
        let words = String(repeating: "a\u{1B} ", count: 40_000)
        for option in ["--page-size", "--exclusion", "--width"] {
            let output = try Otk.run([
                "render", input.path, "-o", "/tmp/unused-\(UUID().uuidString).png", option, words,
            ])
            #expect(output.status == 64, "\(option): \(output.stderr.prefix(300))")
            #expect(output.stderr.utf8.count < 8_000, "\(option): \(output.stderr.utf8.count) bytes of messages")
            #expect(!output.stderr.contains("\u{1B}"))
        }
    }

    @Test func aLongCodeLineIsNotCutSilently() throws {
        // Code block lines of 20,000 characters (Hebrew, Arabic, Thai and Latin) and of 100
        // (wider than 600 points too), on a 600-point sheet; and short ones, which fit.
        let long = String(repeating: "let x = \"שלום مرحبا ไทย\"; ", count: 800)
        let hundred = String(repeating: "ಕನ್ನಡ x = 1; ", count: 8)
        let input = try Otk.temporaryFile(
            Array("# Code\n\n```swift\n\(long)\nshort\n\(hundred)\n```\n\n```\nfits 👍🏽\n```\n".utf8), extension: "md")
        let fits = try Otk.temporaryFile(Array("```\nfits עברית\n```\n".utf8), extension: "md")
        defer { try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(at: fits) }
        let png = RenderCommandTests.temporaryPath("png")
        defer { try? FileManager.default.removeItem(atPath: png) }
        func render(_ file: URL, _ arguments: [String]) throws -> (height: Int?, stderr: String) {
            let output = try Otk.run(["render", file.path, "-o", png] + arguments)
            #expect(output.status == 0, "\(output.stderr)")
            // "Wrote PATH (PNG, 1 page, 600 × HEIGHT pt)."
            return (
                output.stderr.split(separator: "×").last.flatMap { Int($0.split(separator: " ").first ?? "") },
                output.stderr
            )
        }
        let cut = try render(input, [])
        #expect(cut.stderr.contains("warning: 2 code block lines are wider than the text"), "\(cut.stderr)")
        #expect(cut.stderr.contains("--wrap-code-blocks wraps them"), "\(cut.stderr)")
        let wrapped = try render(input, ["--wrap-code-blocks"])
        #expect(!wrapped.stderr.contains("warning"), "\(wrapped.stderr)")
        // Wrapped, every character is on the page: hundreds of lines, not one.
        let cutHeight = try #require(cut.height), wrappedHeight = try #require(wrapped.height)
        #expect(wrappedHeight > 10 * cutHeight, "wrapped \(wrappedHeight) pt, cut \(cutHeight) pt")
        #expect(!(try render(fits, [])).stderr.contains("warning"))
    }
}

extension Otk {
    /// Runs `script` with /bin/sh, `arguments` as $1, $2...: for bytes Swift's strings cannot
    /// carry (a file name that is not UTF-8), which the shell makes with printf.
    static func runShell(_ script: String, arguments: [String]) throws -> Output {
        try run(["-c", script, "otk-test"] + arguments, program: URL(fileURLWithPath: "/bin/sh"))
    }
}
