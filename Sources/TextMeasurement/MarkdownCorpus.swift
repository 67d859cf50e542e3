import Foundation

/// The Markdown document the Markdown figures are measured on, made from the verses corpus
/// ("Genesis 1" chapter lines, "1 In the beginning..." verse lines): a heading per book and per
/// chapter, the verses as a numbered list, every 40th verse a block quote and every 150th a
/// fenced code block, the whole repeated until it is at least `minimumBytes` long (it ends
/// with the chapter that reaches that). Verses with no line at all (empty, or only line
/// breaks) make an empty document, whatever `minimumBytes` asks.
public enum MarkdownCorpus {
    public static func make(fromVerses verses: String, minimumBytes: Int = 10_000_000) -> String {
        // Repeating nothing never reaches any size.
        guard verses.contains(where: { $0 != "\n" && $0 != "\r\n" && $0 != "\r" }) else { return "" }
        var output = ""
        output.reserveCapacity(minimumBytes + 1_000_000)
        var copy = 0
        var verseCount = 0
        repeat {
            copy += 1
            var book = ""
            var inList = false
            for line in verses.split(separator: "\n", omittingEmptySubsequences: true) {
                if let space = line.firstIndex(of: " "), line[..<space].allSatisfy(\.isNumber) {
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
        } while output.utf8.count < minimumBytes && !verses.isEmpty
        return output
    }
}
