import Foundation

/// Markdown prepared so that cmark-gfm sees only paragraphs: what would start a block at the
/// start of a line (a heading's "#", a quote's ">", a list marker, a fence, a thematic break, a
/// setext underline, an HTML block's "<", a link reference definition's "[") is escaped, and
/// leading whitespace, which could start an indented code block, is dropped (or, when
/// whitespace is preserved, written as character references so it stays text).
///
/// Known difference from Foundation: an HTML tag at the very start of a line is kept as text,
/// not as inline HTML.
enum InlineOnlySource {
    static func prepare(_ markdown: String, preservingWhitespace: Bool) -> String {
        var out = ""
        out.reserveCapacity(markdown.utf8.count + markdown.utf8.count / 8)
        var first = true
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { out.append("\n") }
            first = false
            var rest = line[...]
            if rest.hasSuffix("\r") { rest = rest.dropLast() }
            var leading = ""
            while let character = rest.first, character == " " || character == "\t" {
                leading.append(character == " " ? "&#32;" : "&#9;")
                rest = rest.dropFirst()
            }
            if preservingWhitespace, !rest.isEmpty { out.append(leading) }
            out.append(escapingBlockStart(rest))
        }
        return out
    }

    /// `line` (without leading whitespace) with a backslash where it would start a block.
    static func escapingBlockStart(_ line: Substring) -> String {
        guard let first = line.first else { return "" }
        let afterFirst = line.dropFirst()
        let startsSpaced = afterFirst.first.map { $0 == " " || $0 == "\t" } ?? true
        switch first {
        case "#", ">":
            return "\\" + line
        case "`", "~":
            return line.hasPrefix(String(repeating: first, count: 3)) ? "\\" + line : String(line)
        case "[":
            // A link reference definition ("[label]: url") would vanish from the text.
            return line.contains("]:") ? "\\" + line : String(line)
        case "-", "+", "*", "=", "_":
            let onlyMarks = line.allSatisfy { $0 == first || $0 == " " || $0 == "\t" }
            let isMarker = (first == "-" || first == "+" || first == "*") && startsSpaced
            return isMarker || onlyMarks ? "\\" + line : String(line)
        case "<":
            let next = afterFirst.first
            return next.map { $0.isLetter || $0 == "/" || $0 == "!" || $0 == "?" } ?? false ? "\\" + line : String(line)
        case "0" ... "9":
            let digits = line.prefix { $0.isASCII && $0.isNumber }
            let rest = line.dropFirst(digits.count)
            if digits.count <= 9, let mark = rest.first, mark == "." || mark == ")" {
                let after = rest.dropFirst().first
                if after == nil || after == " " || after == "\t" {
                    return digits + "\\" + rest
                }
            }
            return String(line)
        default:
            return String(line)
        }
    }
}
