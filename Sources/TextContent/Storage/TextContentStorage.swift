import Foundation

/// The concrete content manager: a document of `AttributedString` paragraphs.
///
/// Paragraphs live in a summarized B-tree, so finding the paragraph of an offset, converting
/// offsets and editing cost O(log n) in the number of paragraphs. Text read from a file stays
/// as the file's bytes until a paragraph is edited or its attributes are asked for; opening
/// makes no per-paragraph objects.
///
/// ```swift
/// let storage = TextContentStorage(string: "Hello\nworld")
/// let start = storage.documentRange.location
/// let range = TextRange(location: start, end: storage.location(start, offsetBy: 5))!
/// try storage.replaceContents(in: range, with: "Goodbye")
/// storage.string   // "Goodbye\nworld"
/// ```
public final class TextContentStorage: TextContentManager {
    /// The original text that `.plain` paragraphs slice.
    let source: SourceText
    var index: ParagraphIndex
    var cache: ParagraphCache
    /// True until the first edit of a document made from plain text: its text is `source`.
    var isPristine: Bool
    /// From how many UTF-16 units a paragraph without attributes is kept as a `LongParagraphText`
    /// (a B-tree) when it is edited, rather than as a `String` that each edit copies; one that
    /// shrinks below half of it becomes a `String` again. A knob for tests, which keep it small.
    var longParagraphThreshold = 65_536
    /// The trees of the file's long paragraphs, built on another thread once it is opened.
    let prebuiltTrees = LongParagraphPrebuild()

    /// How many plain paragraphs may keep a cached `AttributedString`.
    public static let defaultElementCacheCapacity = 4096

    /// An empty document.
    public convenience override init() {
        self.init(string: "")
    }

    /// A document with the text of `string`, no attributes.
    public convenience init(string: String, elementCacheCapacity: Int = TextContentStorage.defaultElementCacheCapacity)
    {
        // A Swift string is valid UTF-8, so scanning it cannot fail.
        try! self.init(source: SourceText(copying: string), elementCacheCapacity: elementCacheCapacity)
    }

    /// A document of paragraph entries made elsewhere (`init(text:utf8Runs:)`).
    init(index: ParagraphIndex, elementCacheCapacity: Int = TextContentStorage.defaultElementCacheCapacity) {
        source = SourceText(count: 0)
        self.index = index
        cache = ParagraphCache(capacity: elementCacheCapacity)
        isPristine = false
        super.init()
    }

    /// A document with the text and attributes of `attributedString`.
    public init(
        attributedString: AttributedString, elementCacheCapacity: Int = TextContentStorage.defaultElementCacheCapacity
    ) {
        source = SourceText(count: 0)
        index = ParagraphIndex(Self.attributedParagraphs(of: attributedString))
        cache = ParagraphCache(capacity: elementCacheCapacity)
        isPristine = false
        super.init()
    }

    /// A document read from a UTF-8 text file. Invalid UTF-8 is an error naming the byte offset
    /// of the first bad sequence, unless `allowsLossyDecoding` replaces bad sequences with U+FFFD.
    /// A leading byte order mark is dropped (offsets count from after it).
    public convenience init(contentsOf url: URL, allowsLossyDecoding: Bool = false) throws(TextContentError) {
        let source = try SourceText.read(contentsOf: url)
        source.dropByteOrderMark()
        try self.init(source: source, allowsLossyDecoding: allowsLossyDecoding)
    }

    /// A document from UTF-8 bytes; see `init(contentsOf:allowsLossyDecoding:)`.
    public convenience init(utf8 data: Data, allowsLossyDecoding: Bool = false) throws(TextContentError) {
        let source = SourceText(count: data.count)
        source.append(data)
        source.dropByteOrderMark()
        try self.init(source: source, allowsLossyDecoding: allowsLossyDecoding)
    }

    private init(
        source: SourceText, allowsLossyDecoding: Bool = false,
        elementCacheCapacity: Int = TextContentStorage.defaultElementCacheCapacity
    ) throws(TextContentError) {
        var source = source
        let long = longParagraphThreshold
        var scanned = ParagraphScanner.plainParagraphs(in: source.buffer, longFrom: long)
        if case .failure = scanned, allowsLossyDecoding {
            source = SourceText(copying: String(decoding: source.buffer, as: UTF8.self))
            scanned = ParagraphScanner.plainParagraphs(in: source.buffer, longFrom: long)
        }
        self.source = source
        let (index, longParagraphs) = try scanned.get()
        self.index = index
        cache = ParagraphCache(capacity: elementCacheCapacity)
        isPristine = true
        super.init()
        prebuiltTrees.start(longParagraphs, of: source)
    }

