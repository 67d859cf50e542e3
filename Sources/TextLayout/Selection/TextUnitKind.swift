import Foundation

/// The units selection moves and enumerates by, as `String.EnumerationOptions` names them.
enum TextUnitKind: Equatable {
    case composedCharacter, word, sentence, line, paragraph

    /// The kind `options` asks for (Foundation keeps it in the low byte, not as a flag).
    init?(_ options: String.EnumerationOptions) {
        switch options.rawValue & 0xFF {
        case String.EnumerationOptions.byLines.rawValue: self = .line
        case String.EnumerationOptions.byParagraphs.rawValue: self = .paragraph
        case String.EnumerationOptions.byComposedCharacterSequences.rawValue: self = .composedCharacter
        case String.EnumerationOptions.textWords.rawValue: self = .word
        case String.EnumerationOptions.textSentences.rawValue: self = .sentence
        default: return nil
        }
    }

    /// The enumeration option naming this kind.
    var enumerationOptions: String.EnumerationOptions {
        switch self {
        case .composedCharacter: .byComposedCharacterSequences
        case .word: .textWords
        case .sentence: .textSentences
        case .line: .byLines
        case .paragraph: .byParagraphs
        }
    }

    init(_ granularity: TextSelection.Granularity) {
        switch granularity {
        case .character: self = .composedCharacter
        case .word: self = .word
        case .sentence: self = .sentence
        case .line: self = .line
        case .paragraph: self = .paragraph
        }
    }
}

/// One unit of text found by a `TextUnitKind`, as document UTF-16 offsets.
struct TextUnitSegment {
    /// The unit (a word without the spaces around it, a line without its separator).
    var range: Range<Int>
    /// The unit with what belongs to it (a line's or paragraph's separator).
    var enclosing: Range<Int>
    /// Its text, made only when asked for.
    var text: () -> String
}

extension String.EnumerationOptions {
    /// Enumeration by words (NSString's `byWords`, value 3), which swift-corelibs-foundation
    /// marks unavailable: selection data sources take it under this name on Linux.
    public static let textWords = String.EnumerationOptions(rawValue: 3)
    /// Enumeration by sentences (NSString's `bySentences`, value 4), likewise.
    public static let textSentences = String.EnumerationOptions(rawValue: 4)
}
