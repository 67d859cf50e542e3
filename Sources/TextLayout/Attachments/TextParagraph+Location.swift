@_spi(Layout) import TextContent

extension TextParagraph {
    /// The document location of the UTF-16 unit at `offset` in the paragraph (for a paragraph
    /// not in a document, the offset in its own text): where an attachment's U+FFFC is.
    func location(atOffset offset: Int) -> TextContentLocation {
        let start = elementRange?.location as? TextContentLocation
        return TextContentLocation(
            offset: (start?.offset ?? 0) + offset, documentIdentifier: start?.documentIdentifier ?? 0)
    }
}
