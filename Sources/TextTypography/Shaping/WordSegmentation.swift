/// Where the shaper cuts text into the pieces it shapes and caches separately.
@_spi(Typesetting) public enum WordSegmentation {
    /// Whether a code unit is a separator: runs of separators are shaped apart from the words
    /// between them, so that each word can be cached on its own. Spaces neither join nor form
    /// ligatures with letters; kerning against a space is the one thing lost, as in every
    /// word-caching shaper (Chrome's, Firefox's).
    @_spi(Typesetting) public static func isSeparator(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20, 0x09, 0xA0, 0x1680, 0x2000 ... 0x200A, 0x202F, 0x205F, 0x3000: return true
        default: return false
        }
    }

    /// Whether a long word may be cut after this code unit: CJK full stops and commas, after
    /// which nothing kerns, joins or ligates. Text of ideographs has no spaces, so without such
    /// cuts a whole paragraph would be one "word" and an edit would reshape all of it.
    static func isSoftBreakAfter(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x3001, 0x3002, 0xFF01, 0xFF0C, 0xFF1A, 0xFF1B, 0xFF1F, 0x0E5A, 0x0E5B: return true
        default: return false
        }
    }

    /// Words at least this long are cut after a soft break.
    static let softBreakMinimumLength = 32
    /// Words are cut at a grapheme boundary before they get longer than this (a 10 MB string of
    /// one "word" is shaped 1,024 code units at a time, with the neighbouring text as context,
    /// so memory stays bounded and joining still works across the cuts).
    static let maximumWordLength = 1_024
    /// Grapheme clusters longer than this are shaped in pieces of this length. HarfBuzz's mark
    /// handling is quadratic in the length of a cluster (100,000 combining marks on one base take
    /// 15 s in HarfBuzz 6.0 alone); real clusters (Zalgo text, the longest emoji sequences) stay
    /// far below it, and a mark cut off from its base is drawn as HarfBuzz draws a lone mark.
    static let maximumClusterLength = 512
    /// HarfBuzz reads at most this many code units of context on each side.
    static let contextLength = 5

    /// The context window around `word` in `text`: up to `contextLength` code units each side,
    /// stopping before a separator. A word next to a space (or the paragraph's edge) has no context
    /// on that side: a space joins nothing, and HarfBuzz treats no context the same way, so the word
    /// gets one cache entry wherever it stands between spaces.
    static func contextWindow(around word: Range<Int>, in text: UnsafeBufferPointer<UInt16>) -> Range<Int> {
        var start = word.lowerBound
        while start > 0, word.lowerBound - start < contextLength, !isSeparator(text[start - 1]) {
            start -= 1
        }
        var end = word.upperBound
        while end < text.count, end - word.upperBound < contextLength, !isSeparator(text[end]) {
            end += 1
        }
        return start ..< end
    }

    /// `cluster` cut into pieces of at most `maximumClusterLength` code units, never between the
    /// two halves of a surrogate pair.
    static func fragments(of cluster: Range<Int>, in text: UnsafeBufferPointer<UInt16>) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = cluster.lowerBound
        while start < cluster.upperBound {
            var end = min(start + maximumClusterLength, cluster.upperBound)
            if end < cluster.upperBound, UTF16.isTrailSurrogate(text[end]), UTF16.isLeadSurrogate(text[end - 1]) {
                end -= 1
            }
            pieces.append(start ..< end)
            start = end
        }
        return pieces
    }
}
