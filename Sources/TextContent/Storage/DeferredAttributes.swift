import Foundation

/// A run's attributes made only when they are read: a set that many runs share, and what this
/// run adds to it. For an importer whose every paragraph has a key of its own (Markdown's
/// presentation intent, whose identity no other paragraph has): making a distinct
/// `AttributeContainer` costs about a microsecond on Linux, 80 ms for 77,000 paragraphs, and a
/// document opened reads the attributes of the few paragraphs it shows.
///
/// ```swift
/// let deferred = DeferredAttributes(shared: bodyStyle) { $0.presentationIntent = intent }
/// let part = ImportedParagraphs(text: text, deferredUTF8Runs: [(text.utf8.count, deferred)])
/// ```
public final class DeferredAttributes: Sendable {
    /// The set many runs share.
    public let shared: AttributeContainer
    private let addOwn: @Sendable (inout AttributeContainer) -> Void

    /// Attributes that are `shared` with `addOwn` applied, when read.
    public init(shared: AttributeContainer, addingOwn addOwn: @escaping @Sendable (inout AttributeContainer) -> Void) {
        self.shared = shared
        self.addOwn = addOwn
    }

    /// The attributes, made on each read.
    public var attributes: AttributeContainer {
        var attributes = shared
        addOwn(&attributes)
        return attributes
    }
}
