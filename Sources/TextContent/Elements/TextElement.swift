import Foundation

/// A piece of a document's content: TextKit's `NSTextElement`. Elements are immutable values;
/// a content manager makes them on demand, so an element describes the content at the moment
/// it was made.
public protocol TextElement: Sendable {
    /// Where the element lies in its document, or nil for an element not in a document.
    var elementRange: TextRange? { get }
}
