import Foundation

/// Where a large Markdown document can be cut into sections that cmark-gfm parses alone to the
/// same blocks it would find in the whole: before a level-1-to-6 ATX heading at column 0 that
/// follows a blank line, outside any fenced code block. Such a heading closes every open block
/// (a list, a quote, a table, a paragraph), and nothing before it reaches past it, save four
/// things, in whose presence the document is not cut at all:
/// - link reference definitions (`[label]: url`), which links anywhere may use;
/// - HTML blocks (a line starting with `<`), some of which run on past blank lines;
/// - a code fence indented by one to three columns, which may open a block at the top level
///   or inside a list item (only fences at column 0 are surely top-level, and are followed);
/// - a carriage return alone, a line break the scan does not count.
///
/// Sections are what the import parses in turn while the previous one is read and drawn.
enum MarkdownSections {
    /// The section size imports use: long enough that a section's fixed costs (a parser, a
    /// presentation's looks) do not count, short enough that the first is read soon.
    static let defaultTargetBytes = 256 * 1024

    /// A section: its bytes and the number of lines before it.
    struct Section: Equatable {
        var bytes: Range<Int>
        var linesBefore: Int
    }

    /// The document cut into sections of about `targetBytes` or more (one section when it
    /// cannot be cut).
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, targetBytes: Int) -> [Section] {
        let whole = [Section(bytes: 0 ..< bytes.count, linesBefore: 0)]
        let targetBytes = max(1, targetBytes)
        guard let base = bytes.baseAddress, bytes.count / 2 >= targetBytes,
            !containsLoneCarriageReturn(bytes), !containsDefinitionColon(bytes)
        else { return whole }
        var sections: [Section] = []
        var sectionStart = 0, sectionLinesBefore = 0
        var line = 0, lineStart = 0
        var previousWasBlank = true
        // The open fence at column 0: its character and length.
        var fence: (character: UInt8, count: Int)?
        while lineStart < bytes.count {
            let lineEnd =
                memchr(base + lineStart, 0x0A, bytes.count - lineStart).map {
                    UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base
                } ?? bytes.count
            // cmark-gfm reads the first line after a byte order mark.
            let content = (lineStart == 0 && startsWithByteOrderMark(bytes) ? 3 : lineStart) ..< lineEnd
            let indent = indentation(bytes, content)
            if indent.columns < 4, indent.end < lineEnd {
                // An HTML block (in a fence, a line of code), or a fence that may be in a list item.
                if bytes[indent.end] == UInt8(ascii: "<"), fence == nil { return whole }
                if indent.columns > 0, let run = fenceRun(bytes, indent.end ..< lineEnd), run.count >= 3 {
                    return whole
                }
            }
            if let open = fence {
                if let closing = fenceRun(bytes, content), closing.character == open.character,
                    closing.count >= open.count,
                    isBlank(bytes, closing.end ..< lineEnd)
                {
                    fence = nil
                }
                previousWasBlank = false
            } else if let opening = fenceRun(bytes, content), opening.count >= 3,
                opening.character == UInt8(ascii: "~")
                    || !(opening.end ..< lineEnd).contains(where: { bytes[$0] == UInt8(ascii: "`") })
            {
                fence = (opening.character, opening.count)
                previousWasBlank = false
            } else {
                if previousWasBlank, isHeading(bytes, content), lineStart - sectionStart >= targetBytes {
                    sections.append(Section(bytes: sectionStart ..< lineStart, linesBefore: sectionLinesBefore))
                    sectionStart = lineStart
                    sectionLinesBefore = line
                }
                previousWasBlank = indent.end == lineEnd || isBlank(bytes, indent.end ..< lineEnd)
            }
            line += 1
            lineStart = lineEnd + 1
        }
        guard !sections.isEmpty else { return whole }
        sections.append(Section(bytes: sectionStart ..< bytes.count, linesBefore: sectionLinesBefore))
        return sections
    }

    private static func startsWithByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// Whether a carriage return stands alone somewhere (a line break the scan would miss).
    private static func containsLoneCarriageReturn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        containsByte(0x0D, in: bytes) { $0 != 0x0A }
    }

    /// Whether `]:` is anywhere, as a link reference definition (or a footnote's) has it.
    private static func containsDefinitionColon(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        containsByte(UInt8(ascii: "]"), in: bytes) { $0 == UInt8(ascii: ":") }
    }

    /// Whether `byte` occurs followed by a byte that `next` accepts (nil: the end).
    private static func containsByte(
        _ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, followedBy next: (UInt8?) -> Bool
    ) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var from = 0
        while from < bytes.count, let found = memchr(base + from, Int32(byte), bytes.count - from) {
            let index = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            if next(index + 1 < bytes.count ? bytes[index + 1] : nil) { return true }
            from = index + 1
        }
        return false
    }

    /// The columns of spaces and tabs that start `range`, and where they end.
    private static func indentation(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> (columns: Int, end: Int) {
        var columns = 0, end = range.lowerBound
        while end < range.upperBound, columns < 4 {
            if bytes[end] == UInt8(ascii: " ") {
                columns += 1
            } else if bytes[end] == UInt8(ascii: "\t") {
                columns += 4 - columns % 4
            } else {
                break
            }
            end += 1
        }
        return (columns, end)
    }

    /// The run of backticks or tildes that starts `range`, with where it ends.
    private static func fenceRun(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
    ) -> (character: UInt8, count: Int, end: Int)? {
        guard let first = range.first.map({ bytes[$0] }), first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
        else { return nil }
        var end = range.lowerBound
        while end < range.upperBound, bytes[end] == first { end += 1 }
        return (first, end - range.lowerBound, end)
    }

    /// `#` to `######` at the line's start, then a space, a tab or the line's end.
    private static func isHeading(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var end = range.lowerBound
        while end < range.upperBound, bytes[end] == UInt8(ascii: "#") { end += 1 }
        let level = end - range.lowerBound
        guard (1 ... 6).contains(level) else { return false }
        return end == range.upperBound
            || [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[end])
    }

    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        range.allSatisfy { [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(bytes[$0]) }
    }

}
