import Foundation

/// A linear look at Markdown source before cmark-gfm parses it, estimating from above what the
/// parse would cost where cmark-gfm 0.29 (Debian 12's) costs more than the source's size:
/// - link references: each use of `[label]` copies its definition's destination and title,
///   so a 2 MB definition used 1,000 times is 2 GB of links (and an abort in the HTML renderer);
/// - table cells: every row of a table gets as many cells as its header, so a 5,000-column
///   header over 200 one-cell rows is a million cells;
/// - re-reading: an inline `<?` with no `?>` after it, or `<![CDATA[` with no `]]>`, is looked
///   for to the end of its paragraph each time; every link closed inside brackets left open
///   (`![[]()` repeated) walks all of them; every e-mail address the autolink extension finds
///   copies the rest of its line: all quadratic. The first of each in a paragraph (or line)
///   costs what reading it does anyway and is not counted, so ordinary text counts nothing.
///
/// The estimates are made on lines and blank-line-separated chunks (a chunk stands for a
/// paragraph or a table), never smaller than what cmark does, so they can only refuse early.
struct MarkdownLimitScan {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let options: AttributedString.MarkdownParsingOptions

    /// Definitions found: normalized label -> bytes of destination and title.
    private var definitions: [String: Int] = [:]
    /// Offsets of the `[` that opens each definition's label (not a use).
    private var definitionStarts: Set<Int> = []

    private init(_ bytes: UnsafeBufferPointer<UInt8>, options: AttributedString.MarkdownParsingOptions) {
        self.bytes = bytes
        self.options = options
    }

    /// Throws `MarkdownError.limitExceeded` for the first limit of `options` that `bytes` passes.
    static func check(
        _ bytes: UnsafeBufferPointer<UInt8>, options: AttributedString.MarkdownParsingOptions
    ) throws(MarkdownError) {
        var scan = MarkdownLimitScan(bytes, options: options)
        try scan.scanLines()
        if !scan.definitions.isEmpty { try scan.countReferenceUses() }
    }

    static func check(_ markdown: String, options: AttributedString.MarkdownParsingOptions) throws(MarkdownError) {
        var source = markdown
        let result = source.withUTF8 { bytes in
            Result { () throws(MarkdownError) in try check(bytes, options: options) }
        }
        try result.get()
    }

    // MARK: Lines: tables, definitions, re-reading

