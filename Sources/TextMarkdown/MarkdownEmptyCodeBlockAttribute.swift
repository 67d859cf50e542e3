import Foundation
import TextContent

extension AttributeScopes.OpenTextKitAttributes {
    /// Marks the line feed that stands for a fenced code block with no lines at all (` ``` `
    /// closed at once), which Markdown import gives a paragraph of its own so that the block is
    /// kept; export writes such a block, while it has no characters, as an empty fence rather
    /// than a block of one empty line.
    ///
    /// Only import sets it, and text typed into the block does not take it on.
    public enum MarkdownEmptyCodeBlockAttribute: AttributedStringKey, SendableAttributedStringKey {
        public typealias Value = Bool
        public static let name = "OpenTextKit.markdownEmptyCodeBlock"
        public static let inheritedByAddedText = false
    }
}
