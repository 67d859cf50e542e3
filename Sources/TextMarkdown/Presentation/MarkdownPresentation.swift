import Foundation
import Synchronization
import TextContent

/// How the presentation intents of parsed Markdown are drawn: the paragraph styles, fonts and
/// block decorations each kind of block and inline intent gets. Every field can be changed by
/// the app; `apply(to:width:)` turns intents into the engine's attributes, which layout and the
/// renderer draw (headings by level, lists with markers and nesting, task boxes, block quotes
/// with a bar and an indent, code blocks in monospace on a background without wrapping, tables
/// as a grid with column alignment and cell padding, thematic breaks as a rule).
///
/// ```swift
/// var text = try AttributedString(markdown: readme)
/// MarkdownPresentation().apply(to: &text, width: 600)
/// let storage = TextContentStorage(attributedString: text)
/// ```
public struct MarkdownPresentation: Sendable {
    /// The font of body text; the others are made from it. By default it scales with the font
    /// resolution context's text size, like `.body` (so every font made from it does): a larger
    /// text size in the layout manager's or view's context draws the whole document larger. A fixed
    /// font (`FontDescriptor(family:size:)`) keeps its size.
    public var bodyFont = FontDescriptor.custom(
        FontDescriptor.defaultText.family, size: FontDescriptor.defaultText.size)
    /// The family of code (inline and blocks).
    public var codeFamily = "DejaVu Sans Mono"
    /// Heading sizes as multiples of the body's, level 1 to 6.
    public var headingScales: [Double] = [2.0, 1.5, 1.25, 1.1, 1.0, 0.9]
    /// Space after a block, and before a heading, in points.
    public var blockSpacing: Double = 8
    public var headingSpacingBefore: Double = 12
    /// Indent of each list level, and of each block quote level.
    public var listIndent: Double = 24
    public var quoteIndent: Double = 16
    public var quoteBarColor = TextColor(white: 0.78)
    public var codeBackground = TextColor(white: 0.95)
    /// Whether code block lines wrap (by default they run on, as in an editor).
    public var wrapsCodeBlocks = false
    public var ruleColor = TextColor(white: 0.7)
    public var linkColor = TextColor.link
    /// Space between a table cell's text and its grid lines.
    public var tableCellPadding: Double = 6
    /// Space above and below a table row's text, inside its grid.
    public var tableRowPadding: Double = 3
    public var tableBorderColor = TextColor(white: 0.7)
    public var tableHeaderBackground = TextColor(white: 0.93)

    public init() {}

