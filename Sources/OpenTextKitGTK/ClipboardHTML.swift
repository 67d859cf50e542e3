import Foundation
import OpenTextKit

/// The HTML the text view puts on the clipboard beside its own document format and plain text,
/// for other programs (a browser, a word processor): a paragraph per paragraph, with bold,
/// italic, underline, strikethrough, colours and links. Everything in the text is escaped, so
/// text that looks like markup stays text; a link whose scheme is not http, https or mailto is
/// left out (its text stays).
enum ClipboardHTML {
    static let linkSchemes: Set<String> = ["http", "https", "mailto"]

    /// `text` as HTML, fonts resolved in `context` to say what is bold and italic.
    static func html(of text: AttributedString, fontResolutionContext context: FontResolutionContext) -> String {
        var html = "<meta charset=\"utf-8\"><p>"
        for run in text.runs {
            var opening = "", closing = ""
            func wrap(_ tag: String, _ attributes: String = "") {
                opening += "<\(tag)\(attributes)>"
                closing = "</\(tag)>" + closing
            }
            if let url = run.link, let scheme = url.scheme?.lowercased(), linkSchemes.contains(scheme) {
                wrap("a", " href=\"\(escaped(url.absoluteString))\"")
            }
            let resolved = (run.font ?? .default).resolve(in: context)
            if resolved.isBold { wrap("b") }
            if resolved.isItalic { wrap("i") }
            if run.underlineStyle != nil { wrap("u") }
            if run.strikethroughStyle != nil { wrap("s") }
            if let color = run.foregroundColor { wrap("span", " style=\"color:\(hex(color))\"") }
            // Paragraphs end inside a run: each separator closes the run's tags and the paragraph.
            let pieces = String(text[run.range].characters).split(
                omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\u{2029}" })
            for (index, piece) in pieces.enumerated() {
                if index > 0 { html += "</p>\n<p>" }
                if !piece.isEmpty { html += opening + escaped(String(piece)) + closing }
            }
        }
        return html + "</p>"
    }

    /// `text` with the characters HTML gives a meaning escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\u{2028}": result += "<br>"
            default: result.append(character)
            }
        }
        return result
    }

    private static func hex(_ color: TextColor) -> String {
        func byte(_ component: Double) -> String {
            let value = Int((component * 255).rounded())
            return String(value, radix: 16).count == 1 ? "0" + String(value, radix: 16) : String(value, radix: 16)
        }
        return "#" + byte(color.red) + byte(color.green) + byte(color.blue)
    }
}
