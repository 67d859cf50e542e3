import Foundation
import TextContent
import TextLayout

/// The tokenizer of a text view (UIKit's `UITextInputStringTokenizer`): units from a selection
/// data source, so words come from ICU (Thai and Japanese words without spaces included) and
/// lines from layout (a soft-wrapped line is a line).
///
/// ```swift
/// let tokenizer = view.tokenizer
/// tokenizer.rangeEnclosingPosition(2, with: .word, inDirection: .forward)   // the word at offset 2
/// tokenizer.position(from: 0, toBoundary: .line, inDirection: .forward)      // the end of the first line
/// ```
public final class TextInputStringTokenizer: TextInputTokenizer {
    /// Where the units come from (a text view's layout manager); the tokenizer finds nothing once
    /// it is gone.
    public private(set) weak var dataSource: (any TextSelectionDataSource)?

    public init(dataSource: any TextSelectionDataSource) {
        self.dataSource = dataSource
    }

    public func rangeEnclosingPosition(
        _ position: Int, with granularity: TextGranularity, inDirection direction: TextStorageDirection
    ) -> NSRange? {
        let index = direction == .forward ? position : position - 1
        return unit(of: granularity, holding: index).map { NSRange(location: $0.lowerBound, length: $0.count) }
    }

    public func isPosition(
        _ position: Int, atBoundary granularity: TextGranularity, inDirection direction: TextStorageDirection
    ) -> Bool {
        switch direction {
        case .forward: unit(of: granularity, holding: position - 1)?.upperBound == position
        case .backward: unit(of: granularity, holding: position)?.lowerBound == position
        }
    }

    public func position(
        from position: Int, toBoundary granularity: TextGranularity, inDirection direction: TextStorageDirection
    ) -> Int? {
        guard let length, position >= 0, position <= length else { return nil }
        guard let kind = Self.selectionGranularity(granularity) else {
            // The document: its end going forward, its start going backward.
            let target = direction == .forward ? length : 0
            return target == position ? nil : target
        }
        var found: Int?
        if direction == .forward {
            enumerateUnits(kind, from: start(ofUnitAround: position, kind), reverse: false) { unit in
                guard unit.upperBound > position else { return true }
                found = unit.upperBound
                return false
            }
        } else {
            enumerateUnits(kind, from: end(ofUnitAround: position, kind), reverse: true) { unit in
                guard unit.lowerBound < position else { return true }
                found = unit.lowerBound
                return false
            }
        }
        return found
    }

    public func isPosition(
        _ position: Int, withinTextUnit granularity: TextGranularity, inDirection direction: TextStorageDirection
    ) -> Bool {
        rangeEnclosingPosition(position, with: granularity, inDirection: direction) != nil
    }

    // MARK: Units

    /// The document's length, or nil without a data source.
    private var length: Int? {
        guard let dataSource else { return nil }
        let range = dataSource.documentRange
        return dataSource.offset(from: range.location, to: range.endLocation)
    }

    private func location(_ offset: Int) -> (any TextLocation)? {
        guard let dataSource else { return nil }
        return dataSource.location(dataSource.documentRange.location, offsetBy: offset)
    }

    private func offsets(_ range: TextRange) -> Range<Int>? {
        guard let dataSource else { return nil }
        let start = dataSource.documentRange.location
        let lower = dataSource.offset(from: start, to: range.location)
        let upper = dataSource.offset(from: start, to: range.endLocation)
        return lower <= upper ? lower ..< upper : nil
    }

    /// The unit of `granularity` holding the character at `index`, if any.
    private func unit(of granularity: TextGranularity, holding index: Int) -> Range<Int>? {
        guard let length, index >= 0, index < length else { return nil }
        guard let kind = Self.selectionGranularity(granularity) else { return 0 ..< length }
        var found: Range<Int>?
        enumerateUnits(kind, from: start(ofUnitAround: index, kind), reverse: false) { unit in
            guard unit.upperBound > index else { return true }
            if unit.lowerBound <= index { found = unit }
            return false
        }
        return found
    }

    /// Where the unit around `offset` starts (its spaces included, for words): enumeration
    /// forward from there meets the unit holding `offset`, whichever way the source enumerates.
    private func start(ofUnitAround offset: Int, _ granularity: TextSelection.Granularity) -> Int {
        guard let dataSource, let location = location(offset),
            let range = dataSource.textRange(for: granularity, enclosing: location).flatMap(offsets)
        else { return offset }
        return min(offset, range.lowerBound)
    }

    /// Where the unit around the character before `offset` ends.
    private func end(ofUnitAround offset: Int, _ granularity: TextSelection.Granularity) -> Int {
        guard offset > 0, let dataSource, let location = location(offset - 1),
            let range = dataSource.textRange(for: granularity, enclosing: location).flatMap(offsets)
        else { return offset }
        return max(offset, range.upperBound)
    }

    /// Calls `body` with the units of `granularity` from `offset` (the units themselves: words
    /// without spaces, lines and paragraphs without separators) until it returns false.
    private func enumerateUnits(
        _ granularity: TextSelection.Granularity, from offset: Int, reverse: Bool, _ body: (Range<Int>) -> Bool
    ) {
        guard let dataSource, let location = location(offset) else { return }
        var options: String.EnumerationOptions =
            switch granularity {
            case .character: [.byComposedCharacterSequences]
            case .word: [.textWords]
            case .sentence: [.textSentences]
            case .line: [.byLines]
            case .paragraph: [.byParagraphs]
            }
        options.insert(.substringNotRequired)
        if reverse { options.insert(.reverse) }
        dataSource.enumerateSubstrings(from: location, options: options) { _, range, _, stop in
            guard let unit = offsets(range) else { return }
            if !body(unit) { stop = true }
        }
    }

    /// The selection granularity of `granularity`; nil for the document.
    private static func selectionGranularity(_ granularity: TextGranularity) -> TextSelection.Granularity? {
        switch granularity {
        case .character: .character
        case .word: .word
        case .sentence: .sentence
        case .paragraph: .paragraph
        case .line: .line
        case .document: nil
        }
    }
}