    private func lineEnd(from start: Int) -> Int {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, 0x0A, bytes.count - start)
        else { return max(start, bytes.count) }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    private func isBlank(_ start: Int, _ end: Int) -> Bool {
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte != 0x20, byte != 0x09, byte != 0x0D { return false }
            index += 1
        }
        return true
    }

    private mutating func scanLines() throws(MarkdownError) {
        var line = 0, start = 0
        var previousBlank = true
        var tableColumns = 0, cells = 0
        // Re-reading, per chunk: open brackets; openers since the last closer after the first
        // (whether there is one, and the count and offsets of the rest).
        var work = 0, depth = 0
        var instructions = (open: false, count: 0, offsets: 0), cdata = (open: false, count: 0, offsets: 0)
        func endChunk(at end: Int) {
            work += instructions.count * end - instructions.offsets + cdata.count * end - cdata.offsets
            depth = 0
            instructions = (false, 0, 0)
            cdata = (false, 0, 0)
        }
        func opened(_ opener: inout (open: Bool, count: Int, offsets: Int), at index: Int) {
            if opener.open {
                opener.count += 1
                opener.offsets += index
            } else {
                opener.open = true
            }
        }
        while start < bytes.count {
            line += 1
            let end = lineEnd(from: start)
            defer { start = end + 1 }
            if isBlank(start, end) {
                endChunk(at: start)
                try checkRescan(work, line: line)
                tableColumns = 0
                previousBlank = true
                continue
            }
            if tableColumns > 0 {
                cells += tableColumns
            } else if !previousBlank, let columns = delimiterRowColumns(start, end) {
                // The header row before it and the delimiter row: a table's first cells.
                tableColumns = columns
                cells += columns
            }
            if cells > options.maximumTableCells {
                throw .limitExceeded(.tableCells, limit: options.maximumTableCells, found: cells, line: line)
            }
            recordDefinition(start, end)
            // E-mail addresses on this line after its first: count and offsets.
            var addresses = (open: false, count: 0, offsets: 0)
            var index = start
            while index < end {
                // Sixteen bytes at a time while none of them matters (most of a line of prose).
                index = firstMatteringChunk(from: index, before: end)
                guard index < end else { break }
                let byte = bytes[index]
                // Only `<`, `?`, `@`, `[`, `\` and `]` (0x3C to 0x5D) matter: anything else is
                // passed over with one comparison.
                if byte &- 0x3C > 0x21 {
                    index += 1
                    continue
                }
                switch byte {
                case UInt8(ascii: "\\"):
                    index += 1
                case UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "]"):
                    if index + 2 < end, bytes[index + 1] == UInt8(ascii: "]"), bytes[index + 2] == UInt8(ascii: ">") {
                        cdata = (false, 0, 0)
                    }
                    if depth > 0 {
                        work += depth - 1
                        depth -= 1
                    }
                case UInt8(ascii: "<"):
                    if index + 1 < end, bytes[index + 1] == UInt8(ascii: "?") {
                        opened(&instructions, at: index)
                    } else if has("<![CDATA[", at: index, before: end) {
                        opened(&cdata, at: index)
                    }
                case UInt8(ascii: "@"):
                    opened(&addresses, at: index)
                case UInt8(ascii: "?"):
                    if index + 1 < end, bytes[index + 1] == UInt8(ascii: ">"), index > 0,
                        bytes[index - 1] != UInt8(ascii: "<")
                    {
                        instructions = (false, 0, 0)
                    }
                default:
                    break
                }
                index += 1
            }
            work += addresses.count * end - addresses.offsets
            try checkRescan(
                work + instructions.count * end - instructions.offsets + cdata.count * end - cdata.offsets, line: line)
            previousBlank = false
        }
        endChunk(at: bytes.count)
        try checkRescan(work, line: max(line, 1))
    }

    /// The start of the first run of sixteen bytes from `index` that holds `<`, `?`, `@`, `[`,
    /// `\` or `]` (what the line scan looks at), or of the last bytes before `end`, fewer than
    /// sixteen.
    private func firstMatteringChunk(from index: Int, before end: Int) -> Int {
        guard let base = bytes.baseAddress else { return index }
        var index = index
        // `<`, `?` and `@` lie in 0x3C ... 0x40; `[`, `\\` and `]` in 0x5B ... 0x5D.
        let low = SIMD16<UInt8>(repeating: 0x3C), lowSpan = SIMD16<UInt8>(repeating: 4)
        let high = SIMD16<UInt8>(repeating: 0x5B), highSpan = SIMD16<UInt8>(repeating: 2)
        while index + 16 <= end {
            let chunk = UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)
            if any((chunk &- low) .<= lowSpan) || any((chunk &- high) .<= highSpan) { return index }
            index += 16
        }
        return index
    }

    private func checkRescan(_ work: Int, line: Int) throws(MarkdownError) {
        if work > options.maximumRescanWork {
            throw .limitExceeded(.rescanWork, limit: options.maximumRescanWork, found: work, line: line)
        }
    }

    private func has(_ text: StaticString, at index: Int, before end: Int) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= end else { return false }
        for offset in 0 ..< count where bytes[index + offset] != text.utf8Start[offset] { return false }
        return true
    }

    /// The number of columns when the line is a table's delimiter row (`| --- | :-: |`): only
    /// pipes, dashes, colons and spaces, at least one pipe, a dash in every cell.
    private func delimiterRowColumns(_ start: Int, _ end: Int) -> Int? {
        var columns = 0, pipes = 0
        var cellHasDash = false, cellHasAnything = false
        for index in start ..< end {
            switch bytes[index] {
            case UInt8(ascii: "|"):
                pipes += 1
                if cellHasAnything {
                    guard cellHasDash else { return nil }
                    columns += 1
                }
                cellHasDash = false
                cellHasAnything = false
            case UInt8(ascii: "-"):
                cellHasDash = true
                cellHasAnything = true
            case UInt8(ascii: ":"):
                cellHasAnything = true
            case 0x20, 0x09, 0x0D:
                break
            default:
                return nil
            }
        }
        if cellHasAnything {
            guard cellHasDash else { return nil }
            columns += 1
        }
        return pipes > 0 && columns > 0 ? columns : nil
    }

    /// Records a link reference definition (`[label]: destination "title"`) that starts the
    /// line (after quote and list markers): its label and the bytes of its destination and title.
    private mutating func recordDefinition(_ start: Int, _ end: Int) {
        var index = start
        // Spaces, quote markers and list markers before the label.
        while index < end {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") {
                index += 1
            } else if (byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*")),
                index + 1 < end, bytes[index + 1] == 0x20
            {
                index += 2
            } else if (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) {
                var digit = index
                while digit < end, (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(bytes[digit]) { digit += 1 }
                guard digit + 1 < end, bytes[digit] == UInt8(ascii: ".") || bytes[digit] == UInt8(ascii: ")"),
                    bytes[digit + 1] == 0x20
                else { return }
                index = digit + 2
            } else {
                break
            }
        }
        guard index < end, bytes[index] == UInt8(ascii: "["), let close = labelEnd(after: index, before: end),
            close + 1 < end, bytes[close + 1] == UInt8(ascii: ":")
        else { return }
        let label = Self.normalizedLabel(UnsafeBufferPointer(rebasing: bytes[(index + 1) ..< close]))
        guard !label.isEmpty else { return }
        // The destination and title: the rest of the line, the next line when the rest is
        // empty, and the lines a title goes on over (to a blank line when it is left open).
        var size = end - (close + 2)
        var next = end + 1
        func takeLine() {
            let lineEnd = lineEnd(from: next)
            size += lineEnd - next + 1
            next = lineEnd + 1
        }
        if isBlank(close + 2, end), next < bytes.count, !isBlank(next, lineEnd(from: next)) { takeLine() }
        if next < bytes.count, let first = firstNonSpace(next, lineEnd(from: next)),
            first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") || first == UInt8(ascii: "(")
        {
            takeLine()
        }
        if titleIsOpen(close + 2, next - 1) {
            while next < bytes.count, !isBlank(next, lineEnd(from: next)) { takeLine() }
        }
        definitionStarts.insert(index)
        // The first definition of a label is the one used.
        if definitions[label] == nil { definitions[label] = size }
    }

    private func firstNonSpace(_ start: Int, _ end: Int) -> UInt8? {
        var index = start
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
        return index < end ? bytes[index] : nil
    }

    /// Whether a title opened in `start..<end` is not closed there (an odd number of quotes, or
    /// more opening than closing parentheses).
    private func titleIsOpen(_ start: Int, _ end: Int) -> Bool {
        var double = 0, single = 0, parentheses = 0
        var index = start
        while index < min(end, bytes.count) {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "\""): double += 1
            case UInt8(ascii: "'"): single += 1
            case UInt8(ascii: "("): parentheses += 1
            case UInt8(ascii: ")"): parentheses -= 1
            default: break
            }
            index += 1
        }
        return double % 2 == 1 || single % 2 == 1 || parentheses > 0
    }

    /// The `]` closing a label opened at `open`: at most 999 bytes on, no `[` between.
    private func labelEnd(after open: Int, before end: Int) -> Int? {
        var index = open + 1
        while index < end, index - open <= 1000 {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): return nil
            case UInt8(ascii: "]"): return index
            default: break
            }
            index += 1
        }
        return nil
    }

    // MARK: Uses of references

    /// Counts every `[label]` naming a definition; each use after the first repeats it.
    private func countReferenceUses() throws(MarkdownError) {
        var uses: [String: Int] = [:]
        var expansion = 0, line = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A { line += 1 }
            guard byte == UInt8(ascii: "["), !definitionStarts.contains(index) else {
                index += byte == UInt8(ascii: "\\") ? 2 : 1
                continue
            }
            // A label ends at "]" before a "[" or a line's end... or goes on over lines: cmark
            // labels may, so the search goes on to 1,000 bytes whatever they hold.
            guard let close = labelEnd(after: index, before: bytes.count) else {
                index += 1
                continue
            }
            let label = Self.normalizedLabel(UnsafeBufferPointer(rebasing: bytes[(index + 1) ..< close]))
            if let size = definitions[label] {
                uses[label, default: 0] += 1
                if uses[label]! > 1 {
                    expansion += size
                    if expansion > options.maximumReferenceExpansionBytes {
                        throw .limitExceeded(
                            .referenceExpansionBytes, limit: options.maximumReferenceExpansionBytes, found: expansion,
                            line: line)
                    }
                }
            }
            for inner in (index + 1) ..< close where bytes[inner] == 0x0A { line += 1 }
            index = close + 1
        }
    }

    /// A label as CommonMark matches it: case folded, runs of whitespace made one space, trimmed.
    static func normalizedLabel(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        var collapsed = ""
        var pendingSpace = false
        for character in text {
            if character.isWhitespace {
                pendingSpace = !collapsed.isEmpty
            } else {
                if pendingSpace { collapsed.append(" ") }
                pendingSpace = false
                collapsed.append(character)
            }
        }
        // Lower, upper, lower: "ß" and "SS" (and "ẞ") meet as "ss", as case folding makes them.
        return collapsed.lowercased().uppercased().lowercased()
    }
}
