import Foundation

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
