import Benchmark
import Foundation
import OpenTextKit
import TextMeasurement

/// Issue 19's Markdown figures: a Markdown document made from the verses (10 MB with CORPUS:
/// a heading per book and chapter, numbered verses, quotes and code blocks), imported into a
/// storage with its presentation drawn, beside cmark-gfm's own parse-to-HTML of the same text,
/// and its first 800 x 600 viewport laid out and drawn.
nonisolated(unsafe) var markdownDocument: String?

let markdownBenchmarks: @Sendable () -> Void = {
    let make: Benchmark.BenchmarkSetupHook = {
        try Corpus.check()
        let verses = try String(contentsOf: Corpus.versesURL, encoding: .utf8)
        markdownDocument = MarkdownCorpus.make(
            fromVerses: verses, minimumBytes: Corpus.directory == nil ? 500_000 : 10_000_000)
    }
    let drop: Benchmark.BenchmarkTeardownHook = { markdownDocument = nil }
    let whole = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(30),
        maxIterations: 5, setup: make, teardown: drop)

    Benchmark("cmark-gfm parse to HTML of the Markdown verses (10 MB with CORPUS)", configuration: whole) { _ in
        blackHole(try RawMarkdown.html(markdownDocument!).html.utf8.count)
    }

    Benchmark("Import the Markdown verses into a storage, presentation drawn", configuration: whole) { _ in
        blackHole(try TextContentStorage(markdown: markdownDocument!, width: 790).paragraphCount)
    }

    // Drawn is the end: freeing the document afterwards is not timed (the two above free what
    // they made, each inside its time).
    Benchmark("Import the Markdown verses and draw the first 800 x 600 viewport", configuration: whole) { benchmark in
        let storage = try TextContentStorage(markdown: markdownDocument!, width: 790)
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: 800, height: 0)))
        storage.addTextLayoutManager(manager)
        let host = ViewportHost()
        manager.textViewportLayoutController.delegate = host
        manager.textViewportLayoutController.layoutViewport()
        let surface = try DrawingSurface.image(size: CGSize(width: 800, height: 600), scale: 1)
        let context = try surface.makeContext()
        for fragment in manager.textViewportLayoutController.visibleFragments {
            BlockDecorations.draw(for: fragment, at: fragment.layoutFragmentFrame.origin, in: context)
            fragment.draw(at: fragment.layoutFragmentFrame.origin, in: context)
        }
        benchmark.stopMeasurement()
        blackHole(storage)
    }
}
