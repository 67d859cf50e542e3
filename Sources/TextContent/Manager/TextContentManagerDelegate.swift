import Foundation

/// Options of element enumeration.
public struct TextContentManagerEnumerationOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Enumerate backward, from the element before the one containing the start location.
    public static let reverse = TextContentManagerEnumerationOptions(rawValue: 1 << 0)
}

/// Hooks into how a content manager presents its elements.
public protocol TextContentManagerDelegate: AnyObject {
    /// Return false to hide `element`: enumeration skips it. This is how sections collapse.
    func textContentManager(
        _ textContentManager: TextContentManager,
        shouldEnumerate element: any TextElement,
        options: TextContentManagerEnumerationOptions
    ) -> Bool
}

extension TextContentManagerDelegate {
    public func textContentManager(
        _ textContentManager: TextContentManager,
        shouldEnumerate element: any TextElement,
        options: TextContentManagerEnumerationOptions
    ) -> Bool { true }
}

/// Hooks specific to `TextContentStorage`.
public protocol TextContentStorageDelegate: TextContentManagerDelegate {
    /// A paragraph to show instead of the stored one in `range` (UTF-16), e.g. with display-only
    /// attributes. Its string must have exactly `range.length` UTF-16 units; a paragraph of
    /// another length is refused and the stored one is used. Return nil to use the stored one.
    func textContentStorage(_ textContentStorage: TextContentStorage, textParagraphWith range: NSRange) -> TextParagraph?
}

extension TextContentStorageDelegate {
    public func textContentStorage(_ textContentStorage: TextContentStorage, textParagraphWith range: NSRange) -> TextParagraph? {
        nil
    }
}
