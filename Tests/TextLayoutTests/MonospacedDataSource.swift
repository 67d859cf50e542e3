import Foundation
import TextContent
@_spi(Rendering) import TextLayout

/// A location in a `MonospacedDataSource`: a UTF-16 offset.
struct MonospacedLocation: TextLocation {
    let offset: Int
    func compare(_ location: any TextLocation) -> ComparisonResult {
        guard let other = location as? MonospacedLocation else { return .orderedAscending }
        return offset == other.offset ? .orderedSame : (offset < other.offset ? .orderedAscending : .orderedDescending)
    }
    var description: String { "@\(offset)" }
}

/// A selection data source that is not a layout manager: left-to-right text over a `String`,
/// each character `advance` points wide, hard-wrapped every `columns` characters, lines
/// `lineHeight` high. Caret positions are worked out arithmetically; substrings are enumerated
/// as NSString does (forward from a location, the units that start at or after it).
final class MonospacedDataSource: TextSelectionDataSource {
    static let advance: CGFloat = 10
    static let lineHeight: CGFloat = 20

    /// A unit: what it is, and with its separator.
    struct Unit {
        var range: Range<Int>
        var enclosing: Range<Int>
    }

    let text: String
    let units: [UInt16]
    /// The grapheme clusters, as UTF-16 ranges.
    let characters: [Range<Int>]
    let paragraphs: [Unit]
    let lines: [Unit]
    let words: [Unit]

    init(_ text: String, columns: Int) {
        self.text = text
        units = Array(text.utf16)
        var characters: [Range<Int>] = []
        var offset = 0
        for character in text {
            characters.append(offset ..< offset + character.utf16.count)
            offset += character.utf16.count
        }
        self.characters = characters
        var paragraphs: [Unit] = []
        var lines: [Unit] = []
        var words: [Unit] = []
        var start = 0
        var lineCharacters: [Range<Int>] = []
        var word: Range<Int>?
        func endLine(at end: Int, enclosing: Int) {
            lines.append(
                Unit(
                    range: (lineCharacters.first?.lowerBound ?? end) ..< end,
                    enclosing: (lineCharacters.first?.lowerBound ?? end) ..< enclosing))
            lineCharacters = []
        }
        for (character, range) in zip(text, characters) {
            let isWordCharacter = character.isLetter || character.isNumber
            if isWordCharacter {
                word = (word?.lowerBound ?? range.lowerBound) ..< range.upperBound
            } else if let found = word {
                words.append(Unit(range: found, enclosing: found))
                word = nil
            }
            if character == "\n" {
                paragraphs.append(Unit(range: start ..< range.lowerBound, enclosing: start ..< range.upperBound))
                let lineStart = lineCharacters.first?.lowerBound ?? range.lowerBound
                lines.append(Unit(range: lineStart ..< range.lowerBound, enclosing: lineStart ..< range.upperBound))
                lineCharacters = []
                start = range.upperBound
                continue
            }
            if lineCharacters.count == columns { endLine(at: range.lowerBound, enclosing: range.lowerBound) }
            lineCharacters.append(range)
        }
        if let word { words.append(Unit(range: word, enclosing: word)) }
        paragraphs.append(Unit(range: start ..< units.count, enclosing: start ..< units.count))
        endLine(at: units.count, enclosing: units.count)
        self.paragraphs = paragraphs
        self.lines = lines
        self.words = words
    }

    var documentRange: TextRange {
        TextRange(location: MonospacedLocation(offset: 0), end: MonospacedLocation(offset: units.count))!
    }

    func offsetOf(_ location: any TextLocation) -> Int? {
        (location as? MonospacedLocation).map(\.offset)
    }

    func range(_ offsets: Range<Int>) -> TextRange {
        TextRange(
            location: MonospacedLocation(offset: offsets.lowerBound),
            end: MonospacedLocation(offset: offsets.upperBound))!
    }

