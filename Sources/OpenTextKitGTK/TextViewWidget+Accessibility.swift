import COpenTextKitGTK
import Foundation
import OpenTextKit

/// What assistive technologies are told: the widget's role is a multi-line text box (set by the
/// canvas), its name `accessibleLabel`, its description the paragraph the caret is in (around the
/// caret, at most `accessibleExcerptLength` UTF-16 units), told again when the caret moves to
/// other text. GTK 4.8 has no accessible text interface for a widget of its own (it came in GTK
/// 4.14 as `GtkAccessibleText`), so a screen reader finds the focused text box, its name and the
/// caret's paragraph, but cannot move through the text by character or word.
extension TextViewWidget {
    static let accessibleExcerptLength = 400

    /// Tells the name and the caret's paragraph, when the paragraph differs from what was told
    /// (or `force`).
    func updateAccessibleText(force: Bool = false) {
        guard let canvas else { return }
        let description = caretParagraphExcerpt()
        guard force || description != toldAccessibleDescription else { return }
        toldAccessibleDescription = description
        otk_text_canvas_set_accessible_text(canvas, accessibleLabel, description)
    }

    /// The text of the caret's paragraph, without its line break: all of it, or the part
    /// centred on the caret of a longer one.
    private func caretParagraphExcerpt() -> String {
        let storage = textView.textContentStorage
        let caret = textView.selectedRange().location
        guard caret != NSNotFound, let paragraph = storage.paragraphOffsets(containing: min(caret, storage.utf16Length))
        else { return "" }
        let half = Self.accessibleExcerptLength / 2
        let lower = max(paragraph.lowerBound, min(caret - half, paragraph.upperBound - Self.accessibleExcerptLength))
        let upper = min(paragraph.upperBound, lower + Self.accessibleExcerptLength)
        let text = String(storage.exactText(lower ..< upper).characters[...])
        return text.trimmingCharacters(in: .newlines)
    }
}
