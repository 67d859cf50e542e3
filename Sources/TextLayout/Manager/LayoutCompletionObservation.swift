import Foundation
@_spi(Layout) import TextContent

/// Keeps an observer registered until it is cancelled or released.
public final class LayoutCompletionObservation {
    private let cancelHandler: (ObjectIdentifier) -> Void
    private var isCancelled = false

    init(cancel: @escaping (ObjectIdentifier) -> Void) {
        self.cancelHandler = cancel
    }

    /// Stops the observer from hearing of layout.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        cancelHandler(ObjectIdentifier(self))
    }

    deinit { cancel() }
}
