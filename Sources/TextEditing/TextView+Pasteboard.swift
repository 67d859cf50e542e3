import Foundation
import TextContent

/// Copy, cut and paste, without a system clipboard: the view hands text out and takes it in.
extension TextView {
    /// The selected text; several selections joined by line feeds, in document order.
    public func copy() -> AttributedString {
        var result = AttributedString()
        for (index, range) in allSelectedOffsets.filter({ !$0.isEmpty }).enumerated() {
            if index > 0 { result.append(AttributedString("\n")) }
            result.append(textContentStorage.exactText(range))
        }
        return result
    }

    /// Copies the selected text and deletes it: one undo step.
    @discardableResult
    public func cut() -> AttributedString {
        let copied = copy()
        let ranges = allSelectedOffsets.filter { !$0.isEmpty }
        if !ranges.isEmpty { replace(ranges, with: nil, plain: "", kind: .other) }
        return copied
    }

    /// Pastes `text` at every selection: when it has as many lines as there are selections,
    /// one line at each (as editors paste what several cursors copied), else all of it at each.
    /// One undo step.
    public func paste(_ text: AttributedString) {
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

    /// Pastes plain text, as `paste(_:)` does attributed text; it takes the typing attributes.
    public func paste(_ text: String) {
        var attributed = AttributedString(text)
        if let typingAttributes { attributed.mergeAttributes(typingAttributes) }
        paste(attributed)
    }
}
