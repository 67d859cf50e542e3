import Foundation

/// A document read on a thread of its own, while the main thread does something else (starts
/// GTK), then handed over: the thread that reads it never touches it again, so it is never used
/// from two threads at once.
final class DocumentLoading: @unchecked Sendable {
    private var result: Result<DocumentFile, any Error>?
    private let finished = DispatchSemaphore(value: 0)

    /// Starts reading `path` (as `DocumentFile(path:)` does).
    init(path: String) {
        let thread = Thread { [self] in
            result = Result { try DocumentFile(path: path) }
            finished.signal()
        }
        // As much stack as the main thread has: a deeply nested Markdown file is parsed there.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The document read, or the error that stopped it; waits until the reading is done.
    func document() throws -> DocumentFile {
        finished.wait()
        finished.signal()
        return try result!.get()
    }
}
