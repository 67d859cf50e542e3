import FileOutput
import Foundation
import OpenTextKit

/// A file the editor opened: its storage, its format, and what saving must give back as it was
/// (a byte order mark the storage dropped).
struct DocumentFile {
    /// What the file holds, by its name: Markdown (`.md`, `.markdown`) and the engine's document
    /// format (`.otk.json`) open as rich text; anything else is UTF-8 text.
    enum Format {
        case plainText, markdown, document

        init(path: String) {
            let lowered = path.lowercased()
            if lowered.hasSuffix(".otk.json") {
                self = .document
            } else if lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") {
                self = .markdown
            } else {
                self = .plainText
            }
        }

        /// Whether it holds formatting (the toolbar shows for it).
        var isRich: Bool { self != .plainText }
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
    /// The width Markdown's tables share out, as the presentation draws them.
    static let markdownWidth = 640.0

    let path: String
    let format: Format
    let storage: TextContentStorage
    let hadByteOrderMark: Bool
    /// Whether the file's lines end with CR LF (its first line break says): Markdown written
    /// back from the rich text ends its lines so too. (Plain text keeps its own, as read.)
    let usesCRLF: Bool

    /// Opens `path` in its format. Text must be UTF-8 (anything else is refused with the offset
    /// of the first bad byte); Markdown past the parser's limits and documents that do not
    /// decode are refused with the reason.
    init(path: String) throws {
        self.path = path
        format = Format(path: path)
        let url = URL(fileURLWithPath: path)
        let handle = try FileHandle(forReadingFrom: url)
        let start = try handle.read(upToCount: 64 << 10) ?? Data()
        try handle.close()
        hadByteOrderMark = Array(start.prefix(3)) == Self.byteOrderMark
        usesCRLF = start.firstIndex(of: 0x0A).map { $0 > start.startIndex && start[$0 - 1] == 0x0D } ?? false
        switch format {
        case .plainText:
            storage = try TextContentStorage(contentsOf: url)
        case .markdown:
            storage = try TextContentStorage(markdown: Data(contentsOf: url), width: Self.markdownWidth)
        case .document:
            storage = TextContentStorage(attributedString: try TextDocumentFormat.decode(Data(contentsOf: url)))
        }
    }

    /// Writes the document to the file in its format: to a temporary file beside it, renamed over
    /// it when every byte is written (a device or FIFO written in place, a symbolic link's target
    /// replaced; see `AtomicFileWriter`). Text keeps its own line endings, as read; a byte order
    /// mark read is written again. Markdown is written from the rich text (a paragraph the user
    /// split is two paragraphs), its lines ending as the file's did. On a failure the file is as
    /// it was, and the error says why.
    func save() throws {
        // Rich text is encoded first: a document that cannot be written leaves no file behind.
        let encoded: Data? =
            switch format {
            case .plainText: nil
            case .markdown:
                Data(
                    Self.endingLines(
                        try EditedMarkdown.separatingParagraphs(storage.attributedString).markdown(),
                        withCRLF: usesCRLF
                    ).utf8)
            case .document: try TextDocumentFormat.encode(storage.attributedString)
            }
        let writer = try AtomicFileWriter(path: path)
        if hadByteOrderMark {
            _ = Self.byteOrderMark.withUnsafeBytes { writer.write($0) }
        }
        if let encoded {
            try writer.write(encoded)
        } else {
            storage.enumerateUTF8Runs(fromOffset: 0) { _, bytes, _ in writer.write(UnsafeRawBufferPointer(bytes)) }
        }
        try writer.commit()
    }

    /// `text` with every line ending CR LF (`withCRLF`) or LF.
    private static func endingLines(_ text: String, withCRLF: Bool) -> String {
        let unified = text.replacingOccurrences(of: "\r\n", with: "\n")
        return withCRLF ? unified.replacingOccurrences(of: "\n", with: "\r\n") : unified
    }
}
