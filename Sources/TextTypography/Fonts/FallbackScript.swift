/// The writing systems the fallback cascade keeps an explicit font list for, detected from code
/// point ranges.
///
/// The standard library has no Unicode Script property and ICU stays behind the C target
/// CUnicodeAnalysis, so the blocks of each script are listed here (Unicode 15). Anything else,
/// including scripts not listed, goes to fontconfig's coverage-based sort.
enum FallbackScript: Hashable, Sendable {
    case arabic, hebrew, devanagari, kannada, thai
    /// Han ideographs, CJK symbols and punctuation, fullwidth forms, Bopomofo.
    case han
    /// Hiragana and Katakana.
    case kana
    case hangul
    /// An emoji presentation sequence: see ``isEmojiPresentation(_:)``.
    case emoji

    /// The script of a grapheme cluster: emoji if it is presented as emoji, else the script of
    /// the first scalar that has one of the listed scripts (combining marks follow their base).
    static func of(_ scalars: some Sequence<UInt32>) -> FallbackScript? {
        if isEmojiPresentation(scalars) { return .emoji }
        for scalar in scalars {
            if let script = script(of: scalar) { return script }
        }
        return nil
    }

    /// The script of one code point, if it is one of the listed ones.
    static func script(of codePoint: UInt32) -> FallbackScript? {
        switch codePoint {
        case 0x0590 ... 0x05FF, 0xFB1D ... 0xFB4F: return .hebrew
        case 0x0600 ... 0x06FF, 0x0750 ... 0x077F, 0x0870 ... 0x08FF, 0xFB50 ... 0xFDFF, 0xFE70 ... 0xFEFF,
            0x10E60 ... 0x10E7F, 0x1EC70 ... 0x1ECBF, 0x1ED00 ... 0x1ED4F, 0x1EE00 ... 0x1EEFF:
            return .arabic
        case 0x0900 ... 0x097F, 0xA8E0 ... 0xA8FF, 0x11B00 ... 0x11B5F: return .devanagari
        case 0x0C80 ... 0x0CFF: return .kannada
        case 0x0E00 ... 0x0E7F: return .thai
        case 0x3040 ... 0x309F, 0x30A0 ... 0x30FF, 0x31F0 ... 0x31FF, 0xFF66 ... 0xFF9F, 0x1AFF0 ... 0x1B16F:
            return .kana
        case 0x1100 ... 0x11FF, 0x3130 ... 0x318F, 0xA960 ... 0xA97F, 0xAC00 ... 0xD7FF, 0xFFA0 ... 0xFFDC:
            return .hangul
        case 0x2E80 ... 0x2FDF, 0x2FF0 ... 0x303F, 0x3100 ... 0x312F, 0x3190 ... 0x31EF, 0x3200 ... 0x33FF,
            0x3400 ... 0x4DBF, 0x4E00 ... 0x9FFF, 0xF900 ... 0xFAFF, 0xFE30 ... 0xFE4F, 0xFF00 ... 0xFF65,
            0xFFE0 ... 0xFFEE, 0x20000 ... 0x323AF:
            return .han
        default: return nil
        }
    }

    /// Whether a grapheme cluster is presented as emoji (colour) rather than text: a scalar with
    /// default emoji presentation (Emoji_Presentation), or an emoji followed by VS16 (U+FE0F), a
    /// keycap (U+20E3), a skin-tone modifier or a ZWJ; a regional-indicator flag; a tag sequence.
    /// VS15 (U+FE0E) asks for text presentation and wins.
    static func isEmojiPresentation(_ scalars: some Sequence<UInt32>) -> Bool {
        var sawEmoji = false
        var sawEmojiPresentation = false
        var sawEmojiMarker = false
        for codePoint in scalars {
            switch codePoint {
            case 0xFE0E: return false
            case 0xFE0F, 0x20E3, 0x200D, 0x1F3FB ... 0x1F3FF, 0xE0020 ... 0xE007F: sawEmojiMarker = true
            case 0x1F1E6 ... 0x1F1FF: return true
            default:
                guard codePoint >= 0x23, let scalar = Unicode.Scalar(codePoint) else { continue }
                let properties = scalar.properties
                if properties.isEmoji {
                    sawEmoji = true
                    if properties.isEmojiPresentation { sawEmojiPresentation = true }
                }
            }
        }
        return sawEmojiPresentation || (sawEmoji && sawEmojiMarker)
    }

    /// The families tried for this script, best first, before DejaVu Sans and fontconfig's own
    /// coverage sort. fontconfig alone picks DejaVu Sans for Arabic and a serif for Kannada.
    /// For Han, `hanPreference` (from the language or the paragraph) decides which regional
    /// variant of Noto Sans CJK comes first.
    func families(hanPreference: HanPreference) -> [String] {
        switch self {
        case .arabic: return ["Noto Sans Arabic", "Noto Naskh Arabic", "Noto Kufi Arabic"]
        case .hebrew: return ["Noto Sans Hebrew", "Noto Serif Hebrew"]
        case .devanagari: return ["Noto Sans Devanagari", "Noto Serif Devanagari"]
        case .kannada: return ["Noto Sans Kannada", "Noto Serif Kannada"]
        case .thai: return ["Noto Sans Thai", "Noto Sans Thai Looped", "Noto Looped Thai", "Noto Serif Thai"]
        case .kana: return ["Noto Sans CJK JP", "Noto Sans CJK SC", "Noto Serif CJK JP"]
        case .hangul: return ["Noto Sans CJK KR", "Noto Serif CJK KR"]
        case .han: return hanPreference.families
        case .emoji: return ["Noto Color Emoji"]
        }
    }
}
