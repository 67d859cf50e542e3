import ArgumentParser
import Foundation
import OpenTextKit
import TextMeasurement

/// `otk viewport FILE --stats`: what a view of a large document costs. Opens the file, lays out
/// the first viewport, relocates to the middle, types there, pages through the whole document,
/// and prints JSON, with raw HarfBuzz shaping of the same paragraphs beside the layout figures.
struct ViewportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viewport",
        abstract: "Measure viewport layout of a (large) document and print statistics as JSON."
    )

    @OptionGroup var document: DocumentOptions

    @Option(parsing: .unconditional, help: "Lay out this many copies of the file, one after another (25 copies of the KJV verses make 100 MB). The copies are written to a temporary file before the clock starts.")
    var copies: Int = 1

    @Option(parsing: .unconditional, help: "Viewport width in points (also the container's width).")
    var width: Double = 800

    @Option(parsing: .unconditional, help: "Viewport height in points.")
    var height: Double = 600

    @OptionGroup var font: FontOption

    @Option(parsing: .unconditional, help: "Characters typed, one layout after each, for the typing figures.")
    var keystrokes: Int = 200

    @Flag(help: "Skip paging through the whole document.")
    var noPaging = false

    @Flag(help: "Also time raw HarfBuzz shaping of every paragraph of the document (as long as paging, or longer).")
    var baseline = false

    @Flag(help: "Print statistics as JSON (the only output for now).")
    var stats = false

    func validate() throws {
        guard (1 ... 1_000).contains(copies) else { throw ValidationError("--copies takes 1 to 1000; got \(copies).") }
        guard width.isFinite, width > 0, height.isFinite, height > 0 else {
            throw ValidationError("--width and --height take positive sizes; got \(width) x \(height).")
        }
        guard (0 ... 100_000).contains(keystrokes) else { throw ValidationError("--keystrokes takes 0 to 100000; got \(keystrokes).") }
    }

    func run() throws {
        var path = document.file
        if copies > 1 {
            let descriptor = try Self.writeCopies(of: document.file, count: copies, maximumBytes: document.maxInputBytes)
            path = "/proc/self/fd/\(descriptor)"
        }
        var session = try ViewportSession(
            path: path, reportedName: document.file, copies: copies, document: document, font: try font.descriptor(),
            size: CGSize(width: width, height: height))
        session.measureUsageBounds()
        session.relocateToMiddle()
        try session.type(keystrokes)
        if !noPaging { session.pageThrough() }
        try session.compareWithRawShaping(wholeDocument: baseline)
        printJSONReport(session.report)
        // The figures are printed (they say what was measured), but a run that lost a paragraph failed.
        if let error = session.manager.lastLayoutError { throw ValidationError("Layout failed: \(error)") }
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
