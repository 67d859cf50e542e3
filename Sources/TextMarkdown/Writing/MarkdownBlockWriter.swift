import Foundation
import TextContent

/// Writes a block tree as Markdown lines, each container prefixing its children's lines
/// ("> " for a quote, a list marker or its width of spaces for an item).
///
/// Lists are written tight (no blank lines) whenever their items' blocks can follow one another
/// without one, unless import marked them loose (`MarkdownLooseListsAttribute`).
struct MarkdownBlockWriter {
    /// The lines of the document.
    func lines(of root: BlockNode) throws(MarkdownError) -> [String] {
        try childLines(of: root, tight: false)
    }

    /// A container's children, separated by blank lines unless `tight`.
    private func childLines(of node: BlockNode, tight: Bool) throws(MarkdownError) -> [String] {
        var lines: [String] = []
        var previous: BlockNode?
        var alternate = false
        for child in node.children {
            if let previous, sameListKind(previous, child) { alternate.toggle() } else { alternate = false }
            let rendered = try self.lines(of: child, alternateMarker: alternate)
            guard !rendered.isEmpty else { continue }
            if let previous, !(tight && Self.canFollowWithoutBlank(previous, child)) { lines.append("") }
            lines += rendered
            previous = child
        }
        return lines
    }

    private func sameListKind(_ first: BlockNode, _ second: BlockNode) -> Bool {
        switch (first.kind, second.kind) {
        case (.orderedList?, .orderedList?), (.unorderedList?, .unorderedList?): true
        default: false
        }
    }

    /// Whether `next` can follow `previous` in a tight list without a blank line and still start
    /// a block of its own.
    static func canFollowWithoutBlank(_ previous: BlockNode, _ next: BlockNode) -> Bool {
        switch previous.kind {
        case .blockQuote?:
            // A line without "> " would continue the quote's last paragraph, unless it starts
            // a block that interrupts one (a fence, a rule, an ATX heading).
            switch next.kind {
            case .codeBlock?, .thematicBreak?, .header?: return true
            default: return false
            }
        case .table?, nil: return false
        case .paragraph? where previous.pieces.contains(where: { $0.inline.contains(.blockHTML) }): return false
        default: break
        }
        let previousIsParagraph = previous.kind == .paragraph
        switch next.kind {
        case .paragraph?, .table?:
            switch previous.kind {
            case .header?, .codeBlock?, .thematicBreak?: return true
            default: return false
            }
        case .orderedList?:
            return !(previousIsParagraph && firstOrdinal(of: next) != 1)
        default:
            return true
        }
    }

    static func firstOrdinal(of list: BlockNode) -> Int {
        if case .listItem(let ordinal)? = list.children.first?.kind { return ordinal }
        return 1
    }

    private func lines(of node: BlockNode, alternateMarker: Bool) throws(MarkdownError) -> [String] {
        switch node.kind {
        case nil:
            return try childLines(of: node, tight: false)
        case .paragraph?:
            if !node.pieces.isEmpty, node.pieces.allSatisfy({ $0.inline.contains(.blockHTML) }) {
                return node.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            }
            let text = MarkdownInlineWriter(context: .paragraph).write(node.pieces)
            guard !text.isEmpty else { return try childLines(of: node, tight: false) }
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(Self.escapingLineStart)
                + (try childLines(of: node, tight: false))
        case .header(let level)?:
            if level == 1 || level == 2,
                node.pieces.contains(where: { !$0.inline.isDisjoint(with: [.softBreak, .lineBreak]) })
            {
                // A heading of several lines (read from a setext heading) keeps its line
                // breaks in the setext form, which only levels 1 and 2 have.
                let text = MarkdownInlineWriter(context: .paragraph).write(node.pieces)
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Self.escapingLineStart)
                return lines + [level == 1 ? "===" : "---"]
            }
            let text = MarkdownInlineWriter(context: .heading).write(node.pieces)
            return [String(repeating: "#", count: min(max(level, 1), 6)) + (text.isEmpty ? "" : " " + text)]
        case .codeBlock(let hint)?:
            let code = node.text
            return codeBlock(code, hint: hint, hasNoLine: code.isEmpty && node.isEmptyCodeBlock)
        case .thematicBreak?:
            return ["***"]
        case .blockQuote?:
            let lines = try childLines(of: node, tight: false).map { $0.isEmpty ? ">" : "> " + $0 }
            return lines.isEmpty ? [">"] : lines
        case .orderedList?, .unorderedList?:
            return try list(node, alternateMarker: alternateMarker)
        case .table(let columns)?:
            return try MarkdownTableWriter(columns: columns).lines(of: node)
        case .listItem?:
            throw .unsupportedStructure("a list item outside a list")
        case .tableHeaderRow?, .tableRow?, .tableCell?:
            throw .unsupportedStructure("a table row or cell outside a table")
        }
    }

    /// A fenced code block; tildes when the language names a backtick. A block with no line is
    /// the two fences alone.
    private func codeBlock(_ code: String, hint: String?, hasNoLine: Bool) -> [String] {
        let hint = hint ?? ""
        let fenceCharacter: Character = hint.contains("`") ? "~" : "`"
        var longest = 0, run = 0
        for character in code {
            run = character == fenceCharacter ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: fenceCharacter, count: max(3, longest + 1))
        let body = hasNoLine ? [] : code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return [fence + hint] + body + [fence]
    }

    private func list(_ node: BlockNode, alternateMarker: Bool) throws(MarkdownError) -> [String] {
        let ordered = node.kind == .orderedList
        let tight =
            !node.isLooseList
            && node.children.allSatisfy { item in
                zip(item.children, item.children.dropFirst()).allSatisfy { Self.canFollowWithoutBlank($0, $1) }
            }
        var lines: [String] = []
        var number = min(max(Self.firstOrdinal(of: node), 0), 999_999_999)
        for (index, item) in node.children.enumerated() {
            guard item.isListItem else { throw .unsupportedStructure("a list holding something other than list items") }
            if index > 0, !tight { lines.append("") }
            let marker = ordered ? "\(number)\(alternateMarker ? ")" : ".") " : (alternateMarker ? "* " : "- ")
            number = min(number + 1, 999_999_999)
            let indent = String(repeating: " ", count: marker.count)
            let box = item.task.map { $0.isChecked ? "[x] " : "[ ] " } ?? ""
            let body = try childLines(of: item, tight: tight)
            guard let first = body.first else {
                lines.append(marker + box)
                continue
            }
            lines.append(marker + box + first)
            lines += body.dropFirst().map { $0.isEmpty ? "" : indent + $0 }
        }
        return lines
    }

    /// A paragraph line that would start a block (a list marker, a setext underline, an ordered
    /// item's number) made plain text with a backslash.
    static func escapingLineStart(_ line: Substring) -> String {
        guard let first = line.first else { return String(line) }
        switch first {
        case "-", "+", "=":
            return "\\" + line
        case "0" ... "9":
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            let rest = line.dropFirst(digits.count)
            if let mark = rest.first, mark == "." || mark == ")" { return digits + "\\" + rest }
            return String(line)
        case " ", "\t":
            let spaces = line.prefix { $0 == " " || $0 == "\t" }
            return spaces.map { $0 == " " ? "&#32;" : "&#9;" }.joined()
                + escapingLineStart(line.dropFirst(spaces.count))
        default:
            return String(line)
        }
    }
}
