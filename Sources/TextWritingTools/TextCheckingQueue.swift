import Dispatch
import Synchronization
import TextProofreading

/// Paragraphs waiting to be checked and the results waiting to be shown, between the thread a
/// view runs on and one worker off it. The newest request is checked first (the viewport the
/// user looks at now), and at most `limit` wait: the oldest, scrolled past long ago, are let go.
final class TextCheckingQueue: Sendable {
    struct Result: Sendable {
        let key: String
        let issues: [ProofreadingIssue]
    }

    private struct State {
        var waiting: [ParagraphCheck] = []
        var waitingKeys: Set<String> = []
        var finished: [Result] = []
        var isWorking = false
        /// Whether the host was told of the results waiting (since it last took them).
        var hostTold = false
    }

    static let limit = 1_024
    private let state = Mutex(State())
    private let worker = DispatchQueue(label: "OpenTextKit.TextCheckingQueue", qos: .utility)
    private let group = DispatchGroup()
    /// Called on the worker when results wait that the host has not been told of.
    private let resultsAvailable: @Sendable () -> Void

    init(resultsAvailable: @escaping @Sendable () -> Void) {
        self.resultsAvailable = resultsAvailable
    }

    /// Whether `key` waits to be checked.
    func isWaiting(_ key: String) -> Bool {
        state.withLock { $0.waitingKeys.contains(key) }
    }

    /// Asks for `check`; the worker starts if it sleeps. Returns the key of the request let go
    /// to make room, if one was.
    @discardableResult
    func enqueue(_ check: ParagraphCheck) -> String? {
        let (start, dropped) = state.withLock { state -> (Bool, String?) in
            guard state.waitingKeys.insert(check.key).inserted else { return (false, nil) }
            state.waiting.append(check)
            var dropped: String?
            if state.waiting.count > Self.limit {
                dropped = state.waiting.removeFirst().key
                state.waitingKeys.remove(dropped!)
            }
            guard !state.isWorking else { return (false, dropped) }
            state.isWorking = true
            return (true, dropped)
        }
        if start { worker.async(group: group) { [self] in work() } }
        return dropped
    }

    /// Takes the results finished so far.
    func takeFinished() -> [Result] {
        state.withLock { state in
            defer {
                state.finished.removeAll()
                state.hostTold = false
            }
            return state.finished
        }
    }

    /// Whether finished results wait to be taken.
    var hasFinished: Bool {
        state.withLock { !$0.finished.isEmpty }
    }

    /// Blocks until nothing waits to be checked (what a program without a main loop, or a
    /// test, calls before `takeFinished`), or `timeout` has passed.
    func waitUntilIdle(timeout: Duration? = nil) {
        guard let timeout else { return group.wait() }
        let nanoseconds = timeout.components.seconds * 1_000_000_000 + timeout.components.attoseconds / 1_000_000_000
        _ = group.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds)))
    }

    private func work() {
        while let check = state.withLock({ state -> ParagraphCheck? in
            guard let check = state.waiting.popLast() else {
                state.isWorking = false
                return nil
            }
            return check
        }) {
            let result = Result(key: check.key, issues: check.issues())
            let tell = state.withLock { state -> Bool in
                state.waitingKeys.remove(check.key)
                state.finished.append(result)
                defer { state.hostTold = true }
                return !state.hostTold
            }
            if tell { resultsAvailable() }
        }
    }
}
