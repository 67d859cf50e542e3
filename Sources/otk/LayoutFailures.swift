import OpenTextKit

/// The first paragraph a layout manager could not lay out: a command fails rather than report
/// figures for a layout that lost text.
final class LayoutFailures {
    /// Why the first paragraph that failed could not be laid out.
    private(set) var first: TextLayoutError?

    /// Listens to `manager`'s layout failures.
    init(watching manager: TextLayoutManager) {
        manager.layoutFailureHandler = { [weak self] _, error in
            guard let self, first == nil else { return }
            first = error
        }
    }

    /// Throws the first failure, if there was one.
    func check() throws {
        if let first { throw CommandFailure(.software, "Layout failed: \(first)") }
    }
}
