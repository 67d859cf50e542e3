import FileOutput
import Foundation
import OpenTextKit

/// A text file the editor opened: its storage, and what saving must give back as it was (a
/// byte order mark the storage dropped).
struct DocumentFile {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    let path: String
    let storage: TextContentStorage
    let hadByteOrderMark: Bool

    /// Opens `path` (UTF-8; anything else is refused with the offset of the first bad byte).
    init(path: String) throws {
        self.path = path
        let url = URL(fileURLWithPath: path)
        let handle = try FileHandle(forReadingFrom: url)
        let start = try handle.read(upToCount: 3) ?? Data()
        try handle.close()
        hadByteOrderMark = Array(start) == Self.byteOrderMark
        storage = try TextContentStorage(contentsOf: url)
    }

    /// Writes the text to the file: to a temporary file beside it, renamed over it when every
    /// byte is written (a device or FIFO written in place, a symbolic link's target replaced;
    /// see `AtomicFileWriter`). The line endings are the text's own, as read; a byte order mark
    /// read is written again. On a failure the file is as it was, and the error says why.
    func save() throws {
        let writer = try AtomicFileWriter(path: path)
        var accepted = true
        if hadByteOrderMark {
            accepted = Self.byteOrderMark.withUnsafeBytes { writer.write($0) }
        }
        storage.enumerateUTF8Runs(fromOffset: 0) { _, bytes, _ in
            accepted = accepted && writer.write(UnsafeRawBufferPointer(bytes))
            return accepted
        }
        try writer.commit()
    }
}
