import Foundation
import TextContent

/// Builds the block tree of an attributed string from its runs' intents.
///
/// Runs with equal intents (component kinds and identities) belong to one block; a run without
/// an intent is plain text, one paragraph per line. The separators the parser put between
/// blocks ("\n" after a block, a tab after a table cell) are removed again.
struct MarkdownBlockTree {
    private typealias Keys = AttributeScopes.OpenTextKitAttributes

    let root = BlockNode(kind: nil, identity: 0)
    private var leaves: [BlockNode] = []
    private var plainParagraph: BlockNode?
    private var nextPlainIdentity = -1

    init(_ string: AttributedString, maximumNestingDepth: Int) throws(MarkdownError) {
        for run in string.runs {
            let text = String(string.characters[run.range])
            // Attributes are read through their key types: key paths cost a lookup each time.
            let piece = InlinePiece(
                text: text, inline: run[Keys.InlinePresentationIntentAttribute.self] ?? [],
                link: run[AttributeScopes.FoundationAttributes.LinkAttribute.self],
                imageURL: run[AttributeScopes.FoundationAttributes.ImageURLAttribute.self],
                linkTitle: run[Keys.MarkdownLinkTitleAttribute.self],
                imageTitle: run[Keys.MarkdownImageTitleAttribute.self])
            if let intent = run[Keys.PresentationIntentAttribute.self], !intent.isEmpty {
                plainParagraph = nil
                guard intent.indentationLevel <= maximumNestingDepth else {
                    throw .unsupportedStructure(
                        "blocks nest \(intent.indentationLevel) deep (each block quote and each list counts one "
                            + "level), more than the limit of \(maximumNestingDepth)"
                    )
                }
                let leaf = node(for: intent)
                leaf.pieces.append(piece)
                if run[Keys.MarkdownEmptyCodeBlockAttribute.self] == true { leaf.isEmptyCodeBlock = true }
                if let loose = run[Keys.MarkdownLooseListsAttribute.self], !loose.isEmpty {
                    markLoose(loose, along: intent)
                }
                if let task = run[Keys.TaskListItemAttribute.self] {
                    var item: BlockNode? = nil
                    var current: BlockNode? = root
                    for component in intent.components.reversed() {
                        current = current?.children.last(where: { $0.identity == component.identity })
                        if current?.isListItem == true { item = current }
                    }
                    item?.task = task
                }
            } else {
                appendPlain(piece)
            }
        }
        removeSeparators()
    }

    /// Marks the lists on `intent`'s path whose identities are in `loose`.
    private func markLoose(_ loose: Set<Int>, along intent: PresentationIntent) {
        var current: BlockNode? = root
        for component in intent.components.reversed() {
            current = current?.children.last(where: { $0.identity == component.identity })
            if loose.contains(component.identity), let list = current,
                list.kind == .orderedList || list.kind == .unorderedList
            {
                list.isLooseList = true
            }
        }
    }

    /// The leaf for `intent`, creating the blocks on its path that do not exist yet.
    private mutating func node(for intent: PresentationIntent) -> BlockNode {
        var current = root
        for component in intent.components.reversed() {
            if let last = current.children.last, last.identity == component.identity, last.kind == component.kind {
                current = last
            } else {
                let child = BlockNode(kind: component.kind, identity: component.identity)
                current.children.append(child)
                current = child
                if component == intent.components.first { leaves.append(child) }
            }
        }
        return current
    }

    /// Plain text: a paragraph per line.
    private mutating func appendPlain(_ piece: InlinePiece) {
        var rest = Substring(piece.text)
        while !rest.isEmpty {
            let line: Substring
            if let newline = rest.firstIndex(of: "\n") {
                line = rest[...newline]
                rest = rest[rest.index(after: newline)...]
            } else {
                line = rest
                rest = ""
            }
            if plainParagraph == nil {
                let paragraph = BlockNode(kind: .paragraph, identity: nextPlainIdentity)
                nextPlainIdentity -= 1
                root.children.append(paragraph)
                leaves.append(paragraph)
                plainParagraph = paragraph
            }
            var part = piece
            part.text = String(line)
            plainParagraph?.pieces.append(part)
            if line.hasSuffix("\n") { plainParagraph = nil }
        }
    }

    /// Drops the "\n" or tab that ends every leaf but the last, and the "\n" that ends the last
    /// leaf when it is empty or its text ends with an empty line.
    private func removeSeparators() {
        for (index, leaf) in leaves.enumerated() {
            guard var last = leaf.pieces.last else { continue }
            let isLast = index == leaves.count - 1
            if last.text.hasSuffix("\n") || (!isLast && last.text.hasSuffix("\t")) {
                last.text.removeLast()
                leaf.pieces[leaf.pieces.count - 1] = last
                if last.text.isEmpty { leaf.pieces.removeLast() }
            }
        }
    }
}
