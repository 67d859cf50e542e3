/// UAX #14 line-break opportunities of plain ASCII prose worked out without ICU: letters,
/// digits, spaces, `, . : ; ! ? ' ( )` and a final line feed. Most lines of English (all but 50
/// of the King James Bible's 32,291 verses) are only that, and for them the rules that apply
/// are few: a line may break after spaces (LB18) unless what follows may not start a line
/// (`, . : ; ! ? )` and the line feed: LB6, LB13) or the spaces follow `(` (LB14) or `'` before
/// `(` (LB15); it never breaks between two other characters of the set (LB19, LB23, LB25,
/// LB28 to LB30) except in the pairs this leaves to ICU. ICU opens, scans and closes its
/// iterator at about the cost of shaping such a line from the word cache.
///
/// What falls outside the set, or a pair of characters after which UAX #14 allows a break
/// without a space (`!a`, `.(`, `,x` outside a number, `)(`), returns nil: ICU decides.
/// Tests compare every answer with ICU's.
enum ProseBreakOpportunities {
    private enum Kind: UInt8 {
        case letter, digit, space, infix, exclamation, quote, open, close, lineFeed, other
    }

    private static let kinds: [Kind] = (0 ..< 128).map { unit in
        switch UInt8(unit) {
        case UInt8(ascii: "a") ... UInt8(ascii: "z"), UInt8(ascii: "A") ... UInt8(ascii: "Z"): return .letter
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): return .digit
        case UInt8(ascii: " "): return .space
        case UInt8(ascii: ","), UInt8(ascii: "."), UInt8(ascii: ":"), UInt8(ascii: ";"): return .infix
        case UInt8(ascii: "!"), UInt8(ascii: "?"): return .exclamation
        case UInt8(ascii: "'"): return .quote
        case UInt8(ascii: "("): return .open
        case UInt8(ascii: ")"): return .close
        case 0x0A: return .lineFeed
        default: return .other
        }
    }

    /// For each offset 0 through `units.count`, `flag` where a line may break before it (the
    /// end of a text that is not empty); nil when ICU must decide.
    static func flags(_ units: UnsafeBufferPointer<UInt16>, flag: UInt8) -> [UInt8]? {
        let count = units.count
        var flags = [UInt8](repeating: 0, count: count + 1)
        var previous = Kind.other
        // The last character before the current run of spaces, and the one before `previous`.
        var beforeSpaces = Kind.other
        var beforePrevious = Kind.other
        for index in 0 ..< count {
            let unit = units[index]
            guard unit < 128 else { return nil }
            let kind = kinds[Int(unit)]
            switch kind {
            case .other: return nil
            case .lineFeed: guard index == count - 1 else { return nil }
            default: break
            }
            if index > 0 {
                if previous == .space {
                    if kind != .space, mayStartLine(kind), beforeSpaces != .open,
                        !(beforeSpaces == .quote && kind == .open)
                    {
                        flags[index] = flag
                    }
                } else if kind != .space, breaksWithoutSpace(after: previous, before: kind, beforePrevious) {
                    return nil
                }
            }
            if kind == .space, previous != .space { beforeSpaces = index == 0 ? .other : previous }
            beforePrevious = previous
            previous = kind
        }
        // ICU's last boundary is the end of the text (none for empty text).
        if count > 0 { flags[count] = flag }
        return flags
    }

    /// Whether a line may start with a character of `kind` after spaces (LB6, LB13).
    private static func mayStartLine(_ kind: Kind) -> Bool {
        switch kind {
        case .infix, .exclamation, .close, .lineFeed: return false
        default: return true
        }
    }

    /// Whether UAX #14 may allow a break between `before` and `after` with no space between
    /// (`earlier` is the character before `before`); the rules after LB18 forbid the others.
    private static func breaksWithoutSpace(after before: Kind, before after: Kind, _ earlier: Kind) -> Bool {
        switch (before, after) {
        case (.exclamation, .letter), (.exclamation, .digit), (.exclamation, .open), (.infix, .open),
            (.close, .open):
            return true
        case (.infix, .digit):
            // Inside a number (`1:1`, `3.5`) the digits hold together (LB25).
            return earlier != .digit
        default:
            return false
        }
    }
}
