import ArgumentParser
import Foundation
import OpenTextKit
import TextMeasurement

/// `otk render INPUT -o OUTPUT.png|svg|pdf`: draws a document with Cairo.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw a document into a PNG, SVG or (paginated) PDF file.",
        discussion: """
            The output kind follows the extension. Without --page-size the document is one sheet \
            --width points wide (a PDF gets A4 pages); with it, pages of that size (a PNG or SVG \
            shows them one below the other).
            """
    )

    @OptionGroup var document: DocumentOptions

    @Option(name: .shortAndLong, help: "The file to write: .png, .svg or .pdf (default: INPUT's name with .png).")
    var output: String?

    @Option(parsing: .unconditional, help: "Text width in points when there are no pages.")
    var width: Double = 600

    @OptionGroup var font: FontOption

    @Flag(help: "Fail when a font family is not installed, instead of saying which fallback is used.")
    var strictFonts = false

    @Option(help: "Page size: A3, A4, A5, Letter, Legal, or WIDTHxHEIGHT in points.")
    var pageSize: String?

    @Option(parsing: .unconditional, help: "Margin around the text on every side, in points.")
    var margin: Double = 24

    @Option(
        parsing: .unconditional, help: "Pixels per point of a PNG (2 for a sharp picture on a high-density screen).")
    var scale: Double = 1

    @Option(
        parsing: .unconditionalSingleValue,
        help:
            ArgumentHelp(
                "An exclusion rectangle the text flows around, \"x,y,width,height\" in points from the text's "
                    + "top-left corner; \"PAGE:x,y,width,height\" for one page only. Repeatable.")
    )
    var exclusion: [String] = []

    @Option(help: "Fill the exclusion rectangles with this colour, #RRGGBB or #RRGGBBAA (where a figure would go).")
    var exclusionColor: String?

    @Option(parsing: .unconditional, help: "Draw UTF-16 offsets START:END selected (sheet only).")
    var select: String?

    @Flag(help: "Draw layout fragment frames, rendering-surface bounds, line bounds, baselines and exclusion paths.")
    var debugOverlay = false

    @Flag(help: "Print the links drawn and their rectangles as JSON.")
    var links = false

    @Option(
        name: .customLong("allow-link-scheme"),
        help:
            ArgumentHelp(
                "Also write links of this scheme (besides http, https and mailto), e.g. ftp. Links of other schemes "
                    + "(javascript:, file:, ...) are drawn as text only. Repeatable.")
    )
    var allowedLinkSchemes: [String] = []

    @Flag(
        help:
            ArgumentHelp(
                "Markdown: wrap code block lines at the right edge (by default they run on, as in an editor, and a "
                    + "warning says how many are cut at the edge).")
    )
    var wrapCodeBlocks = false

    @Option(parsing: .unconditional, help: "Draw a link longer than this many bytes as text only (default 8192).")
    var maxLinkLength: Int = 8_192

    @Option(
        help:
            ArgumentHelp(
                "Resolve relative links (notes.html, /docs/a, ../b, //host/c) against this absolute URL, e.g. "
                    + "https://example.com/docs/; its scheme must be one links are written with "
                    + "(http, https, mailto, or "
                    + "one --allow-link-scheme allows). Without it they are drawn as text only.")
    )
    var baseURL: String?

    @Option(
        parsing: .unconditional,
        help: "Refuse an attached image of more pixels than this (it is not decoded; default 16777216, 4096 x 4096).")
    var maxImagePixels: Int = 4096 * 4096

    @Flag(
        help:
            "Print statistics as JSON: pages, seconds, and raw HarfBuzz shaping of the same paragraphs in the same run."
    )
    var stats = false

    func run() throws {
        var stem = (document.file as NSString).deletingPathExtension
        if stem.hasSuffix(".otk") { stem.removeLast(4) }
        let outputPath = output ?? stem + ".png"
        guard let kind = DrawingSurface.Kind(path: outputPath) else {
            throw ValidationError(
                "Unknown output kind \"\(QuotedValue((outputPath as NSString).pathExtension))\" for "
                    + "\(QuotedValue(outputPath, limit: 200)): use .png, .svg or .pdf."
            )
        }
        // A text file named notes.png, or -o naming the input: the input would be lost.
        try FileIdentity.checkOutput(outputPath, option: "-o", isNotInput: document.file)
        var options = DocumentRenderer.Options()
        let defaultFont = try font.descriptor()
        options.defaultFont = defaultFont
        guard width.isFinite, width >= 1, width <= 100_000 else {
            throw ValidationError("--width takes a number of points from 1 to 100000; got \(width).")
        }
        options.width = CGFloat(width)
        guard margin.isFinite, margin >= 0 else {
            throw ValidationError("--margin takes 0 or more points; got \(margin).")
        }
        options.margin = CGFloat(margin)
        // Cairo cannot draw at a scale near 0 (its matrix cannot be inverted).
        guard scale.isFinite, scale >= 0.01, scale <= 16 else {
            throw ValidationError("--scale takes a number from 0.01 to 16; got \(scale).")
        }
        options.scale = scale
        if let pageSize {
            guard let size = PageSize.parse(pageSize) else {
                throw ValidationError(
                    "Unknown page size \"\(QuotedValue(pageSize))\": use A3, A4, A5, Letter, Legal or "
                        + "WIDTHxHEIGHT in points."
                )
            }
            options.pageSize = size
        } else if kind == .pdf {
            options.pageSize = PageSize.a4.size
        }
        if let pageSize = options.pageSize {
            guard pageSize.width - 2 * CGFloat(margin) >= 1, pageSize.height - 2 * CGFloat(margin) >= 1,
                pageSize.width <= 1e5, pageSize.height <= 1e5
            else {
                throw ValidationError(
                    "A \(Double(pageSize.width)) × \(Double(pageSize.height)) pt page with \(margin) pt margins "
                        + "leaves no room for text."
                )
            }
        }
        options.linkPolicy = LinkPolicy(allowing: Set(allowedLinkSchemes))
        guard maxLinkLength >= 1 else {
            throw ValidationError("--max-link-length takes 1 or more bytes; got \(maxLinkLength).")
        }
        options.linkPolicy.maximumURLLength = maxLinkLength
        if let baseURL {
            guard let url = URL(string: baseURL), url.scheme != nil else {
                throw ValidationError(
                    "--base-url takes an absolute URL such as https://example.com/docs/; got "
                        + "\"\(QuotedValue(baseURL))\"."
                )
            }
            // A base whose links would all be dropped is refused, not silently useless.
            if let reason = options.linkPolicy.baseURLRefusal(url) {
                throw ValidationError(
                    "--base-url \"\(QuotedValue(baseURL))\" is refused: \(reason). Use an absolute URL of a "
                        + "scheme links are written with, such as https://example.com/docs/, or allow its scheme "
                        + "with --allow-link-scheme."
                )
            }
            options.baseURL = url
        }
        guard maxImagePixels >= 1 else {
            throw ValidationError("--max-image-pixels takes 1 or more pixels; got \(maxImagePixels).")
        }
        options.maximumImagePixels = maxImagePixels
        options.exclusionPaths = try Self.exclusions(exclusion)
        options.debugOverlay = debugOverlay
        if let exclusionColor {
            guard let color = TextColor(hex: exclusionColor) else {
                throw ValidationError(
                    "--exclusion-color takes #RRGGBB or #RRGGBBAA; got \"\(QuotedValue(exclusionColor))\".")
            }
            options.exclusionFill = color
        }
        if let select {
            let parts = select.split(separator: ":")
            guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]), start >= 0, start <= end else {
                throw ValidationError(
                    "--select takes START:END, UTF-16 offsets with START <= END; got \"\(QuotedValue(select))\".")
            }
            options.selection = [start ..< end]
        }

        var presentation = MarkdownPresentation()
        presentation.bodyFont = defaultFont
        presentation.wrapsCodeBlocks = wrapCodeBlocks
        // Tables share out the width lines have: the text width less the line padding.
        let textWidth =
            (options.pageSize.map { Double($0.width) - 2 * margin } ?? width) - 2
            * Double(TextContainer(size: .zero).lineFragmentPadding)
        let storage = try DocumentLoader.open(
            document.file, document: document, markdownWidth: textWidth, markdownPresentation: presentation)
        if let select = options.selection.first, select.upperBound > storage.utf16Length {
            throw ValidationError(
                "--select \(select.lowerBound):\(select.upperBound) goes past the document's end "
                    + "(\(storage.utf16Length) UTF-16 units)."
            )
        }
        try checkFonts(in: storage, defaultFont: defaultFont)
        if DocumentLoader.isMarkdown(document.file), !wrapCodeBlocks {
            let clipped = CodeLineClipping.clippedLines(in: storage, width: textWidth, defaultFont: defaultFont)
            if clipped.count > 0 {
                let lines = clipped.count == 1 ? "1 code block line is" : "\(clipped.count) code block lines are"
                FileHandle.standardError.write(
                    Data(
                        ("otk: warning: \(lines) wider than the text (\(Int(textWidth)) pt; the widest at least "
                            + "\(Int(clipped.widest.rounded(.up))) pt) and cut at its right edge; "
                            + "--wrap-code-blocks wraps them.\n")
                            .utf8))
            }
        }

        let progress = ProgressLine(label: "Rendering")
        let clock = ContinuousClock()
        let start = clock.now
        let result: DocumentRenderer.Result
        do {
            result = try DocumentRenderer(options: options).render(storage, to: outputPath) { page in
                progress.update("page \(page)")
            }
        } catch {
            progress.finish()
            throw CommandFailure.rendering(error, input: document.file)
        }
        progress.finish()
        for warning in result.warnings {
            FileHandle.standardError.write(
                Data(
                    ("otk: warning: \(warning); --allow-link-scheme allows a scheme, --base-url resolves relative "
                        + "links, --max-link-length allows longer links.\n")
                        .utf8))
        }
        let seconds = (clock.now - start).seconds
        let pages = result.pageCount == 1 ? "1 page" : "\(result.pageCount) pages"
        FileHandle.standardError.write(
            Data(
                ("Wrote \(outputPath) (\(kind.rawValue.uppercased()), \(pages), \(Int(result.size.width)) × "
                    + "\(Int(result.size.height)) pt).\n")
                    .utf8))
        if stats {
            let paragraphs = RawShaping.paragraphs(of: storage)
            let shaper = try ShapingBaseline(family: defaultFont.family, size: defaultFont.size)
            let shapeStart = clock.now
            shaper.shape(paragraphs)
            let rawSeconds = (clock.now - shapeStart).seconds
            printJSONReport([
                ("file", jsonString(document.file)), ("output", jsonString(outputPath)),
                ("kind", jsonString(kind.rawValue)),
                ("paragraphs", "\(storage.paragraphCount)"), ("pages", "\(result.pageCount)"),
                ("links", "\(result.linkAreas.count)"),
                ("seconds", jsonNumber(seconds, "%.6f")), ("peakResidentBytes", "\(ProcessMemory.peakResidentBytes())"),
                ("rawHarfBuzzShapingSeconds", jsonNumber(rawSeconds, "%.6f")),
                ("ratioToRawShaping", jsonNumber(seconds / rawSeconds, "%.3f")),
            ])
        } else if links {
            let items = result.linkAreas.map { link in
                let r = link.area.rect
                let rect = [r.minX, r.minY, r.width, r.height].map { jsonNumber($0) }.joined(separator: ",")
                return "{\"page\":\(link.page),\"url\":\(jsonString(link.area.url.absoluteString)),\"rect\":[\(rect)]}"
            }
            print("[" + items.joined(separator: ",") + "]")
        }
    }

    /// Says which family stands in for each one that is not installed, or fails with
    /// --strict-fonts.
    private func checkFonts(in storage: TextContentStorage, defaultFont: FontDescriptor) throws {
        var descriptors = [defaultFont]
        // Plain text has no fonts of its own (and is not worth making into an AttributedString).
        if DocumentLoader.isDocument(document.file) {
            for run in storage.attributedString.runs {
                if let font = run.font, !descriptors.contains(where: { $0.family == font.family }) {
                    descriptors.append(font)
                }
            }
        }
        for descriptor in descriptors {
            let match: FontMatch
            do {
                match = try FontMatcher.shared.match(try FontRequest(descriptor))
            } catch {
                throw CommandFailure(.dataError, "Font \"\(QuotedValue(descriptor.family))\": \(error)")
            }
            guard !match.isExactFamily else { continue }
            if strictFonts {
                throw CommandFailure(
                    .unavailable,
                    "Font family \"\(QuotedValue(descriptor.family))\" is not installed (fontconfig would use "
                        + "\"\(QuotedValue(match.font.familyName))\")."
                )
            }
            FileHandle.standardError.write(
                Data(
                    ("otk: font family \"\(QuotedValue(descriptor.family))\" is not installed; using "
                        + "\"\(QuotedValue(match.font.familyName))\" instead.\n")
                        .utf8))
        }
    }

    /// Parses `--exclusion` values into a per-page function.
    static func exclusions(_ values: [String]) throws -> @Sendable (Int) -> [ExclusionPath] {
        var everyPage: [ExclusionPath] = []
        var byPage: [Int: [ExclusionPath]] = [:]
        for value in values {
            var text = Substring(value)
            var page: Int?
            if let colon = text.firstIndex(of: ":") {
                guard let number = Int(text[..<colon]), number >= 1 else {
                    throw ValidationError(
                        "--exclusion \"\(QuotedValue(value))\": the page before \":\" must be a number from 1.")
                }
                page = number
                text = text[text.index(after: colon)...]
            }
            let numbers = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3],
                [x, y, w, h].allSatisfy(\.isFinite), w > 0, h > 0
            else {
                throw ValidationError(
                    "--exclusion \"\(QuotedValue(value))\" must be x,y,width,height in points, with a positive "
                        + "width and height."
                )
            }
            let path = ExclusionPath.rectangle(CGRect(x: x, y: y, width: w, height: h))
            if let page { byPage[page, default: []].append(path) } else { everyPage.append(path) }
        }
        let pages = byPage, all = everyPage
        return { number in all + (pages[number] ?? []) }
    }
}