    // MARK: Size

    /// The number of paragraphs.
    public var paragraphCount: Int { index.paragraphCount }

    /// The document's length in UTF-16 code units.
    public var utf16Length: Int { index.utf16Length }

    /// How many plain paragraphs currently keep a cached attributed string.
    public var cachedElementCount: Int { cache.count }

    // MARK: Locations

    func makeLocation(_ offset: Int) -> TextContentLocation {
        TextContentLocation(offset: offset, documentIdentifier: documentIdentifier)
    }

    /// The UTF-16 offset of `location`, or an error if it is not a valid location of this document.
    public func offset(of location: any TextLocation) throws(TextContentError) -> Int {
        guard let location = location as? TextContentLocation, location.documentIdentifier == documentIdentifier else {
            throw .foreignLocation(location.description)
        }
        guard location.offset >= 0, location.offset <= utf16Length else {
            throw .outOfBounds(offset: location.offset, documentLength: utf16Length)
        }
        return location.offset
    }

    /// The UTF-16 offsets of `range`, or an error if it is not a valid range of this document.
    public func offsets(of range: TextRange) throws(TextContentError) -> Range<Int> {
        let start = try offset(of: range.location)
        let end = try offset(of: range.endLocation)
        return start ..< max(start, end)
    }

    /// The range of UTF-16 offsets `offsets`, or nil if it is out of bounds.
    public func textRange(for offsets: Range<Int>) -> TextRange? {
        guard offsets.lowerBound >= 0, offsets.upperBound <= utf16Length else { return nil }
        return TextRange(location: makeLocation(offsets.lowerBound), end: makeLocation(offsets.upperBound))
    }

    public override var documentRange: TextRange {
        TextRange(location: makeLocation(0), end: makeLocation(utf16Length))!
    }

    public override func location(_ location: any TextLocation, offsetBy offset: Int) -> (any TextLocation)? {
        guard let start = try? self.offset(of: location) else { return nil }
        let (target, overflow) = start.addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= utf16Length else { return nil }
        return makeLocation(target)
    }

    public override func offset(from: any TextLocation, to: any TextLocation) -> Int {
        guard let start = try? offset(of: from), let end = try? offset(of: to) else { return NSNotFound }
        return end - start
    }

    /// The text range of an `NSRange` (UTF-16), or nil if it is out of bounds or `NSNotFound`.
    public func textRange(for range: NSRange) -> TextRange? {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0 else { return nil }
        let (end, overflow) = range.location.addingReportingOverflow(range.length)
        guard !overflow else { return nil }
        return textRange(for: range.location ..< end)
    }

    /// The `NSRange` of a text range; location `NSNotFound` if the range is not of this document.
    public func nsRange(for range: TextRange) -> NSRange {
        guard let offsets = try? offsets(of: range) else { return NSRange(location: NSNotFound, length: 0) }
        return NSRange(location: offsets.lowerBound, length: offsets.count)
    }

    /// Enumerates paragraphs from the one containing `textLocation` (backward: from the one
    /// before it), skipping those the delegate hides, and returns the edge reached.
    /// Replaces exactly the UTF-16 range `range` with the text of `textElements` (their
    /// attributed strings one after another; nil or none deletes). An element that is not a
    /// paragraph is refused with `.editingNotSupported`, and nothing is changed.
    public override func replaceContents(
        in range: TextRange, with textElements: [any TextElement]?
    ) throws(TextContentError) {
        try replaceElements(in: range, with: textElements)
    }

    @discardableResult
    public override func enumerateTextElements(
        from textLocation: (any TextLocation)?,
        options: TextContentManagerEnumerationOptions = [],
        using block: (any TextElement) -> Bool
    ) -> (any TextLocation)? {
        enumerateParagraphs(from: textLocation, options: options, using: block)
    }

    // MARK: Content

    /// The whole document as one attributed string, made on demand: O(document).
    public var attributedString: AttributedString {
        if isPristine { return AttributedString(source.string(0, source.count)) }
        var result = AttributedString()
        index.forEach(from: 0, reverse: false) { position in
            result.append(attributedString(of: position.entry))
            return true
        }
        return result
    }

