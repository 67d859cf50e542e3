import Foundation

/// The model of a document, divided into elements: TextKit's `NSTextContentManager`.
///
/// This class holds what every content manager shares: editing transactions, the layout
/// managers that observe it, the delegate. `TextContentStorage` is the concrete one.
///
/// Not thread-safe: use a content manager from one isolation domain at a time (typically the
/// main actor). The values it hands out (locations, ranges, elements) are `Sendable`.
open class TextContentManager {
    /// Hides elements from enumeration (see `TextContentManagerDelegate`).
    public weak var delegate: (any TextContentManagerDelegate)?

    /// Layout managers observing this content, in the order they were added.
    public private(set) var textLayoutManagers: [any TextContentObserving] = []

    /// The layout manager that edits (e.g. the one of the focused view). Setting one that is not
    /// in `textLayoutManagers` sets nil.
    public var primaryTextLayoutManager: (any TextContentObserving)? {
        get { primary }
        set {
            if let newValue, textLayoutManagers.contains(where: { $0 === newValue }) {
                primary = newValue
            } else {
                primary = nil
            }
        }
    }
    private weak var primary: (any TextContentObserving)?

    /// When true (the default) layout managers are told of changes as soon as the outermost
    /// transaction ends; when false, changes wait for `synchronizeTextLayoutManagers()`.
    public var automaticallySynchronizesTextLayoutManagers = true

    /// True while `performEditingTransaction` runs.
    public private(set) var hasEditingTransaction = false

    private var transactionDepth = 0
    private var pendingEdits: [TextContentEdit] = []
    private var isDelivering = false
    private var recorders: [Int: [TextContentEdit]] = [:]
    private var nextRecorder = 0

    /// Identifies this manager's locations.
    public let documentIdentifier: UInt64 = DocumentIdentifiers.next()

    /// A content manager with no content; subclasses provide it.
    public init() {
        ContentManagerRegistry.register(self)
    }

    deinit {
        ContentManagerRegistry.remove(documentIdentifier)
    }

    /// Adds an observing layout manager; the first one added becomes primary.
    public func addTextLayoutManager(_ textLayoutManager: any TextContentObserving) {
        guard !textLayoutManagers.contains(where: { $0 === textLayoutManager }) else { return }
        textLayoutManagers.append(textLayoutManager)
        if primary == nil { primary = textLayoutManager }
        textLayoutManager.textContentManagerDidAdd(self)
    }

    /// Removes a layout manager; if it was primary, there is no primary until one is set.
    public func removeTextLayoutManager(_ textLayoutManager: any TextContentObserving) {
        guard textLayoutManagers.contains(where: { $0 === textLayoutManager }) else { return }
        textLayoutManagers.removeAll { $0 === textLayoutManager }
        if primary === textLayoutManager { primary = nil }
        textLayoutManager.textContentManagerDidRemove(self)
    }

    /// Groups edits: layout managers hear of them once, after the outermost transaction.
    /// Transactions nest.
    public func performEditingTransaction<Result>(_ body: () throws -> Result) rethrows -> Result {
        transactionDepth += 1
        hasEditingTransaction = true
        defer {
            transactionDepth -= 1
            if transactionDepth == 0 {
                hasEditingTransaction = false
                if automaticallySynchronizesTextLayoutManagers { synchronizeTextLayoutManagers() }
            }
        }
        return try body()
    }

    /// Tells the layout managers of the edits not yet reported. Edits an observer makes while
    /// being told are delivered after the current batch has reached every observer, so that
    /// every observer hears of all batches in the order they happened.
    public func synchronizeTextLayoutManagers() {
        guard !isDelivering, !hasEditingTransaction else { return }
        isDelivering = true
        defer { isDelivering = false }
        while !pendingEdits.isEmpty {
            let changes = TextContentChangeSet(edits: pendingEdits)
            pendingEdits.removeAll()
            for manager in textLayoutManagers {
                manager.textContentManager(self, didProcess: changes)
            }
        }
    }

    /// Subclasses call this for every edit they make, after making it.
    public func recordEditAction(_ edit: TextContentEdit) {
        recordEditActions(CollectionOfOne(edit))
    }

    /// `recordEditAction(_:)` for several edits made one after another (each in the
    /// coordinates the ones before it left), in that order.
    public func recordEditActions(_ edits: some Collection<TextContentEdit>) {
        pendingEdits.append(contentsOf: edits)
        for key in recorders.keys { recorders[key]?.append(contentsOf: edits) }
        if transactionDepth == 0, automaticallySynchronizesTextLayoutManagers { synchronizeTextLayoutManagers() }
    }

    /// Runs `body` and hands `finish` the edits it made, also when `body` throws.
    func recordingEdits<Result>(
        _ body: () throws -> Result, finish: (TextContentChangeSet) -> Void
    ) rethrows -> Result {
        let key = nextRecorder
        nextRecorder += 1
        recorders[key] = []
        defer {
            finish(TextContentChangeSet(edits: recorders[key] ?? []))
            recorders[key] = nil
        }
        return try body()
    }

    // MARK: Element provider: subclasses override these. The defaults describe an empty document.

    /// The range of the whole document.
    open var documentRange: TextRange {
        TextRange(location: TextContentLocation(offset: 0, documentIdentifier: documentIdentifier))
    }

    /// Calls `block` with elements from `textLocation` (nil: the document's start, or its end
    /// with `.reverse`) until it returns false, and returns the edge of what it enumerated.
    @discardableResult
    open func enumerateTextElements(
        from textLocation: (any TextLocation)?,
        options: TextContentManagerEnumerationOptions = [],
        using block: (any TextElement) -> Bool
    ) -> (any TextLocation)? {
        nil
    }

    /// The location `offset` UTF-16 units from `location`, or nil outside the document.
    open func location(_ location: any TextLocation, offsetBy offset: Int) -> (any TextLocation)? {
        nil
    }

    /// UTF-16 units from `from` to `to`; `NSNotFound` when either is not of this document.
    open func offset(from: any TextLocation, to: any TextLocation) -> Int {
        NSNotFound
    }

    /// Replaces the content in `range` with `textElements` (nil or empty deletes): TextKit's
    /// `replaceContents(in:with:)`. Subclasses that edit override it and call
    /// `recordEditAction(_:)` for what they change; this one edits nothing and throws
    /// `.editingNotSupported`.
    open func replaceContents(in range: TextRange, with textElements: [any TextElement]?) throws(TextContentError) {
        throw .editingNotSupported(reason: "\(type(of: self)) does not replace elements")
    }
}

/// Hands out distinct document identifiers, thread-safely.
enum DocumentIdentifiers {
    private static let counter = Counter()

    static func next() -> UInt64 { counter.next() }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value: UInt64 = 0
        func next() -> UInt64 {
            lock.lock()
            defer { lock.unlock() }
            value += 1
            return value
        }
    }
}
