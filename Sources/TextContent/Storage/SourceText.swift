import Foundation
import Synchronization

/// The bytes a document was opened with: one allocation, never changed, sliced by `.plain`
/// paragraphs. Reading a file straight into it (instead of Data, then String) keeps the peak
/// memory of opening close to one byte per byte of text.
///
/// Sendable because it is written only while a document is being opened; after that its bytes
/// never change, and paragraphs handed to other threads read slices of them.
final class SourceText: @unchecked Sendable {
    let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Breadcrumbs of long paragraphs that are not ASCII, by their first byte, made when asked.
    let breadcrumbs = Mutex<[Int: UTF16Breadcrumbs]>([:])

    init(count: Int) {
        bytes = .allocate(capacity: max(count, 1))
    }

    convenience init(copying string: String) {
        var string = string
        self.init(count: string.utf8.count)
        count = string.withUTF8 { utf8 in
            UnsafeMutableBufferPointer(rebasing: bytes[0 ..< utf8.count]).initialize(from: utf8).1
        }
    }

    deinit {
        bytes.deallocate()
    }

    /// How many bytes hold text.
    private(set) var count = 0

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[0 ..< count]) }

    /// Bytes `start ..< start + length`.
    func slice(_ start: Int, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[start ..< start + length])
    }

    /// Bytes `start ..< start + length` as a string.
    func string(_ start: Int, _ length: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start ..< start + length]), as: UTF8.self)
    }

    /// Appends bytes; the caller made room for them.
    func append(_ data: Data) {
        data.withUnsafeBytes { raw in
            let slice = UnsafeMutableBufferPointer(rebasing: bytes[count ..< count + raw.count])
            _ = slice.initialize(from: raw.bindMemory(to: UInt8.self))
        }
        count += data.count
    }

    /// Removes a leading UTF-8 byte order mark (EF BB BF): a file's encoding signature, not text.
    func dropByteOrderMark() {
        guard count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF else { return }
        let base = bytes.baseAddress!
        base.update(from: base + 3, count: count - 3)
        count -= 3
    }

    /// Reads a whole file.
    static func read(contentsOf url: URL) throws(TextContentError) -> SourceText {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else { throw .unreadableFile(path: url.path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadableFile(path: url.path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) != S_IFDIR else {
            throw .unreadableFile(path: url.path, reason: "it is a directory")
        }
        var source = SourceText(count: max(Int(status.st_size), 0) + 1)
        while true {
            if source.count == source.bytes.count {
                // The file grew, or reports no size (a pipe): make room and go on.
                let larger = SourceText(count: source.bytes.count * 2)
                _ = UnsafeMutableBufferPointer(rebasing: larger.bytes[0 ..< source.count]).initialize(
                    from: source.buffer)
                larger.count = source.count
                source = larger
            }
            let free = source.bytes.count - source.count
            let got = Foundation.read(descriptor, source.bytes.baseAddress! + source.count, free)
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadableFile(path: url.path, reason: String(cString: strerror(errno)))
            }
            if got == 0 { return source }
            source.count += got
        }
    }
}
