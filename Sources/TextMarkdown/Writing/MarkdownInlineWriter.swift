import Foundation
import TextContent

/// Writes a block's inline runs as Markdown: emphasis, strong, strikethrough, links and images
/// as delimiters around the runs, code as code spans, HTML as written, and the rest escaped.
///
/// The model keeps which runs are emphasised but not how delimiters nested, so nesting is
/// chosen: of the spans that open at one place, the one reaching furthest is outermost, and
/// equal ones nest link, strikethrough, emphasis, strong from the outside in (the way cmark
/// reads `***a***`).
struct MarkdownInlineWriter {
    /// Where the text goes: a table cell or heading cannot hold a line break.
    enum Context {
        case paragraph, heading, tableCell
    }

    enum Layer: Hashable {
        case link(URL, title: String?), image(URL, title: String?), strikethrough, emphasis, strong

        var priority: Int {
            switch self {
            case .link: 0
            case .image: 1
            case .strikethrough: 2
            case .emphasis: 3
            case .strong: 4
            }
        }

        var opener: String {
            switch self {
            case .link: "["
            case .image: "!["
            case .strikethrough: "~~"
            case .emphasis: "*"
            case .strong: "**"
            }
        }

        var closer: String {
            switch self {
            case .link(let url, let title), .image(let url, let title):
                "](" + MarkdownInlineWriter.destination(url)
                    + (title.map { " " + MarkdownInlineWriter.title($0) } ?? "") + ")"
            case .strikethrough: "~~"
            case .emphasis: "*"
            case .strong: "**"
            }
        }
    }

    let context: Context

    /// The Markdown for `pieces`.
    func write(_ pieces: [InlinePiece]) -> String {
        let pieces = mergingCode(pieces)
        let layers = pieces.map(Self.layers)
        var out = ""
        var stack: [(layer: Layer, end: Int)] = []
        for (index, piece) in pieces.enumerated() {
            let wanted = layers[index]
            var reopen: [Layer] = []
            if let firstEnding = stack.firstIndex(where: { !wanted.contains($0.layer) }) {
                for entry in stack[firstEnding...].reversed() {
                    out += entry.layer.closer
                    if wanted.contains(entry.layer) { reopen.append(entry.layer) }
                }
                stack.removeSubrange(firstEnding...)
            }
            let open = Set(stack.map(\.layer))
            var opening: [(layer: Layer, end: Int)] = []
            for layer in wanted where !open.contains(layer) {
                var end = index + 1
                while end < pieces.count, layers[end].contains(layer) { end += 1 }
                opening.append((layer, end))
            }
            opening.sort { $0.end != $1.end ? $0.end > $1.end : $0.layer.priority < $1.layer.priority }
            for entry in opening {
                out += entry.layer.opener
                stack.append(entry)
            }
            out += text(of: piece)
        }
        for entry in stack.reversed() { out += entry.layer.closer }
        return out
    }

    static func layers(_ piece: InlinePiece) -> Set<Layer> {
        var layers = Set<Layer>()
        if let link = piece.link { layers.insert(.link(link, title: piece.linkTitle)) }
        if let image = piece.imageURL { layers.insert(.image(image, title: piece.imageTitle)) }
        if piece.inline.contains(.strikethrough) { layers.insert(.strikethrough) }
        if piece.inline.contains(.emphasized) { layers.insert(.emphasis) }
        if piece.inline.contains(.stronglyEmphasized) { layers.insert(.strong) }
        return layers
    }

    /// Adjacent code runs with the same surroundings become one code span.
    private func mergingCode(_ pieces: [InlinePiece]) -> [InlinePiece] {
        var merged: [InlinePiece] = []
        for piece in pieces {
            if var last = merged.last, last.inline.contains(.code), piece.inline.contains(.code),
                last.inline == piece.inline, Self.layers(last) == Self.layers(piece)
            {
                last.text += piece.text
                merged[merged.count - 1] = last
            } else {
                merged.append(piece)
            }
        }
        return merged
    }

    /// One piece's Markdown, without the delimiters around it.
    private func text(of piece: InlinePiece) -> String {
        let oneLine = context != .paragraph
        if piece.inline.contains(.softBreak) { return oneLine ? " " : "\n" }
        if piece.inline.contains(.lineBreak) { return oneLine ? " " : "\\\n" }
        if piece.inline.contains(.code) { return codeSpan(piece.text) }
        if piece.inline.contains(.inlineHTML) || piece.inline.contains(.blockHTML) { return piece.text }
        return escaped(piece.text)
    }

