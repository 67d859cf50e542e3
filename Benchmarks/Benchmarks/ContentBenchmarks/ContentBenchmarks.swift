import Benchmark
import Foundation
import OpenTextKit
import TextMeasurement

/// Issue 2's targets on 25 copies of the verses (100 MB when CORPUS names the full corpus), each beside raw HarfBuzz
/// shaping of the verses measured in the same run.
nonisolated(unsafe) var document: TextContentStorage?
nonisolated(unsafe) var random = SystemRandomNumberGenerator()

let benchmarks: @Sendable () -> Void = {
    relayoutBenchmarks()
    editingBenchmarks()
    markdownBenchmarks()
    fontContextBenchmarks()
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident], timeUnits: .microseconds, maxDuration: .seconds(10))

    Benchmark(
        "Raw HarfBuzz shaping of the verses (DejaVu Sans 13; 32,291 paragraphs with CORPUS, 1,583 with the fixtures)",
        configuration: .init(metrics: [.wallClock], timeUnits: .milliseconds, maxIterations: 5)
    ) { benchmark in
        try Corpus.check()
        let baseline = try ShapingBaseline(family: "DejaVu Sans", size: 13)
        let paragraphs = Corpus.verses
        benchmark.startMeasurement()
        blackHole(baseline.shape(paragraphs))
    }

    Benchmark(
        "Open 25 copies of the verses from a file (100 MB with CORPUS, 5 MB with the fixtures)",
        configuration: .init(
            metrics: [.wallClock, .peakMemoryResident], timeUnits: .milliseconds, maxIterations: 5,
            setup: {
                try Corpus.check(); _ = Corpus.hundredMegabyteURL
            })
    ) { _ in
        blackHole(try TextContentStorage(contentsOf: Corpus.hundredMegabyteURL))
    }

    Benchmark(
        "Insert one character in the middle of 25 copies of the verses, then find its paragraph",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 20_000,
            setup: {
                try Corpus.check(); document = try TextContentStorage(contentsOf: Corpus.hundredMegabyteURL)
            },
            teardown: { document = nil })
    ) { _ in
        let storage = document!
        let offset = storage.utf16Length / 2 + Int.random(in: -5_000 ... 5_000, using: &random)
        let location = storage.location(storage.documentRange.location, offsetBy: offset)!
        try storage.replaceContents(in: TextRange(location: location), with: "x")
        blackHole(storage.paragraphIndex(for: location))
    }

    Benchmark(
        "location(_:offsetBy:) to a random offset in 25 copies of the verses",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 50_000,
            setup: {
                try Corpus.check(); document = try TextContentStorage(contentsOf: Corpus.hundredMegabyteURL)
            },
            teardown: { document = nil })
    ) { _ in
        let storage = document!
        let start = storage.documentRange.location
        blackHole(storage.location(start, offsetBy: Int.random(in: 0 ... storage.utf16Length, using: &random)))
    }

    Benchmark(
        "Find the paragraph of a random offset in 25 copies of the verses",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 50_000,
            setup: {
                try Corpus.check(); document = try TextContentStorage(contentsOf: Corpus.hundredMegabyteURL)
            },
            teardown: { document = nil })
    ) { _ in
        let storage = document!
        let location = storage.location(
            storage.documentRange.location, offsetBy: Int.random(in: 0 ..< storage.utf16Length, using: &random))!
        blackHole(storage.textParagraph(for: location))
    }
}
