import Foundation

extension AttributedString {
    /// What `selection` covers, as SwiftUI gives it: every selected range together, possibly
    /// discontiguous; empty at an insertion point. The selection is read against this text
    /// (clamped to it, as `indices(in:)` does).
    ///
    /// ```swift
    /// let selected = text[selection]
    /// String(selected.characters)            // the selected characters, in order
    /// selected.underlineStyle                // one value if every selected run has it, else nil
    /// for run in selected.runs { ... }       // the selected runs
    /// ```
    public subscript(selection: AttributedTextSelection) -> DiscontiguousAttributedSubstring {
        switch selection.indices(in: self) {
        case .insertionPoint(let caret): self[RangeSet(caret ..< caret)]
        case .ranges(let ranges): self[ranges]
        }
    }
}
