import CCmarkGFM
import Foundation
import TextContent

/// Turns a cmark-gfm tree into an attributed string, walking it with `cmark_iter` (no recursion,
/// so nesting depth costs heap, not stack).
///
/// One engine paragraph per leaf block: blocks are separated by "\n", which carries the intent
/// (and task item) of the block it ends; a code block's lines are paragraphs sharing one intent;
/// a table row is one paragraph whose cells are separated by tabs, each tab carrying the cell it
/// ends; a thematic break is an empty paragraph. A last block with no characters (a thematic
/// break) or ending in an empty line (a code block's) ends with "\n" too, so that its intent and
/// its lines are kept. A code block with no line at all is one empty paragraph whose line feed is
/// marked `MarkdownEmptyCodeBlockAttribute` (told apart from a block of one empty line).
struct MarkdownReader {
    private typealias Keys = AttributeScopes.OpenTextKitAttributes

    let options: AttributedString.MarkdownParsingOptions
    let baseURL: URL?
    /// The scope whose keys the extended attribute syntax (`^[text](name: value)`) sets.
    let scope: any AttributeScope.Type

    /// The characters so far, their runs and leaves: the attributed string is made once at the
    /// end, which costs less than appending run by run.
    var output = MarkdownRuns()
    /// The text's UTF-8 as it grows: cmark's text nodes are copied in as bytes, and one string
    /// is made of them at the end (cmark hands out valid UTF-8).
    var bytes: [UInt8] = []
    private var nextIdentity = 1
    /// Lines before the section being read (its node's lines count from its start), for the
    /// line an error names. (Source positions are not asked of sections.)
    private var linesBefore = 0

    /// The enclosing containers' intent; containers past the nesting limit are counted in `skipped`.
    private var containers: [PresentationIntent] = []
    private var skipped = 0
    /// Per open list: its start number, how many items it has had, and whether it is loose.
    private var lists: [(start: Int, items: Int, loose: Bool)] = []
    /// The identities of the open loose lists.
    private var looseLists: [Int] = []
    /// Per open item: its task box, if it is a task item.
    private var items: [TaskListItem?] = []
    /// Per open table: the number of body rows and cells so far.
    private var tableRow = 0
    private var tableCell = 0

    /// How many leaves have begun, and the count when each open quote or item began: one that
    /// ends with no leaf of its own gets an empty one, so that its intent has a character.
    private var leafCount = 0
    private var leafCountAtOpen: [Int] = []

    /// The leaf block being filled.
    private var leaf: PresentationIntent?
    private var leafTask: TaskListItem?
    private var leafPosition: AttributedString.MarkdownSourcePosition?
    /// The leaf being filled, an index into the output's leaves (-1 before the first).
    private var leafIndex = -1
    var leafHasCharacters = false
    /// Where the leaf being filled starts in the output's runs and bytes, and the line it
    /// starts on (for the extended attribute syntax).
    var leafFirstRun = 0, leafFirstByte = 0, leafLine = 0
    /// Whether the leaf's characters end with "\n" (a code block's empty last line).
    private var leafEndsWithLineFeed = false
    /// The separator owed after the previous leaf, with that leaf's attributes.
    private var pendingSeparator: (text: String, leaf: Int)?
    /// The end line of the previous leaf, for inline-only whitespace.
    private var previousLeafEndLine = 0

    /// Inline state.
    private var emphasis = 0, strong = 0, strike = 0
    /// The open links and images: destination and title (empty for none).
    private var links: [(url: URL?, title: String)] = []
    private var images: [(url: URL?, title: String)] = []
    /// Per open link, the attributes it sets when it is the extended syntax written as a
    /// destination cmark accepts (`^[text](inflect:true)`), else nil; and how many are set.
    private var extendedLinks: [AttributeContainer?] = []
    private var extendedLinkCount = 0

    init(
        options: AttributedString.MarkdownParsingOptions, baseURL: URL?,
        scope: any AttributeScope.Type = AttributeScopes.OpenTextKitAttributes.self
    ) {
        self.options = options
        self.baseURL = baseURL
        self.scope = scope
    }

