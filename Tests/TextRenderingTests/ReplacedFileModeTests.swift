import FileOutput
import Foundation
import Testing
import TestFixtures
import TextContent
@testable import TextRendering
#if canImport(Glibc)
import Glibc
#endif

/// A regular file replaced through `AtomicFileWriter` (named directly or as a symbolic link's
/// target) keeps its permission bits and, when the process runs as root, its owner and group;
/// a new file gets the umask's mode. (A mode-666 file became 644, and as root a file of
/// another owner became root's.)
@Suite struct ReplacedFileModeTests {
    /// The file's permission bits, owner and group (the link followed).
    static func mode(_ path: String) -> (mode: mode_t, uid: uid_t, gid: gid_t)? {
        var info = stat()
        return stat(path, &info) == 0 ? (info.st_mode & 0o7777, info.st_uid, info.st_gid) : nil
    }

    /// The modes tried: private, group-readable, the usual, anyone-writable, executable, and
    /// (as root, which may replace a file it cannot write) read-only.
    static let modes: [mode_t] =
        [0o600, 0o640, 0o644, 0o666, 0o755, 0o700] + (SpecialFiles.isRoot ? [0o444, 0o400, 0o000] : [])

    /// Writes through the writer and through the renderer in each format.
    static func replace(_ path: String, with kind: String) throws {
        if kind == "raw" {
            let writer = try AtomicFileWriter(path: path)
            try writer.write(Data("new: English, العربية, עברית, ไทย, ಕನ್ನಡ, 👍🏽\n".utf8))
            try writer.commit()
        } else {
            try OutputTargetTests.render(to: path, paged: kind == "pdf")
        }
    }

    static let kinds = ["raw", "png", "svg", "pdf"]

    /// This process's umask, read without changing it (other tests make files meanwhile).
    static func umask() throws -> mode_t {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
    }

    @Test(arguments: kinds)
    func aReplacedFileKeepsItsMode(kind: String) throws {
        let folder = try SpecialFiles.folder("otk-mode")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ext = kind == "raw" ? "txt" : kind
        for (index, mode) in Self.modes.enumerated() {
            let file = folder.appendingPathComponent("file\(index).\(ext)").path
            let link = folder.appendingPathComponent("link\(index).\(ext)").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: file))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "file\(index).\(ext)")
            for target in [file, link] {
                #expect(chmod(file, mode) == 0)
                let before = try #require(Self.mode(file))
                try Self.replace(target, with: kind)
                let after = try #require(Self.mode(file))
                #expect(after.mode == mode, "\(target): \(String(after.mode, radix: 8)), was \(String(mode, radix: 8))")
                #expect(after.uid == before.uid && after.gid == before.gid, "\(target)")
                #expect(try Data(contentsOf: URL(fileURLWithPath: file)) != Data("old".utf8))
                #expect(SpecialFiles.type(of: link) == S_IFLNK)
            }
        }
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2 * Self.modes.count,
            "no temporary file left")
    }

    @Test(.enabled(if: SpecialFiles.isRoot, "only root may give a file to another owner"), arguments: kinds)
    func asRootAReplacedFileKeepsItsOwnerAndGroup(kind: String) throws {
        let folder = try SpecialFiles.folder("otk-owner")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ext = kind == "raw" ? "txt" : kind
        // nobody's, a group of its own, and an owner with no name at all.
        for (index, owner) in [(65534 as uid_t, 65534 as gid_t), (0, 65534), (65534, 0), (4321, 8765)].enumerated() {
            let file = folder.appendingPathComponent("owned\(index).\(ext)").path
            let link = folder.appendingPathComponent("link\(index).\(ext)").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: file))
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: file)
            for target in [file, link] {
                #expect(chown(file, owner.0, owner.1) == 0)
                #expect(chmod(file, 0o640) == 0)
                try Self.replace(target, with: kind)
                let after = try #require(Self.mode(file))
                #expect(after.uid == owner.0 && after.gid == owner.1, "\(target): \(after.uid):\(after.gid)")
                #expect(after.mode == 0o640, "\(target): \(String(after.mode, radix: 8))")
            }
        }
    }

    @Test(arguments: kinds)
    func aNewFileGetsTheUmasksMode(kind: String) throws {
        let folder = try SpecialFiles.folder("otk-new")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ext = kind == "raw" ? "txt" : kind
        let mask = try Self.umask()
        let file = folder.appendingPathComponent("new.\(ext)").path
        let dangling = folder.appendingPathComponent("dangling.\(ext)").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "made.\(ext)")
        for (target, made) in [(file, file), (dangling, folder.appendingPathComponent("made.\(ext)").path)] {
            try Self.replace(target, with: kind)
            let after = try #require(Self.mode(made))
            #expect(after.mode == 0o666 & ~mask, "\(target): \(String(after.mode, radix: 8))")
            #expect(after.uid == geteuid())
        }
    }
}
