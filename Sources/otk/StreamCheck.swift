import Foundation
import OpenTextKit

/// Checks an input that streams in (a pipe, a device) as it comes, so that one which is not
/// text stops at once rather than at the size limit: a NUL byte (what /dev/zero gives forever)
/// or bytes that are not UTF-8 (unless lossy decoding is asked) end it with a clear error.
struct StreamCheck {
    let shown: QuotedValue
    let allowsInvalidUTF8: Bool
    /// The bytes checked so far (a sequence cut by the chunk's end waits for the next).
    private var checked = 0

    init(shown: QuotedValue, allowsInvalidUTF8: Bool) {
        self.shown = shown
        self.allowsInvalidUTF8 = allowsInvalidUTF8
    }

    /// Checks the bytes of `data` after those checked before; `final` when no more will come.
    mutating func validate(_ data: Data, final: Bool) throws {
        try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) throws in
            let bytes = buffer.bindMemory(to: UInt8.self)
            var offset = checked
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == 0 {
                    throw CommandFailure(
                        .dataError,
                        "\(shown) holds a NUL byte at offset \(offset): it is not text; stopped reading there.")
                }
                if byte < 0x80 || allowsInvalidUTF8 {
                    offset += 1
                    continue
                }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if offset + length > bytes.count, !final { break }
                let end = min(offset + length, bytes.count)
                guard byte >= 0xC2, byte <= 0xF4,
                    String(validating: UnsafeBufferPointer(rebasing: bytes[offset ..< end]), as: UTF8.self) != nil
                else {
                    throw CommandFailure(
                        .dataError,
                        "\(shown) is not UTF-8: the byte at offset \(offset) does not start or continue a "
                            + "character (--lossy replaces such bytes); stopped reading there."
                    )
                }
                offset = end
            }
            checked = offset
        }
    }
}
