import Foundation

/// An image an attachment draws: the bytes of a PNG file and the size its header declares
/// (TextKit's `NSImage` / `UIImage` where an attachment has one). Reading the size needs no
/// image library, so layout can measure an image it never decodes; drawing decodes it.
///
/// ```swift
/// let attachment = TextAttachment(image: try #require(TextImage(pngData: data)))
/// ```
public struct TextImage: Hashable, Sendable {
    /// The PNG file's bytes.
    public let pngData: Data
    /// The width its header declares, in pixels.
    public let pixelWidth: Int
    /// The height its header declares, in pixels.
    public let pixelHeight: Int

    /// The image's size in points: a pixel a point, as an attachment with `.zero` bounds is drawn.
    public var size: CGSize { CGSize(width: pixelWidth, height: pixelHeight) }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let headerChunk: [UInt8] = [0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52] // length 13, "IHDR"

    /// The image in `pngData`, or nil when its first 24 bytes are not a PNG signature and an
    /// IHDR chunk with a positive size (the format requires that chunk first). Only the header
    /// is read: a file damaged further on fails when it is drawn, which then shows a box.
    public init?(pngData: Data) {
        // A copy of the prefix: a Data slice need not start at index 0.
        let bytes = [UInt8](pngData.prefix(24))
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
        self.pngData = pngData
        pixelWidth = width
        pixelHeight = height
    }
}
