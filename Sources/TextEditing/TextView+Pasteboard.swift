import Foundation
import TextContent

/// Copy, cut and paste, without a system clipboard: the view hands text out and takes it in.
/// The open `copy()`, `cut()` and `paste(_:)` of the class forward here, so that a subclass can
/// override them.
extension TextView {
    /// `copy()`'s work: the selected text.
    func copiedSelection() -> AttributedString {
        var result = AttributedString()
        for (index, range) in allSelectedOffsets.filter({ !$0.isEmpty }).enumerated() {
            if index > 0 { result.append(AttributedString("\n")) }
            result.append(textContentStorage.exactText(range))
        }
        return result
    }

    /// `cut()`'s work: copies the selected text and deletes it.
    func cutSelection() -> AttributedString {
        let copied = copy()
        let ranges = allSelectedOffsets.filter { !$0.isEmpty }
        if !ranges.isEmpty { replace(ranges, with: nil, plain: "", kind: .other) }
        return copied
    }

    /// `paste(_:)`'s work.
    func pasteText(_ text: AttributedString) {
        let ranges = allSelectedOffsets
        let string = String(text.characters[...])
        let lines = string.split(separator: "\n", omittingEmptySubsequences: false)
        guard ranges.count > 1, lines.count == ranges.count else {
            replace(ranges, with: text, kind: .other)
            return
        }
        // One line each: from the last selection to the first, so offsets stay valid, all in
        // one undo step.
        var pieces: [AttributedString] = []
        var lower = text.startIndex
        for line in lines {
            let upper = text.utf16.index(lower, offsetBy: line.utf16.count)
            pieces.append(AttributedString(text[lower ..< upper]))
            lower = upper < text.endIndex ? text.utf16.index(after: upper) : upper
        }
        replace(ranges, with: nil, kind: .other, pieces: pieces)
    }

    /// Pastes plain text, as `paste(_:)` does attributed text (through it, so an override of
    /// that one sees this too); it takes the typing attributes.
    public func paste(_ text: String) {
        var attributed = AttributedString(text)
        if let typingAttributes { attributed.mergeAttributes(typingAttributes) }
        paste(attributed)
    }
}