    private var isFull: Bool { options.interpretedSyntax == .full }

    /// The text of `markdown` parsed whole, its runs and its leaves, without making an
    /// attributed string (what a storage is made from directly).
    static func runs(
        of markdown: String, options: AttributedString.MarkdownParsingOptions, baseURL: URL?,
        scope: any AttributeScope.Type = AttributeScopes.OpenTextKitAttributes.self
    ) throws(MarkdownError) -> MarkdownRuns {
        let parsed = try CmarkDocument(markdown, options: options)
        var reader = MarkdownReader(options: options, baseURL: baseURL, scope: scope)
        try reader.walk(parsed)
        CmarkDocument.freeInBackground([parsed])
        return reader.output
    }

    /// The same for one section of a document cut by `MarkdownSections`, read in order by one
    /// reader (identities go on counting), after `linesBefore` lines. A section that is not the
    /// last ends with the separator its last block owes (the next section starts with a block),
    /// so that its text ends where a paragraph does.
    mutating func readRuns(
        section document: CmarkDocument, linesBefore: Int, isLast: Bool
    ) throws(MarkdownError) -> MarkdownRuns {
        output = MarkdownRuns()
        self.linesBefore = linesBefore
        try walk(document, endsWithSeparator: !isLast)
        return output
    }

    /// Walks the document's nodes, collecting the text and its runs; the separator the last
    /// block owes is written if asked, else only where it keeps something (see the type).
    private mutating func walk(_ document: CmarkDocument, endsWithSeparator: Bool = false) throws(MarkdownError) {
        guard let iterator = cmark_iter_new(document.root) else { throw .parserUnavailable("cmark_iter_new failed") }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let pointer = cmark_iter_get_node(iterator) else { continue }
            let node = CmarkNode(pointer: pointer)
            if event == CMARK_EVENT_ENTER {
                try enter(node)
            } else if event == CMARK_EVENT_EXIT {
                try exit(node)
            }
        }
        if let pending = pendingSeparator, endsWithSeparator || !leafHasCharacters || leafEndsWithLineFeed, isFull {
            emit(pending.text, AttributeContainer(), leaf: pending.leaf)
            pendingSeparator = nil
        }
        output.text = String(decoding: bytes, as: UTF8.self)
        bytes = []
    }

    // MARK: Blocks

    private mutating func identity() -> Int {
        defer { nextIdentity += 1 }
        return nextIdentity
    }

    /// Opens a container block, or counts it as skipped past the nesting limit.
    private mutating func push(_ kind: PresentationIntent.Kind, node: CmarkNode) throws(MarkdownError) {
        guard isFull else { return }
        // Levels as a reader counts them: quotes and lists, not a list's items (`indentationLevel`).
        let isLevel = PresentationIntent(kind, identity: 0).indentationLevel == 1
        if (isLevel && (containers.last?.indentationLevel ?? 0) >= options.maximumNestingDepth) || skipped > 0 {
            if options.failurePolicy == .throwError {
                throw .nestingTooDeep(limit: options.maximumNestingDepth, line: linesBefore + node.startLine)
            }
            skipped += 1
            return
        }
        containers.append(PresentationIntent(kind, identity: identity(), parent: containers.last))
    }

    private mutating func pop() {
        guard isFull else { return }
        if skipped > 0 { skipped -= 1 } else if !containers.isEmpty { containers.removeLast() }
    }

    /// Starts a leaf block: owed separators are written first.
    private mutating func beginLeaf(_ kind: PresentationIntent.Kind, node: CmarkNode) {
        beginLeaf(isFull ? PresentationIntent(kind, identity: identity(), parent: containers.last) : nil, node: node)
    }

    /// Ends a quote or list item, first giving it an empty leaf if it has none (`- ` or `>` alone).
    private mutating func endContainer(_ node: CmarkNode) {
        if let count = leafCountAtOpen.popLast(), count == leafCount, isFull, skipped == 0, let intent = containers.last
        {
            beginLeaf(intent, node: node)
            endLeaf(separator: "\n", node: node)
        }
        pop()
    }

    private mutating func beginLeaf(_ intent: PresentationIntent?, node: CmarkNode) {
        leafCount += 1
        if let pending = pendingSeparator {
            if isFull {
                emit(pending.text, AttributeContainer(), leaf: pending.leaf)
            } else {
                emit(inlineParagraphSeparator(before: node), AttributeContainer(), leaf: pending.leaf)
            }
            pendingSeparator = nil
        }
        leaf = intent
        leafTask = isFull ? (items.last ?? nil) : nil
        leafHasCharacters = false
        leafEndsWithLineFeed = false
        leafPosition = sourcePosition(of: node)
        output.leaves.append(
            MarkdownRuns.Leaf(
                intent: leaf, task: leafTask, position: leafPosition,
                looseLists: looseLists.isEmpty || !isFull ? nil : Set(looseLists)))
        leafIndex = output.leaves.count - 1
        leafFirstRun = output.runs.count
        leafFirstByte = bytes.count
        leafLine = linesBefore + node.startLine
    }

    /// Ends a leaf block, owing `separator` before the next one.
    private mutating func endLeaf(separator: String, node: CmarkNode) {
        pendingSeparator = (separator, leafIndex)
        previousLeafEndLine = node.position?.endLine ?? previousLeafEndLine
    }

    /// Between paragraphs of inline-only text: the blank lines as written, or one space.
    private func inlineParagraphSeparator(before node: CmarkNode) -> String {
        guard options.interpretedSyntax == .inlineOnlyPreservingWhitespace else { return " " }
        let lines = max(1, node.startLine - previousLeafEndLine)
        return String(repeating: "\n", count: lines)
    }

    private mutating func enter(_ node: CmarkNode) throws(MarkdownError) {
        switch node.type {
        case CMARK_NODE_DOCUMENT:
            break
        case CMARK_NODE_BLOCK_QUOTE:
            leafCountAtOpen.append(leafCount)
            try push(.blockQuote, node: node)
        case CMARK_NODE_LIST:
            let ordered = node.isOrderedList
            let depth = containers.count
            try push(ordered ? .orderedList : .unorderedList, node: node)
            let loose = !node.isTightList && containers.count > depth
            if loose, let list = containers.last { looseLists.append(list.components[0].identity) }
            lists.append((ordered ? node.listStart : 1, 0, loose))
        case CMARK_NODE_ITEM:
            var ordinal = 1
            if !lists.isEmpty {
                ordinal = lists[lists.count - 1].start + lists[lists.count - 1].items
                lists[lists.count - 1].items += 1
            }
            items.append(node.typeName == "tasklist" ? TaskListItem(isChecked: node.isTaskChecked) : nil)
            leafCountAtOpen.append(leafCount)
            try push(.listItem(ordinal: ordinal), node: node)
        case CMARK_NODE_PARAGRAPH:
            beginLeaf(.paragraph, node: node)
        case CMARK_NODE_HEADING:
            beginLeaf(.header(level: node.headingLevel), node: node)
        case CMARK_NODE_CODE_BLOCK:
            let info = node.fenceInfo.split(separator: " ", maxSplits: 1).first.map(String.init)
            beginLeaf(.codeBlock(languageHint: info), node: node)
            guard !node.literal.isEmpty else {
                // A block with no line at all: its line feed, marked, is its paragraph.
                if isFull {
                    var marked = AttributeContainer()
                    marked[Keys.MarkdownEmptyCodeBlockAttribute.self] = true
                    emit("\n", marked, leaf: leafIndex)
                    leafHasCharacters = true
                }
                previousLeafEndLine = node.position?.endLine ?? previousLeafEndLine
                break
            }
            var code = node.literal
            if code.hasSuffix("\n") { code.removeLast() }
            appendText(code, extra: [])
            endLeaf(separator: "\n", node: node)
        case CMARK_NODE_HTML_BLOCK:
            beginLeaf(.paragraph, node: node)
            var html = node.literal
            if html.hasSuffix("\n") { html.removeLast() }
            appendText(html, extra: .blockHTML)
            endLeaf(separator: "\n", node: node)
        case CMARK_NODE_THEMATIC_BREAK:
            beginLeaf(.thematicBreak, node: node)
            endLeaf(separator: "\n", node: node)
        case CMARK_NODE_TEXT:
            appendLiteral(of: node)
        case CMARK_NODE_SOFTBREAK:
            appendText(options.interpretedSyntax == .inlineOnlyPreservingWhitespace ? "\n" : " ", extra: .softBreak)
        case CMARK_NODE_LINEBREAK:
            appendText("\u{2028}", extra: .lineBreak)
        case CMARK_NODE_CODE:
            appendText(node.literal, extra: .code, position: node)
        case CMARK_NODE_HTML_INLINE:
            appendText(node.literal, extra: .inlineHTML, position: node)
        case CMARK_NODE_EMPH:
            emphasis += 1
        case CMARK_NODE_STRONG:
            strong += 1
        case CMARK_NODE_LINK:
            if options.allowsExtendedAttributes, let attributes = try extendedAttributes(ofLink: node) {
                links.append((nil, ""))
                extendedLinks.append(attributes)
                extendedLinkCount += 1
            } else {
                links.append((url(node.url), node.title))
                extendedLinks.append(nil)
            }
        case CMARK_NODE_IMAGE:
            // An image inside an image's description is text of the outer one (cmark's HTML
            // writes the outer source and the inner description as alt text).
            images.append(images.last ?? (url(node.url), node.title))
        default:
            try enterExtension(node)
        }
    }

    /// Tables and strikethrough, which cmark-gfm's extensions add as node types of their own.
    private mutating func enterExtension(_ node: CmarkNode) throws(MarkdownError) {
        switch node.typeName {
        case "table":
            let columns = node.tableAlignments.map { alignment -> PresentationIntent.TableColumn in
                switch alignment {
                case UInt8(ascii: "c"): .init(alignment: .center)
                case UInt8(ascii: "r"): .init(alignment: .right)
                default: .init(alignment: .left)
                }
            }
            tableRow = 0
            try push(.table(columns: columns), node: node)
        case "table_header":
            tableCell = 0
            try push(.tableHeaderRow, node: node)
        case "table_row":
            tableRow += 1
            tableCell = 0
            try push(.tableRow(rowIndex: tableRow), node: node)
        case "table_cell":
            beginLeaf(.tableCell(columnIndex: tableCell), node: node)
            tableCell += 1
        case "strikethrough":
            strike += 1
        default:
            break
        }
    }

    private mutating func exit(_ node: CmarkNode) throws(MarkdownError) {
        switch node.type {
        case CMARK_NODE_BLOCK_QUOTE:
            endContainer(node)
        case CMARK_NODE_LIST:
            if lists.removeLast().loose { looseLists.removeLast() }
            pop()
        case CMARK_NODE_ITEM:
            endContainer(node)
            items.removeLast()
        case CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
            try takeExtendedAttributes()
            endLeaf(separator: "\n", node: node)
        case CMARK_NODE_EMPH:
            emphasis -= 1
        case CMARK_NODE_STRONG:
            strong -= 1
        case CMARK_NODE_LINK:
            links.removeLast()
            if extendedLinks.removeLast() != nil { extendedLinkCount -= 1 }
        case CMARK_NODE_IMAGE:
            images.removeLast()
        default:
            switch node.typeName {
            case "table", "table_header", "table_row":
                if node.typeName != "table", pendingSeparator != nil { pendingSeparator?.text = "\n" }
                pop()
            case "table_cell":
                try takeExtendedAttributes()
                endLeaf(separator: "\t", node: node)
            case "strikethrough":
                strike -= 1
            default:
                break
            }
        }
    }

    // MARK: Output

    private mutating func emit(_ characters: String, _ attributes: AttributeContainer, leaf: Int) {
        bytes.append(contentsOf: characters.utf8)
        output.runs.append(MarkdownRuns.Run(length: characters.utf8.count, attributes: attributes, leaf: leaf))
    }

    // MARK: Inlines

    /// A link's or image's destination as cmark gives it (entities and backslash escapes
    /// resolved), as a URL relative to the base URL.
    ///
    /// Made from the destination's bytes, as `CFURLCreateWithBytes` does: characters a URL cannot
    /// hold are percent-encoded and escapes already there are kept, which is what cmark's HTML
    /// writes (`URL(string:)` would encode the `%` of `%20` again, and refuses `foo):`). An empty
    /// destination is the empty relative URL. nil only for what no URL can hold.
    private func url(_ string: String) -> URL? {
        if string.isEmpty { return URLComponents().url(relativeTo: baseURL) }
        return URL(dataRepresentation: Data(string.utf8), relativeTo: baseURL)
            ?? URL(string: string, relativeTo: baseURL)
    }

    /// Appends inline text with the current inline attributes.
    private mutating func appendText(_ text: String, extra: InlinePresentationIntent, position node: CmarkNode? = nil) {
        var text = text
        if options.interpretedSyntax == .inlineOnly, !extra.contains(.code) {
            text = Self.collapsingWhitespace(text)
        }
        guard !text.isEmpty else { return }
        emit(text, inlineAttributes(extra, position: node), leaf: leafIndex)
        leafHasCharacters = true
        leafEndsWithLineFeed = text.utf8.last == UInt8(ascii: "\n")
    }

    /// Appends a text node's characters straight from cmark's bytes (the most common node: no
    /// string is made of it), unless inline-only parsing collapses their whitespace.
    private mutating func appendLiteral(of node: CmarkNode) {
        guard options.interpretedSyntax != .inlineOnly else {
            appendText(node.literal, extra: [], position: node)
            return
        }
        guard let literal = cmark_node_get_literal(node.pointer) else { return }
        let count = strlen(literal)
        guard count > 0 else { return }
        let attributes = inlineAttributes([], position: node)
        literal.withMemoryRebound(to: UInt8.self, capacity: count) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
        }
        output.runs.append(MarkdownRuns.Run(length: count, attributes: attributes, leaf: leafIndex))
        leafHasCharacters = true
        leafEndsWithLineFeed = bytes.last == UInt8(ascii: "\n")
    }

    /// The attributes of inline text: its inline intents, link, image and position.
    private func inlineAttributes(_ extra: InlinePresentationIntent, position node: CmarkNode?) -> AttributeContainer {
        var attributes = AttributeContainer()
        var inline = extra
        if emphasis > 0 { inline.insert(.emphasized) }
        if strong > 0 { inline.insert(.stronglyEmphasized) }
        if strike > 0 { inline.insert(.strikethrough) }
        if !inline.isEmpty { attributes[Keys.InlinePresentationIntentAttribute.self] = inline }
        if extendedLinkCount > 0 {
            for case let extended? in extendedLinks { attributes.merge(extended) }
        }
        // The innermost link with a destination (one written as extended syntax has none).
        if let link = extendedLinkCount > 0 ? links.last(where: { $0.url != nil }) : links.last, let url = link.url {
            attributes[AttributeScopes.FoundationAttributes.LinkAttribute.self] = url
            if !link.title.isEmpty { attributes[Keys.MarkdownLinkTitleAttribute.self] = link.title }
        }
        if let image = images.last, let url = image.url {
            attributes[AttributeScopes.FoundationAttributes.ImageURLAttribute.self] = url
            if !image.title.isEmpty { attributes[Keys.MarkdownImageTitleAttribute.self] = image.title }
        }
        if let node, let position = sourcePosition(of: node) {
            attributes[Keys.MarkdownSourcePositionAttribute.self] = position
        }
        return attributes
    }

    /// Where `node` is in the source, when positions are asked for.
    private func sourcePosition(of node: CmarkNode) -> AttributedString.MarkdownSourcePosition? {
        guard options.appliesSourcePositionAttributes, let position = node.position else { return nil }
        return .init(
            startLine: position.startLine, startColumn: position.startColumn, endLine: position.endLine,
            endColumn: position.endColumn)
    }

    /// `text` with every run of whitespace made one space.
    static func collapsingWhitespace(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
            if isSpace {
                if !lastWasSpace { out.append(" ") }
            } else {
                out.append(scalar)
            }
            lastWasSpace = isSpace
        }
        return String(out)
    }
}
