import Foundation
import Testing
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering

/// Outputs are written whole or not at all: a render that fails leaves the file that was there.
@Suite struct AtomicOutputTests {
    /// A fresh folder holding only `name`, with `bytes` in it.
    static func folder(holding name: String, _ bytes: String) throws -> (folder: URL, file: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("otk-atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try Data(bytes.utf8).write(to: file)
        return (folder, file)
    }

    /// English, Arabic and Devanagari, then a paragraph whose font cannot be used (layout fails
    /// after the rest has been laid out).
    static func documentFailingLayout() -> TextContentStorage {
        var text = AttributedString("English text, مرحبا بالعالم, नमस्ते दुनिया.\n")
        text.font = FontDescriptor(family: "DejaVu Sans", size: 13)
        var broken = AttributedString("This paragraph has an unusable font size.")
        broken.font = FontDescriptor(family: "DejaVu Sans", size: 0)
        return TextContentStorage(attributedString: text + broken)
    }

    @Test(arguments: ["png", "svg", "pdf"], [false, true])
    func aFailedRenderLeavesTheOldFileAndNoTemporaryFile(ext: String, paged: Bool) throws {
        let (folder, file) = try Self.folder(holding: "out.\(ext)", "a good output from an earlier run")
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = DocumentRenderer.Options()
        if paged { options.pageSize = PageSize.a5.size }
        #expect(throws: RenderingError.self) {
            try DocumentRenderer(options: options).render(Self.documentFailingLayout(), to: file.path)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "a good output from an earlier run")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.\(ext)"])
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func aSuccessfulRenderReplacesTheFileAndLeavesNothingElse(ext: String) throws {
        let (folder, file) = try Self.folder(holding: "out.\(ext)", "old")
        defer { try? FileManager.default.removeItem(at: folder) }
        var text = AttributedString("English text, مرحبا بالعالم, नमस्ते दुनिया.")
        text.font = FontDescriptor(family: "DejaVu Sans", size: 13)
        _ = try DocumentRenderer().render(TextContentStorage(attributedString: text), to: file.path)
        let data = try Data(contentsOf: file)
        #expect(data.count > 100)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.\(ext)"])
    }

    @Test func aSurfaceNeverFinishedWritesNothing() throws {
        let (folder, file) = try Self.folder(holding: "out.pdf", "old")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let surface = try DrawingSurface.pdf(path: file.path, pageSize: CGSize(width: 100, height: 100))
            let context = try surface.makeContext()
            context.fillBackground(.white)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.pdf"])
    }

    @Test func aWriteIntoAMissingFolderSaysThePathAndTheReason() throws {
        var text = AttributedString("English, مرحبا")
        text.font = FontDescriptor(family: "DejaVu Sans", size: 13)
        for ext in ["png", "svg", "pdf"] {
            let path = "/nonexistent-otk-folder/x.\(ext)"
            #expect(throws: RenderingError.unwritable(path: path, reason: "No such file or directory")) {
                _ = try DocumentRenderer().render(TextContentStorage(attributedString: text), to: path)
            }
        }
    }

    @Test func aReadOnlyOutputIsNotReplaced() throws {
        guard getuid() != 0 else { return } // root may write anything
        let (folder, file) = try Self.folder(holding: "out.pdf", "read only")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: file.path)
        #expect(throws: RenderingError.unwritable(path: file.path, reason: "Permission denied")) {
            try DocumentRenderer().render(TextContentStorage(string: "English, مرحبا, नमस्ते"), to: file.path)
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "read only")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.pdf"])
    }

    @Test func aSymbolicLinkedOutputIsWrittenThroughTheLink() throws {
        let (folder, file) = try Self.folder(holding: "real.png", "old")
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        _ = try DocumentRenderer().render(TextContentStorage(string: "English, नमस्ते"), to: link.path)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == file.path)
        #expect(try Data(contentsOf: file).starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