    /// A code span long enough to hold any run of backticks in `code`.
    private func codeSpan(_ code: String) -> String {
        var longest = 0, run = 0
        for character in code {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        var body = context == .tableCell ? code.replacingOccurrences(of: "|", with: "\\|") : code
        body = body.replacingOccurrences(of: "\n", with: " ")
        let pad =
            body.hasPrefix("`") || body.hasSuffix("`")
            || (body.hasPrefix(" ") && body.hasSuffix(" ") && body.contains { $0 != " " })
        let fence = String(repeating: "`", count: longest + 1)
        return fence + (pad ? " " : "") + body + (pad ? " " : "") + fence
    }

    /// Text with every character Markdown could read as syntax escaped: punctuation, a line
    /// feed or carriage return in the text (a character reference: as written they would end
    /// the line), U+2028 and U+2029 (a character reference: they are text, not a hard break,
    /// and stay so in headings and table cells), and what GitHub's autolink extension would read as a link (`http://`,
    /// `www.`: the colon or dot is escaped, which ends its match; an e-mail address cannot be
    /// escaped, see `AttributedString.markdown(maximumNestingDepth:)`).
    func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "&", "!":
                out.append("\\")
                out.append(character)
            case "\u{2028}":
                // A line separator in the text is a character (a hard break is a piece marked
                // `.lineBreak`, written by `text(of:)`): as a reference it comes back as itself.
                out += "&#8232;"
            case "\u{2029}":
                out += "&#8233;"
            case "\n":
                out += "&#10;"
            case "\r":
                out += "&#13;"
            case "\r\n":
                out += "&#13;&#10;"
            case ":" where text[index...].hasPrefix("//") && Self.endsWithScheme(out):
                out += "\\:"
            case "." where out.utf8.count >= 3 && out.utf8.suffix(3).allSatisfy({ $0 | 0x20 == UInt8(ascii: "w") }):
                out += "\\."
            default:
                out.append(character)
            }
        }
        return out
    }

    /// Whether `text` ends with a scheme the autolink extension links (`http`, `https`, `ftp`).
    private static func endsWithScheme(_ text: String) -> Bool {
        let tail = String(decoding: text.utf8.suffix(5).map { $0 | 0x20 }, as: UTF8.self)
        return tail.hasSuffix("http") || tail.hasSuffix("https") || tail.hasSuffix("ftp")
    }

    /// A link destination, in angle brackets when it holds spaces, parentheses or nothing.
    static func destination(_ url: URL) -> String {
        let string = url.relativeString
        var escaped = ""
        var index = string.startIndex
        while index < string.endIndex {
            let character = string[index]
            index = string.index(after: index)
            if character == "&" && Self.startsEntity(string[index...]) {
                // cmark decodes a destination's entities before its backslash escapes, so an
                // ampersand that would begin one is written as an entity itself.
                escaped += "&amp;"
                continue
            }
            if character == "\\" || character == "<" || character == ">" { escaped.append("\\") }
            escaped.append(character)
        }
        let needsBrackets = string.isEmpty || string.contains { $0 == " " || $0 == "(" || $0 == ")" || $0.isNewline }
        return needsBrackets ? "<" + escaped + ">" : escaped
    }

    /// A link or image title in double quotes. cmark decodes a title's entities before its
    /// backslash escapes: quotes and backslashes are escaped with a backslash, an ampersand
    /// that would begin an entity and line breaks are written as entities.
    static func title(_ title: String) -> String {
        var out = "\""
        var index = title.startIndex
        while index < title.endIndex {
            let character = title[index]
            index = title.index(after: index)
            switch character {
            case "\"", "\\": out += "\\" + String(character)
            case "&" where startsEntity(title[index...]): out += "&amp;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\r\n": out += "&#13;&#10;"
            default: out.append(character)
            }
        }
        return out + "\""
    }

    /// Whether the text after an ampersand makes it a character reference (`#123;`, `#x1F;`,
    /// `name;`).
    static func startsEntity(_ text: Substring) -> Bool {
        let body = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") }
        return !body.isEmpty && body.count <= 32 && text.dropFirst(body.count).first == ";"
    }
}
