import Foundation
import OpenTextKit
import TextMeasurement

/// `otk proofread FILE --viewport --stats`: what continuous spell checking costs a view of a
/// large document. A `TextView` lays out its first viewport, a `TextCheckingController` checks
/// what it lays out, then the view jumps to `jumps` places down the document (each a freshly
/// shown viewport: nothing there laid out or checked before). For each: the time on the view's
/// thread (reading the laid-out paragraphs, asking the worker, setting the marks it found), the
/// time until the marks are there (the worker's checking), and raw HarfBuzz shaping of the same
/// paragraphs beside them.
struct ViewportProofreading {
    let view: TextView
    let checking: TextCheckingController
    let shaper: ShapingBaseline
    let clock = ContinuousClock()

    init(storage: TextContentStorage, size: CGSize, language: String) throws {
        let manager = TextLayoutManager(textContainer: TextContainer(size: CGSize(width: size.width, height: 0)))
        view = TextView(storage: storage, layoutManager: manager)
        view.visibleRect = CGRect(origin: .zero, size: size)
        view.layoutIfNeeded()
        do { checking = try TextCheckingController(textView: view, language: language) } catch {
            throw CommandFailure(.unavailable, "\(error)")
        }
        checking.finishChecking()
        shaper = try ShapingBaseline(family: FontDescriptor.defaultText.family, size: FontDescriptor.defaultText.size)
    }

    /// One fresh viewport at `y`: (seconds on the view's thread for checking, seconds until its
    /// marks were shown, seconds of raw shaping of its paragraphs, marks in it).
    mutating func showViewport(
        at y: CGFloat
    ) -> (viewThread: Double, marksShown: Double, rawShaping: Double, marks: Int) {
        let before = checking.statistics.viewThreadTime
        let start = clock.now
        view.visibleRect.origin.y = y
        view.layoutIfNeeded()
        checking.considerTextChecking()
        checking.finishChecking()
        let shown = (clock.now - start).seconds
        let texts = view.renderingSurfaces.map { String($0.textLayoutFragment.textElement.attributedString.characters) }
        let shapeStart = clock.now
        shaper.shape(texts)
        let raw = (clock.now - shapeStart).seconds
        let marks = view.renderingSurfaces.reduce(0) { count, surface in
            count
                + view.textLayoutManager.renderingAttributes(for: surface.textLayoutFragment)
                .filter { $0.attributes.spellingState != nil }.count
        }
        return ((checking.statistics.viewThreadTime - before).seconds, shown, raw, marks)
    }

    /// `jumps` fresh viewports spread down the document; the report's figures.
    mutating func measure(jumps: Int) -> [(String, String)] {
        let height = view.textLayoutManager.usageBoundsForTextContainer.height
        var results: [(viewThread: Double, marksShown: Double, rawShaping: Double, marks: Int)] = []
        for jump in 1 ... jumps {
            results.append(showViewport(at: height * CGFloat(jump) / CGFloat(jumps + 1)))
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        let viewThread = results.map(\.viewThread), raw = results.map(\.rawShaping)
        return [
            ("viewports", "\(jumps)"),
            ("viewportMainThreadCheckingSecondsMedian", jsonNumber(median(viewThread), "%.6f")),
            ("viewportMainThreadCheckingSecondsMax", jsonNumber(viewThread.max() ?? 0, "%.6f")),
            ("viewportMarksShownSecondsMedian", jsonNumber(median(results.map(\.marksShown)), "%.6f")),
            ("viewportRawHarfBuzzShapingSecondsMedian", jsonNumber(median(raw), "%.6f")),
            (
                "viewportMainThreadRatioToRawShaping",
                jsonNumber(median(viewThread) / max(median(raw), 1e-9), "%.3f")
            ),
            ("viewportMarksMedian", "\(results.map(\.marks).sorted()[results.count / 2])"),
            ("paragraphsChecked", "\(checking.statistics.paragraphsRequested)"),
            ("paragraphsRemembered", "\(checking.statistics.paragraphsRemembered)"),
        ]
    }
}
