import Foundation
@_spi(Layout) import TextContent

/// Editing through the layout manager (TextKit's `NSTextLayoutManager.replaceContents`): the
/// edit goes to the content manager, in an editing transaction, and comes back to every layout
/// manager (this one included) as the content manager's changes: layout, the viewport anchor
/// and the selections follow it as they follow any edit.
extension TextLayoutManager {
    /// Replaces exactly the UTF-16 range `range` with `attributedString` (nil deletes), keeping
    /// its attributes. Throws what the content refuses (a range of another document or out of
    /// bounds, an edge inside a surrogate pair), or `.editingNotSupported` without a content
    /// manager that edits; nothing is changed then.
    ///
    /// ```swift
    /// try layoutManager.replaceContents(in: word, with: AttributedString("مرحبا"))
    /// ```
    public func replaceContents(in range: TextRange, with attributedString: AttributedString?) throws(TextContentError)
    {
        guard let content = textContentManager else {
            throw .editingNotSupported(reason: "the layout manager has no content manager")
        }
        if let storage = content as? TextContentStorage {
            try inTransaction(of: storage) { () throws(TextContentError) in
                try storage.replaceContents(in: range, with: attributedString)
            }
        } else {
            let elements = attributedString.map { [TextParagraph(attributedString: $0)] as [any TextElement] }
            try inTransaction(of: content) { () throws(TextContentError) in
                try content.replaceContents(in: range, with: elements)
            }
        }
    }

    /// Replaces exactly the UTF-16 range `range` with the text of `textElements` (nil or none
    /// deletes), through the content manager's `replaceContents(in:with:)`.
    public func replaceContents(in range: TextRange, with textElements: [any TextElement]?) throws(TextContentError) {
        guard let content = textContentManager else {
            throw .editingNotSupported(reason: "the layout manager has no content manager")
        }
        try inTransaction(of: content) { () throws(TextContentError) in
            try content.replaceContents(in: range, with: textElements)
        }
    }

    /// Runs `edit` in an editing transaction of `content`, throwing what it threw.
    private func inTransaction(
        of content: TextContentManager, _ edit: () throws(TextContentError) -> Void
    ) throws(TextContentError) {
        var failure: TextContentError?
        content.performEditingTransaction {
            do throws(TextContentError) { try edit() } catch { failure = error }
        }
        if let failure { throw failure }
    }
}
