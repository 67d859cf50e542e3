import Foundation

/// Hooks specific to `TextContentStorage`.
public protocol TextContentStorageDelegate: TextContentManagerDelegate {
    /// A paragraph to show instead of the stored one in `range` (UTF-16), e.g. with display-only
    /// attributes. Its string must have exactly `range.length` UTF-16 units; a paragraph of
    /// another length is refused and the stored one is used. Return nil to use the stored one.
    func textContentStorage(
        _ textContentStorage: TextContentStorage, textParagraphWith range: NSRange
    ) -> TextParagraph?

    /// The paragraph this delegate gave for `range` was refused (`error` says why: its length is
    /// not the stored paragraph's), and the stored one is shown in its place. Called each time it
    /// is refused; the default does nothing.
    func textContentStorage(
        _ textContentStorage: TextContentStorage, didRefuse paragraph: TextParagraph, for range: NSRange,
        error: TextContentError)
}

extension TextContentStorageDelegate {
    public func textContentStorage(
        _ textContentStorage: TextContentStorage, textParagraphWith range: NSRange
    ) -> TextParagraph? {
        nil
    }

    public func textContentStorage(
        _ textContentStorage: TextContentStorage, didRefuse paragraph: TextParagraph, for range: NSRange,
        error: TextContentError
    ) {}
}
