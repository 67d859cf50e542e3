import ArgumentParser
import Foundation
import OpenTextKit

/// Opens what `otk` is given: the engine's document format (`.otk.json`), Markdown (`.md`,
/// `.markdown`) or plain UTF-8 text. Every failure is a `CommandFailure` with the sysexits.h
/// code that fits: a missing or unopenable input 66, a malformed or too large one 65, a read
/// that fails part way 74.
enum DocumentLoader {
    static let documentExtension = ".otk.json"
    /// The largest input read unless --max-input-bytes says otherwise: 2 GiB.
    static let defaultMaximumBytes = 2 << 30

    static func isDocument(_ path: String) -> Bool {
        path.lowercased().hasSuffix(documentExtension)
    }

    /// Whether `path` names Markdown (GitHub-flavoured, read with its presentation drawn).
    static func isMarkdown(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown")
    }

    /// The input's format as reports name it.
    static func formatName(of path: String) -> String {
        isDocument(path) ? "opentextkit-document" : isMarkdown(path) ? "markdown" : "plain-text"
    }

    /// Opens `path` as `document` asks (lossy decoding, the size limit, the Markdown limits), in
    /// the format `name` (the file's name when `path` is its copies, read through a descriptor)
    /// says. A document in the engine's format is read once and repeated `copies` times.
    /// Markdown is laid out for a text `markdownWidth` points wide (its tables share that width
    /// out) with `markdownPresentation`.
    static func open(
        _ path: String, document: DocumentOptions, formatOf name: String? = nil, copies: Int = 1,
        markdownWidth: Double = 600, markdownPresentation: MarkdownPresentation = MarkdownPresentation()
    ) throws -> TextContentStorage {
        let name = name ?? path
        let shown = QuotedValue(name, limit: 200)
        // A regular file is read by the storage itself (no copy); anything else (a pipe, a
        // device such as /dev/zero, a file whose name is not UTF-8) is read here, in chunks, up
        // to the limit.
        let data = try bytes(
            of: path, maximumBytes: document.maxInputBytes, ifNotRegular: true, allowsInvalidUTF8: document.lossy)
        if !document.lossy, let encoding = try wideEncoding(of: path, data: data) {
            throw CommandFailure(
                .dataError,
                "\(shown): this file is \(encoding); OpenTextKit reads UTF-8 (convert it, e.g. with iconv -f "
                    + "\(encoding) -t UTF-8)."
            )
        }
        if isMarkdown(name) {
            let markdown = try data ?? wholeFile(path, shown: shown)
            let options = document.markdownLimits.parsingOptions
            do {
                if document.lossy {
                    return try TextContentStorage(
                        markdown: String(decoding: markdown, as: UTF8.self), options: options,
                        presentation: markdownPresentation, width: markdownWidth)
                }
                return try TextContentStorage(
                    markdown: markdown, options: options, presentation: markdownPresentation, width: markdownWidth)
            } catch {
                throw CommandFailure(
                    .dataError, "\(shown) is not Markdown this can read: \(MarkdownLimitOptions.message(for: error))")
            }
        }
        if isDocument(name) {
            let encoded = try data ?? wholeFile(path, shown: shown)
            let decoded: AttributedString
            do { decoded = try TextDocumentFormat.decode(encoded) } catch {
                throw CommandFailure(
                    .dataError,
                    "\(shown) is not a valid OpenTextKit document: \(QuotedValue.shorteningLongWords(in: "\(error)"))")
            }
            guard copies > 1 else { return TextContentStorage(attributedString: decoded) }
            // Each copy starts a paragraph of its own.
            var repeated = AttributedString()
            for copy in 0 ..< copies {
                if copy > 0, !decoded.characters.isEmpty, decoded.characters.last != "\n" {
                    repeated.append(AttributedString("\n"))
                }
                repeated.append(decoded)
            }
            return TextContentStorage(attributedString: repeated)
        }
        do {
            if let data { return try TextContentStorage(utf8: data, allowsLossyDecoding: document.lossy) }
            return try TextContentStorage(contentsOf: URL(fileURLWithPath: path), allowsLossyDecoding: document.lossy)
        } catch {
            throw CommandFailure(.dataError, "\(shown): \(error)")
        }
    }

