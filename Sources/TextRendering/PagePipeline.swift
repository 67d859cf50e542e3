import Foundation
import Synchronization
@_spi(Rendering) import TextLayout

/// Pages laid out on a thread of their own while the caller draws the ones before them, so that
/// page layout (with the glyph runs of the pages' lines and their text) and drawing (Cairo writing the PDF)
/// each take a core. At most `bound` pages wait to be drawn, and pages drawn are handed back to
/// be freed on the layout thread. Page layout reads the content and its own layout state only,
/// and drawing reads only the pages it is handed (their fragments are immutable once laid out),
/// so the two never touch the same object.
final class PagePipeline: Sendable {
    private struct State {
        var waiting: [PreparedPage] = []
        /// Pages drawn, to be let go of on the layout thread (freeing a page's fragments and
        /// lines is work the drawing need not do).
        var drawn: [PreparedPage] = []
        var isFinished = false
        var isCancelled = false
        var pageCount = 0
    }

    private let state = Mutex(State())
    /// Signalled for each page handed over, and once more when the layout is finished.
    private let ready = DispatchSemaphore(value: 0)
    /// How many more pages may wait.
    private let room: DispatchSemaphore
    private let stopped = DispatchSemaphore(value: 0)

    init(bound: Int) {
        // Made empty and then given its room: a semaphore made with a count traps if it is
        // freed holding less, as it does when drawing stops with pages still waiting.
        room = DispatchSemaphore(value: 0)
        for _ in 0 ..< max(1, bound) { room.signal() }
    }

    /// Runs `layOut` on a thread of its own. It hands each page to the function it is given,
    /// which waits while `bound` pages are waiting and returns false once the drawing has
    /// stopped; `layOut` returns how many pages it made.
    func start(_ layOut: @escaping @Sendable (_ handOver: (PreparedPage) -> Bool) -> Int) {
        let thread = Thread { [self] in
            let count = layOut { page in
                room.wait()
                var drawn: [PreparedPage] = []
                let isCancelled = state.withLock { state in
                    if !state.isCancelled { state.waiting.append(page) }
                    swap(&drawn, &state.drawn)
                    return state.isCancelled
                }
                drawn.removeAll()
                if !isCancelled { ready.signal() }
                return !isCancelled
            }
            state.withLock { state in
                state.isFinished = true
                state.pageCount = count
            }
            ready.signal()
            stopped.signal()
        }
        // Layout recurses little, but a paragraph's bidi and line breaking use the stack.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The next page laid out, waiting for it; nil when there are no more.
    func next() -> PreparedPage? {
        ready.wait()
        let page = state.withLock { state -> PreparedPage? in
            state.waiting.isEmpty ? nil : state.waiting.removeFirst()
        }
        if page != nil { room.signal() }
        return page
    }

    /// Hands back a page that has been drawn, for the layout thread to let go of.
    func recycle(_ page: PreparedPage) {
        state.withLock { $0.drawn.append(page) }
    }

    /// Stops the layout after the page it is on and waits for its thread to end; returns how
    /// many pages it made.
    @discardableResult
    func finish() -> Int {
        state.withLock { $0.isCancelled = true }
        // Wakes the layout if it waits for room.
        room.signal()
        stopped.wait()
        return state.withLock { $0.pageCount }
    }
}

/// A page laid out, with the glyph runs of its lines (and, for a PDF, the text each run shows),
/// worked out on the thread that laid it out.
struct PreparedPage: Sendable {
    let page: TextPage
    /// Each line's, by the line's identity (the page's fragments keep the lines).
    let lines: [ObjectIdentifier: PreparedLine]

    init(_ page: TextPage, withText: Bool) {
        self.page = page
        var lines: [ObjectIdentifier: PreparedLine] = [:]
        for fragment in page.textLayoutFragments {
            for line in fragment.textLineFragments {
                lines[ObjectIdentifier(line)] = PreparedLine(line, withText: withText)
            }
        }
        self.lines = lines
    }
}

/// A line's glyph runs and, with text, each whole run's clusters (what `showGlyphs` would work out).
struct PreparedLine: Sendable {
    let runs: [PositionedGlyphRun]
    /// One a run; empty without text; nil for a run whose clusters Cairo cannot take.
    let clusters: [TextClusters?]

    init(_ line: TextLineFragment, withText: Bool) {
        runs = line.glyphRuns
        guard withText else {
            clusters = []
            return
        }
        let text = line.paragraphUnits
        clusters = runs.map { TextClusters($0, indices: $0.glyphs.indices, text: text) }
    }
}

/// A value handed to the layout thread of a `PagePipeline`, used there alone until it ends.
struct LayoutThreadOwned<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
