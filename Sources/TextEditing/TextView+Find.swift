import Foundation
import TextContent
import TextLayout

/// How `TextView.find` matches.
public struct TextFindOptions: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// "lord" finds "LORD".
    public static let caseInsensitive = TextFindOptions(rawValue: 1 << 0)
    /// "cafe" finds "café".
    public static let diacriticInsensitive = TextFindOptions(rawValue: 1 << 1)
    /// Only matches with no letter or digit right before or after them.
    public static let wholeWord = TextFindOptions(rawValue: 1 << 2)
    /// The pattern is a regular expression (Swift `Regex` syntax).
    public static let regularExpression = TextFindOptions(rawValue: 1 << 3)
}

/// Why a search could not run.
public enum TextFindError: Error, Equatable, CustomStringConvertible {
    case emptyPattern
    case invalidRegularExpression(String)

    public var description: String {
        switch self {
        case .emptyPattern: return "There is nothing to find: the pattern is empty."
        case .invalidRegularExpression(let reason): return "The regular expression is not valid: \(reason)"
        }
    }
}

/// Find and replace. A search reads one paragraph at a time (matches do not cross paragraph
/// separators), so a 100 MB document is never copied into one `String`.
extension TextView {
    /// Selects the next match after the selection (or, `backward`, the one before it), going
    /// round the document's end when `wraps`; returns its range, or nil when there is none.
    @discardableResult
    public func find(
        _ pattern: String, options: TextFindOptions = [], backward: Bool = false, wraps: Bool = true
    ) throws(TextFindError) -> NSRange? {
        let matcher = try TextMatcher(pattern, options: options)
        let selection = selectionOffsets.first?.first ?? 0 ..< 0
        let length = textContentStorage.utf16Length
        var found: Range<Int>?
        if backward {
            found = lastMatch(matcher, before: selection.lowerBound)
            if found == nil, wraps { found = lastMatch(matcher, before: length) }
        } else {
            found = firstMatch(matcher, from: selection.upperBound)
            if found == nil, wraps { found = firstMatch(matcher, from: 0) }
        }
        guard let found else { return nil }
        undoStack.closeStep()
        setSelections([found])
        return NSRange(location: found.lowerBound, length: found.count)
    }

    /// Every match in the document, in order.
    public func ranges(of pattern: String, options: TextFindOptions = []) throws(TextFindError) -> [NSRange] {
        let matcher = try TextMatcher(pattern, options: options)
        var result: [NSRange] = []
        forEachRun(of: matcher) { text, start, isASCII in
            for match in matcher.matches(inUTF8: text, isASCII: isASCII) {
                result.append(NSRange(location: start + match.lowerBound, length: match.count))
            }
        }
        return result
    }

    /// How many matches the document has.
    public func countMatches(of pattern: String, options: TextFindOptions = []) throws(TextFindError) -> Int {
        let matcher = try TextMatcher(pattern, options: options)
        var count = 0
        forEachRun(of: matcher) { text, _, isASCII in count += matcher.matches(inUTF8: text, isASCII: isASCII).count }
        return count
    }

    /// Replaces the selection with `replacement` if it is a match, then finds the next one.
    public func replace(
        _ pattern: String, with replacement: String, options: TextFindOptions = []
    ) throws(TextFindError) {
        let matcher = try TextMatcher(pattern, options: options)
        if let selection = selectionOffsets.first?.first, !selection.isEmpty,
            matcher.matches(in: String(textContentStorage.exactText(selection).characters[...])).first == 0
                ..< selection.count
        {
            replace([selection], with: nil, plain: replacement, kind: .other)
        }
        try find(pattern, options: options)
    }

    /// Replaces every match with `replacement`: one transaction and one undo step; the viewport
    /// keeps its place (its anchor follows the text). The selections move with their text, as
    /// through any other edit (one inside a match goes to the end of its replacement), and never
    /// end inside a grapheme cluster; undo brings back the selections from before, redo the ones
    /// after. Returns how many were replaced.
    @discardableResult
    public func replaceAll(
        _ pattern: String, with replacement: String, options: TextFindOptions = []
    ) throws(TextFindError) -> Int {
        let matches = try ranges(of: pattern, options: options).map { $0.location ..< $0.location + $0.length }
        guard !matches.isEmpty else { return 0 }
        undoStack.closeStep()
        replace(matches, with: nil, plain: replacement, kind: .other, mappingSelections: true)
        return matches.count
    }