    func units(_ options: String.EnumerationOptions) -> [Unit] {
        switch options.rawValue & 0xFF {
        case String.EnumerationOptions.byLines.rawValue: lines
        case String.EnumerationOptions.byParagraphs.rawValue, String.EnumerationOptions.textSentences.rawValue:
            paragraphs
        case String.EnumerationOptions.textWords.rawValue: words
        default: characters.map { Unit(range: $0, enclosing: $0) }
        }
    }

    func enumerateSubstrings(
        from location: any TextLocation, options: String.EnumerationOptions,
        using block: (String?, TextRange, TextRange?, inout Bool) -> Void
    ) {
        guard let offset = offsetOf(location) else { return }
        let reverse = options.contains(.reverse)
        let found = units(options).filter { reverse ? $0.range.upperBound <= offset : $0.range.lowerBound >= offset }
        var stop = false
        for unit in reverse ? found.reversed() : found {
            block(String(decoding: units[unit.range], as: UTF16.self), range(unit.range), range(unit.enclosing), &stop)
            if stop { return }
        }
    }

    func textRange(for granularity: TextSelection.Granularity, enclosing location: any TextLocation) -> TextRange? {
        guard let offset = offsetOf(location), !units.isEmpty else { return nil }
        switch granularity {
        case .character:
            return characters.first { $0.contains(offset) }.map(range) ?? characters.last.map(range)
        case .word:
            if let word = words.first(where: { $0.range.contains(offset) }) { return range(word.range) }
            // Between words: the run of other characters there.
            let lower = words.last { $0.range.upperBound <= offset }?.range.upperBound ?? 0
            let upper = words.first { $0.range.lowerBound > offset }?.range.lowerBound ?? units.count
            return range(lower ..< upper)
        case .line:
            return (lines.first { $0.enclosing.contains(offset) } ?? lines.last).map { range($0.enclosing) }
        case .paragraph, .sentence:
            return (paragraphs.first { $0.enclosing.contains(offset) } ?? paragraphs.last).map { range($0.enclosing) }
        }
    }

    func location(_ location: any TextLocation, offsetBy offset: Int) -> (any TextLocation)? {
        guard let start = offsetOf(location), start + offset >= 0, start + offset <= units.count else { return nil }
        return MonospacedLocation(offset: start + offset)
    }

    func offset(from: any TextLocation, to: any TextLocation) -> Int {
        guard let from = offsetOf(from), let to = offsetOf(to) else { return 0 }
        return to - from
    }

    func baseWritingDirection(at location: any TextLocation) -> TextSelectionNavigation.WritingDirection {
        .leftToRight
    }

    func enumerateCaretOffsetsInLineFragment(
        at location: any TextLocation, using block: (CGFloat, any TextLocation, Bool, inout Bool) -> Void
    ) {
        guard let offset = offsetOf(location),
            let line = lines.first(where: { $0.enclosing.contains(offset) }) ?? lines.last
        else { return }
        var stop = false
        let shown = characters.filter { line.enclosing.contains($0.lowerBound) }
        guard !shown.isEmpty else {
            block(0, MonospacedLocation(offset: line.range.lowerBound), true, &stop)
            return
        }
        for (column, character) in shown.enumerated() {
            let x = CGFloat(column) * Self.advance
            block(x, MonospacedLocation(offset: character.lowerBound), true, &stop)
            if stop { return }
            // A line break has no trailing edge on its line.
            if character.lowerBound < line.range.upperBound {
                block(x + Self.advance, MonospacedLocation(offset: character.lowerBound), false, &stop)
                if stop { return }
            }
        }
    }

    func lineFragmentRange(for point: CGPoint, inContainerAt location: any TextLocation) -> TextRange? {
        guard !lines.isEmpty else { return nil }
        let index = min(max(0, Int(point.y / Self.lineHeight)), lines.count - 1)
        return range(lines[index].enclosing)
    }
}
