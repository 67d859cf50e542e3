import Foundation

/// A progress line on stderr for work that takes more than a moment: shown only on a terminal,
/// and only after half a second, so quick runs and pipes stay quiet.
final class ProgressLine {
    private let label: String
    private let start = ContinuousClock.now
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var shown = false

    init(label: String) {
        self.label = label
    }

    func update(_ status: String) {
        guard isTerminal, ContinuousClock.now - start > .milliseconds(500) else { return }
        shown = true
        FileHandle.standardError.write(Data("\r\u{1B}[K\(label) \(status)…".utf8))
    }

    func finish() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}
