import Foundation
import Testing
import TestFixtures
#if canImport(Glibc)
import Glibc
#endif

/// Every `otk` command that writes (render to PNG, SVG and PDF; markdown --save-markdown) writes
/// a device, FIFO or a symbolic link's target in place of replacing it, reports a full device,
/// and never overwrites its own input; as root and as a user without privileges.
@Suite struct OutputTargetCommandTests {
    static let setpriv = "/usr/bin/setpriv"

    /// Runs otk as root, or as nobody (setpriv in a child process).
    static func run(_ arguments: [String], asNobody: Bool) throws -> Otk.Output {
        guard asNobody else { return try Otk.run(arguments) }
        return try Otk.run(
            ["--reuid=65534", "--regid=65534", "--clear-groups", Otk.executable.path] + arguments,
            program: URL(fileURLWithPath: setpriv),
            environment: ["HOME": "/tmp", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    }

    /// Root can drop to nobody, and nobody can run the built otk (its folders are readable).
    static let canDropPrivileges: Bool = {
        guard SpecialFiles.isRoot, FileManager.default.isExecutableFile(atPath: setpriv) else { return false }
        return (try? run(["--help"], asNobody: true).status) == 0
    }()

    /// Which users a test runs as: root (with device nodes) and, when possible, nobody.
    static let users: [Bool] = SpecialFiles.isRoot ? (canDropPrivileges ? [false, true] : [false]) : []

    static func input(in folder: URL) throws -> String {
        let input = folder.appendingPathComponent("small.md").path
        try Data("# Output\n\nEnglish, العربية, עברית, ไทย, ಕನ್ನಡ, 👍🏽.\n\n- [a link](https://example.com)\n".utf8)
            .write(
                to: URL(fileURLWithPath: input))
        chmod(input, 0o644)
        return input
    }

    /// The commands that write, each with where it writes.
    static func writers(input: String, to target: String, ext: String) -> [String] {
        ext == "md" ? ["markdown", input, "--save-markdown", target, "--stats"] : ["render", input, "-o", target]
    }

    static let kinds = ["png", "svg", "pdf", "md"]

    @Test(.enabled(if: SpecialFiles.isRoot, "only root can make device nodes"), arguments: users)
    func aNullDeviceOrALinkToItIsWrittenInPlace(asNobody: Bool) throws {
        let folder = try SpecialFiles.folder("otk-null")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.input(in: folder)
        for ext in Self.kinds {
            let node = folder.appendingPathComponent("null.\(ext)").path,
                link = folder.appendingPathComponent("link.\(ext)").path
            try SpecialFiles.makeCharacterDevice(at: node, major: 1, minor: 3)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: node)
            for target in [node, link] {
                let output = try Self.run(Self.writers(input: input, to: target, ext: ext), asNobody: asNobody)
                #expect(output.status == 0, "\(target): \(output.stderr)")
                #expect(SpecialFiles.isCharacterDevice(node, major: 1, minor: 3), "\(target) replaced")
                #expect(SpecialFiles.type(of: link) == S_IFLNK)
            }
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1 + 2 * Self.kinds.count,
            "no temporary file left")
    }

    @Test(.enabled(if: SpecialFiles.isRoot, "only root can make device nodes"), arguments: users)
    func aFullDeviceIsAnErrorNamingTheFileAndTheReason(asNobody: Bool) throws {
        let folder = try SpecialFiles.folder("otk-full")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.input(in: folder)
        for ext in Self.kinds {
            let node = folder.appendingPathComponent("full.\(ext)").path,
                link = folder.appendingPathComponent("link.\(ext)").path
            try SpecialFiles.makeCharacterDevice(at: node, major: 1, minor: 7)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: node)
            for target in [node, link] {
                for pages in ext == "pdf" || ext == "png" ? [[], ["--page-size", "A5"]] : [[]] {
                    let output = try Self.run(
                        Self.writers(input: input, to: target, ext: ext) + pages, asNobody: asNobody)
                    #expect(output.status != 0, "\(target)")
                    #expect(
                        output.stderr.contains(target) && output.stderr.contains("No space left on device"),
                        "\(target): \(output.stderr)")
                    #expect(SpecialFiles.isCharacterDevice(node, major: 1, minor: 7))
                }
            }
        }
    }

    @Test(arguments: [false] + (canDropPrivileges ? [true] : []))
    func aFIFOAndALinkToARegularFileAreWrittenThroughNotReplaced(asNobody: Bool) throws {
        let folder = try SpecialFiles.folder("otk-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.input(in: folder)
        for ext in Self.kinds {
            let fifo = folder.appendingPathComponent("fifo.\(ext)").path
            try SpecialFiles.makeFIFO(at: fifo)
            let reader = SpecialFiles.Reader(fifo: fifo)
            let output = try Self.run(Self.writers(input: input, to: fifo, ext: ext), asNobody: asNobody)
            let bytes = reader.finish()
            #expect(output.status == 0, "\(fifo): \(output.stderr)")
            #expect(bytes.count > 40, "\(ext): \(bytes.count) bytes read")
            #expect(SpecialFiles.type(of: fifo) == S_IFIFO)

            let real = folder.appendingPathComponent("real.\(ext)").path,
                link = folder.appendingPathComponent("link.\(ext)").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: real))
            chmod(real, 0o666)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.\(ext)")
            let linked = try Self.run(Self.writers(input: input, to: link, ext: ext), asNobody: asNobody)
            #expect(linked.status == 0, "\(link): \(linked.stderr)")
            #expect(SpecialFiles.type(of: link) == S_IFLNK)
            #expect(try Data(contentsOf: URL(fileURLWithPath: real)).count > 40)
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1 + 3 * Self.kinds.count,
            "no temporary file left")
    }

    @Test(arguments: [false] + (canDropPrivileges ? [true] : []))
    func aReplacedFileKeepsItsModeAndOwner(asNobody: Bool) throws {
        // A mode-666 root file became 644 and nobody's after a render as nobody; as root, a file
        // of another owner became root's. Root keeps the owner too; nobody cannot, but keeps the mode.
        let folder = try SpecialFiles.folder("otk-mode")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.input(in: folder)
        let owners: [(uid_t, gid_t)] = SpecialFiles.isRoot ? [(0, 0), (65534, 65534)] : [(getuid(), getgid())]
        for ext in Self.kinds {
            for (index, owner) in owners.enumerated() {
                for mode: mode_t in [0o666, 0o640, 0o600] where !(asNobody && owner.0 == 0 && mode != 0o666) {
                    let name = "out\(index)-\(String(mode, radix: 8)).\(ext)"
                    let file = folder.appendingPathComponent(name).path,
                        link = folder.appendingPathComponent("link-" + name).path
                    try Data("old".utf8).write(to: URL(fileURLWithPath: file))
                    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: name)
                    for target in [file, link] {
                        #expect(chown(file, owner.0, owner.1) == 0 && chmod(file, mode) == 0)
                        let output = try Self.run(Self.writers(input: input, to: target, ext: ext), asNobody: asNobody)
                        #expect(output.status == 0, "\(target): \(output.stderr)")
                        var info = stat()
                        #expect(stat(file, &info) == 0)
                        #expect(
                            info.st_mode & 0o7777 == mode,
                            "\(target): \(String(info.st_mode & 0o7777, radix: 8)), was \(String(mode, radix: 8))")
                        // nobody (with no other groups) can give the file neither root's owner nor group.
                        let expected: (uid_t, gid_t) = asNobody ? (65534, 65534) : owner
                        #expect(
                            info.st_uid == expected.0 && info.st_gid == expected.1,
                            "\(target): \(info.st_uid):\(info.st_gid)")
                        #expect(try Data(contentsOf: URL(fileURLWithPath: file)).count > 40)
                        #expect(SpecialFiles.type(of: link) == S_IFLNK)
                    }
                }
            }
        }
    }

    @Test func noCommandOverwritesItsOwnInputByAnyName() throws {
        let folder = try SpecialFiles.folder("otk-own")
        defer { try? FileManager.default.removeItem(at: folder) }
        let verses =
            "Genesis 1\n1 In the beginning God created the heaven and the earth.\n2 And the earth was without form.\n"
        let input = folder.appendingPathComponent("c.txt").path
        try Data(verses.utf8).write(to: URL(fileURLWithPath: input))
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("link.txt").path, withDestinationPath: "c.txt")
        #expect(link(input, folder.appendingPathComponent("hard.txt").path) == 0)
        let names = [
            input, folder.path + "/./c.txt", folder.appendingPathComponent("link.txt").path,
            folder.appendingPathComponent("hard.txt").path,
        ]
        for output in names {
            for command in [
                ["markdown", input, "--from-verses", "--minimum-bytes", "1000", "--save-markdown", output, "--stats"],
                ["markdown", input, "--save-markdown", output, "--stats"],
            ] {
                let result = try Otk.run(command)
                #expect(result.status != 0, "\(command)")
                #expect(result.stderr.contains("is the input file"), "\(command): \(result.stderr)")
                #expect(try String(contentsOfFile: input, encoding: .utf8) == verses)
            }
        }
        // Through a link as the input, too; and render, which made the check first, makes the same one.
        let viaLink = try Otk.run([
            "markdown", names[2], "--from-verses", "--minimum-bytes", "1000", "--save-markdown", input, "--stats",
        ])
        #expect(viaLink.status != 0)
        let pdfInput = folder.appendingPathComponent("notes.png").path
        try Data(verses.utf8).write(to: URL(fileURLWithPath: pdfInput))
        #expect(try Otk.run(["render", pdfInput]).stderr.contains("is the input file"))
        #expect(try String(contentsOfFile: input, encoding: .utf8) == verses)
        #expect(try String(contentsOfFile: pdfInput, encoding: .utf8) == verses)
    }
}
