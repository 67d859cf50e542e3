import ArgumentParser
import Foundation
import OpenTextKit
import TextMeasurement

/// `otk layout FILE --stats`: lays a document out and prints JSON, beside raw HarfBuzz shaping
/// of the same paragraphs in the same process (the ratio survives a change of machine).
struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Lay a document out in a container and print statistics as JSON."
    )

    @OptionGroup var document: DocumentOptions

    @Option(parsing: .unconditional, help: "Container width in points (0 or less: lines are never wrapped).")
    var width: Double = 600

    @OptionGroup var font: FontOption

    @Flag(help: "Print statistics as JSON (the only output for now).")
    var stats = false

    @Flag(help: "Also time raw HarfBuzz shaping of the same paragraphs with the default font.")
    var baseline = false

    @Option(
        parsing: .unconditional,
        help:
            ArgumentHelp(
                "UTF-16 units of laid-out text whose fragments are kept (the layout manager's keptLayoutLimit); the "
                    + "rest keep only their heights.")
    )
    var keptLayoutLimit: Int?

    func validate() throws {
        // Infinity would mean "no wrapping" too, but 0 says it; NaN means nothing.
        guard width.isFinite else {
            throw ValidationError("--width takes a number of points (0 or less: no wrapping); got \(width).")
        }
    }

    func run() throws {
        let descriptor = try font.descriptor()
        let clock = ContinuousClock()
        let storage = try DocumentLoader.open(document.file, document: document)
        let containerWidth = width > 0 ? CGFloat(width) : .infinity
        let manager = TextLayoutManager(
            textContainer: TextContainer(
                size: CGSize(width: containerWidth, height: 0),
                lineBreakMode: width > 0 ? .byWordWrapping : .byClipping),
            defaultFont: descriptor)
        let failures = LayoutFailures(watching: manager)
        storage.addTextLayoutManager(manager)
        if let keptLayoutLimit {
            guard keptLayoutLimit >= 0 else {
                throw ValidationError(
                    "--kept-layout-limit takes a count of UTF-16 units, 0 or more; got \(keptLayoutLimit).")
            }
            manager.keptLayoutLimit = keptLayoutLimit
        }

        // The default font is found and loaded first (fontconfig reads its configuration on first
        // use): the raw HarfBuzz reference loads its font before its clock starts too. Fallback
        // fonts a document needs are still loaded inside the layout's time.
        let fontStart = clock.now
        _ = try? manager.typesettingContext.fontMatcher.match(FontRequest(descriptor))
        let fontSeconds = (clock.now - fontStart).seconds

        // One walk lays every paragraph out and counts its lines: a second walk after
        // `ensureLayoutForEntireDocument` would lay out again what the kept-layout limit let go.
        let usageBefore = ProcessMemory.usage()
        let start = clock.now
        var lines = 0
        manager.enumerateTextLayoutFragments(from: nil, options: .ensuresLayout) { fragment in
            lines += fragment.lineCount
            return true
        }
        let layoutSeconds = (clock.now - start).seconds
        let usage = ProcessMemory.usage() - usageBefore
        try failures.check()
        var report: [(String, String)] = [
            ("file", jsonString(document.file)),
            ("width", width > 0 ? jsonNumber(width) : "null"),
            ("font", jsonString("\(descriptor.family) \(descriptor.size)")),
            ("paragraphs", "\(storage.paragraphCount)"),
            ("lines", "\(lines)"),
            ("height", jsonNumber(manager.usageBoundsForTextContainer.height, "%.2f")),
            ("seconds", jsonNumber(layoutSeconds, "%.6f")),
            ("defaultFontLoadSeconds", jsonNumber(fontSeconds, "%.6f")),
            ("layoutProcessUsage", usage.json),
        ]
        let words = manager.typesettingContext.shapedWordCacheStatistics
        report.append(
            ("shapedWordCache", "{\"hits\": \(words.hits), \"misses\": \(words.misses), \"entries\": \(words.count)}"))
        if baseline {
            let paragraphs = RawShaping.paragraphs(of: storage)
            let shaper = try ShapingBaseline(family: descriptor.family, size: descriptor.size)
            let shapeStart = clock.now
            shaper.shape(paragraphs)
            let rawSeconds = (clock.now - shapeStart).seconds
            report.append(("rawHarfBuzzShapingSeconds", jsonNumber(rawSeconds, "%.6f")))
            report.append(("ratioToRawShaping", jsonNumber(layoutSeconds / rawSeconds, "%.3f")))

            // The same runs in the fonts layout chose (fonts loaded before the clock starts):
            // the fairer reference when one font lacks some scripts' glyphs.
            var runs: [ShapingRuns] = []
            manager.enumerateTextLayoutFragments(from: nil) { fragment in
                if let shaped = fragment.shapingRuns { runs.append(shaped) }
                return true
            }
            let runShaper = try RunShapingBaseline(paragraphs: runs)
            let runStart = clock.now
            runShaper.shape()
            let runSeconds = (clock.now - runStart).seconds
            report.append(("rawHarfBuzzInLayoutFontsSeconds", jsonNumber(runSeconds, "%.6f")))
            report.append(("ratioToRawShapingInLayoutFonts", jsonNumber(layoutSeconds / runSeconds, "%.3f")))
        }
        printJSONReport(report)
    }
}
