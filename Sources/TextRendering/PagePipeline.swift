import Foundation
import Synchronization
@_spi(Rendering) import TextLayout

/// Pages laid out on a thread of their own while the caller draws the ones before them, so that
/// page layout and drawing (Cairo writing the PDF) each take a core. At most `bound` pages wait
/// to be drawn. Page layout reads the content and its own layout state only, and drawing reads
/// only the pages it is handed (their fragments are immutable once laid out), so the two never
/// touch the same object.
final class PagePipeline: Sendable {
    private struct State {
        var waiting: [TextPage] = []
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
    func start(_ layOut: @escaping @Sendable (_ handOver: (TextPage) -> Bool) -> Int) {
        let thread = Thread { [self] in
            let count = layOut { page in
                room.wait()
                let isCancelled = state.withLock { state in
                    if !state.isCancelled { state.waiting.append(page) }
                    return state.isCancelled
                }
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
    func next() -> TextPage? {
        ready.wait()
        let page = state.withLock { state -> TextPage? in
            state.waiting.isEmpty ? nil : state.waiting.removeFirst()
        }
        if page != nil { room.signal() }
        return page
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

/// A value handed to the layout thread of a `PagePipeline`, used there alone until it ends.
struct LayoutThreadOwned<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
