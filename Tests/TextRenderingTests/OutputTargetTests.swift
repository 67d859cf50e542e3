import FileOutput
import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
@testable import TextRendering

/// What is not a regular file is never replaced: a device, FIFO or socket is written in place,
/// a symbolic link's target file is replaced and the link kept, and a full device is an error
/// naming the file and the reason in every format.
@Suite struct OutputTargetTests {
    static func document() -> TextContentStorage {
        var text = AttributedString("English, العربية, עברית, ไทย, ಕನ್ನಡ, 👍🏽.\nA second paragraph.")
        text.font = FontDescriptor(family: "DejaVu Sans", size: 13)
        return TextContentStorage(attributedString: text)
    }

    /// The renders every test makes: each kind, as a sheet and as pages.
    static let renders: [(ext: String, paged: Bool)] = [
        ("png", false), ("svg", false), ("pdf", false), ("png", true), ("svg", true), ("pdf", true),
    ]

    static func render(to path: String, paged: Bool) throws(RenderingError) {
        var options = DocumentRenderer.Options()
        if paged { options.pageSize = PageSize.a5.size }
        _ = try DocumentRenderer(options: options).render(document(), to: path)
    }

    static func starts(_ data: Data, as ext: String) -> Bool {
        switch ext {
        case "png": data.starts(with: [0x89, 0x50, 0x4E, 0x47])
        case "pdf":
            data.starts(with: Array("%PDF".utf8)) && String(decoding: data.suffix(8), as: UTF8.self).contains("%%EOF")
        default:
            String(decoding: data.prefix(100), as: UTF8.self).contains("<?xml")
                && String(decoding: data.suffix(10), as: UTF8.self).contains("</svg>")
        }
    }

