import Benchmark
import Foundation
import OpenTextKit

/// Issue 3's relayout figures: after a one-character edit, the layout manager lays the edited
/// paragraph out again when its fragment is asked for (the edit itself, and the manager noting
/// which paragraph it touched, are outside the measurement). Paragraphs: a 137-byte verse, the
/// longest chapter (Psalm 119, 13.6 KB, with the full corpus; Genesis 24, 9.4 KB, with the
/// fixtures), and all the verses joined into one paragraph (4.2 MB; 200 KB with the fixtures).
/// Each edit takes out the letter the one before typed (unmeasured), so a relayout follows two
/// edits, most often far apart.
nonisolated(unsafe) var relayoutStorage: TextContentStorage?
nonisolated(unsafe) var relayoutManager: TextLayoutManager?
nonisolated(unsafe) var relayoutParagraph = 0

func prepareRelayout(url: URL, paragraph choose: ([Int]) -> Int?) throws {
    try Corpus.check()
    let storage = try TextContentStorage(contentsOf: url)
    let manager = TextLayoutManager(
        textContainer: TextContainer(size: CGSize(width: 600, height: 0)),
        defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13))
    storage.addTextLayoutManager(manager)
    let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
    relayoutParagraph = choose(lines.map(\.utf8.count)) ?? 0
    relayoutStorage = storage
    relayoutManager = manager
    // Lay the document out once, as a text view that has shown the paragraph has.
    manager.ensureLayoutForEntireDocument()
}

/// Types a random letter at a random place in the paragraph, asks the manager for the
/// paragraph's fragment (measured: it is laid out again), then takes the letter out again, so the
/// paragraph keeps its size. The word the
/// letter lands in is new to the shaper's cache most of the time, as when typing.
func relayoutOnce(_ benchmark: Benchmark) throws {
    let storage = relayoutStorage!, manager = relayoutManager!
    let paragraph = storage.textParagraph(atIndex: relayoutParagraph)!
    let range = try storage.offsets(of: paragraph.paragraphContentRange!)
    let offset = Int.random(in: range, using: &random)
    let letter = String(UnicodeScalar(UInt8.random(in: 0x61 ... 0x7A, using: &random)))
    try storage.replaceContents(in: storage.textRange(for: offset ..< offset)!, with: letter)
    let location = storage.location(storage.documentRange.location, offsetBy: offset)!
    benchmark.startMeasurement()
    let fragment = manager.textLayoutFragment(for: location)
    benchmark.stopMeasurement()
    precondition(
        fragment?.textElement.paragraphContentRange.map { try! storage.offsets(of: $0).count } == range.count + 1)
    try storage.replaceContents(in: storage.textRange(for: offset ..< offset + 1)!, with: "")
}

let relayoutBenchmarks: @Sendable () -> Void = {
    Benchmark(
        "Relayout of a 137-byte paragraph after a one-character edit",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 5_000,
            setup: { try prepareRelayout(url: Corpus.versesURL) { $0.firstIndex(of: 137) } },
            teardown: {
                relayoutStorage = nil; relayoutManager = nil
            })
    ) { benchmark in
        try relayoutOnce(benchmark)
    }

    Benchmark(
        "Relayout of the longest chapter paragraph after a one-character edit",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 500,
            setup: {
                try prepareRelayout(url: Corpus.chaptersURL) { sizes in sizes.indices.max { sizes[$0] < sizes[$1] } }
            },
            teardown: {
                relayoutStorage = nil; relayoutManager = nil
            })
    ) { benchmark in
        try relayoutOnce(benchmark)
    }

    Benchmark(
        "Relayout of all the verses joined into one paragraph after a one-character edit",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 500,
            setup: { try prepareRelayout(url: Corpus.joinedURL) { _ in 0 } },
            teardown: {
                relayoutStorage = nil; relayoutManager = nil
            })
    ) { benchmark in
        try relayoutOnce(benchmark)
    }
}
