import Foundation

/// One pass over a text's segments as ICU's word iterator cuts them (words, spaces,
/// punctuation), in order: what `Proofreader.issues(inUTF16:)` finds. Segments of ASCII (most
/// of English) are read as bytes; a `String` is made only for words.
struct ProofreadingScan {
    let units: UnsafeBufferPointer<UInt16>
    let proofreader: Proofreader
    var found: [ProofreadingIssue] = []
    /// The words checked.
    var words = 0
    /// The last word, and whether only spaces came after it.
    var previousWord: Range<Int>?
    var onlySpacesSincePreviousWord = false
    /// Whether a sentence ended (a full stop, then a space) since the last word; set at the
    /// stop, confirmed by the space.
    var sentenceStop = false
    var sentenceEnded = false
    /// Whether the last segment was a full stop (the second of "..." ends nothing).
    var lastWasFullStop = false

    init(units: UnsafeBufferPointer<UInt16>, proofreader: Proofreader) {
        self.units = units
        self.proofreader = proofreader
    }

    /// What a segment is.
    private enum Kind {
        case word(isASCII: Bool)
        case space
        case punctuation(UInt16?)
    }

    private func kind(of range: Range<Int>) -> Kind {
        var high: UInt16 = 0
        var letter = false
        var space = true
        for unit in units[range] {
            high |= unit
            letter = letter || (unit | 0x20 >= 0x61 && unit | 0x20 <= 0x7A)
            space = space && (unit == 0x20 || (unit >= 0x09 && unit <= 0x0D))
        }
        if high < 0x80 {
            if letter { return .word(isASCII: true) }
            if space { return .space }
            return .punctuation(range.count == 1 ? units[range.lowerBound] : nil)
        }
        let text = String(decoding: units[range], as: UTF16.self)
        if text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) { return .word(isASCII: false) }
        if text.allSatisfy(\.isWhitespace) { return .space }
        return .punctuation(nil)
    }

    mutating func segment(_ range: Range<Int>) {
        switch kind(of: range) {
        case .word(let isASCII):
            word(range, isASCII: isASCII)
        case .space:
            if sentenceStop { sentenceEnded = true }
            sentenceStop = false
            lastWasFullStop = false
        case .punctuation(let unit):
            onlySpacesSincePreviousWord = false
            sentenceEnded = false
            // A full stop ends a sentence ("..." does not, nor an abbreviation's): a question or
            // an exclamation may go on in small letters ("Why art thou wroth? and why...").
            sentenceStop = unit == 0x2E && !lastWasFullStop && !(previousWord.map(isAbbreviation) ?? false)
            lastWasFullStop = unit == 0x2E
        }
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: units[range], as: UTF16.self)
    }

    private func isAbbreviation(_ range: Range<Int>) -> Bool {
        range.count <= 6 && Proofreader.abbreviations.contains(string(range).lowercased())
    }

    /// Whether two words are the same but for case.
    private func same(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard first.count == second.count else { return false }
        var ascii = true
        for (a, b) in zip(units[first], units[second]) {
            if a >= 0x80 || b >= 0x80 { ascii = false; break }
            let lowerA = a >= 0x41 && a <= 0x5A ? a | 0x20 : a
            let lowerB = b >= 0x41 && b <= 0x5A ? b | 0x20 : b
            if lowerA != lowerB { return false }
        }
        return ascii || string(first).lowercased() == string(second).lowercased()
    }

    private mutating func word(_ range: Range<Int>, isASCII: Bool) {
        defer {
            previousWord = range
            onlySpacesSincePreviousWord = true
            sentenceStop = false
            sentenceEnded = false
            lastWasFullStop = false
        }
        let text = string(range)
        if isASCII {
            // Latin letters; a word with digits ("3rd", "x86") is not the dictionary's.
            guard proofreader.dictionary.script == .latin, !units[range].contains(where: { $0 >= 0x30 && $0 <= 0x39 })
            else { return }
        } else {
            guard WordScript(of: Substring(text)) == proofreader.dictionary.script,
                !text.unicodeScalars.contains(where: { $0.properties.numericType != nil })
            else { return }
        }
        words += 1
        if let previous = previousWord, onlySpacesSincePreviousWord, same(previous, range) {
            let gap = previous.upperBound ..< range.upperBound
            found.append(ProofreadingIssue(kind: .repeatedWord, range: gap, text: string(gap), replacement: ""))
            return
        }
        // An abbreviation is in the dictionary with its full stop ("etc.", "Dr."), or one of
        // the common ones it lacks ("e.g.", "i.e.").
        let followedByStop = range.upperBound < units.count && units[range.upperBound] == 0x2E
        if !proofreader.isCorrect(text),
            !(followedByStop && (isAbbreviation(range) || proofreader.isCorrect(text + ".")))
        {
            found.append(ProofreadingIssue(kind: .spelling, range: range, text: text, replacement: nil))
            return
        }
        if sentenceEnded, let first = text.first, first.isLowercase {
            found.append(
                ProofreadingIssue(
                    kind: .capitalization, range: range, text: text, replacement: first.uppercased() + text.dropFirst())
            )
        }
    }
}
