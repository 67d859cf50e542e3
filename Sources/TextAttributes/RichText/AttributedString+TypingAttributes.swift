import Foundation

extension AttributedString {
    /// The attributes text typed over `range` takes: those of its first character, or at an
    /// insertion point those of the character before it (at the start, the one after it),
    /// keeping only attributes inherited by added text (the storage's and a text view's typing
    /// attributes are these).
    public func typingAttributes(at range: Range<AttributedString.Index>) -> AttributeContainer {
        let source: AttributedString.Index?
        if !range.isEmpty {
            source = range.lowerBound
        } else if range.lowerBound > startIndex {
            source = unicodeScalars.index(before: range.lowerBound)
        } else {
            source = startIndex < endIndex ? startIndex : nil
        }
        guard let source else { return AttributeContainer() }
        return runs[source].attributes.filter(inheritedByAddedText: true)
    }
}
