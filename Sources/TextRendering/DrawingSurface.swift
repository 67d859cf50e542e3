internal import CCairo
import FileOutput
import Foundation
import TextTypography

/// Where drawing lands: an image (written as PNG), an SVG file or a PDF file of one or more
/// pages. Sizes are in points; an image has `scale` pixels per point.
///
/// ```swift
/// let surface = try DrawingSurface.image(size: CGSize(width: 600, height: 400), scale: 2)
/// let context = try surface.makeContext()
/// layoutFragment.draw(at: layoutFragment.layoutFragmentFrame.origin, in: context)
/// try surface.writePNG(to: "out.png")
/// ```
public final class DrawingSurface {
    /// What a surface makes.
    public enum Kind: String, Sendable, CaseIterable {
        case png, svg, pdf

        /// The kind a file name's extension asks for (any case), or nil.
        public init?(path: String) {
            self.init(rawValue: (path as NSString).pathExtension.lowercased())
        }
    }

    /// The largest side of an image, in pixels (Cairo's own limit).
    public static let maximumImageSide = 32_767

    public let kind: Kind
    /// The size in points of the surface (of the current page, for a PDF).
    public private(set) var size: CGSize
    /// Pixels per point (1 for SVG and PDF, which are vector).
    public let scale: Double
    /// How many pages have been started (1 for images and SVG).
    public private(set) var pageCount = 1
    let surface: OpaquePointer
    private var isFinished = false
    /// Where an SVG or PDF surface writes: a temporary file renamed over the target by `finish()`.
    private let file: AtomicFileWriter?
    /// The PDF links of the current page, written as one annotation each (its rectangles as
    /// `/QuadPoints`, the URL once) when the page ends.
    private var pageLinks: [(url: URL, rects: [CGRect])] = []
    private var pageLinkIndex: [URL: Int] = [:]

    private init(
        kind: Kind, surface: OpaquePointer, size: CGSize, scale: Double, file: AtomicFileWriter? = nil
    ) throws(RenderingError) {
        self.kind = kind
        self.surface = surface
        self.size = size
        self.scale = scale
        self.file = file
        // On a throw, deinit still runs (every property is set) and destroys the surface.
        try checkOutput()
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
    }

    deinit {
        // Cairo may still write while it finishes: into the temporary file, which is then removed.
        if !isFinished { cairo_surface_finish(surface) }
        cairo_surface_destroy(surface)
        file?.discard()
    }

    /// An image of `size` points at `scale` pixels per point, transparent until drawn on.
    public static func image(size: CGSize, scale: Double = 1) throws(RenderingError) -> DrawingSurface {
        try checkPoints(size)
        guard scale.isFinite, scale > 0 else {
            throw .invalidSize(
                width: size.width, height: size.height, reason: "the scale must be a positive number, not \(scale)")
        }
        let width = (Double(size.width) * scale).rounded(.up), height = (Double(size.height) * scale).rounded(.up)
        guard width <= Double(maximumImageSide), height <= Double(maximumImageSide) else {
            throw .invalidSize(
                width: width, height: height, reason: "an image can be at most \(maximumImageSide) pixels a side")
        }
        // Cairo's pixel buffer is addressed with 32-bit offsets.
        guard width * height * 4 < Double(Int32.max) else {
            throw .invalidSize(
                width: width, height: height, reason: "an image can hold at most \(Int32.max / 4) pixels")
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(max(1, width)), Int32(max(1, height)))!
        return try DrawingSurface(kind: .png, surface: surface, size: size, scale: scale)
    }

    /// An SVG file at `path` of `size` points, written when the surface is finished (until then
    /// any file at `path` is left as it was; a surface never finished writes nothing).
    public static func svg(path: String, size: CGSize) throws(RenderingError) -> DrawingSurface {
        try checkPoints(size)
        let file = try RenderingError.rethrowing { () throws(FileOutputError) in try AtomicFileWriter(path: path) }
        let surface = cairo_svg_surface_create_for_stream(
            writeToFile, Unmanaged.passUnretained(file).toOpaque(),
            Double(size.width), Double(size.height))!
        return try DrawingSurface(kind: .svg, surface: surface, size: size, scale: 1, file: file)
    }