    /// Puts on every paragraph of `text` the style its presentation intent asks for, for a
    /// container `width` points wide (tables share it out among their columns), and on every run
    /// the font its inline intent asks for. The intents stay, so the text still exports to
    /// Markdown.
    public func apply(to text: inout AttributedString, width: Double) {
        var paragraphs: [Range<AttributedString.Index>] = []
        var start = text.startIndex
        let scalars = text.unicodeScalars
        var index = start
        while index < text.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            if scalar == "\n" || scalar == "\u{2029}" || index == text.endIndex {
                paragraphs.append(start ..< index)
                start = index
            }
        }
        let blocks = paragraphs.map { Block(text.runs[$0.lowerBound].presentationIntent) }
        let (looks, lookOfParagraph) = paragraphLooks(for: blocks, width: width, after: LookContext())
        for (number, range) in paragraphs.enumerated() {
            let look = looks[lookOfParagraph[number]]
            var paragraph = AttributeContainer()
            paragraph.paragraphStyle = look.style
            if let decoration = look.decoration { paragraph.blockDecoration = decoration }
            text[range].mergeAttributes(paragraph)
            var changes: [(Range<AttributedString.Index>, AttributeContainer)] = []
            for run in text[range].runs {
                changes.append(
                    (
                        run.range,
                        runAttributes(
                            inline: run.inlinePresentationIntent ?? [], isLink: run.link != nil, block: blocks[number])
                    ))
            }
            for (range, attributes) in changes { text[range].mergeAttributes(attributes) }
        }
    }

    /// What `apply(to:width:)` gives a run with `inline` intents (a link's or not) in a
    /// paragraph of `intent`, standing alone: its paragraph style, block decoration, font and
    /// the rest. For an editor that changes a paragraph's block (making it a heading, say) and
    /// draws it as a document read from Markdown would be.
    ///
    /// ```swift
    /// let heading = PresentationIntent(.header(level: 2), identity: 7)
    /// let attributes = MarkdownPresentation().attributes(for: heading, width: 600)
    /// attributes.font?.size   // 1.5 times the body's
    /// ```
    public func attributes(
        for intent: PresentationIntent?, inline: InlinePresentationIntent = [], isLink: Bool = false, width: Double
    ) -> AttributeContainer {
        let block = Block(intent)
        let (looks, _) = paragraphLooks(for: [block], width: width, after: LookContext())
        var attributes = runAttributes(inline: inline, isLink: isLink, block: block)
        attributes.paragraphStyle = looks[0].style
        if let decoration = looks[0].decoration { attributes.blockDecoration = decoration }
        return attributes
    }

    /// The same for a document as the reader hands it over: runs are split where paragraphs
    /// end, and each gets its paragraph's, its leaf's and its own attributes, as UTF-8 runs
    /// whose attributes are made when read (each paragraph's intent is its own: making every
    /// paragraph's set would cost more than the rest of the import). A section of a document is
    /// drawn `after` what ends the one before it.
    func apply(
        _ document: MarkdownRuns, width: Double, after context: LookContext = LookContext()
    ) -> [(length: Int, attributes: DeferredAttributes)] {
        let (split, paragraphOfRun, intents) = Self.paragraphRuns(of: document)
        let blocks = intents.map(Block.init)
        // Paragraphs look alike far more often than not (every list's first item, every line of
        // code): what a run of each look gets is made once.
        let (looks, lookOfParagraph) = paragraphLooks(for: blocks, width: width, after: context)
        // Each run gets its attributes. A large document is shared out among the processor's
        // cores at paragraph boundaries: each part is independent.
        let parts = split.count >= 16_384 ? max(1, min(ProcessInfo.processInfo.activeProcessorCount, 4)) : 1
        var bounds = [0]
        for part in 1 ..< parts {
            var bound = max(bounds[part - 1], split.count * part / parts)
            while bound > 0, bound < split.count, paragraphOfRun[bound] == paragraphOfRun[bound - 1] { bound += 1 }
            bounds.append(bound)
        }
        bounds.append(split.count)
        let presented = Mutex<[[DeferredAttributes]]>(Array(repeating: [], count: parts))
        let partBounds = bounds
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let made = present(
                split, in: partBounds[part] ..< partBounds[part + 1], leaves: document.leaves,
                paragraphOfRun: paragraphOfRun,
                blocks: blocks, looks: looks, lookOfParagraph: lookOfParagraph)
            presented.withLock { $0[part] = made }
        }
        var result: [(length: Int, attributes: DeferredAttributes)] = []
        result.reserveCapacity(split.count)
        for part in presented.withLock({ $0 }) {
            for attributes in part { result.append((split[result.count].length, attributes)) }
        }
        return result
    }

    /// The document's runs split where paragraphs end (where the storage's paragraph scanner
    /// ends them), each with its paragraph's number, and each paragraph's intent (its first
    /// run's leaf's).
    private static func paragraphRuns(
        of document: MarkdownRuns
    ) -> (runs: [MarkdownRuns.Run], paragraphOfRun: [Int], intents: [PresentationIntent?]) {
        let ends = TextContentStorage.paragraphUTF8Ends(of: document.text)
        var split: [MarkdownRuns.Run] = []
        split.reserveCapacity(document.runs.count)
        var paragraphOfRun: [Int] = []
        paragraphOfRun.reserveCapacity(document.runs.count)
        var intents: [PresentationIntent?] = []
        intents.reserveCapacity(ends.count)
        // A piece that follows one of the same paragraph and leaf with no attributes of its own,
        // or the very same ones, joins it: most paragraphs reach the storage as one run, text
        // with one set of attributes.
        func append(_ length: Int, of run: MarkdownRuns.Run, in paragraph: Int) {
            guard length > 0 else { return }
            if paragraph == intents.count { intents.append(run.leaf >= 0 ? document.leaves[run.leaf].intent : nil) }
            if let last = split.last, paragraphOfRun.last == paragraph, last.leaf == run.leaf,
                isSameStorage(last.attributes, run.attributes)
            {
                split[split.count - 1].length += length
                return
            }
            split.append(MarkdownRuns.Run(length: length, attributes: run.attributes, leaf: run.leaf))
            paragraphOfRun.append(paragraph)
        }
        var paragraph = 0, offset = 0
        for run in document.runs {
            var start = offset
            let end = offset + run.length
            while paragraph < ends.count, ends[paragraph] <= end {
                append(ends[paragraph] - start, of: run, in: paragraph)
                start = ends[paragraph]
                paragraph += 1
            }
            append(end - start, of: run, in: paragraph)
            offset = end
        }
        return (split, paragraphOfRun, intents)
    }

    /// The attributes of `runs[range]` presented: what each kind of run gets in each look of
    /// paragraph is made once; its leaf's keys (intent, task box) and its own (inline intents,
    /// link) go in when they are read.
    private func present(
        _ runs: [MarkdownRuns.Run], in range: Range<Int>, leaves: [MarkdownRuns.Leaf], paragraphOfRun: [Int],
        blocks: [Block], looks: [ParagraphLook], lookOfParagraph: [Int]
    ) -> [DeferredAttributes] {
        struct Kind: Hashable {
            var font: FontKey
            var look: Int

            // One word hashed, not six (a look-up for every run).
            func hash(into hasher: inout Hasher) {
                hasher.combine(look << 24 ^ font.packed)
            }
        }
        typealias Keys = AttributeScopes.OpenTextKitAttributes
        let none = AttributeContainer()
        var made: [Kind: AttributeContainer] = [:]
        var result: [DeferredAttributes] = []
        result.reserveCapacity(range.count)
        for index in range {
            let run = runs[index]
            let paragraph = paragraphOfRun[index]
            let hasOwn = run.attributes != none
            let kind = Kind(
                font: FontKey(
                    inline: hasOwn ? run.attributes.inlinePresentationIntent ?? [] : [],
                    isLink: hasOwn && run.attributes.link != nil,
                    headingLevel: blocks[paragraph].headingLevel, isCode: blocks[paragraph].isCode),
                look: lookOfParagraph[paragraph])
            let presented =
                made[kind]
                ?? {
                    var new = runAttributes(
                        inline: kind.font.inline, isLink: kind.font.isLink, block: blocks[paragraph])
                    new.paragraphStyle = looks[kind.look].style
                    if let decoration = looks[kind.look].decoration { new.blockDecoration = decoration }
                    made[kind] = new
                    return new
                }()
            // The leaf's and the run's own keys are few: they go into the presented set when
            // it is read. None of them is a key the presentation sets; the run's position is
            // finer than its leaf's.
            let hasLeaf = run.leaf >= 0
            let intent = hasLeaf ? leaves[run.leaf].intent : nil
            let task = hasLeaf ? leaves[run.leaf].task : nil
            let position = hasLeaf ? leaves[run.leaf].position : nil
            let own = hasOwn ? run.attributes : nil
            result.append(
                DeferredAttributes(shared: presented) { attributes in
                    if let intent { attributes[Keys.PresentationIntentAttribute.self] = intent }
                    if let task { attributes[Keys.TaskListItemAttribute.self] = task }
                    if let position { attributes[Keys.MarkdownSourcePositionAttribute.self] = position }
                    if let own { attributes.merge(own) }
                })
        }
        return result
    }

    /// Whether two containers share their storage (one is a copy of the other, unchanged):
    /// equal without comparing their values. False says nothing.
    static func isSameStorage(_ left: AttributeContainer, _ right: AttributeContainer) -> Bool {
        withUnsafeBytes(of: left) { leftBytes in withUnsafeBytes(of: right) { leftBytes.elementsEqual($0) } }
    }

    /// What a run's own attributes depend on.
    private struct FontKey: Hashable, Sendable {
        var inline: InlinePresentationIntent
        var isLink: Bool
        var headingLevel: Int?
        var isCode: Bool

        /// The key in one word (equal keys, equal words), for hashing.
        var packed: Int {
            Int(truncatingIfNeeded: inline.rawValue) << 6 ^ (headingLevel ?? 7) << 2 ^ (isLink ? 2 : 0)
                ^ (isCode ? 1 : 0)
        }
    }

    /// A paragraph's own attributes.
    struct ParagraphLook: Hashable, Sendable {
        var style: ParagraphStyle
        var decoration: BlockDecoration?
    }

    /// What a paragraph's look takes from the paragraph before it: whether it is in the same
    /// list item, and the space a table before it leaves.
    struct LookContext {
        var previousItem: Int?
        var carriedSpacing: Double = 0
    }

    /// The context a document's last paragraph leaves for what follows it (a section's for the
    /// next section, which starts with a heading: no code block or table goes on across).
    func lookContext(after document: MarkdownRuns) -> LookContext {
        let last = Block(document.leaves.last?.intent)
        return LookContext(previousItem: last.itemIdentity, carriedSpacing: last.tableColumns != nil ? blockSpacing : 0)
    }

    /// Each paragraph's own attributes (style, decoration), in order: the distinct looks, and
    /// each paragraph's among them. A look is made once for all paragraphs of one shape.
    private func paragraphLooks(
        for blocks: [Block], width: Double, after context: LookContext
    ) -> (looks: [ParagraphLook], lookOfParagraph: [Int]) {
        /// All a paragraph's look depends on.
        struct Shape: Hashable {
            var block: Block.Shape
            var firstInItem: Bool
            var spacingBefore: Double
            var spacingAfter: Double

            // What tells most shapes apart, in two words: a look-up for every paragraph.
            func hash(into hasher: inout Hasher) {
                let flags =
                    (block.isCode ? 1 : 0) | (block.isRule ? 2 : 0) | (block.isHeaderRow ? 4 : 0)
                    | (block.isItem ? 8 : 0) | (firstInItem ? 16 : 0)
                hasher.combine(
                    flags | (block.headingLevel ?? 7) << 5 | block.quoteDepth << 8 | block.lists.count << 16
                        | (block.tableColumns?.count ?? 0) << 24)
                // Equal spacings, equal words (0 and -0 alike).
                let spacing = spacingBefore == 0 ? 0 : Int(truncatingIfNeeded: spacingBefore.bitPattern)
                hasher.combine((block.lists.last?.ordinal ?? 0) ^ spacing)
            }
        }
        var previousItem = context.previousItem
        var carriedSpacing = context.carriedSpacing
        var looks: [ParagraphLook] = []
        var lookOfShape: [Shape: Int] = [:]
        var lookOfParagraph: [Int] = []
        lookOfParagraph.reserveCapacity(blocks.count)
        for (number, block) in blocks.enumerated() {
            // A code block's lines and a table's rows sit close; space follows the last of them.
            let continues =
                number + 1 < blocks.count && block.groupIdentity != nil
                && blocks[number + 1].groupIdentity == block.groupIdentity
            // A table's rows keep their padding inside their grid: the space after the table
            // goes before what follows it.
            let isRow = block.tableColumns != nil
            let rowPadding = isRow ? tableRowPadding : 0
            let shape = Shape(
                block: block.shape, firstInItem: block.itemIdentity != previousItem,
                spacingBefore: (block.headingLevel != nil ? headingSpacingBefore : rowPadding) + carriedSpacing,
                spacingAfter: rowPadding + (continues || isRow ? 0 : blockSpacing))
            carriedSpacing = isRow && !continues ? blockSpacing : 0
            previousItem = block.itemIdentity
            if let look = lookOfShape[shape] {
                lookOfParagraph.append(look)
                continue
            }
            let style = style(for: block, firstInItem: shape.firstInItem, width: width)
                .with(paragraphSpacingBefore: shape.spacingBefore, paragraphSpacing: shape.spacingAfter)
            looks.append(ParagraphLook(style: style, decoration: decoration(for: block, width: width)))
            lookOfShape[shape] = looks.count - 1
            lookOfParagraph.append(looks.count - 1)
        }
        return (looks, lookOfParagraph)
    }

    private func style(for block: Block, firstInItem: Bool, width: Double) -> ParagraphStyle {
        let indent = Double(block.lists.count) * listIndent + Double(block.quoteDepth) * quoteIndent
        // Each item's list starts at its own ordinal, so that the marker shows the number the
        // Markdown gave; continuation paragraphs of an item show none.
        let lists = block.lists.map {
            TextList(
                markerFormat: $0.ordered ? TextList.MarkerFormat("{decimal}.") : .disc, startingItemNumber: $0.ordinal)
        }
        var tabs: [TextTab] = []
        if let columns = block.tableColumns, !columns.isEmpty {
            tabs = tableTabs(columns, indent: indent, width: width)
        }
        return ParagraphStyle(
            paragraphSpacingBefore: block.headingLevel != nil ? headingSpacingBefore : 0,
            paragraphSpacing: block.isCode || (block.tableColumns != nil) ? 0 : blockSpacing,
            headIndent: indent + (block.tableColumns != nil ? tableCellPadding : 0),
            firstLineHeadIndent: indent + (block.tableColumns != nil ? tableCellPadding : 0),
            tabStops: tabs,
            textLists: block.itemIdentity != nil && firstInItem ? lists : [],
            wrapsLines: !block.isCode || wrapsCodeBlocks)
    }

    /// The table's width shared out evenly among its columns, after the indent.
    private func columnEdges(_ count: Int, indent: Double, width: Double) -> [Double] {
        let available = max(Double(count) * 2 * tableCellPadding, width - indent)
        return (0 ... count).map { indent + available * Double($0) / Double(count) }
    }

    /// A stop for each cell after the first (cells are separated by tabs), lined up as its
    /// column asks, inside the padding; the first cell starts at the table's left padding.
    private func tableTabs(_ columns: [PresentationIntent.TableColumn], indent: Double, width: Double) -> [TextTab] {
        // Stops count from the line's start, which is the first cell's (indent and padding in).
        let edges = columnEdges(columns.count, indent: indent, width: width).map { $0 - indent - tableCellPadding }
        return columns.indices.dropFirst().map { column in
            switch columns[column].alignment {
            case .center:
                TextTab(alignment: .center, location: (edges[column] + edges[column + 1]) / 2 + tableCellPadding)
            case .right: TextTab(alignment: .right, location: edges[column + 1] - tableCellPadding)
            default: TextTab(alignment: .left, location: edges[column] + tableCellPadding)
            }
        }
    }

    private func decoration(for block: Block, width: Double) -> BlockDecoration? {
        var decoration = BlockDecoration()
        let listIndentWidth = Double(block.lists.count) * listIndent
        decoration.quoteBars = (0 ..< block.quoteDepth).map { listIndentWidth + Double($0) * quoteIndent + 2 }
        decoration.quoteBarColor = quoteBarColor
        if block.isCode { decoration.background = codeBackground }
        if block.isRule { decoration.rule = ruleColor }
        if let columns = block.tableColumns, !columns.isEmpty {
            let indent = listIndentWidth + Double(block.quoteDepth) * quoteIndent
            decoration.tableColumnEdges = columnEdges(columns.count, indent: indent, width: width)
            decoration.tableBorderColor = tableBorderColor
            if block.isHeaderRow { decoration.tableHeaderBackground = tableHeaderBackground }
        }
        return decoration.isEmpty ? nil : decoration
    }

    /// A run's own attributes: headings by level, code in monospace, emphasis and strong as
    /// italic and bold, strikethrough struck, links coloured and underlined.
    private func runAttributes(inline: InlinePresentationIntent, isLink: Bool, block: Block) -> AttributeContainer {
        var font = bodyFont
        if let level = block.headingLevel {
            font = font.with(size: bodyFont.size * headingScales[min(level, headingScales.count) - 1], weight: .bold)
        }
        if block.isCode || inline.contains(.code) { font = font.with(family: codeFamily) }
        if inline.contains(.stronglyEmphasized) { font = font.with(weight: .bold) }
        if inline.contains(.emphasized) { font = font.with(italic: true) }
        var attributes = AttributeContainer()
        attributes.font = font
        if inline.contains(.code), !block.isCode { attributes.backgroundColor = codeBackground }
        if inline.contains(.strikethrough) { attributes.strikethroughStyle = .single }
        if isLink {
            attributes.foregroundColor = linkColor
            attributes.underlineStyle = .single
        }
        return attributes
    }
}
