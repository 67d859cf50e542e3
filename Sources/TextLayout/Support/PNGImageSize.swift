import Foundation

/// The pixel size a PNG file declares, read from its first 24 bytes (the signature, then the
/// IHDR chunk, which the format requires first: length, "IHDR", width, height, big-endian).
/// Layout needs only the size, so no image library is loaded; anything that is not a PNG header
/// with a positive size gives nil, never a trap.
struct PNGImageSize: Equatable {
    let width: Int
    let height: Int

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let headerChunk: [UInt8] = [0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52] // length 13, "IHDR"

    init?(_ data: Data) {
        // A copy of the prefix: a Data slice need not start at index 0.
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0 ..< 8].elementsEqual(Self.signature),
            bytes[8 ..< 16].elementsEqual(Self.headerChunk)
        else {
            return nil
        }
        func bigEndian(_ start: Int) -> Int {
            bytes[start ..< start + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        let width = bigEndian(16), height = bigEndian(20)
        // The format allows 1 through 2^31 - 1.
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { return nil }
        self.width = width
        self.height = height
    }
}