    /// A PDF file at `path` whose first page is `pageSize` points; `beginPage(size:)` adds pages.
    /// The file is written when the surface is finished (until then any file at `path` is left
    /// as it was; a surface never finished writes nothing).
    public static func pdf(path: String, pageSize: CGSize) throws(RenderingError) -> DrawingSurface {
        try checkPoints(pageSize)
        let file = try RenderingError.rethrowing { () throws(FileOutputError) in try AtomicFileWriter(path: path) }
        let surface = cairo_pdf_surface_create_for_stream(
            writeToFile, Unmanaged.passUnretained(file).toOpaque(),
            Double(pageSize.width), Double(pageSize.height))!
        return try DrawingSurface(kind: .pdf, surface: surface, size: pageSize, scale: 1, file: file)
    }

    /// Cairo's output callback: the closure is the surface's `AtomicFileWriter` (which the
    /// surface keeps alive), and a refused write becomes Cairo's write error.
    private static let writeToFile: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let file = Unmanaged<AtomicFileWriter>.fromOpaque(closure).takeUnretainedValue()
        guard let data else { return length == 0 ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR }
        return file.write(UnsafeRawBufferPointer(start: data, count: Int(length)))
            ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    /// A context that draws on this surface in points (the image's scale applied), in the
    /// colours of `typesettingContext` where the content says none (the layout manager's
    /// `typesettingContext`, for text it laid out).
    public func makeContext(
        typesettingContext: TypesettingContext = .standard
    ) throws(RenderingError) -> RenderingContext {
        try RenderingContext(surface: self, typesettingContext: typesettingContext)
    }

    /// Ends the current PDF page and starts another of `size` (the same size when nil).
    public func beginPage(size: CGSize? = nil) throws(RenderingError) {
        guard kind == .pdf else { return }
        if let size {
            try Self.checkPoints(size)
            self.size = size
        }
        writePageLinks()
        cairo_surface_show_page(surface)
        cairo_pdf_surface_set_size(surface, Double(self.size.width), Double(self.size.height))
        pageCount += 1
        try checkStatus()
    }

