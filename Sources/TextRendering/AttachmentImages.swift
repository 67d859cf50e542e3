internal import CCairo
import Foundation
import Synchronization
import TextContent

/// Decoded attachment images (PNG), as Cairo surfaces at the size they are drawn: a document is
/// untrusted, and a small file can hold many large images (a 4096 × 4096 PNG of one colour is a
/// few kilobytes and 64 MB decoded). So an image
/// - whose header claims more than the drawing's maximum pixel count is not decoded at all
///   (``DocumentRenderer/Options/maximumImagePixels``, by default ``defaultMaximumPixels``);
/// - is decoded one at a time, then scaled down to the pixels it covers where it is drawn
///   (at most ``vectorPixelsPerPoint`` a point in a PDF or SVG), and only that is kept;
/// - is kept in a cache bounded by bytes (``cacheCapacityBytes``), the least recently drawn
///   dropped first.
final class AttachmentImages: @unchecked Sendable {
    static let shared = AttachmentImages()

    /// The largest image decoded by default, in pixels (4096 × 4096).
    static let defaultMaximumPixels = 4096 * 4096
    /// The most bytes of decoded pixels kept between drawings (64 MiB).
    static let cacheCapacityBytes = 64 << 20
    /// The most images kept, whatever their size.
    static let cacheCapacityImages = 4096
    /// Pixels a point of an image drawn into a vector output (PDF, SVG): 144 dpi.
    static let vectorPixelsPerPoint = 2.0

    /// What drawing an attachment found.
    enum Outcome {
        /// The image at the size asked for, retained for the caller (who destroys it).
        case image(OpaquePointer)
        /// No contents, or contents that are not a PNG Cairo can read.
        case unreadable
        /// A PNG larger than the limit: not decoded.
        case tooLarge(width: Int, height: Int)
    }

    private struct Key: Hashable {
        let contents: Data
        let width: Int
        let height: Int
    }

    private struct Entry {
        let surface: OpaquePointer
        let bytes: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [Key: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        var unreadable: Set<Data> = []
    }

    private let state = Mutex(State())

    /// The decoded `image` at `width` × `height` pixels at most (never more than the image
    /// has), unless it claims more than `maximumPixels` pixels.
    func image(of image: TextImage?, width: Int, height: Int, maximumPixels: Int) -> Outcome {
        guard let image else { return .unreadable }
        let contents = image.pngData
        let size = (width: image.pixelWidth, height: image.pixelHeight)
        guard size.width <= max(0, maximumPixels) / size.height else {
            return .tooLarge(width: size.width, height: size.height)
        }
        let key = Key(
            contents: contents, width: min(max(width, 1), size.width), height: min(max(height, 1), size.height))
        // One image is decoded at a time (under the lock): a document of many large images
        // never holds more than one of them whole.
        return state.withLock { state -> Outcome in
            state.clock += 1
            if let entry = state.entries[key] {
                state.entries[key]!.lastUse = state.clock
                return .image(cairo_surface_reference(entry.surface)!)
            }
            if state.unreadable.contains(contents) { return .unreadable }
            guard let full = Self.decodePNG(contents) else {
                if state.unreadable.count >= Self.cacheCapacityImages { state.unreadable.removeAll() }
                state.unreadable.insert(contents)
                return .unreadable
            }
            let scaled = Self.scaled(full, width: key.width, height: key.height)
            cairo_surface_destroy(full)
            let bytes = key.width * key.height * 4
            if bytes <= Self.cacheCapacityBytes {
                while !state.entries.isEmpty,
                    state.bytes + bytes > Self.cacheCapacityBytes || state.entries.count >= Self.cacheCapacityImages
                {
                    let oldest = state.entries.min { $0.value.lastUse < $1.value.lastUse }!
                    cairo_surface_destroy(oldest.value.surface)
                    state.bytes -= oldest.value.bytes
                    state.entries[oldest.key] = nil
                }
                state.entries[key] = Entry(
                    surface: cairo_surface_reference(scaled)!, bytes: bytes, lastUse: state.clock)
                state.bytes += bytes
            }
            return .image(scaled)
        }
    }

    /// The bytes of decoded pixels the cache holds now.
    var cachedBytes: Int { state.withLock { $0.bytes } }

    /// `image` drawn into a new `width` × `height` surface (the image itself, retained, when it
    /// already has that size).
    private static func scaled(_ image: OpaquePointer, width: Int, height: Int) -> OpaquePointer {
        let fullWidth = Int(cairo_image_surface_get_width(image)),
            fullHeight = Int(cairo_image_surface_get_height(image))
        guard width < fullWidth || height < fullHeight else { return cairo_surface_reference(image)! }
        let target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cairo = cairo_create(target)!
        cairo_scale(cairo, Double(width) / Double(fullWidth), Double(height) / Double(fullHeight))
        cairo_set_source_surface(cairo, image, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
        cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cairo)
        cairo_destroy(cairo)
        cairo_surface_flush(target)
        return target
    }

    private final class Reader {
        let bytes: [UInt8]
        var offset = 0
        init(_ data: Data) { bytes = [UInt8](data) }
    }

    private static func decodePNG(_ data: Data) -> OpaquePointer? {
        let reader = Reader(data)
        let surface = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream(
                { closure, buffer, length in
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
    /// Draws an attachment's `image` filling `frame`: the PNG scaled to the frame, or, when
    /// there is no readable image (or one past `maximumImagePixels`, which also makes
    /// `checkStatus()` throw), a grey box with a cross so that the place is still seen.
    func drawAttachmentImage(_ image: TextImage?, in frame: CGRect) {
        guard frame.width >= 0.001, frame.height >= 0.001, frame.width.isFinite, frame.height.isFinite else { return }
        // The pixels the frame covers on the surface (a vector surface's at a fixed resolution).
        var deviceWidth = Double(frame.width), deviceHeight = Double(frame.height)
        cairo_user_to_device_distance(cairo, &deviceWidth, &deviceHeight)
        // A host's context (a screen) is in pixels, as an image is.
        let resolution = (surface?.kind ?? .png) == .png ? 1 : AttachmentImages.vectorPixelsPerPoint
        let pixels = { (value: Double) -> Int in
            let scaled = (abs(value) * resolution).rounded(.up)
            return scaled.isFinite ? Int(min(scaled, Double(DrawingSurface.maximumImageSide))) : 1
        }
        let outcome = AttachmentImages.shared.image(
            of: image, width: pixels(deviceWidth), height: pixels(deviceHeight),
            maximumPixels: maximumImagePixels)
        guard case let .image(image) = outcome else {
            if case let .tooLarge(width, height) = outcome, imageFailure == nil {
                imageFailure = .imageTooLarge(width: width, height: height, limit: maximumImagePixels)
            }
            let grey = TextColor(white: 0.55)
            stroke(frame.insetBy(dx: 0.5, dy: 0.5), color: grey)
            strokeLine(
                from: CGPoint(x: frame.minX, y: frame.minY), to: CGPoint(x: frame.maxX, y: frame.maxY), color: grey,
                width: 0.75)
            strokeLine(
                from: CGPoint(x: frame.maxX, y: frame.minY), to: CGPoint(x: frame.minX, y: frame.maxY), color: grey,
                width: 0.75)
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
