import ArgumentParser
import Foundation
import OpenTextKit
import TextMeasurement

/// `otk viewport FILE --stats`: what a view of a large document costs. Opens the file, lays out
/// the first viewport, relocates to the middle, types there, pages through the whole document,
/// and prints JSON, with raw HarfBuzz shaping of the same paragraphs beside the layout figures.
struct ViewportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "viewport",
        abstract: "Measure viewport layout of a (large) document and print statistics as JSON."
    )

    @OptionGroup var document: DocumentOptions

    @Option(parsing: .unconditional, help: "Lay out this many copies of the file, one after another (25 copies of the KJV verses make 100 MB). The copies are written to a temporary file before the clock starts.")
    var copies: Int = 1

    @Option(parsing: .unconditional, help: "Viewport width in points (also the container's width).")
    var width: Double = 800

    @Option(parsing: .unconditional, help: "Viewport height in points.")
    var height: Double = 600

    @OptionGroup var font: FontOption

    @Option(parsing: .unconditional, help: "Characters typed, one layout after each, for the typing figures.")
    var keystrokes: Int = 200

    @Flag(help: "Skip paging through the whole document.")
    var noPaging = false

    @Flag(help: "Also time raw HarfBuzz shaping of every paragraph of the document (as long as paging, or longer).")
    var baseline = false

    @Flag(help: "Print statistics as JSON (the only output for now).")
    var stats = false

    func validate() throws {
        guard (1 ... 1_000).contains(copies) else { throw ValidationError("--copies takes 1 to 1000; got \(copies).") }
        guard width.isFinite, width > 0, height.isFinite, height > 0 else {
            throw ValidationError("--width and --height take positive sizes; got \(width) x \(height).")
        }
        guard (0 ... 100_000).contains(keystrokes) else { throw ValidationError("--keystrokes takes 0 to 100000; got \(keystrokes).") }
    }

    func run() throws {
        let descriptor = try font.descriptor()
        var path = document.file
        if copies > 1 {
            let descriptor = try Self.writeCopies(of: document.file, count: copies, maximumBytes: document.maxInputBytes)
            path = "/proc/self/fd/\(descriptor)"
        }
        let clock = ContinuousClock()
        var report: [(String, String)] = [("file", jsonString(document.file)), ("copies", "\(copies)")]
        func record(_ key: String, _ seconds: Double) { report.append((key, jsonNumber(seconds, "%.6f"))) }

        // Opening: reading and indexing the text, the layout tree, the first viewport.
        let openStart = clock.now
        let storage = try DocumentLoader.open(path, allowsLossyDecoding: document.lossy, maximumBytes: document.maxInputBytes)
        let readSeconds = (clock.now - openStart).seconds
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: width, height: 0)), defaultFont: descriptor)
        storage.addTextLayoutManager(manager)
        let view = BenchmarkView(visibleRect: CGRect(x: 0, y: 0, width: width, height: height))
        let controller = manager.textViewportLayoutController
        controller.delegate = view
        let indexStart = clock.now
        let estimatedHeight = manager.usageBoundsForTextContainer.height
        let indexSeconds = (clock.now - indexStart).seconds
        let viewportStart = clock.now
        controller.layoutViewport()
        let viewportSeconds = (clock.now - viewportStart).seconds
        let openSeconds = (clock.now - openStart).seconds
        // stat follows /proc/self/fd's link to the copies (FileManager would measure the link).
        var info = stat()
        report.append(("bytes", "\(stat(path, &info) == 0 ? Int(info.st_size) : 0)"))
        report.append(("paragraphs", "\(storage.paragraphCount)"))
        record("openToFirstViewportSeconds", openSeconds)
        record("readSeconds", readSeconds)
        record("layoutTreeSeconds", indexSeconds)
        record("firstViewportLayoutSeconds", viewportSeconds)
        report.append(("firstViewportFragments", "\(view.configuredCount)"))
        let firstViewportText = controller.visibleFragments.map { String($0.textElement.attributedString.characters) }

        // The usage bounds, without full layout.
        let boundsStart = clock.now
        let bounds = manager.usageBoundsForTextContainer
        record("usageBoundsSeconds", (clock.now - boundsStart).seconds)
        report.append(("estimatedHeight", jsonNumber(estimatedHeight, "%.1f")))
        report.append(("usageBoundsHeight", jsonNumber(bounds.height, "%.1f")))

        // Relocating to the middle, and laying the new viewport out.
        let middle = storage.location(storage.documentRange.location, offsetBy: storage.utf16Length / 2) ?? storage.documentRange.location
        let relocateStart = clock.now
        let relocatedY = controller.relocateViewport(to: middle)
        let relocateSeconds = (clock.now - relocateStart).seconds
        controller.layoutViewport()
        record("relocateToMiddleSeconds", relocateSeconds)
        record("relocateToMiddleAndLayoutSeconds", (clock.now - relocateStart).seconds)
        report.append(("relocatedY", jsonNumber(relocatedY, "%.1f")))

        // Typing in the middle of the viewport, the viewport laid out after each character.
        var typing: [Double] = []
        let visible = controller.visibleFragments
        if let target = visible.isEmpty ? nil : visible[visible.count / 2], let range = target.rangeInElement {
            var offset = storage.offset(from: storage.documentRange.location, to: range.location) + min(10, max(0, storage.offset(from: range.location, to: range.endLocation) - 1))
            for index in 0 ..< keystrokes {
                let start = clock.now
                guard let location = storage.location(storage.documentRange.location, offsetBy: offset) else { break }
                try storage.replaceContents(in: TextRange(location: location), with: index % 8 == 7 ? " " : "a")
                controller.layoutViewport()
                typing.append((clock.now - start).seconds)
                offset += 1
            }
        }
        typing.sort()
        func percentile(_ p: Double) -> Double { typing.isEmpty ? 0 : typing[min(typing.count - 1, Int((Double(typing.count) * p).rounded(.down)))] }
        report.append(("keystrokes", "\(typing.count)"))
        record("typeAndLayoutMedianSeconds", percentile(0.5))
        record("typeAndLayoutP99Seconds", percentile(0.99))

        // Paging through the whole document, viewport by viewport.
        if !noPaging {
            var pages = 0
            var maxKept = manager.keptLayoutUsage
            let pagingStart = clock.now
            view.visibleRect.origin.y = 0
            controller.layoutViewport()
            while controller.viewportBounds.maxY < manager.usageBoundsForTextContainer.height, pages < 10_000_000 {
                view.visibleRect.origin.y = controller.viewportBounds.maxY
                controller.layoutViewport()
                pages += 1
                let kept = manager.keptLayoutUsage
                if kept.utf16 > maxKept.utf16 { maxKept = kept }
            }
            report.append(("pages", "\(pages)"))
            record("pagingSeconds", (clock.now - pagingStart).seconds)
            report.append(("keptLayoutLimitUTF16", "\(manager.keptLayoutLimit)"))
            report.append(("maxKeptLayout", "{\"paragraphs\": \(maxKept.paragraphs), \"utf16\": \(maxKept.utf16)}"))
            report.append(("heightAfterPaging", jsonNumber(manager.usageBoundsForTextContainer.height, "%.1f")))
        }
        report.append(("residentBytes", "\(ProcessMemory.residentBytes())"))
        if let error = manager.lastLayoutError { report.append(("layoutError", jsonString("\(error)"))) }

        // Raw HarfBuzz shaping of the first viewport's paragraphs, in the same run.
        let shaper = try ShapingBaseline(family: descriptor.family, size: descriptor.size)
        let shapeStart = clock.now
        shaper.shape(firstViewportText)
        let rawSeconds = (clock.now - shapeStart).seconds
        record("rawHarfBuzzFirstViewportSeconds", rawSeconds)
        report.append(("firstViewportRatioToRawShaping", jsonNumber(viewportSeconds / max(rawSeconds, 1e-9), "%.3f")))
        if baseline {
            let paragraphs = RawShaping.paragraphs(of: storage)
            let documentStart = clock.now
            shaper.shape(paragraphs)
            record("rawHarfBuzzDocumentSeconds", (clock.now - documentStart).seconds)
        }
        printJSONReport(report)
        // The figures are printed (they say what was measured), but a run that lost a paragraph failed.
        if let error = manager.lastLayoutError { throw ValidationError("Layout failed: \(error)") }
    }

    /// Writes `count` copies of the file at `path` to a temporary file and returns its open
    /// descriptor, to be read through /proc/self/fd. The file is unlinked as soon as it is
    /// made: nothing is left behind however the process ends (killed, crashed, a full disk).
    static func writeCopies(of path: String, count: Int, maximumBytes: Int) throws -> Int32 {
        var copy = try DocumentLoader.bytes(of: path, maximumBytes: maximumBytes) ?? Data()
        // Each copy starts a paragraph of its own.
        if let last = copy.last, last != 0x0A { copy.append(0x0A) }
        let folder = FileManager.default.temporaryDirectory.path
        var template = Array(((folder as NSString).appendingPathComponent("otk-viewport-XXXXXX.txt")).utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard descriptor >= 0 else {
            throw ValidationError("Cannot make a temporary file for --copies in \(folder): \(String(cString: strerror(errno))). Set TMPDIR to a writable folder.")
        }
        _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
        for _ in 0 ..< count {
            var failure: Int32 = 0
            copy.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    offset += written
                }
            }
            if failure != 0 {
                close(descriptor)
                throw ValidationError("Cannot write the --copies temporary file in \(folder): \(String(cString: strerror(failure))). Set TMPDIR to a folder with room.")
            }
        }
        return descriptor
    }
}

/// The view `otk viewport` lays out for: a visible rect that follows the controller's anchor.
final class BenchmarkView: TextViewportLayoutControllerDelegate {
    var visibleRect: CGRect
    var configuredCount = 0

    init(visibleRect: CGRect) {
        self.visibleRect = visibleRect
    }

    func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { visibleRect }

    func textViewportLayoutControllerWillLayout(_ controller: TextViewportLayoutController) {
        configuredCount = 0
    }

    func textViewportLayoutController(_ controller: TextViewportLayoutController, configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment) {
        configuredCount += 1
    }

    func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
        visibleRect.origin.y = controller.viewportBounds.minY
    }
}
