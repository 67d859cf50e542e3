internal import CUnicodeAnalysis

/// The kind of text boundary to find, following Unicode's segmentation rules as ICU implements
/// them.
public enum BoundaryKind: Sendable, Hashable, CaseIterable {
    /// Extended grapheme clusters (UAX #29): what a user perceives as one character.
    case character
    /// Word boundaries (UAX #29), with dictionaries for scripts written without spaces (Thai,
    /// Lao, Khmer, Burmese, Chinese, Japanese).
    case word
    /// Line break opportunities (UAX #14).
    case line
    /// Sentence boundaries (UAX #29).
    case sentence

    var icuKind: cua_break_kind {
        switch self {
        case .character: CUA_BREAK_CHARACTER
        case .word: CUA_BREAK_WORD
        case .line: CUA_BREAK_LINE
        case .sentence: CUA_BREAK_SENTENCE
        }
    }
}
