import Foundation

/// Hooks specific to `TextContentStorage`.
public protocol TextContentStorageDelegate: TextContentManagerDelegate {
    /// A paragraph to show instead of the stored one in `range` (UTF-16), e.g. with display-only
    /// attributes. Its string must have exactly `range.length` UTF-16 units; a paragraph of
    /// another length is refused and the stored one is used. Return nil to use the stored one.
    func textContentStorage(
        _ textContentStorage: TextContentStorage, textParagraphWith range: NSRange
    ) -> TextParagraph?
}

extension TextContentStorageDelegate {
    public func textContentStorage(
        _ textContentStorage: TextContentStorage, textParagraphWith range: NSRange
    ) -> TextParagraph? {
        nil
    }
}