    @Test(.enabled(if: SpecialFiles.isRoot, "only root can make device nodes"))
    func aNullDeviceAndALinkToItAreWrittenInPlaceNeverReplaced() throws {
        let folder = try SpecialFiles.folder("otk-device")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (ext, paged) in Self.renders {
            let node = folder.appendingPathComponent("null-\(paged).\(ext)").path
            let link = folder.appendingPathComponent("link-\(paged).\(ext)").path
            try SpecialFiles.makeCharacterDevice(at: node, major: 1, minor: 3)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: node)
            for target in [node, link] {
                try Self.render(to: target, paged: paged)
                #expect(SpecialFiles.isCharacterDevice(node, major: 1, minor: 3), "\(target), paged \(paged)")
                #expect(SpecialFiles.type(of: link) == S_IFLNK)
            }
        }
        // Nothing but the nodes and links: no temporary file, nothing renamed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 2 * Self.renders.count)
    }

    @Test(.enabled(if: SpecialFiles.isRoot, "only root can make device nodes"))
    func aFullDeviceIsAnErrorNamingTheFileAndTheReasonInEveryFormat() throws {
        let folder = try SpecialFiles.folder("otk-full")
        defer { try? FileManager.default.removeItem(at: folder) }
        for (ext, paged) in Self.renders {
            let node = folder.appendingPathComponent("full-\(paged).\(ext)").path
            let link = folder.appendingPathComponent("link-\(paged).\(ext)").path
            try SpecialFiles.makeCharacterDevice(at: node, major: 1, minor: 7)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: node)
            for target in [node, link] {
                #expect(throws: RenderingError.unwritable(path: target, reason: "No space left on device"), "\(target)")
                {
                    try Self.render(to: target, paged: paged)
                }
                #expect(SpecialFiles.isCharacterDevice(node, major: 1, minor: 7))
            }
        }
    }

    @Test(arguments: renders.map(\.ext), [false, true])
    func aFIFOIsWrittenInPlaceForItsReader(ext: String, paged: Bool) throws {
        let folder = try SpecialFiles.folder("otk-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("out.\(ext)").path
        try SpecialFiles.makeFIFO(at: fifo)
        let reader = SpecialFiles.Reader(fifo: fifo)
        let result = Result { () throws(RenderingError) in try Self.render(to: fifo, paged: paged) }
        let bytes = reader.finish()
        try result.get()
        #expect(Self.starts(bytes, as: ext), "\(bytes.count) bytes")
        #expect(SpecialFiles.type(of: fifo) == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.\(ext)"])
    }

    @Test func aFIFONobodyReadsIsAnErrorNotAHang() throws {
        let folder = try SpecialFiles.folder("otk-fifo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("out.pdf").path
        try SpecialFiles.makeFIFO(at: fifo)
        #expect {
            _ = try AtomicFileWriter(path: fifo, fifoReaderWait: 0.2)
        } throws: { error in
            (error as? FileOutputError).map {
                "\($0)".contains(fifo) && "\($0)".contains("no process opened it for reading")
            } == true
        }
        #expect(SpecialFiles.type(of: fifo) == S_IFIFO)
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func aUnixSocketIsWrittenInPlace(ext: String) throws {
        let folder = try SpecialFiles.folder("otk-sock")
        defer { try? FileManager.default.removeItem(at: folder) }
        let socketPath = folder.appendingPathComponent("out.\(ext)").path
        let reader = try SpecialFiles.Reader(socketAt: socketPath)
        let result = Result { () throws(RenderingError) in try Self.render(to: socketPath, paged: ext == "pdf") }
        let bytes = reader.finish()
        try result.get()
        #expect(Self.starts(bytes, as: ext), "\(bytes.count) bytes")
        #expect(SpecialFiles.type(of: socketPath) == S_IFSOCK)
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func linksToRegularFilesReplaceTheFileAndKeepTheLinks(ext: String) throws {
        let folder = try SpecialFiles.folder("otk-links")
        defer { try? FileManager.default.removeItem(at: folder) }
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: true)
        let real = folder.appendingPathComponent("sub/real.\(ext)").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        // A relative link, a chain of two links, and a link to a file not made yet.
        try fileManager.createSymbolicLink(
            atPath: folder.appendingPathComponent("relative.\(ext)").path, withDestinationPath: "sub/real.\(ext)")
        try fileManager.createSymbolicLink(
            atPath: folder.appendingPathComponent("chain.\(ext)").path, withDestinationPath: "relative.\(ext)")
        try fileManager.createSymbolicLink(
            atPath: folder.appendingPathComponent("dangling.\(ext)").path, withDestinationPath: "sub/new.\(ext)")
        for name in ["relative", "chain"] {
            try Data("old".utf8).write(to: URL(fileURLWithPath: real))
            try Self.render(to: folder.appendingPathComponent("\(name).\(ext)").path, paged: false)
            #expect(Self.starts(try Data(contentsOf: URL(fileURLWithPath: real)), as: ext), "\(name)")
            #expect(SpecialFiles.type(of: folder.appendingPathComponent("\(name).\(ext)").path) == S_IFLNK)
        }
        try Self.render(to: folder.appendingPathComponent("dangling.\(ext)").path, paged: true)
        #expect(SpecialFiles.type(of: folder.appendingPathComponent("dangling.\(ext)").path) == S_IFLNK)
        #expect(Self.starts(try Data(contentsOf: folder.appendingPathComponent("sub/new.\(ext)")), as: ext))
        #expect(
            Set(try fileManager.contentsOfDirectory(atPath: folder.appendingPathComponent("sub").path)) == [
                "real.\(ext)", "new.\(ext)",
            ])
        #expect(
            Set(try fileManager.contentsOfDirectory(atPath: folder.path)) == [
                "sub", "relative.\(ext)", "chain.\(ext)", "dangling.\(ext)",
            ])
    }

    @Test func aFolderIsAClearError() throws {
        let folder = try SpecialFiles.folder("otk-dir")
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("out.png")
        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        #expect(throws: RenderingError.unwritable(path: target.path, reason: "it is a folder")) {
            try Self.render(to: target.path, paged: false)
        }
    }
}
