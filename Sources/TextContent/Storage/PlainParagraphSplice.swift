import Foundation

/// Rebuilds the text of paragraphs without attributes with ranges of them replaced by plain
/// text (what replace-all does to each paragraph it touches), keeping the text each range
/// held. A replace-all's matches mostly hold the same word: a text equal to the one before
/// is not made again.
struct PlainParagraphSplice {
    /// The text each range held, in the order the ranges came.
    private(set) var replaced: [ContentSlice] = []
    /// The last text kept from ASCII bytes, and its slice.
    private var lastText = "", lastSlice = ContentSlice("")

    init(expectedRanges: Int) {
        replaced.reserveCapacity(expectedRanges)
    }

    /// The ASCII `bytes` of a paragraph starting at document offset `start`, with `ranges`
    /// (document offsets, sorted, inside it) replaced by `texts`: one copy, no decoding.
    mutating func splice(
        ascii bytes: UnsafeBufferPointer<UInt8>, start: Int, _ ranges: ArraySlice<Range<Int>>,
        _ texts: ArraySlice<String>
    ) -> String {
        var capacity = bytes.count
        for (range, text) in zip(ranges, texts) {
            capacity += text.utf8.count - range.count
            keepReplaced(UnsafeBufferPointer(rebasing: bytes[range.lowerBound - start ..< range.upperBound - start]))
        }
        return String(unsafeUninitializedCapacity: capacity) { output -> Int in
            guard let input = bytes.baseAddress, let out = output.baseAddress else { return 0 }
            var written = 0, read = 0
            for (range, text) in zip(ranges, texts) {
                let lower = range.lowerBound - start
                (out + written).initialize(from: input + read, count: lower - read)
                written += lower - read
                var text = text
                written += text.withUTF8 { utf8 in
                    if let base = utf8.baseAddress { (out + written).initialize(from: base, count: utf8.count) }
                    return utf8.count
                }
                read = range.upperBound - start
            }
            (out + written).initialize(from: input + read, count: bytes.count - read)
            return written + bytes.count - read
        }
    }

    /// `plain`, the text of a paragraph starting at document offset `start`, with `ranges`
    /// replaced by `texts`, through its UTF-16 view; throws for an edge between the halves of
    /// a surrogate pair.
    mutating func splice(
        _ plain: String, start: Int, _ ranges: ArraySlice<Range<Int>>, _ texts: ArraySlice<String>
    ) throws(TextContentError) -> String {
        let utf16 = plain.utf16
        var edited = ""
        edited.reserveCapacity(plain.utf8.count + texts.reduce(0) { $0 + $1.utf8.count })
        var cursor = utf16.startIndex
        var cursorOffset = start
        for (range, text) in zip(ranges, texts) {
            let lower = utf16.index(cursor, offsetBy: range.lowerBound - cursorOffset)
            let upper = utf16.index(lower, offsetBy: range.count)
            for (edge, offset) in [(lower, range.lowerBound), (upper, range.upperBound)]
            where edge < utf16.endIndex && UTF16.isTrailSurrogate(utf16[edge]) {
                throw .splitsSurrogatePair(offset: offset)
            }
            edited += plain[cursor ..< lower]
            replaced.append(ContentSlice(String(plain[lower ..< upper])))
            edited += text
            cursor = upper
            cursorOffset = range.upperBound
        }
        edited += plain[cursor...]
        return edited
    }

    /// Keeps ASCII `bytes` as a replaced text, the one before again when they are equal.
    private mutating func keepReplaced(_ bytes: UnsafeBufferPointer<UInt8>) {
        let isLast =
            lastText.utf8.count == bytes.count
            && lastText.utf8.withContiguousStorageIfAvailable { last in
                guard let lastBase = last.baseAddress, let base = bytes.baseAddress else { return bytes.isEmpty }
                return memcmp(lastBase, base, bytes.count) == 0
            } == true
        if !isLast {
            lastText = String(decoding: bytes, as: UTF8.self)
            lastSlice = ContentSlice(lastText)
        }
        replaced.append(lastSlice)
    }
}