    /// Highlights every match in `range` (what a view shows) with a background colour drawn
    /// through rendering attributes; the content is not touched.
    public func highlightMatches(
        of pattern: String, options: TextFindOptions = [], in range: NSRange,
        color: TextColor = TextColor(red: 1, green: 0.9, blue: 0.3)
    ) throws(TextFindError) {
        let matcher = try TextMatcher(pattern, options: options)
        guard let window = offsets(of: range), let textRange = textContentStorage.textRange(for: window) else { return }
        textLayoutManager.ensureLayout(for: textRange)
        textLayoutManager.removeRenderingAttribute(.backgroundColor, for: textRange)
        forEachParagraph(from: window.lowerBound) { text, start in
            for match in matcher.matches(inUTF8: text) {
                let found = start + match.lowerBound ..< start + match.upperBound
                guard found.overlaps(window), let matchRange = textContentStorage.textRange(for: found) else {
                    continue
                }
                textLayoutManager.addRenderingAttribute(.backgroundColor, value: color, for: matchRange)
            }
            return start < window.upperBound
        }
    }

    // MARK: Searching paragraphs

    private func firstMatch(_ matcher: TextMatcher, from offset: Int) -> Range<Int>? {
        var found: Range<Int>?
        forEachParagraph(from: offset) { text, start in
            found = matcher.matches(inUTF8: text).lazy.map { start + $0.lowerBound ..< start + $0.upperBound }.first {
                $0.lowerBound >= offset
            }
            return found == nil
        }
        return found
    }

    private func lastMatch(_ matcher: TextMatcher, before offset: Int) -> Range<Int>? {
        // Paragraph by paragraph backward from the one holding `offset`.
        let paragraphs = textContentStorage.paragraphCount
        guard paragraphs > 0,
            let location = textContentStorage.textRange(
                for: min(offset, textContentStorage.utf16Length) ..< min(offset, textContentStorage.utf16Length))?
                .location,
            var index = textContentStorage.paragraphIndex(for: location)
                ?? (offset >= textContentStorage.utf16Length ? paragraphs - 1 : nil)
        else { return nil }
        while index >= 0 {
            guard let paragraph = textContentStorage.textParagraph(atIndex: index), let range = paragraph.elementRange,
                let start = try? textContentStorage.offset(of: range.location)
            else { return nil }
            let text = String(paragraph.attributedString.characters[...])
            if let match = matcher.matches(in: text).map({ start + $0.lowerBound ..< start + $0.upperBound }).last(
                where: { $0.upperBound <= offset })
            {
                return match
            }
            index -= 1
        }
        return nil
    }

    /// Calls `body` with the UTF-8 text of the whole document, its start and whether it is
    /// ASCII: in runs of paragraphs read in place when `matcher` cannot match across a
    /// paragraph's end (a document just opened is one run), else paragraph by paragraph.
    private func forEachRun(
        of matcher: TextMatcher, _ body: (UnsafeBufferPointer<UInt8>, Int, _ isASCII: Bool) -> Void
    ) {
        guard matcher.findsMatchesAcrossParagraphs, textContentStorage.delegate == nil else {
            return forEachParagraph(from: 0) { text, start in
                body(text, start, false)
                return true
            }
        }
        textContentStorage.enumerateUTF8Runs(fromOffset: 0) { start, text, utf16Count in
            body(text, start, text.count == utf16Count)
            return true
        }
    }

    /// Calls `body` with the UTF-8 text and start of each paragraph from the one holding
    /// `offset` (text read from a file is searched in place).
    private func forEachParagraph(from offset: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Bool) {
        let from = min(max(0, offset), textContentStorage.utf16Length)
        guard textContentStorage.delegate == nil else {
            // A delegate may hide or substitute paragraphs: search what it shows.
            let storage = textContentStorage
            let documentStart = storage.documentRange.location
            guard let location = storage.location(documentStart, offsetBy: from) else { return }
            storage.enumerateTextElements(from: location) { element in
                guard let paragraph = element as? TextParagraph, let range = paragraph.elementRange else { return true }
                var text = paragraph.plainText ?? String(paragraph.attributedString.characters[...])
                return text.withUTF8 { body($0, storage.offset(from: documentStart, to: range.location)) }
            }
            return
        }
        textContentStorage.enumerateParagraphUTF8(fromOffset: from) { start, text in
            body(text, start)
        }
    }
}
