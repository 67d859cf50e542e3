import ArgumentParser
import Foundation

/// The view `otk viewport` and `otk edit` measure: its size, and how many copies of the file it
/// shows one after another.
struct ViewportOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Use this many copies of the file, one after another (25 copies of the KJV verses make 100 MB). The copies are written to a temporary file before the clock starts.")
    var copies: Int = 1

    @Option(parsing: .unconditional, help: "Viewport width in points (also the container's width).")
    var width: Double = 800

    @Option(parsing: .unconditional, help: "Viewport height in points.")
    var height: Double = 600

    var size: CGSize { CGSize(width: width, height: height) }

    func validate() throws {
        guard (1 ... 1_000).contains(copies) else { throw ValidationError("--copies takes 1 to 1000; got \(copies).") }
        guard width.isFinite, width > 0, height.isFinite, height > 0 else {
            throw ValidationError("--width and --height take positive sizes; got \(width) x \(height).")
        }
    }

    /// The file to open: the document itself, or its copies written to an unlinked temporary
    /// file, named through this process's descriptor (which another process, grep, can read too).
    func path(of document: DocumentOptions) throws -> String {
        guard copies > 1 else { return document.file }
        let descriptor = try Self.writeCopies(of: document.file, count: copies, maximumBytes: document.maxInputBytes)
        return "/proc/\(getpid())/fd/\(descriptor)"
    }

    /// Writes `count` copies of the file at `path` to a temporary file and returns its open
    /// descriptor, to be read through /proc/self/fd. The file is unlinked as soon as it is
    /// made: nothing is left behind however the process ends (killed, crashed, a full disk).
    static func writeCopies(of path: String, count: Int, maximumBytes: Int) throws -> Int32 {
        var copy = try DocumentLoader.bytes(of: path, maximumBytes: maximumBytes) ?? Data()
        // Each copy starts a paragraph of its own.
        if let last = copy.last, last != 0x0A { copy.append(0x0A) }
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array(((folder as NSString).appendingPathComponent("otk-viewport-XXXXXX.txt")).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else {
            throw ValidationError("Cannot make a temporary file for --copies in \(folder): \(String(cString: strerror(errno))). Set TMPDIR to a writable folder.")
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        for _ in 0 ..< count {
            var failure: Int32 = 0
            copy.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    offset += written
                }
            }
            if failure != 0 {
                close(descriptor)
                throw ValidationError("Cannot write the --copies temporary file in \(folder): \(String(cString: strerror(failure))). Set TMPDIR to a folder with room.")
            }
        }
        return descriptor
    }
}
