import Foundation

// What Markdown says that Foundation's attributes do not hold, kept so that Markdown read by
// TextMarkdown is written back as it was; the document format stores these too.
extension AttributeScopes.OpenTextKitAttributes {
    /// The title of the link a run is text of (`[text](/url "title")`, or a reference's), which
    /// Foundation's `link` (a URL) cannot hold. Markdown import sets it on the link's runs when
    /// the link has a title, and export writes it back.
    public enum MarkdownLinkTitleAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
        public typealias Value = String
        public static let name = "OpenTextKit.markdownLinkTitle"
        public static let inheritedByAddedText = false
    }

    /// The title of the image a run is the description of (`![alt](/src "title")`), beside
    /// Foundation's `imageURL`. Markdown import sets it when the image has a title, and export
    /// writes it back.
    public enum MarkdownImageTitleAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
        public typealias Value = String
        public static let name = "OpenTextKit.markdownImageTitle"
        public static let inheritedByAddedText = false
    }

    /// The identities (`PresentationIntent.IntentType.identity`) of the loose lists a run is
    /// inside: lists whose items or blocks the Markdown source separated by blank lines, which
    /// cmark renders with a paragraph per item. Foundation's list intents do not say whether a
    /// list is loose; Markdown import sets this on every run of a loose list, and export writes
    /// such a list loose again (a list it does not name is written tight where it can be).
    public enum MarkdownLooseListsAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
        public typealias Value = Set<Int>
        public static let name = "OpenTextKit.markdownLooseLists"
        public static let inheritedByAddedText = true
    }

    /// Marks the line feed that stands for a fenced code block with no lines at all (` ``` `
    /// closed at once), which Markdown import gives a paragraph of its own so that the block is
    /// kept; export writes such a block, while it has no characters, as an empty fence rather
    /// than a block of one empty line.
    ///
    /// Only import sets it, and text typed into the block does not take it on.
    public enum MarkdownEmptyCodeBlockAttribute: CodableAttributedStringKey, SendableAttributedStringKey {
        public typealias Value = Bool
        public static let name = "OpenTextKit.markdownEmptyCodeBlock"
        public static let inheritedByAddedText = false
    }
}
