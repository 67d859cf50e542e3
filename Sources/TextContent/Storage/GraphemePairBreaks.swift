import Foundation

/// Which scalars always have a grapheme-cluster boundary on both sides when they stand next to
/// each other: those no rule of UAX #29 (GB3-GB13) involves, so only GB999 (break) applies.
/// Letters of every script, digits, punctuation and symbols qualify; marks, joiners, controls,
/// Hangul jamo and syllables, regional indicators, emoji modifiers and Prepend characters do
/// not. This lets edits find cluster edges by looking at two scalars instead of a paragraph.
/// (The other grapheme helpers: ``GraphemeSegmenter`` finds clusters in UTF-16 for shaping, and
/// layout's `GraphemeBoundarySet` stores a shaped paragraph's boundaries.)
enum GraphemePairBreaks {
    static func isFree(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x300 {
            return value != 0x0D && value != 0x0A && value >= 0x20 && !(0x7F ... 0x9F).contains(value) && value != 0xAD
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format, .control, .surrogate, .unassigned, .privateUse:
            return false
        default:
            break
        }
        switch value {
        case 0x1100 ... 0x11FF, 0xA960 ... 0xA97F, 0xD7B0 ... 0xD7FF, 0xAC00 ... 0xD7A3: return false // Hangul
        case 0x1F1E6 ... 0x1F1FF, 0x1F3FB ... 0x1F3FF: return false // regional indicators, emoji modifiers
        case 0x0E33, 0x0EB3, 0xFF9E, 0xFF9F: return false // SpacingMark / Extend letters
        case 0x0600 ... 0x0605, 0x06DD, 0x070F, 0x0890 ... 0x0891, 0x08E2, 0x0D4E, 0x110BD, 0x110CD,
            0x111C2 ... 0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84 ... 0x11A89, 0x11D46:
            return false // Prepend
        default: return true
        }
    }

    /// Whether there is certainly a boundary between `before` and `after` (nil: text edge).
    static func isBoundary(_ before: Unicode.Scalar?, _ after: Unicode.Scalar?) -> Bool {
        guard let before, let after else { return true }
        // GB3-GB5: a carriage return or line feed breaks on both sides, but between the two
        // (a line break typed into a paragraph with attributes is then an edit in place).
        if before == "\r" { return after != "\n" }
        if before == "\n" || after == "\n" || after == "\r" { return true }
        return isFree(before) && isFree(after)
    }
}
