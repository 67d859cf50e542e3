import Benchmark
import Foundation
import OpenTextKit

/// Issue 19's font-context figure: 25 copies of the verses (100 MB with CORPUS) in the body
/// text style, an 800 x 600 viewport at the middle; the font resolution context's text size
/// changes (1.25 and back, alternately) and the viewport is laid out again. Target: 5 ms.
nonisolated(unsafe) var fontContextManager: TextLayoutManager?
nonisolated(unsafe) var fontContextStorage: TextContentStorage?
nonisolated(unsafe) var fontContextHost: ViewportHost?
nonisolated(unsafe) var fontContextChanges = 0

func openFontContextDocument() throws {
    try Corpus.check()
    let storage = try TextContentStorage(contentsOf: Corpus.hundredMegabyteURL)
    let manager = TextLayoutManager(
        textContainer: TextContainer(size: CGSize(width: 800, height: 0)), defaultFont: .body)
    storage.addTextLayoutManager(manager)
    let host = ViewportHost()
    manager.textViewportLayoutController.delegate = host
    let middle = storage.location(storage.documentRange.location, offsetBy: storage.utf16Length / 2)!
    host.visibleRect.origin.y = manager.textViewportLayoutController.relocateViewport(to: middle)
    manager.textViewportLayoutController.layoutViewport()
    (fontContextStorage, fontContextManager, fontContextHost) = (storage, manager, host)
}

let fontContextBenchmarks: @Sendable () -> Void = {
    Benchmark(
        "Font resolution context change (text size 1.25 and back) in 25 copies of the verses, viewport laid out again",
        configuration: .init(
            metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(10), maxIterations: 2_000,
            setup: { try openFontContextDocument() },
            teardown: { (fontContextStorage, fontContextManager, fontContextHost) = (nil, nil, nil) })
    ) { _ in
        let manager = fontContextManager!
        fontContextChanges += 1
        manager.fontResolutionContext = FontResolutionContext(textSizeScale: fontContextChanges % 2 == 0 ? 1 : 1.25)
        manager.textViewportLayoutController.layoutViewport()
    }
}
