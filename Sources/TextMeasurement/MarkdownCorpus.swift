import Foundation

/// The Markdown document the Markdown figures are measured on, made from the verses corpus
/// ("Genesis 1" chapter lines, "1 In the beginning..." verse lines): a heading per book and per
/// chapter, the verses as a numbered list, every 40th verse a block quote and every 150th a
/// fenced code block, the whole repeated until it is at least `minimumBytes` long (it ends
/// with the chapter that reaches that). A line holding only whitespace is a blank line, and
/// blank lines are skipped (lines end at any line break: LF, CR LF, CR); verses with no line
/// holding text (empty, only line breaks, or only whitespace) make an empty document, whatever
/// `minimumBytes` asks.
public enum MarkdownCorpus {
    public static func make(fromVerses verses: String, minimumBytes: Int = 10_000_000) -> String {
        // The lines that hold text, without the whitespace around it.
        let lines = verses.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        // Repeating nothing never reaches any size.
        guard !lines.isEmpty else { return "" }
        var output = ""
        output.reserveCapacity(minimumBytes + 1_000_000)
        var copy = 0
        var verseCount = 0
        repeat {
            copy += 1
            var book = ""
            var inList = false
            for line in lines {
                if let space = line.firstIndex(of: " "), space > line.startIndex, line[..<space].allSatisfy(\.isNumber)
                {
                    // A verse: "12 text".
                    let number = line[..<space], text = line[line.index(after: space)...]
                    verseCount += 1
                    if verseCount % 150 == 0 {
                        output += "\n```text\n\(text)\n```\n\n"
                        inList = false
                    } else if verseCount % 40 == 0 {
                        output += "\n> **\(number)** \(text)\n\n"
                        inList = false
                    } else {
                        if !inList { output += "\n" }
                        output += "\(number). \(text)\n"
                        inList = true
                    }
                } else {
                    // Enough: the document ends with a whole chapter.
                    if output.utf8.count >= minimumBytes { return output }
                    // A chapter: "Song of Solomon 3"; a new book gets a heading of its own.
                    let name = line.split(separator: " ").dropLast().joined(separator: " ")
                    if name != book {
                        book = name
                        output += "\n# \(name)\(copy > 1 ? " (\(copy))" : "")\n"
                    }
                    output += "\n## \(line)\n"
                    inList = false
                }
            }
        } while output.utf8.count < minimumBytes
        return output
    }
}

extension Substring {
    /// This line without the whitespace at either end.
    fileprivate func trimmingWhitespace() -> Substring {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return self[endIndex...] }
        return self[first ... last]
    }
}
