import ArgumentParser
import Foundation
import OpenTextKit

/// Opens what `otk` is given: the engine's document format (`.otk.json`) or plain UTF-8 text.
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

    /// Opens `path`; Markdown is laid out for a text `markdownWidth` points wide (its tables
    /// share that width out) with `markdownPresentation`.
    static func open(_ path: String, allowsLossyDecoding: Bool, maximumBytes: Int = defaultMaximumBytes,
                     markdownWidth: Double = 600, markdownPresentation: MarkdownPresentation = MarkdownPresentation()) throws -> TextContentStorage {
        let shown = EchoedValue(path, limit: 200)
        // A regular file is read by the storage itself (no copy); anything else (a pipe, a
        // device such as /dev/zero) is read here, in chunks, up to the limit.
        let data = try bytes(of: path, maximumBytes: maximumBytes, ifNotRegular: true)
        if !allowsLossyDecoding, let encoding = try wideEncoding(of: path, data: data) {
            throw ValidationError("\(shown): this file is \(encoding); OpenTextKit reads UTF-8 (convert it, e.g. with iconv -f \(encoding) -t UTF-8).")
        }
        if isMarkdown(path) {
            let markdown: Data
            if let data { markdown = data } else {
                do { markdown = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                    throw ValidationError("Cannot read \(shown): \(error.localizedDescription)")
                }
            }
            do {
                return try TextContentStorage(markdown: markdown, presentation: markdownPresentation, width: markdownWidth)
            } catch {
                throw ValidationError("\(shown) is not Markdown this can read: \(EchoedValue.shorteningLongWords(in: "\(error)"))")
            }
        }
        if isDocument(path) {
            let document: Data
            if let data { document = data } else {
                do { document = try Data(contentsOf: URL(fileURLWithPath: path)) } catch {
                    throw ValidationError("Cannot read \(shown): \(error.localizedDescription)")
                }
            }
            do {
                return TextContentStorage(attributedString: try TextDocumentFormat.decode(document))
            } catch {
                throw ValidationError("\(shown) is not a valid OpenTextKit document: \(EchoedValue.shorteningLongWords(in: "\(error)"))")
            }
        }
        do {
            if let data { return try TextContentStorage(utf8: data, allowsLossyDecoding: allowsLossyDecoding) }
            return try TextContentStorage(contentsOf: URL(fileURLWithPath: path), allowsLossyDecoding: allowsLossyDecoding)
        } catch {
            throw ValidationError("\(shown): \(error)")
        }
    }

    /// Checks `path` and its size against `maximumBytes`. A regular file is only measured (nil is
    /// returned) when `ifNotRegular`; otherwise, and for anything else, its bytes are read.
    static func bytes(of path: String, maximumBytes: Int, ifNotRegular: Bool = false) throws -> Data? {
        let shown = EchoedValue(path, limit: 200)
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT: throw ValidationError("No such file: \(shown)")
            case ELOOP: throw ValidationError("\(shown) is a symbolic-link loop: following its links leads back to them, never to a file.")
            case let code: throw ValidationError("Cannot read \(shown): \(String(cString: strerror(code)))")
            }
        }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw ValidationError("\(shown) is a directory, not a file.") }
        if kind == S_IFREG {
            guard Int(info.st_size) <= maximumBytes else {
                throw ValidationError("\(shown) is \(info.st_size) bytes, more than the limit of \(maximumBytes) bytes (--max-input-bytes raises it).")
            }
            if ifNotRegular { return nil }
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ValidationError("Cannot read \(shown): \(String(cString: strerror(errno)))")
        }
        defer { try? handle.close() }
        var data = Data()
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw ValidationError("Cannot read \(shown): \(error.localizedDescription)")
            }
            guard let chunk, !chunk.isEmpty else { return data }
            data.append(chunk)
            // Stop as soon as the limit is passed: /dev/zero never ends.
            guard data.count <= maximumBytes else {
                throw ValidationError("\(shown) holds more than the limit of \(maximumBytes) bytes (--max-input-bytes raises it); stopped reading.")
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
