import Foundation
import TextContent

/// A block of the tree that presentation intents describe: containers (quotes, lists, items,
/// tables, rows) with children, and leaves (paragraphs, headings, code blocks, cells) with text.
final class BlockNode {
    /// nil for the document.
    let kind: PresentationIntent.Kind?
    let identity: Int
    var children: [BlockNode] = []
    var pieces: [InlinePiece] = []
    /// A list item's task box.
    var task: TaskListItem?
    /// A code block imported with no line at all (see `MarkdownEmptyCodeBlockAttribute`).
    var isEmptyCodeBlock = false
    /// A list imported loose (see `MarkdownLooseListsAttribute`).
    var isLooseList = false

    init(kind: PresentationIntent.Kind?, identity: Int) {
        self.kind = kind
        self.identity = identity
    }

    /// The leaf's characters.
    var text: String { pieces.map(\.text).joined() }

    var isListItem: Bool {
        if case .listItem = kind { return true }
        return false
    }
}
