import Foundation

/// The script a word is written in, as far as proofreading cares: a dictionary judges only the
/// words of its own script (an English dictionary leaves an Arabic word alone, not "misspelt").
public enum WordScript: Sendable, Equatable {
    case latin, greek, cyrillic, armenian, hebrew, arabic, devanagari, bengali, tamil, telugu, kannada, malayalam
    case thai, georgian, hangul, han, other

    /// The script of `word`'s letters: the first letter's outside the common ones (digits,
    /// apostrophes and marks belong to any).
    public init(of word: Substring) {
        self = .other
        for scalar in word.unicodeScalars where scalar.properties.isAlphabetic {
            self = Self.script(of: scalar.value)
            return
        }
    }

    /// The script `language` (a BCP 47 or POSIX identifier) is usually written in; Latin for
    /// languages not listed.
    public static func usual(forLanguage language: String) -> WordScript {
        let base = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        switch base {
        case "el": return .greek
        case "ru", "uk", "be", "bg", "sr", "mk", "kk", "ky", "mn", "tg": return .cyrillic
        case "hy": return .armenian
        case "he", "yi": return .hebrew
        case "ar", "fa", "ur", "ps", "ug": return .arabic
        case "hi", "mr", "ne", "sa": return .devanagari
        case "bn", "as": return .bengali
        case "ta": return .tamil
        case "te": return .telugu
        case "kn": return .kannada
        case "ml": return .malayalam
        case "th": return .thai
        case "ka": return .georgian
        case "ko": return .hangul
        case "zh", "ja": return .han
        default: return .latin
        }
    }

    /// By Unicode block: enough to tell a dictionary's words from another script's.
    private static func script(of value: UInt32) -> WordScript {
        switch value {
        case 0x41 ... 0x24F, 0x1E00 ... 0x1EFF, 0x2C60 ... 0x2C7F, 0xA720 ... 0xA7FF, 0xFF21 ... 0xFF5A: return .latin
        case 0x370 ... 0x3FF, 0x1F00 ... 0x1FFF: return .greek
        case 0x400 ... 0x52F, 0x2DE0 ... 0x2DFF, 0xA640 ... 0xA69F: return .cyrillic
        case 0x530 ... 0x58F: return .armenian
        case 0x590 ... 0x5FF, 0xFB1D ... 0xFB4F: return .hebrew
        case 0x600 ... 0x6FF, 0x750 ... 0x77F, 0x8A0 ... 0x8FF, 0xFB50 ... 0xFDFF, 0xFE70 ... 0xFEFF: return .arabic
        case 0x900 ... 0x97F: return .devanagari
        case 0x980 ... 0x9FF: return .bengali
        case 0xB80 ... 0xBFF: return .tamil
        case 0xC00 ... 0xC7F: return .telugu
        case 0xC80 ... 0xCFF: return .kannada
        case 0xD00 ... 0xD7F: return .malayalam
        case 0xE00 ... 0xE7F: return .thai
        case 0x10A0 ... 0x10FF: return .georgian
        case 0xAC00 ... 0xD7AF, 0x1100 ... 0x11FF, 0x3130 ... 0x318F: return .hangul
        case 0x4E00 ... 0x9FFF, 0x3400 ... 0x4DBF, 0x3040 ... 0x30FF: return .han
        default: return .other
        }
    }
}
