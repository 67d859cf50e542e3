import Benchmark
import Foundation
import OpenTextKit

/// Issue 18's editing figures: a headless `TextView` on 25 copies of the verses (100 MB with
/// CORPUS) with an 800 x 600 viewport, driven through its public calls as a window would. Raw
/// HarfBuzz shaping of the verses is measured in the same run (ContentBenchmarks).
nonisolated(unsafe) var editingView: TextView?
nonisolated(unsafe) var editingHost: ViewportHost?
nonisolated(unsafe) var keystrokes = 0

/// The window's part: a visible rect that follows the viewport controller.
final class ViewportHost: TextViewportLayoutControllerDelegate {
    var visibleRect = CGRect(x: 0, y: 0, width: 800, height: 600)
    func viewportBounds(for controller: TextViewportLayoutController) -> CGRect { visibleRect }
    func textViewportLayoutController(
        _ controller: TextViewportLayoutController, configureRenderingSurfaceFor textLayoutFragment: TextLayoutFragment
    ) {}
    func textViewportLayoutControllerDidLayout(_ controller: TextViewportLayoutController) {
        visibleRect.origin.y = controller.viewportBounds.minY
    }
}

/// Opens the 25 copies in a view, lays out the viewport at the middle, and puts the caret there.
func openEditingView() throws {
    try Corpus.check()
    let storage = try TextContentStorage(contentsOf: Corpus.hundredMegabyteURL)
    let manager = TextLayoutManager(
        textContainer: TextContainer(size: CGSize(width: 800, height: 0)),
        defaultFont: FontDescriptor(family: "DejaVu Sans", size: 13))
    let view = TextView(storage: storage, layoutManager: manager)
    let host = ViewportHost()
    manager.textViewportLayoutController.delegate = host
    let middle = storage.location(storage.documentRange.location, offsetBy: storage.utf16Length / 2)!
    manager.textViewportLayoutController.relocateViewport(to: middle)
    manager.textViewportLayoutController.layoutViewport()
    view.setSelectedRange(NSRange(location: storage.utf16Length / 2, length: 0))
    view.scrollRangeToVisible(view.selectedRange())
    editingView = view
    editingHost = host
}

func closeEditingView() {
    editingView = nil
    editingHost = nil
}

/// What a window does after each key: the viewport laid out, then scrolled to the caret.
func followCaret(_ view: TextView) {
    view.textLayoutManager.textViewportLayoutController.layoutViewport()
    view.scrollRangeToVisible(view.selectedRange())
}

let editingBenchmarks: @Sendable () -> Void = {
    let open: Benchmark.BenchmarkSetupHook = { try openEditingView() }
    let close: Benchmark.BenchmarkTeardownHook = { closeEditingView() }
    let keyPress = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .microseconds, maxDuration: .seconds(5),
        maxIterations: 10_000, setup: open, teardown: close)
    let whole = Benchmark.Configuration(
        metrics: [.wallClock], timeUnits: .milliseconds, maxDuration: .seconds(20),
        maxIterations: 5, setup: open, teardown: close)

    Benchmark(
        "Type a character through insertText in 25 copies of the verses, viewport following", configuration: keyPress
    ) { _ in
        let view = editingView!
        // Words of eight letters, a line break every 60 characters, as someone types.
        keystrokes += 1
        let character = keystrokes % 60 == 0 ? "\n" : keystrokes % 8 == 0 ? " " : "a"
        view.insertText(character, replacementRange: NSRange(location: NSNotFound, length: 0))
        followCaret(view)
    }

    Benchmark(
        "Backspace through deleteBackward: in 25 copies of the verses, viewport following", configuration: keyPress
    ) { _ in
        let view = editingView!
        view.doCommand(by: "deleteBackward:")
        followCaret(view)
    }

    Benchmark("Caret down one line (moveDown:) in 25 copies of the verses, viewport following", configuration: keyPress)
    { _ in
        let view = editingView!
        view.doCommand(by: "moveDown:")
        view.scrollRangeToVisible(view.selectedRange())
    }

    Benchmark("Select all of 25 copies of the verses (selectAll:)", configuration: keyPress) { benchmark in
        let view = editingView!
        view.setSelectedRange(NSRange(location: 10, length: 0))
        benchmark.startMeasurement()
        view.doCommand(by: "selectAll:")
    }

    Benchmark("Delete all of 25 copies of the verses (selectAll:, deleteBackward:)", configuration: whole) {
        benchmark in
        let view = editingView!
        view.doCommand(by: "selectAll:")
        benchmark.startMeasurement()
        view.doCommand(by: "deleteBackward:")
        view.textLayoutManager.textViewportLayoutController.layoutViewport()
        benchmark.stopMeasurement()
        view.undo()
    }

    Benchmark("Undo deleting all of 25 copies of the verses", configuration: whole) { benchmark in
        let view = editingView!
        view.doCommand(by: "selectAll:")
        view.doCommand(by: "deleteBackward:")
        benchmark.startMeasurement()
        view.undo()
        view.textLayoutManager.textViewportLayoutController.layoutViewport()
        benchmark.stopMeasurement()
        precondition(view.textContentStorage.utf16Length > 0)
    }

    // Issue 19: a formatting toolbar's bold over a 1 MiB selection (UTF-16 units) from the
    // viewport's top, the viewport laid out again after it; undone outside the measurement.
    Benchmark(
        "Bold a 1 MiB selection of 25 copies of the verses (transformAttributes, viewport relaid)", configuration: whole
    ) { benchmark in
        let view = editingView!
        let controller = view.textLayoutManager.textViewportLayoutController
        guard let top = controller.viewportRange.flatMap({ try? view.textContentStorage.offsets(of: $0) })?.lowerBound
        else { return }
        view.setSelectedRange(NSRange(location: top, length: min(1 << 20, view.textContentStorage.utf16Length - top)))
        var selection = view.attributedTextSelection
        let font = FontDescriptor(family: "DejaVu Sans", size: 13)
        benchmark.startMeasurement()
        view.transformAttributes(in: &selection) { $0.font = ($0.font ?? font).with(weight: .bold) }
        controller.layoutViewport()
        benchmark.stopMeasurement()
        view.undo()
        controller.layoutViewport()
    }

    Benchmark("Count every LORD in 25 copies of the verses (166,375 with CORPUS)", configuration: whole) { _ in
        blackHole(try editingView!.countMatches(of: "LORD"))
    }

    Benchmark("grep -o LORD FILE | wc -l on the same 25 copies, as a whole process", configuration: whole) { _ in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "grep -o -F LORD \"$1\" | wc -l", "bench", Corpus.hundredMegabyteURL.path]
        process.standardOutput = Pipe()
        try process.run()
        _ = (process.standardOutput as? Pipe)?.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
    }

    Benchmark("Replace all LORD with Lord in 25 copies of the verses", configuration: whole) { benchmark in
        let view = editingView!
        benchmark.startMeasurement()
        blackHole(try view.replaceAll("LORD", with: "Lord"))
        view.textLayoutManager.textViewportLayoutController.layoutViewport()
        benchmark.stopMeasurement()
        view.undo()
    }

    Benchmark("Undo replacing all LORD with Lord in 25 copies of the verses", configuration: whole) { benchmark in
        let view = editingView!
        try view.replaceAll("LORD", with: "Lord")
        benchmark.startMeasurement()
        view.undo()
        view.textLayoutManager.textViewportLayoutController.layoutViewport()
        benchmark.stopMeasurement()
    }
}
