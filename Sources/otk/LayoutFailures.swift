import OpenTextKit

/// A layout manager's delegate that keeps the first paragraph that could not be laid out: a
/// command fails rather than report figures for a layout that lost text.
final class LayoutFailures: TextLayoutManagerDelegate {
    /// Why the first paragraph that failed could not be laid out.
    private(set) var first: TextLayoutError?

    /// Becomes `manager`'s delegate (the caller keeps this object alive).
    init(watching manager: TextLayoutManager) {
        manager.delegate = self
    }

    func textLayoutManager(
        _ textLayoutManager: TextLayoutManager, didFailToLayOut textElement: TextParagraph, error: TextLayoutError
    ) {
        if first == nil { first = error }
    }

    /// Throws the first failure, if there was one.
    func check() throws {
        if let first { throw CommandFailure(.software, "Layout failed: \(first)") }
    }
}
