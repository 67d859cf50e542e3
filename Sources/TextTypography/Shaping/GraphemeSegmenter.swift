/// Grapheme clusters of UTF-16 text, with Swift's `Character` segmentation (extended grapheme
/// clusters, Unicode 15.1 rules including Indic conjuncts) and a fast path for "simple" code
/// units, between two of which there is always a boundary (except CR LF).
@_spi(Typesetting) public enum GraphemeSegmenter {
    /// Whether a code unit is simple: Grapheme_Cluster_Break=Other (or CR, LF, Control) and none
    /// of the properties that hold a boundary back from either side (Extend, SpacingMark, Prepend,
    /// ZWJ, Extended_Pictographic after a ZWJ, regional indicators, Hangul jamo and syllables,
    /// Indic conjunct consonants). Between two simple units a boundary is certain (GB999), except
    /// CR LF (GB3). Latin and symbols below U+0300, Greek, Cyrillic, Hebrew and Arabic letters,
    /// Thai consonants, kana and Han ideographs: the bulk of text in those scripts.
    @inline(__always)
    static func isSimple(_ unit: UInt16) -> Bool {
        switch unit {
        case 0 ..< 0x300, 0x0370 ... 0x0482, 0x048A ... 0x052F, 0x05D0 ... 0x05EA, 0x0621 ... 0x064A, 0x0E01 ... 0x0E30,
            0x3001 ... 0x3002, 0x3041 ... 0x3096, 0x30A1 ... 0x30FA, 0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF,
            0xFF01 ... 0xFF5E:
            return true
        default:
            return false
        }
    }

    /// Whether every code unit of `text` is simple and none is CR: then every offset is a cluster
    /// boundary.
    @_spi(Typesetting) public static func isAllSimple(_ text: UnsafeBufferPointer<UInt16>) -> Bool {
        for unit in text where unit >= 0x300 || unit == 0x0D {
            if unit == 0x0D || !isSimple(unit) { return false }
        }
        return true
    }

    /// If a cluster that needs no segmentation starts at `start` (simple code units on both sides
    /// of its end, or CR LF), its end; nil when Swift must segment from here.
    @inline(__always)
    static func simpleClusterEnd(at start: Int, in text: UnsafeBufferPointer<UInt16>, end: Int) -> Int? {
        let unit = text[start]
        guard isSimple(unit) else { return nil }
        var next = start + 1
        if unit == 0x0D, next < end, text[next] == 0x0A { next += 1 }
        return next == end || isSimple(text[next]) ? next : nil
    }

    /// The end of the span from `start` that Swift segments: the first place after it where two
    /// simple code units meet (not CR LF), after which a boundary is certain.
    static func complexSpanEnd(from start: Int, in text: UnsafeBufferPointer<UInt16>, end: Int) -> Int {
        var spanEnd = start + 1
        while spanEnd < end {
            let (before, after) = (text[spanEnd - 1], text[spanEnd])
            if isSimple(after), isSimple(before), !(before == 0x0D && after == 0x0A) { break }
            spanEnd += 1
        }
        return spanEnd
    }

    /// Calls `body` with the range of each cluster of `text[span]`, segmented by Swift's own
    /// `Character` rules (the standard library's recognizer, fed scalar by scalar: no String is
    /// made). A lone surrogate counts as U+FFFD, one code unit, as decoding would make it.
    static func forEachInComplexSpan(
        _ span: Range<Int>, in text: UnsafeBufferPointer<UInt16>, _ body: (Range<Int>) -> Void
    ) {
        var recognizer = Unicode._CharacterRecognizer()
        var clusterStart = span.lowerBound
        var index = span.lowerBound
        while index < span.upperBound {
            let unit = text[index]
            let scalar: Unicode.Scalar
            var length = 1
            if UTF16.isLeadSurrogate(unit), index + 1 < span.upperBound, UTF16.isTrailSurrogate(text[index + 1]) {
                scalar = Unicode.Scalar((UInt32(unit) - 0xD800) << 10 + (UInt32(text[index + 1]) - 0xDC00) + 0x10000)!
                length = 2
            } else {
                scalar = Unicode.Scalar(unit) ?? "\u{FFFD}"
            }
            if recognizer.hasBreak(before: scalar), index > clusterStart {
                body(clusterStart ..< index)
                clusterStart = index
            }
            index += length
        }
        if clusterStart < span.upperBound { body(clusterStart ..< span.upperBound) }
    }

    /// Calls `body` with the range of each cluster of `text[range]`, in order. The text before
    /// and after `range` is not looked at: a range that starts inside a cluster starts a cluster.
    @_spi(Typesetting) public static func forEach(
        in text: UnsafeBufferPointer<UInt16>, range: Range<Int>, _ body: (Range<Int>) -> Void
    ) {
        var start = range.lowerBound
        let end = range.upperBound
        while start < end {
            if let next = simpleClusterEnd(at: start, in: text, end: end) {
                body(start ..< next)
                start = next
                continue
            }
            let spanEnd = complexSpanEnd(from: start, in: text, end: end)
            forEachInComplexSpan(start ..< spanEnd, in: text, body)
            start = spanEnd
        }
    }
}
