import Foundation
import TextContent

extension AttributeScopes.OpenTextKitAttributes {
    /// The title of the link a run is text of (`[text](/url "title")`, or a reference's), which
    /// Foundation's `link` (a URL) cannot hold. Markdown import sets it on the link's runs when
    /// the link has a title, and export writes it back.
    public enum MarkdownLinkTitleAttribute: AttributedStringKey, SendableAttributedStringKey {
        public typealias Value = String
        public static let name = "OpenTextKit.markdownLinkTitle"
        public static let inheritedByAddedText = false
    }

    /// The title of the image a run is the description of (`![alt](/src "title")`), beside
    /// Foundation's `imageURL`. Markdown import sets it when the image has a title, and export
    /// writes it back.
    public enum MarkdownImageTitleAttribute: AttributedStringKey, SendableAttributedStringKey {
        public typealias Value = String
        public static let name = "OpenTextKit.markdownImageTitle"
        public static let inheritedByAddedText = false
    }
}
