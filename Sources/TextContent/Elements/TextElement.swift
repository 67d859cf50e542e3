import Foundation

/// A piece of a document's content: TextKit's `NSTextElement`. Elements are immutable values;
/// a content manager makes them on demand, so an element describes the content at the moment
/// it was made.
public protocol TextElement: Sendable {
    /// Where the element lies in its document, or nil for an element not in a document.
    var elementRange: TextRange? { get }
    /// The content manager whose document the element is part of (TextKit's weak
    /// `textContentManager`): nil for an element in no document, or once the manager is gone.
    /// Use the manager from its own isolation domain.
    var textContentManager: TextContentManager? { get }
}

extension TextElement {
    /// The manager that made the element's locations (`TextContentLocation`s name their
    /// document); nil for locations of another kind.
    public var textContentManager: TextContentManager? {
        guard let location = elementRange?.location as? TextContentLocation else { return nil }
        return ContentManagerRegistry.manager(for: location.documentIdentifier)
    }
}
