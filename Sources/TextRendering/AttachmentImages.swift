internal import CCairo
import Foundation
import Synchronization
import TextContent

/// Decoded attachment images (PNG), as Cairo surfaces: decoded once per distinct contents and
/// kept in a small bounded cache.
final class AttachmentImages: @unchecked Sendable {
    static let shared = AttachmentImages()

    private let capacity = 64
    private let cache = Mutex<[Data: OpaquePointer?]>([:])

    /// The decoded image of `attachment` retained for the caller (who destroys it), or nil when
    /// it has no contents Cairo can read as PNG.
    func image(of attachment: TextAttachment) -> OpaquePointer? {
        guard let contents = attachment.contents, !contents.isEmpty else { return nil }
        return cache.withLock { cache -> OpaquePointer? in
            if let cached = cache[contents] {
                guard let cached else { return nil }
                return cairo_surface_reference(cached)
            }
            if cache.count >= capacity {
                for case let surface? in cache.values { cairo_surface_destroy(surface) }
                cache.removeAll()
            }
            let decoded = Self.decodePNG(contents)
            cache[contents] = decoded
            return decoded.map { cairo_surface_reference($0) }
        }
    }

    private final class Reader {
        let bytes: [UInt8]
        var offset = 0
        init(_ data: Data) { bytes = [UInt8](data) }
    }

    /// The largest image decoded, in pixels (a small file can claim a huge one).
    static let maximumPixels = 4096 * 4096

    private static func decodePNG(_ data: Data) -> OpaquePointer? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        // IHDR: width and height, big-endian, at bytes 16 and 20.
        let width = bytes[16 ..< 20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20 ..< 24].reduce(0) { $0 << 8 | Int($1) }
        guard width > 0, height > 0, width <= maximumPixels / height else { return nil }
        let reader = Reader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
                let count = Int(length)
                guard reader.offset + count <= reader.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                reader.bytes.withUnsafeBufferPointer { source in
                    buffer.update(from: source.baseAddress! + reader.offset, count: count)
                }
                reader.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        return surface
    }
}

extension RenderingContext {
    /// Draws `attachment` filling `frame`: its PNG scaled to the frame, or, when it has no
    /// readable image, a grey box with a cross so that the place is still seen.
    func drawAttachment(_ attachment: TextAttachment, in frame: CGRect) {
        guard frame.width >= 0.001, frame.height >= 0.001, frame.width.isFinite, frame.height.isFinite else { return }
        guard let image = AttachmentImages.shared.image(of: attachment) else {
            let grey = TextColor(white: 0.55)
            stroke(frame.insetBy(dx: 0.5, dy: 0.5), color: grey)
            strokeLine(from: CGPoint(x: frame.minX, y: frame.minY), to: CGPoint(x: frame.maxX, y: frame.maxY), color: grey, width: 0.75)
            strokeLine(from: CGPoint(x: frame.maxX, y: frame.minY), to: CGPoint(x: frame.minX, y: frame.maxY), color: grey, width: 0.75)
            return
        }
        defer { cairo_surface_destroy(image) }
        let width = Double(cairo_image_surface_get_width(image)), height = Double(cairo_image_surface_get_height(image))
        guard width > 0, height > 0 else { return }
        withSavedState {
            cairo_translate(cairo, Double(frame.minX), Double(frame.minY))
            cairo_scale(cairo, Double(frame.width) / width, Double(frame.height) / height)
            cairo_set_source_surface(cairo, image, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
            cairo_paint(cairo)
        }
    }
}
