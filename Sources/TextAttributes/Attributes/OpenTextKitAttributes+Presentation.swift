import Foundation

extension AttributeScopes.OpenTextKitAttributes {
    /// The block structure a run belongs to, as Foundation's `presentationIntent` (same name).
    ///
    /// Not paragraph-bound: the cells of a table row are one engine paragraph, each cell with its
    /// own intent.
    public enum PresentationIntentAttribute: CodableAttributedStringKey {
        public typealias Value = PresentationIntent
        public static let name = "NSPresentationIntent"
    }

    /// How a run is presented within its block, as Foundation's `inlinePresentationIntent`.
    public enum InlinePresentationIntentAttribute: CodableAttributedStringKey {
        public typealias Value = InlinePresentationIntent
        public static let name = "NSInlinePresentationIntent"
    }

    /// A task list item's box, on every paragraph of the item.
    ///
    /// Paragraph-bound, like `paragraphStyle`: setting it on part of a paragraph sets it on all of it.
    public enum TaskListItemAttribute: CodableAttributedStringKey {
        public typealias Value = TaskListItem
        public static let name = "OpenTextKit.taskListItem"
        public static let runBoundaries: AttributedString.AttributeRunBoundaries? = .paragraph
    }

    /// Where a run came from in its Markdown source, as Foundation's `markdownSourcePosition`.
    public enum MarkdownSourcePositionAttribute: CodableAttributedStringKey {
        public typealias Value = AttributedString.MarkdownSourcePosition
        public static let name = "NSMarkdownSourcePosition"
        public static let inheritedByAddedText = false
    }
}