    /// The whole document's text, made on demand: O(document).
    public var string: String {
        var result = ""
        result.reserveCapacity(utf16Length)
        index.forEach(from: 0, reverse: false) { position in
            switch position.entry.content {
            case .plain(let start, let count): result += plainText(start, count)
            case .string(let text), .uniform(let text, _): result += text
            case .attributed(let text): result += Self.plainString(of: text)
            case .runs(let runs): result += runs.text
            case .long(let text): result += text.string
            }
            return true
        }
        return result
    }

    /// The attributed text in `range`, or nil if the range is not of this document.
    public func attributedString(in range: TextRange) -> AttributedString? {
        guard let offsets = try? offsets(of: range) else { return nil }
        return attributedString(in: offsets)
    }

    /// The offsets of the paragraph holding `offset`, its separator included.
    public func paragraphOffsets(containing offset: Int) -> Range<Int>? {
        guard let position = index.paragraph(containing: offset) else { return nil }
        return position.start ..< position.end
    }

    /// The attributed text of exactly `offsets` (clamped to the document), edges inside a
    /// grapheme cluster included: what an undo record keeps. Slices that cut a cluster are
    /// rebuilt from the paragraph's units and runs rather than sliced, which AttributedString on
    /// Linux mishandles.
    public func exactText(_ offsets: Range<Int>) -> AttributedString {
        let requested = max(0, min(offsets.lowerBound, utf16Length)) ..< max(0, min(offsets.upperBound, utf16Length))
        var result = AttributedString()
        guard !requested.isEmpty, let first = index.paragraph(containing: requested.lowerBound) else { return result }
        index.forEach(from: first.ordinal, reverse: false) { position in
            let lower = max(requested.lowerBound, position.start) - position.start
            let upper = min(requested.upperBound, position.end) - position.start
            if lower < upper, let plain = plainSlice(of: position.entry, lower ..< upper) {
                // Text without attributes is sliced as text: no AttributedString of a 5 MB paragraph.
                result.append(AttributedString(plain))
            } else if lower < upper, let (text, attributes) = position.entry.content.uniform {
                // Text with one set of attributes too, the attributes then set on the slice.
                result.append(AttributedString(Self.utf16Slice(of: text, lower ..< upper), attributes: attributes))
            } else if lower < upper {
                let text = attributedString(of: position.entry)
                let safe =
                    clusterBoundary(atOrBefore: position.start + lower) == position.start + lower
                    && clusterBoundary(atOrBefore: position.start + upper) == position.start + upper
                result.append(
                    safe
                        ? AttributedString(text[text.utf16Range(lower ..< upper)])
                        : Self.rebuiltSlice(of: text, lower ..< upper))
            }
            return position.end < requested.upperBound
        }
        return result
    }

    /// `text`'s UTF-16 range `range` as a new string: its units, then each run's attributes.
    private static func rebuiltSlice(of text: AttributedString, _ range: Range<Int>) -> AttributedString {
        let units = Array(text.utf16)
        var result = AttributedString(String(decoding: units[range], as: UTF16.self))
        var offset = 0
        for run in text.runs {
            let count = text.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            let lowerEdge = max(offset, range.lowerBound), upperEdge = min(offset + count, range.upperBound)
            if lowerEdge < upperEdge, run.attributes != AttributeContainer() {
                let overlap = lowerEdge ..< upperEdge
                let lower = result.utf16.index(result.startIndex, offsetBy: overlap.lowerBound - range.lowerBound)
                let upper = result.utf16.index(lower, offsetBy: overlap.count)
                result[lower ..< upper].setAttributes(run.attributes)
            }
            offset += count
        }
        return result
    }

    /// The attributed text in `offsets`, widened to whole grapheme clusters (a slice that cuts
    /// a cluster breaks AttributedString's character view).
    func attributedString(in requested: Range<Int>) -> AttributedString {
        let offsets = snappedToGraphemeClusters(requested)
        var result = AttributedString()
        guard let first = index.paragraph(containing: offsets.lowerBound), !offsets.isEmpty else { return result }
        index.forEach(from: first.ordinal, reverse: false) { position in
            let lower = max(offsets.lowerBound, position.start) - position.start
            let upper = min(offsets.upperBound, position.end) - position.start
            if Self.isUncached(position.entry) || isLong(position.entry),
                let plain = plainSlice(of: position.entry, lower ..< upper)
            {
                // Text without attributes is sliced as text (copying a word of a 5 MB
                // paragraph makes no AttributedString of it); a short paragraph read from a
                // file keeps the one cached for it.
                result.append(AttributedString(plain))
            } else {
                let text = attributedString(of: position.entry)
                result.append(text[text.utf16Range(lower ..< upper)])
            }
            return position.end < offsets.upperBound
        }
        return result
    }

