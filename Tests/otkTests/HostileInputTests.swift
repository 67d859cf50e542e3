import Foundation
import OpenTextKit
import Testing

/// `otk` with hostile input: Markdown that amplifies, inputs that never
/// end or loop, absurd geometry, formats read as what they are.
@Suite struct HostileInputTests {
    static let text = "English words, مرحبا بالعالم, שלום, ภาษาไทย, ಕನ್ನಡ 👍🏽\n"

    static func file(_ text: String, extension ext: String) throws -> URL {
        try Otk.temporaryFile(Array(text.utf8), extension: ext)
    }

    /// Exits with `code` (not a signal: 134 is an abort), saying `phrase`, without the usage line.
    static func expectFailure(
        _ output: Otk.Output, code: Int32, saying phrase: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            output.status == code, "exit \(output.status): \(output.stderr.prefix(600))", sourceLocation: sourceLocation
        )
        #expect(output.stderr.contains(phrase), "\(output.stderr.prefix(600))", sourceLocation: sourceLocation)
        #expect(!output.stderr.contains("Usage:"), "\(output.stderr.prefix(600))", sourceLocation: sourceLocation)
    }

    @Test func amplifyingMarkdownIsRefusedByEveryCommandAndTheComparisonCannotAbort() throws {
        // The issue's r.md, smaller: a 200 KB destination used 1,000 times (200 MB of links,
        // which cmark-gfm's HTML renderer alone would take to 1.2 GB).
        let references = try Self.file(
            "[a]: http://x/" + String(repeating: "y", count: 200_000) + "\n\n" + String(repeating: "[a] ", count: 1_000)
                + "\n", extension: "md")
        var table = "|" + String(repeating: "a|", count: 5_000) + "\n|" + String(repeating: "-|", count: 5_000) + "\n"
        for _ in 0 ..< 200 { table += "|x|\n" }
        let cells = try Self.file(table, extension: "md")
        let brackets = try Self.file(String(repeating: "![[]()", count: 20_000) + "\n", extension: "md")
        let instructions = try Self.file("a" + String(repeating: " <?", count: 20_000) + "\n", extension: "markdown")
        defer {
            for file in [references, cells, brackets, instructions] { try? FileManager.default.removeItem(at: file) }
        }
        let png = RenderCommandTests.temporaryPath("png")
        defer { try? FileManager.default.removeItem(atPath: png) }
        let cases = [
            (references, "--max-reference-expansion-bytes"), (cells, "--max-table-cells"),
            (brackets, "--max-rescan-work"), (instructions, "--max-rescan-work"),
        ]
        for (file, flag) in cases {
            // The comparison path: cmark-gfm alone, parsing and rendering HTML.
            Self.expectFailure(try Otk.run(["markdown", file.path, "--stats"]), code: 65, saying: flag)
            Self.expectFailure(try Otk.run(["stats", file.path]), code: 65, saying: flag)
            Self.expectFailure(try Otk.run(["render", file.path, "-o", png]), code: 65, saying: flag)
        }
        #expect(!FileManager.default.fileExists(atPath: png))
        // A limit raised lets a document through.
        let small = try Self.file("| a | b |\n| - | - |\n| مرحبا | שלום |\n| ไทย | 👍🏽 |\n", extension: "md")
        defer { try? FileManager.default.removeItem(at: small) }
        Self.expectFailure(
            try Otk.run(["stats", small.path, "--max-table-cells", "5"]), code: 65, saying: "maximumTableCells")
        let raised = try Otk.run(["markdown", small.path, "--stats", "--max-table-cells", "6"])
        #expect(raised.status == 0, "\(raised.stderr)")
        #expect(raised.json?["paragraphs"] as? Int == 3)
        let negative = try Otk.run(["stats", small.path, "--max-table-cells", "-1"])
        #expect(negative.status == 64)
        #expect(negative.stderr.contains("--max-table-cells takes 0 or more"), "\(negative.stderr)")
    }

    // Whitespace-only lines are blank lines: "   \n\t\n" made the default 10 MB of tiny blocks.
    @Test(arguments: [
        "\n\n\n", "", "\r\n\r\n", "   \n\t\n", " ", "\t\t", " \r \r\n\u{0B}\n", "\u{00A0}\n\u{3000}\r\n\u{2003}",
        "\u{2028}\u{2029}\u{85}",
    ])
    func versesWithNoLinesEnd(content: String) throws {
        let file = try Self.file(content, extension: "txt")
        defer { try? FileManager.default.removeItem(at: file) }
        Self.expectFailure(
            try Otk.run(["markdown", file.path, "--from-verses", "--stats", "--minimum-bytes", "1000"]), code: 65,
            saying: "has no lines holding text")
    }

    @Test func whitespaceLinesAmongVersesAreSkipped() throws {
        let verses =
            "Genesis 1\n1 In the beginning God created שלום مرحبا.\n2 And the earth ภาษาไทย ಕನ್ನಡ 👍🏽.\nExodus "
            + "1\n1 Now these are the names.\n"
        let spaced =
            "  \n\t\nGenesis 1\r\n \t \n1 In the beginning God created שלום مرحبا.  \r\n\u{3000}\n2 And the earth "
            + "ภาษาไทย ಕನ್ನಡ 👍🏽.\n\u{00A0}\nExodus 1\r1 Now these are the names.\t\n   "
        var made: [Data] = []
        for content in [verses, spaced] {
            let input = try Self.file(content, extension: "txt")
            let output = RenderCommandTests.temporaryPath("md")
            defer {
                try? FileManager.default.removeItem(at: input); try? FileManager.default.removeItem(atPath: output)
            }
            let result = try Otk.run([
                "markdown", input.path, "--from-verses", "--minimum-bytes", "1000", "--save-markdown", output,
                "--stats",
            ])
            #expect(result.status == 0, "\(result.stderr.prefix(300))")
            made.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        #expect(made[0] == made[1])
        let markdown = String(decoding: made[0], as: UTF8.self)
        #expect(
            markdown.contains("## Genesis 1\n") && markdown.contains("1. In the beginning God created שלום مرحبا.\n"))
        #expect(!markdown.contains("\n. ") && !markdown.contains("## \n"))
    }

    @Test func absurdViewportGeometryIsRefusedUpFront() throws {
        let file = try Self.file(Self.text, extension: "txt")
        defer { try? FileManager.default.removeItem(at: file) }
        for (option, value) in [
            ("--height", "1e-300"), ("--height", "0.5"), ("--width", "1e-300"), ("--height", "1e300"),
        ] {
            let output = try Otk.run(["viewport", file.path, "--stats", option, value])
            #expect(output.status == 64, "\(option) \(value): \(output.stderr)")
            #expect(
                output.stderr.contains("--width and --height take positive sizes from 1 to 100000"), "\(output.stderr)")
        }
    }

    @Test(arguments: [1e308, 1e12])
    func aGuardThatStopsPagingSaysSoAndFails(spacing: Double) throws {
        var text = AttributedString(String(repeating: Self.text, count: 40))
        text.paragraphStyle = ParagraphStyle(paragraphSpacing: spacing)
        let input = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-spacing-\(UUID().uuidString).otk.json")
        try TextDocumentFormat.encode(text).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let output = try Otk.run(["viewport", input.path, "--stats", "--keystrokes", "1", "--font-changes", "0"])
        Self.expectFailure(output, code: 70, saying: "Paging stopped")
        #expect(output.json?["pagingComplete"] as? Bool == false, "\(output.stdout)")
        let skipped = try Otk.run([
            "viewport", input.path, "--stats", "--keystrokes", "1", "--font-changes", "0", "--no-paging",
        ])
        #expect(skipped.status == 0, "\(skipped.stderr)")
    }

    @Test func copiesAreReadInTheFilesFormat() throws {
        let markdown = try Self.file("# Title עברית\n\nPara *one* مرحبا\n\n- a ไทย\n- b 👍🏽\n", extension: "md")
        var attributed = AttributedString("Bold ಕನ್ನಡ\nשלום")
        attributed.font = FontDescriptor(family: "DejaVu Sans", size: 15)
        let document = FileManager.default.temporaryDirectory.appendingPathComponent(
            "otk-copies-\(UUID().uuidString).otk.json")
        try TextDocumentFormat.encode(attributed).write(to: document)
        defer { try? FileManager.default.removeItem(at: markdown); try? FileManager.default.removeItem(at: document) }
        let quick = ["--stats", "--keystrokes", "1", "--font-changes", "0", "--no-paging"]
        for (file, paragraphs) in [(markdown.path, 4), (document.path, 2)] {
            for copies in [1, 3] {
                let output = try Otk.run(["viewport", file, "--copies", "\(copies)"] + quick)
                #expect(output.status == 0, "\(output.stderr)")
                #expect(
                    output.json?["paragraphs"] as? Int == paragraphs * copies, "\(file) × \(copies): \(output.stdout)")
            }
        }
        let edit = try Otk.run([
            "edit", document.path, "--copies", "2", "--stats", "--keystrokes", "1", "--backspaces", "1", "--moves", "1",
            "--bold", "1", "--find", "ಕ",
        ])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(edit.json?["paragraphs"] as? Int == 4, "\(edit.stdout)")
    }

    @Test func lossyReadsMarkdownAndStatsNamesItsFormat() throws {
        let bytes: [UInt8] = Array("# Title\n\nbad ".utf8) + [0xFF] + Array(" مرحبا\n".utf8)
        let markdown = try Otk.temporaryFile(bytes, extension: "md")
        defer { try? FileManager.default.removeItem(at: markdown) }
        Self.expectFailure(try Otk.run(["stats", markdown.path]), code: 65, saying: "offset 13")
        let lossy = try Otk.run(["stats", markdown.path, "--lossy"])
        #expect(lossy.status == 0, "\(lossy.stderr)")
        #expect(lossy.json?["format"] as? String == "markdown")
        #expect(lossy.json?["paragraphs"] as? Int == 2, "\(lossy.stdout)")
        let formats = [("md", "# x\n", "markdown"), ("markdown", "*x*\n", "markdown"), ("txt", "# x\n", "plain-text")]
        for (ext, content, name) in formats {
            let file = try Self.file(content, extension: ext)
            defer { try? FileManager.default.removeItem(at: file) }
            #expect(try Otk.run(["stats", file.path]).json?["format"] as? String == name, "\(ext)")
        }
    }

    @Test func numericOptionsOutsideWhatWorksAreRefused() throws {
        let file = try Self.file(Self.text, extension: "txt")
        defer { try? FileManager.default.removeItem(at: file) }
        let png = RenderCommandTests.temporaryPath("png")
        defer { try? FileManager.default.removeItem(atPath: png) }
        for scale in ["1e-300", "0.001", "0"] {
            let output = try Otk.run(["render", file.path, "-o", png, "--scale", scale])
            #expect(output.status == 64, "\(scale): \(output.stderr)")
            #expect(output.stderr.contains("--scale takes a number from 0.01 to 16"), "\(output.stderr)")
        }
        #expect(try Otk.run(["render", file.path, "-o", png, "--scale", "0.01"]).status == 0)
        for command in [["stats"], ["markdown", "--stats"], ["layout", "--stats"]] {
            for spelling in [["--max-input-bytes=-1"], ["--max-input-bytes", "-1"]] {
                let output = try Otk.run([command[0], file.path] + command.dropFirst() + spelling)
                #expect(output.status == 64, "\(command) \(spelling): \(output.stderr)")
                #expect(output.stderr.contains("--max-input-bytes takes 0 or more bytes; got -1"), "\(output.stderr)")
            }
        }
    }

    @Test func anEndlessInputIsReadOnlyToTheLimit() throws {
        // Endless text through a pipe: read up to the limit and no further.
        for command in ["stats", "markdown --stats", "viewport --copies 2"] {
            let output = try Otk.runShell(
                "yes 'English مرحبا שלום' | \"$1\" \(command.split(separator: " ")[0]) /dev/stdin "
                    + "--max-input-bytes 3000 \(command.split(separator: " ").dropFirst().joined(separator: " "))",
                arguments: [Otk.executable.path])
            Self.expectFailure(output, code: 65, saying: "more than the limit of 3000 bytes")
            #expect(output.stderr.contains("stopped reading"), "\(command): \(output.stderr)")
        }
        // A stream that is not text stops at once, under the default limit (2 GiB) too.
        for (device, extra, phrases) in [
            ("/dev/zero", [String](), ["NUL byte at offset 0"]), ("/dev/urandom", [], ["is not UTF-8", "NUL byte"]),
            ("/dev/urandom", ["--lossy"], ["NUL byte"]),
        ] {
            for command in [["stats"], ["markdown", "--stats"], ["viewport", "--copies", "2"]]
            where !(command[0] == "markdown" && !extra.isEmpty) {
                let output = try Otk.run([command[0], device] + command.dropFirst() + extra)
                Self.expectFailure(output, code: 65, saying: "stopped reading there")
                #expect(phrases.contains { output.stderr.contains($0) }, "\(device) \(command): \(output.stderr)")
            }
        }
    }

    @Test func nestingIsCountedAsAReaderCountsIt() throws {
        // 33 nested lists are 33 levels (a list and its item are one), under the limit of 64.
        let lists = { (count: Int) in String(repeating: "- ", count: count) + "deep עמוק ลึก\n" }
        let within = try Self.file(lists(33), extension: "md")
        let beyond = try Self.file(String(repeating: "> 1. ", count: 33) + "x مرحبا\n", extension: "md")
        defer { try? FileManager.default.removeItem(at: within); try? FileManager.default.removeItem(at: beyond) }
        let read = try Otk.run(["stats", within.path])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.json?["paragraphs"] as? Int == 1)
        let refused = try Otk.run(["stats", beyond.path])
        Self.expectFailure(
            refused, code: 65, saying: "more than 64 deep (each block quote and each list counts one level")
        #expect(refused.stderr.contains("--max-nesting-depth raises it"), "\(refused.stderr)")
        #expect(try Otk.run(["stats", beyond.path, "--max-nesting-depth", "66"]).status == 0)
    }
    @Test func theNestingDepthOptionIsCappedByEveryCommand() throws {
        // A larger --max-nesting-depth let 100,000 nested quotes (200 KB) take 16 GB: it is a
        // usage error naming the cap, before the input is read, for every command that reads Markdown.
        let deep = try Self.file(String(repeating: "> ", count: 256) + "عمق עומק ลึก\n", extension: "md")
        let lists = try Self.file(String(repeating: "- ", count: 300) + "x\n", extension: "md")
        let png = RenderCommandTests.temporaryPath("png")
        defer {
            for file in [deep, lists] { try? FileManager.default.removeItem(at: file) };
            try? FileManager.default.removeItem(atPath: png)
        }
        let commands: [[String]] = [
            ["stats", deep.path], ["markdown", deep.path, "--stats"], ["render", deep.path, "-o", png],
            ["layout", deep.path], ["viewport", deep.path, "--stats"], ["edit", deep.path, "--stats"],
        ]
        for command in commands {
            for value in ["257", "1000", "100000000", String(Int.max)] {
                let output = try Otk.run(command + ["--max-nesting-depth", value])
                #expect(output.status == 64, "\(command) \(value): exit \(output.status) \(output.stderr.prefix(300))")
                #expect(
                    output.stderr.contains("--max-nesting-depth takes at most 256"),
                    "\(command): \(output.stderr.prefix(300))")
                #expect(output.stderr.contains("got \(value)"), "\(command): \(output.stderr.prefix(300))")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: png))
        // The cap itself is accepted; deeper input under it is refused as too deep, not as a bad option.
        let read = try Otk.run(["stats", deep.path, "--max-nesting-depth", "256"])
        #expect(read.status == 0, "\(read.stderr.prefix(300))")
        Self.expectFailure(
            try Otk.run(["stats", lists.path, "--max-nesting-depth", "256"]), code: 65, saying: "more than 256 deep")
        #expect(try Otk.run(["markdown", "--help"]).stdout.contains("at most 256"))
    }
}
