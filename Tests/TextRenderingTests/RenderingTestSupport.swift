import Foundation
import Testing
import TestFixtures
import TextContent
@_spi(Rendering) import TextLayout
import TextRendering

/// Storages are held weakly by their layout managers: keep the ones tests make alive.
enum RetainedStorages {
    nonisolated(unsafe) static var storages: [TextContentStorage] = []
    static let lock = NSLock()
    static func keep(_ storage: TextContentStorage) {
        lock.lock(); defer { lock.unlock() }
        storages.append(storage)
    }
}

/// A document laid out in a container `width` points wide.
func makeLayout(
    _ text: AttributedString, width: CGFloat = 400,
    font: FontDescriptor = FontDescriptor(family: "DejaVu Sans", size: 16)
) -> (TextContentStorage, TextLayoutManager) {
    let storage = TextContentStorage(attributedString: text)
    let manager = TextLayoutManager(
        textContainer: TextContainer(size: CGSize(width: width, height: 0)), defaultFont: font)
    storage.addTextLayoutManager(manager)
    RetainedStorages.keep(storage)
    manager.ensureLayoutForEntireDocument()
    return (storage, manager)
}

/// Every fragment of `manager`, laid out.
func fragments(of manager: TextLayoutManager) -> [TextLayoutFragment] {
    var found: [TextLayoutFragment] = []
    manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) {
        found.append($0); return true
    }
    return found
}

/// Draws the document on a transparent image at `scale` pixels per point, with the container's
/// origin at the image's origin, and returns the pixels.
func drawDocument(
    _ manager: TextLayoutManager, scale: Double = 2, background: TextColor? = nil,
    before: (RenderingContext) -> Void = { _ in }
) throws -> ImagePixels {
    let size = manager.usageBoundsForTextContainer.size
    let surface = try DrawingSurface.image(
        size: CGSize(width: max(size.width, 1), height: max(size.height, 1)), scale: scale)
    let context = try surface.makeContext(typesettingContext: manager.typesettingContext)
    if let background { context.fillBackground(background) }
    before(context)
    for fragment in fragments(of: manager) {
        fragment.draw(
            at: fragment.layoutFragmentFrame.origin, in: context,
            renderingAttributes: manager.renderingAttributes(for: fragment))
    }
    return try #require(surface.pixels())
}

extension ImagePixels {
    /// The pixels (in image coordinates) whose alpha is above `threshold`.
    func inked(threshold: UInt8 = 0) -> [(x: Int, y: Int)] {
        var found: [(Int, Int)] = []
        for y in 0 ..< height {
            for x in 0 ..< width where self[x, y].alpha > threshold { found.append((x, y)) }
        }
        return found
    }

    /// How many pixels inside `rect` (points) satisfy `test`.
    func count(in rect: CGRect, where test: ((red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Bool) -> Int {
        let minX = max(0, Int((Double(rect.minX) * scale).rounded(.down))),
            maxX = min(width, Int((Double(rect.maxX) * scale).rounded(.up)))
        let minY = max(0, Int((Double(rect.minY) * scale).rounded(.down))),
            maxY = min(height, Int((Double(rect.maxY) * scale).rounded(.up)))
        var count = 0
        for y in minY ..< max(minY, maxY) {
            for x in minX ..< max(minX, maxX) where test(self[x, y]) { count += 1 }
        }
        return count
    }
}

/// English and every sample of mixed.tsv.
let renderingSamples: [(tag: String, text: String)] =
    [("en", "The quick brown fox jumps over the lazy dog, again and again, until the line wraps around.")]
    + MixedSamples.all
