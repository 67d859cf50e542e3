/// One-shot Unicode segmentation of a string with ICU: grapheme clusters, words, line break
/// opportunities and sentences, as UTF-16 offsets.
public enum TextBoundaryAnalyzer {
    /// All boundaries of `kind` in `text`, as UTF-16 offsets in increasing order.
    ///
    /// The result always starts with 0 and ends with `text.utf16.count`; empty text gives `[0]`
    /// (the one position a caret can take). `locale` selects tailored rules ("th", "ja",
    /// "en_US@lb=strict"); "" is the root rules, and an unknown locale falls back to them.
    ///
    /// Each call opens an ICU iterator; to segment many paragraphs, reuse one
    /// ``TextBoundaryIterator`` with ``TextBoundaryIterator/setText(_:)``.
    public static func boundaries(
        in text: String, kind: BoundaryKind, locale: String = ""
    ) throws(TextAnalysisError) -> [Int] {
        // The iterator owns the UTF-16 buffer ICU points into, for the whole walk.
        try TextBoundaryIterator(text, kind: kind, locale: locale).allBoundaries()
    }
}