    func plainText(_ start: Int, _ count: Int) -> String {
        source.string(start, count)
    }

    /// The text of a paragraph entry without attributes, or nil for one with them. O(n) for a
    /// long paragraph (its String is made once): the keystroke path reads `plainSlice(of:_:)`.
    func plainString(of entry: ParagraphEntry) -> String? {
        switch entry.content {
        case .plain(let start, let count): return plainText(start, count)
        case .string(let text): return text
        case .long(let text): return text.string
        case .uniform, .attributed, .runs: return nil
        }
    }

    /// Whether a paragraph entry's attributed string is made afresh each time (only `.plain`
    /// entries have theirs cached).
    static func isUncached(_ entry: ParagraphEntry) -> Bool {
        if case .plain = entry.content { return false }
        return true
    }

    /// Whether a paragraph entry has no attributes (its text is a `plainString`).
    func isPlain(_ entry: ParagraphEntry) -> Bool {
        switch entry.content {
        case .plain, .string, .long: return true
        case .uniform, .attributed, .runs: return false
        }
    }

    /// The text of paragraph-local UTF-16 range `range` (clamped) of an entry without
    /// attributes, or nil for one with them: O(log n + range) for a long paragraph.
    func plainSlice(of entry: ParagraphEntry, _ range: Range<Int>) -> String? {
        if case .long(let text) = entry.content { return text.string(in: range) }
        guard let plain = plainString(of: entry) else { return nil }
        return Self.utf16Slice(of: plain, range)
    }

    /// UTF-16 `range` of `text` (clamped), decoded from the units, as `LongParagraphText` does:
    /// an edge inside a surrogate pair gives U+FFFD, never a scalar that was not asked for.
    static func utf16Slice(of text: String, _ range: Range<Int>) -> String {
        let utf16 = text.utf16
        let count = utf16.count
        let lower = max(0, min(range.lowerBound, count)), upper = max(lower, min(range.upperBound, count))
        let first = utf16.index(utf16.startIndex, offsetBy: lower)
        return String(decoding: utf16[first ..< utf16.index(first, offsetBy: upper - lower)], as: UTF16.self)
    }

    /// The attributed string of a paragraph entry; plain ones are made once and cached.
    func attributedString(of entry: ParagraphEntry) -> AttributedString {
        switch entry.content {
        case .attributed(let text):
            return text
        case .runs(let runs):
            return runs.attributedString
        case .string(let text):
            return AttributedString(text)
        case .uniform(let text, let attributes):
            return AttributedString(text, attributes: attributes)
        case .plain(let start, let count):
            if let cached = cache.value(for: start) { return cached }
            let text = AttributedString(plainText(start, count))
            cache.insert(text, for: start)
            return text
        case .long(let text):
            return AttributedString(text.string)
        }
    }

    /// Paragraph entries of an attributed string.
    static func attributedParagraphs(of text: AttributedString) -> [ParagraphEntry] {
        var entries: [ParagraphEntry] = []
        var lower = text.startIndex
        // Its breaks found in its UTF-8, copied a chunk of the rope at a time: its UTF-16 view, a
        // unit at a time, took a quarter of a second for a paragraph of 5 MB.
        var string = String(text.characters[...])
        var paragraphs: [(utf16Length: Int, separatorLength: Int, endsWithCR: Bool)] = []
        string.withUTF8 { utf8 in
            _ = ParagraphScanner.scan(utf8) { _, end, utf16, separator in
                paragraphs.append((utf16, separator, separator == 1 && utf8[end - 1] == 0x0D))
            }
        }
        var followsCR = false
        for (length, separator, endsWithCR) in paragraphs {
            let upper = text.utf16.index(lower, offsetBy: length)
            entries.append(
                paragraphEntry(
                    paragraphText(text, lower ..< upper, followsCR: followsCR), utf16Length: length,
                    separatorLength: separator))
            followsCR = endsWithCR
            lower = upper
        }
        return entries
    }
}

extension AttributedString {
    /// The index range of UTF-16 offsets `offsets`.
    func utf16Range(_ offsets: Range<Int>) -> Range<AttributedString.Index> {
        let lower = utf16.index(startIndex, offsetBy: offsets.lowerBound)
        return lower ..< utf16.index(lower, offsetBy: offsets.count)
    }
}
