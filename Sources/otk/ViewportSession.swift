import ArgumentParser
import Foundation
import OpenTextKit
import TextMeasurement

/// One `otk viewport` run, step by step: open the document and lay out its first viewport, then
/// each measurement in turn, collecting the JSON report.
struct ViewportSession {
    let storage: TextContentStorage
    let manager: TextLayoutManager
    /// The first paragraph that could not be laid out.
    let layoutFailures: LayoutFailures
    let view: BenchmarkView
    let font: FontDescriptor
    let clock = ContinuousClock()
    private(set) var report: [(String, String)]
    /// The first viewport's layout time and text, for the raw-shaping comparison.
    private let firstViewportSeconds: Double
    private let firstViewportText: [String]

    var controller: TextViewportLayoutController { manager.textViewportLayoutController }

    /// Opening: reading and indexing the text, the layout tree, the first viewport.
    init(
        path: String, reportedName: String, copies: Int, document: DocumentOptions, font: FontDescriptor, size: CGSize
    ) throws {
        self.font = font
        var report: [(String, String)] = [("file", jsonString(reportedName)), ("copies", "\(copies)")]
        let clock = ContinuousClock()
        let openStart = clock.now
        storage = try DocumentLoader.open(path, document: document, formatOf: reportedName, copies: copies)
        let readSeconds = (clock.now - openStart).seconds
        manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: size.width, height: 0)), defaultFont: font)
        layoutFailures = LayoutFailures(watching: manager)
        storage.addTextLayoutManager(manager)
        view = BenchmarkView(visibleRect: CGRect(origin: .zero, size: size))
        manager.textViewportLayoutController.delegate = view
        let indexStart = clock.now
        let estimatedHeight = manager.usageBoundsForTextContainer.height
        let indexSeconds = (clock.now - indexStart).seconds
        let viewportStart = clock.now
        manager.textViewportLayoutController.layoutViewport()
        firstViewportSeconds = (clock.now - viewportStart).seconds
        let openSeconds = (clock.now - openStart).seconds
        // stat follows /proc/self/fd's link to the copies (FileManager would measure the link).
        var info = stat()
        report.append(("bytes", "\(stat(path, &info) == 0 ? Int(info.st_size) : 0)"))
        report.append(("paragraphs", "\(storage.paragraphCount)"))
        report.append(("openToFirstViewportSeconds", jsonNumber(openSeconds, "%.6f")))
        report.append(("readSeconds", jsonNumber(readSeconds, "%.6f")))
        report.append(("layoutTreeSeconds", jsonNumber(indexSeconds, "%.6f")))
        report.append(("firstViewportLayoutSeconds", jsonNumber(firstViewportSeconds, "%.6f")))
        report.append(("firstViewportFragments", "\(view.configuredCount)"))
        report.append(("estimatedHeight", jsonNumber(estimatedHeight, "%.1f")))
        firstViewportText = manager.textViewportLayoutController.visibleFragments.map {
            String($0.textElement.attributedString.characters[...])
        }
        self.report = report
    }

    private mutating func record(_ key: String, _ seconds: Double) {
        report.append((key, jsonNumber(seconds, "%.6f")))
    }

    /// The usage bounds, without full layout.
    mutating func measureUsageBounds() {
        let start = clock.now
        let bounds = manager.usageBoundsForTextContainer
        record("usageBoundsSeconds", (clock.now - start).seconds)
        report.append(("usageBoundsHeight", jsonNumber(bounds.height, "%.1f")))
    }

    /// Relocating to the middle, and laying the new viewport out.
    mutating func relocateToMiddle() {
        let middle =
            storage.location(storage.documentRange.location, offsetBy: storage.utf16Length / 2)
            ?? storage.documentRange.location
        let start = clock.now
        let relocatedY = controller.relocateViewport(to: middle)
        let relocateSeconds = (clock.now - start).seconds
        controller.layoutViewport()
        record("relocateToMiddleSeconds", relocateSeconds)
        record("relocateToMiddleAndLayoutSeconds", (clock.now - start).seconds)
        report.append(("relocatedY", jsonNumber(relocatedY, "%.1f")))
    }

    /// Typing `keystrokes` characters in the middle of the viewport, the viewport laid out
    /// after each.
    mutating func type(_ keystrokes: Int) throws {
        var typing: [Double] = []
        let visible = controller.visibleFragments
        if let target = visible.isEmpty ? nil : visible[visible.count / 2], let range = target.rangeInElement {
            let length = storage.offset(from: range.location, to: range.endLocation)
            var offset =
                storage.offset(from: storage.documentRange.location, to: range.location) + min(10, max(0, length - 1))
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
        report.append(("keystrokes", "\(typing.count)"))
        record("typeAndLayoutMedianSeconds", percentile(typing, 0.5))
        record("typeAndLayoutP99Seconds", percentile(typing, 0.99))
    }

    /// Changing the font resolution context's text-size scale `changes` times (to `scale` and
    /// back, alternately), the viewport laid out again after each: the median and the slowest,
    /// and the first change (its sizes shaped for the first time) apart. With a default font
    /// that is not semantic and no semantic fonts in the document, the text does not change
    /// size, but the layout is still dropped and laid out again (the manager cannot know).
    /// `prefix` names the figures (the second time: after paging, with the most layouts kept).
    mutating func changeFontContext(_ changes: Int, scale: Double, prefix: String = "fontContext") {
        guard changes > 0 else { return }
        var seconds: [Double] = []
        let base = manager.fontResolutionContext
        var larger = base
        larger.textSizeScale = scale
        let keptBefore = manager.keptLayoutUsage.paragraphs
        let anchorBefore = controller.visibleFragments.first?.rangeInElement.map {
            storage.offset(from: storage.documentRange.location, to: $0.location)
        }
        for index in 0 ..< changes {
            let start = clock.now
            manager.fontResolutionContext = index % 2 == 0 ? larger : base
            controller.layoutViewport()
            seconds.append((clock.now - start).seconds)
        }
        if changes % 2 == 1 {
            manager.fontResolutionContext = base
            controller.layoutViewport()
        }
        let anchorAfter = controller.visibleFragments.first?.rangeInElement.map {
            storage.offset(from: storage.documentRange.location, to: $0.location)
        }
        let first = seconds[0]
        let rest = seconds.count > 1 ? Array(seconds.dropFirst()).sorted() : seconds
        if prefix == "fontContext" {
            report.append(("fontContextChanges", "\(changes)"))
            report.append(("fontContextScale", jsonNumber(scale, "%.3f")))
            report.append(("fontIsSemantic", font.dependsOnContext ? "true" : "false"))
        }
        report.append(("\(prefix)KeptParagraphsBefore", "\(keptBefore)"))
        record("\(prefix)ChangeFirstSeconds", first)
        record("\(prefix)ChangeMedianSeconds", percentile(rest, 0.5))
        record("\(prefix)ChangeMaxSeconds", rest.last ?? first)
        report.append(("\(prefix)ChangeKeptTopParagraph", anchorBefore == anchorAfter ? "true" : "false"))
    }

    /// The most viewports `pageThrough` goes through.
    static let maximumPages = 10_000_000

    /// Paging through the whole document, viewport by viewport, and the kept layouts'
    /// high-water mark. A document that would take more than `maximumPages` viewports (its
    /// height over the viewport's, checked before each step), or whose height is not a number,
    /// is not paged through to the end: the report says `"pagingComplete": false` and the
    /// sentence returned says why (the command then fails).
    mutating func pageThrough() -> String? {
        var pages = 0
        var maxKept = manager.keptLayoutUsage
        let start = clock.now
        var stopped: String?
        view.visibleRect.origin.y = 0
        controller.layoutViewport()
        let step = Double(view.visibleRect.height)
        while true {
            let height = Double(manager.usageBoundsForTextContainer.height),
                reached = Double(controller.viewportBounds.maxY)
            guard height.isFinite, reached.isFinite else {
                stopped =
                    "Paging stopped after \(pages) viewports: the document's height is not a finite number of "
                    + "points (\(height))."
                break
            }
            guard reached < height else { break }
            let needed = Double(pages) + (height - reached) / step
            guard needed <= Double(Self.maximumPages) else {
                stopped =
                    "Paging stopped after \(pages) viewports: the document is \(height) points tall, which would "
                    + "take about \(needed) viewports \(step) points tall, more than the limit of "
                    + "\(Self.maximumPages) (--no-paging skips paging)."
                break
            }
            view.visibleRect.origin.y = controller.viewportBounds.maxY
            controller.layoutViewport()
            pages += 1
            let kept = manager.keptLayoutUsage
            if kept.utf16 > maxKept.utf16 { maxKept = kept }
        }
        report.append(("pages", "\(pages)"))
        report.append(("pagingComplete", stopped == nil ? "true" : "false"))
        record("pagingSeconds", (clock.now - start).seconds)
        report.append(("keptLayoutLimitUTF16", "\(manager.keptLayoutLimit)"))
        report.append(("maxKeptLayout", "{\"paragraphs\": \(maxKept.paragraphs), \"utf16\": \(maxKept.utf16)}"))
        report.append(("heightAfterPaging", jsonNumber(manager.usageBoundsForTextContainer.height, "%.1f")))
        return stopped
    }

    /// Raw HarfBuzz shaping of the first viewport's paragraphs (and, with `wholeDocument`, of
    /// every paragraph) in the same run; the memory and any layout error last.
    mutating func compareWithRawShaping(wholeDocument: Bool) throws {
        report.append(("residentBytes", "\(ProcessMemory.residentBytes())"))
        if let error = layoutFailures.first { report.append(("layoutError", jsonString("\(error)"))) }
        report += try RawShaping.firstViewportFigures(
            firstViewportText, font: font, layoutSeconds: firstViewportSeconds)
        if wholeDocument {
            let resolved = try font.resolve(in: .standard, matcher: .shared)
            let shaper = try ShapingBaseline(family: resolved.family, size: resolved.pointSize)
            let paragraphs = RawShaping.paragraphs(of: storage)
            let documentStart = clock.now
            shaper.shape(paragraphs)
            record("rawHarfBuzzDocumentSeconds", (clock.now - documentStart).seconds)
        }
    }
}