    /// A regular file's bytes, read whole (its size was checked).
    private static func wholeFile(_ path: String, shown: QuotedValue) throws -> Data {
        do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
            throw CommandFailure(.ioError, "Cannot read \(shown): \(error.localizedDescription)")
        }
    }

    /// Checks `path` (the command line's bytes of it: see `InputPath`) and its size against
    /// `maximumBytes`. A regular file whose name is UTF-8 is only measured and opened (nil is
    /// returned) when `ifNotRegular`; otherwise, and for anything else, its bytes are read, and reading
    /// stops as soon as the limit is passed. A stream (a pipe, a device) is checked as it comes:
    /// a NUL byte, or bytes that are not UTF-8 (unless `allowsInvalidUTF8`), stop it at once,
    /// since no text follows (/dev/zero and /dev/urandom never end).
    static func bytes(
        of path: String, maximumBytes: Int, ifNotRegular: Bool = false, allowsInvalidUTF8: Bool = false
    ) throws -> Data? {
        let shown = QuotedValue(path, limit: 200)
        let raw = InputPath.fileSystemRepresentation(of: path)
        var info = stat()
        guard stat(raw, &info) == 0 else { throw CommandFailure.reading(shown, errno: errno) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw CommandFailure(.noInput, "\(shown) is a directory, not a file.") }
        if kind == S_IFREG {
            guard Int(info.st_size) <= maximumBytes else {
                throw CommandFailure(
                    .dataError,
                    "\(shown) is \(info.st_size) bytes, more than the limit of \(maximumBytes) bytes "
                        + "(--max-input-bytes raises it)."
                )
            }
            if ifNotRegular, raw == Array(path.utf8CString) {
                // Left to the reader of its format, but opened here first, so that a file the
                // user may not read is the same failure (EX_NOINPUT) in every format.
                let probe = Glibc.open(raw, O_RDONLY | O_CLOEXEC)
                guard probe >= 0 else { throw CommandFailure.reading(shown, errno: errno) }
                close(probe)
                return nil
            }
        }
        let descriptor = Glibc.open(raw, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw CommandFailure.reading(shown, errno: errno) }
        defer { close(descriptor) }
        var data = Data()
        var check = kind == S_IFREG ? nil : StreamCheck(shown: shown, allowsInvalidUTF8: allowsInvalidUTF8)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            // Never more than one byte past the limit: enough to know it is passed.
            let wanted = min(chunk.count, maximumBytes - data.count + 1)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw CommandFailure.reading(shown, errno: errno)
            }
            if count == 0 {
                try check?.validate(data, final: true)
                return data
            }
            data.append(contentsOf: chunk[0 ..< count])
            try check?.validate(data, final: false)
            guard data.count <= maximumBytes else {
                throw CommandFailure(
                    .dataError,
                    "\(shown) holds more than the limit of \(maximumBytes) bytes (--max-input-bytes raises it); "
                        + "stopped reading there."
                )
            }
        }
    }

    /// "UTF-16" or "UTF-32" when the input starts with such a byte order mark.
    private static func wideEncoding(of path: String, data: Data?) throws -> String? {
        let start: [UInt8]
        if let data {
            start = Array(data.prefix(4))
        } else {
            guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? handle.close() }
            start = Array((try? handle.read(upToCount: 4)) ?? Data())
        }
        if start.starts(with: [0xFF, 0xFE, 0, 0]) || start.starts(with: [0, 0, 0xFE, 0xFF]) { return "UTF-32" }
        if start.starts(with: [0xFF, 0xFE]) || start.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        return nil
    }
}
