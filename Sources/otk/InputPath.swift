import Foundation

/// A file named on the command line, as the file system knows it: the command line's own bytes,
/// which need not be UTF-8. (Swift decodes arguments as UTF-8, repairing what is not; a name
/// such as "caf\xE9.txt" would become "caf\u{FFFD}.txt", a file that does not exist.)
enum InputPath {
    /// The bytes of the argument that `argument` was decoded from, NUL-terminated: the
    /// argument's own bytes when it was not valid UTF-8, else its UTF-8.
    static func fileSystemRepresentation(of argument: String) -> [CChar] {
        guard argument.unicodeScalars.contains("\u{FFFD}") else { return Array(argument.utf8CString) }
        for index in 1 ..< Int(CommandLine.argc) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
            guard String(validating: bytes, as: UTF8.self) == nil else { continue }
            // "--option=VALUE" holds the value after its "=".
            let decoded = String(decoding: bytes, as: UTF8.self)
            if decoded == argument { return Array(UnsafeBufferPointer(start: raw, count: bytes.count + 1)) }
            if decoded.hasSuffix("=" + argument), let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                return Array(UnsafeBufferPointer(start: raw + equals + 1, count: bytes.count - equals))
            }
        }
        return Array(argument.utf8CString)
    }

    /// Whether `argument`'s bytes on the command line are not the UTF-8 of `argument`.
    static func isNotUTF8(_ argument: String) -> Bool {
        fileSystemRepresentation(of: argument) != Array(argument.utf8CString)
    }
}
