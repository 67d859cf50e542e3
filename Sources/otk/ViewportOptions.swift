import ArgumentParser
import Foundation
import OpenTextKit

/// The view `otk viewport` and `otk edit` measure: its size, and how many copies of the file it
/// shows one after another.
struct ViewportOptions: ParsableArguments {
    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "Use this many copies of the file, one after another (25 copies of the KJV verses make 100 MB). The "
                    + "copies are written to a temporary file before the clock starts.")
    )
    var copies: Int = 1

    @Option(parsing: .unconditional, help: "Viewport width in points (also the container's width), 1 to 100000.")
    var width: Double = 800

    @Option(parsing: .unconditional, help: "Viewport height in points, 1 to 100000.")
    var height: Double = 600

    /// The sizes a viewport may have: a point is the smallest thing drawn, and a viewport much
    /// smaller than a line would page through a document in billions of steps.
    static let sizes: ClosedRange<Double> = 1 ... 100_000

    var size: CGSize { CGSize(width: width, height: height) }

    func validate() throws {
        guard (1 ... 1_000).contains(copies) else { throw ValidationError("--copies takes 1 to 1000; got \(copies).") }
        guard width.isFinite, height.isFinite, Self.sizes.contains(width), Self.sizes.contains(height) else {
            throw ValidationError(
                "--width and --height take positive sizes from 1 to 100000 points; got \(width) x \(height).")
        }
    }

    /// The file to open: the document itself, or its copies written to an unlinked temporary
    /// file, named through this process's descriptor (which another process, grep, can read too).
    /// A document in the engine's format is not copied (JSON documents one after another are no
    /// document): it is read once and repeated (`DocumentLoader.open(_:document:formatOf:copies:)`).
    func path(of document: DocumentOptions) throws -> String {
        guard copies > 1, !DocumentLoader.isDocument(document.file) else { return document.file }
        let descriptor = try Self.writeCopies(
            of: document.file, count: copies, maximumBytes: document.maxInputBytes, allowsInvalidUTF8: document.lossy,
            separator: DocumentLoader.isMarkdown(document.file) ? "\n\n" : "\n")
        return "/proc/\(getpid())/fd/\(descriptor)"
    }

    /// Writes `count` copies of the file at `path` to a temporary file and returns its open
    /// descriptor, to be read through /proc/self/fd. The file is unlinked as soon as it is
    /// made: nothing is left behind however the process ends (killed, crashed, a full disk).
    /// Each copy ends with `separator` (a blank line between Markdown copies, so that each starts
    /// a block of its own), unless it ends so already.
    static func writeCopies(
        of path: String, count: Int, maximumBytes: Int, allowsInvalidUTF8: Bool = false, separator: String = "\n"
    ) throws -> Int32 {
        var copy =
            try DocumentLoader.bytes(of: path, maximumBytes: maximumBytes, allowsInvalidUTF8: allowsInvalidUTF8)
            ?? Data()
        if !copy.isEmpty, !copy.suffix(separator.utf8.count).elementsEqual(separator.utf8) {
            copy.append(contentsOf: separator.utf8)
        }
        // Past the limit the copies together are refused as the file alone would be.
        let total = copy.count.multipliedReportingOverflow(by: count)
        guard !total.overflow, total.partialValue <= maximumBytes else {
            throw CommandFailure(
                .dataError,
                "\(count) copies of \(QuotedValue(path, limit: 200)) make \(copy.count) × \(count) bytes, more "
                    + "than the limit of \(maximumBytes) bytes (--max-input-bytes raises it)."
            )
        }
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array(((folder as NSString).appendingPathComponent("otk-viewport-XXXXXX.txt")).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else {
            throw CommandFailure(
                .cannotCreate,
                "Cannot make a temporary file for --copies in \(folder): \(String(cString: strerror(errno))). Set "
                    + "TMPDIR to a writable folder."
            )
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
                throw CommandFailure(
                    .ioError,
                    "Cannot write the --copies temporary file in \(folder): "
                        + "\(String(cString: strerror(failure))). Set TMPDIR to a folder with room."
                )
            }
        }
        return descriptor
    }
}
