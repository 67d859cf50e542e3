import ArgumentParser
import FileOutput
import Foundation
import OpenTextKit
import TextMeasurement

/// `otk markdown FILE --stats`: what importing a (large) Markdown document costs, beside
/// cmark-gfm's own parse-to-HTML of the same text in the same run: the import into presentation
/// intents, drawing them (paragraph styles and fonts), and the first 800 x 600 viewport laid
/// out and drawn, timed from the start. `--from-verses` makes the document from the verses
/// corpus (a heading per book and chapter, numbered verses, quotes and code blocks).
struct MarkdownCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "markdown",
        abstract: "Measure importing a Markdown document and drawing its first viewport; print statistics as JSON."
    )

    @Argument(help: "A Markdown file; with --from-verses, the verses corpus to make one from.")
    var file: String

    @Flag(help: "Make the Markdown from FILE, the verses corpus (\"Genesis 1\" lines, then numbered verses).")
    var fromVerses = false

    @Option(help: "With --from-verses, the smallest document made, in bytes (the corpus is repeated).")
    var minimumBytes: Int = 10_000_000

    @Option(help: "Write the Markdown made with --from-verses here.")
    var saveMarkdown: String?

    @Option(
        parsing: .unconditional,
        help: "Refuse an input larger than this many bytes (a pipe or device is read up to it, and no further).")
    var maxInputBytes: Int = DocumentLoader.defaultMaximumBytes

    @OptionGroup var limits: MarkdownLimitOptions

    @Flag(help: "Print statistics as JSON (the only output for now).")
    var stats = false

    func validate() throws {
        guard (1 ... 1 << 30).contains(minimumBytes) else {
            throw ValidationError("--minimum-bytes takes 1 to \(1 << 30); got \(minimumBytes).")
        }
        guard maxInputBytes >= 0 else {
            throw ValidationError("--max-input-bytes takes 0 or more bytes; got \(maxInputBytes).")
        }
    }

    func run() throws {
        // The input (the verses corpus, or the Markdown itself) is never overwritten.
        if let saveMarkdown { try FileIdentity.checkOutput(saveMarkdown, option: "--save-markdown", isNotInput: file) }
        let data =
            try DocumentLoader.bytes(of: file, maximumBytes: maxInputBytes)
            ?? Data(contentsOf: URL(fileURLWithPath: file))
        guard let source = String(validating: data, as: UTF8.self) else {
            throw CommandFailure(.dataError, "\(QuotedValue(file, limit: 200)) is not valid UTF-8.")
        }
        let markdown = fromVerses ? MarkdownCorpus.make(fromVerses: source, minimumBytes: minimumBytes) : source
        if fromVerses, markdown.isEmpty {
            throw CommandFailure(
                .dataError,
                "\(QuotedValue(file, limit: 200)) has no lines holding text to make Markdown from (--from-verses "
                    + "reads \"Genesis 1\" chapter lines and \"1 In the beginning...\" verse lines)."
            )
        }
        // The limits first: cmark-gfm alone (the comparison) would parse whatever it is given.
        let options = limits.parsingOptions
        do { try options.checkLimits(of: markdown) } catch {
            throw CommandFailure(
                .dataError,
                "\(QuotedValue(file, limit: 200)) is not Markdown this can read: "
                    + "\(MarkdownLimitOptions.message(for: error))"
            )
        }
        if let saveMarkdown {
            // Written whole or not at all, as every output is.
            let writer = try AtomicFileWriter(path: saveMarkdown)
            try writer.write(Data(markdown.utf8))
            try writer.commit()
        }
        var report: [(String, String)] = [("file", jsonString(file)), ("markdownBytes", "\(markdown.utf8.count)")]

        // cmark-gfm alone, then ours, in the same run.
        let raw: (html: String, seconds: Double)
        do { raw = try RawMarkdown.html(markdown) } catch {
            throw CommandFailure(.dataError, "\(QuotedValue(file, limit: 200)): \(error)")
        }
        report.append(("cmarkParseToHTMLSeconds", jsonNumber(raw.seconds, "%.6f")))
        let clock = ContinuousClock()
        // The import a document is opened with: parsed and drawn straight into a storage.
        let start = clock.now
        let storage: TextContentStorage
        do { storage = try TextContentStorage(markdown: markdown, options: options, width: 790) } catch {
            throw CommandFailure(
                .dataError,
                "\(QuotedValue(file, limit: 200)) is not Markdown this can read: "
                    + "\(MarkdownLimitOptions.message(for: error))"
            )
        }
        let importSeconds = (clock.now - start).seconds
        report.append(("importSeconds", jsonNumber(importSeconds, "%.6f")))
        report.append(("importRatioToCmark", jsonNumber(importSeconds / max(raw.seconds, 1e-9), "%.3f")))
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 800, height: 0)))
        let failures = LayoutFailures(watching: manager)
        storage.addTextLayoutManager(manager)
        let view = BenchmarkView(visibleRect: CGRect(x: 0, y: 0, width: 800, height: 600))
        manager.textViewportLayoutController.delegate = view
        manager.textViewportLayoutController.layoutViewport()
        let surface = try DrawingSurface.image(size: CGSize(width: 800, height: 600), scale: 1)
        let context = try surface.makeContext()
        context.fillBackground(TextColor(white: 1))
        for fragment in manager.textViewportLayoutController.visibleFragments {
            BlockDecorations.draw(for: fragment, at: fragment.layoutFragmentFrame.origin, in: context)
            fragment.draw(at: fragment.layoutFragmentFrame.origin, in: context)
        }
        try context.checkStatus()
        report.append(("firstViewportDrawnSeconds", jsonNumber((clock.now - start).seconds, "%.6f")))
        report.append(("paragraphs", "\(storage.paragraphCount)"))
        report.append(("firstViewportFragments", "\(manager.textViewportLayoutController.visibleFragments.count)"))
        report.append(("cmarkHTMLBytes", "\(raw.html.utf8.count)"))
        // For comparison: the whole document as one AttributedString (what
        // `AttributedString(markdown:)` gives), without drawing.
        let attributedStart = clock.now
        let attributed = try AttributedString(markdown: markdown, options: options)
        report.append(("attributedStringImportSeconds", jsonNumber((clock.now - attributedStart).seconds, "%.6f")))
        report.append(("attributedStringUTF16", "\(attributed.utf16.count)"))
        printJSONReport(report)
        try failures.check()
    }
}