    /// Writes the image as PNG to `path`: whole, or (on a failure) not at all; a device, FIFO or
    /// socket is written in place (see `AtomicFileWriter`).
    public func writePNG(to path: String) throws(RenderingError) {
        guard kind == .png else { throw .cairo("only an image surface can be written as PNG") }
        cairo_surface_flush(surface)
        let file = try RenderingError.rethrowing { () throws(FileOutputError) in try AtomicFileWriter(path: path) }
        let status = withExtendedLifetime(file) {
            cairo_surface_write_to_png_stream(surface, Self.writeToFile, Unmanaged.passUnretained(file).toOpaque())
        }
        if let failure = file.failure { throw .unwritable(path: path, reason: failure) }
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .unwritable(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        try RenderingError.rethrowing { () throws(FileOutputError) in try file.commit() }
    }

    /// The image as the bytes of a PNG file, in memory (for a preview, a clipboard).
    public func pngData() throws(RenderingError) -> Data {
        guard kind == .png else { throw .cairo("only an image surface can be written as PNG") }
        cairo_surface_flush(surface)
        final class Bytes { var data = Data() }
        let bytes = Bytes()
        let status = withExtendedLifetime(bytes) {
            cairo_surface_write_to_png_stream(
                surface,
                { closure, buffer, length in
                    guard let closure, let buffer else { return CAIRO_STATUS_WRITE_ERROR }
                    Unmanaged<Bytes>.fromOpaque(closure).takeUnretainedValue().data.append(buffer, count: Int(length))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(bytes).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return bytes.data
    }

    /// Finishes an SVG or PDF file (it is complete on disk afterwards, replacing any file that
    /// was there). Drawing after this fails.
    public func finish() throws(RenderingError) {
        guard !isFinished else { return }
        writePageLinks()
        cairo_surface_finish(surface)
        isFinished = true
        if let file, let failure = file.failure {
            file.discard()
            throw .unwritable(path: file.path, reason: failure)
        }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS || status == CAIRO_STATUS_SURFACE_FINISHED else {
            file?.discard()
            throw .cairo(String(cString: cairo_status_to_string(status)))
        }
        if let file { try RenderingError.rethrowing { () throws(FileOutputError) in try file.commit() } }
    }

    /// The image's pixels, row by row, premultiplied ARGB in native 32-bit words (Cairo's
    /// ARGB32), for reading a drawing back. Nil for SVG and PDF.
    public func pixels() -> ImagePixels? {
        guard kind == .png else { return nil }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        var words: [UInt32] = []
        words.reserveCapacity(width * height)
        for row in 0 ..< height {
            let line = UnsafeRawPointer(data + row * stride).assumingMemoryBound(to: UInt32.self)
            words.append(contentsOf: UnsafeBufferPointer(start: line, count: width))
        }
        return ImagePixels(width: width, height: height, scale: scale, argb: words)
    }

    /// Adds `rect` (in the surface's points) to the link to `url` on the current PDF page.
    func addLink(_ url: URL, rect: CGRect) {
        guard kind == .pdf else { return }
        // A link's lines come one after another: compare with the last link before hashing.
        if let last = pageLinks.indices.last, pageLinks[last].url == url {
            pageLinks[last].rects.append(rect)
        } else if let index = pageLinkIndex[url] {
            pageLinks[index].rects.append(rect)
        } else {
            pageLinkIndex[url] = pageLinks.count
            pageLinks.append((url, [rect]))
        }
    }

    /// Writes the current page's links: one link tag each with all its rectangles, which Cairo
    /// writes as one annotation (`/QuadPoints`) holding the URL once.
    private func writePageLinks() {
        guard kind == .pdf, !pageLinks.isEmpty else { return }
        let cairo = cairo_create(surface)
        for link in pageLinks {
            let rects = link.rects.map {
                "\(Double($0.minX)) \(Double($0.minY)) \(Double($0.width)) \(Double($0.height))"
            }
            // Cairo copies the URI into a PDF string as it is: nothing in it may end that string.
            cairo_tag_begin(
                cairo, CAIRO_TAG_LINK, "rect=[\(rects.joined(separator: " "))] uri='\(LinkPolicy.pdfSafe(link.url))'")
            cairo_tag_end(cairo, CAIRO_TAG_LINK)
        }
        cairo_destroy(cairo)
        pageLinks = []
        pageLinkIndex = [:]
    }

    func checkStatus() throws(RenderingError) {
        try checkOutput()
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
    }

    /// Throws `.unwritable` naming the file and the system's reason when a write to it failed
    /// (Cairo itself only says "error while writing to output stream").
    func checkOutput() throws(RenderingError) {
        if let file, let failure = file.failure { throw .unwritable(path: file.path, reason: failure) }
    }

    private static func checkPoints(_ size: CGSize) throws(RenderingError) {
        let width = Double(size.width), height = Double(size.height)
        guard width.isFinite, height.isFinite, width > 0, height > 0 else {
            throw .invalidSize(
                width: width, height: height, reason: "both sides must be positive, finite numbers of points")
        }
        guard width <= 1e6, height <= 1e6 else {
            throw .invalidSize(width: width, height: height, reason: "a side can be at most 1,000,000 points")
        }
    }
}

/// An image's pixels as Cairo keeps them: premultiplied ARGB, one 32-bit word per pixel.
public struct ImagePixels: Sendable {
    public let width: Int
    public let height: Int
    /// Pixels per point.
    public let scale: Double
    public let argb: [UInt32]

    /// The pixel at column `x`, row `y` as (red, green, blue, alpha), 0...255 each, premultiplied.
    /// Coordinates outside the image read as transparent.
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard (0 ..< width).contains(x), (0 ..< height).contains(y) else { return (0, 0, 0, 0) }
        let word = argb[y * width + x]
        return (
            UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
            UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 24)
        )
    }
}
