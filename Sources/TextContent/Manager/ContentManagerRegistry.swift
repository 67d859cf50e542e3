import Foundation

/// The content managers alive, by document identifier, held weakly: how an element, which is a
/// value carrying only its document's identifier, finds its `textContentManager` (TextKit's
/// weak back-reference) without holding the manager.
enum ContentManagerRegistry {
    private final class Table: @unchecked Sendable {
        let lock = NSLock()
        var managers: [UInt64: WeakManager] = [:]
    }

    private struct WeakManager {
        weak var manager: TextContentManager?
    }

    private static let table = Table()

    static func register(_ manager: TextContentManager) {
        table.lock.withLock { table.managers[manager.documentIdentifier] = WeakManager(manager: manager) }
    }

    static func remove(_ documentIdentifier: UInt64) {
        _ = table.lock.withLock { table.managers.removeValue(forKey: documentIdentifier) }
    }

    /// The manager of `documentIdentifier`, while it is alive.
    static func manager(for documentIdentifier: UInt64) -> TextContentManager? {
        table.lock.withLock { table.managers[documentIdentifier]?.manager }
    }
}
