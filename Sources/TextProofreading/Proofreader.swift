import CUnicodeAnalysis
import Foundation
import Synchronization

/// Proofreading of text in one language: misspelt words (Hunspell), words said twice, and a
/// small letter after a full stop. Words are found as ICU finds them (UAX #29: "don't" is one
/// word, "well-known" two); only those in the dictionary's script are checked, so that an
/// Arabic word in an English paragraph is left alone. What the dictionary said of a word is
/// remembered (most of a long text is words already seen). Thread-safe: views check their
/// paragraphs off the main thread.
///
/// ```swift
/// let proofreader = try Proofreader(language: "en-US")
/// for issue in proofreader.issues(in: "Teh cat sat on the the mat. it purred.") {
///     print(issue.kind, issue.text, proofreader.suggestions(for: issue).prefix(3))
/// }
/// // spelling Teh ["The", "Tea", "Ten"]; repeatedWord " the" [""]; capitalization it ["It"]
/// ```
public final class Proofreader: Sendable {
    public let dictionary: SpellingDictionary
    /// What the dictionary said of each word seen, at most `knownLimit` of them.
    private let known = Mutex<[String: Bool]>([:])
    private let checked = Atomic<Int>(0)

    /// How many words this proofreader has checked in all (those in its dictionary's script).
    public var wordsChecked: Int { checked.load(ordering: .relaxed) }
    private static let knownLimit = 200_000
    /// Words after whose full stop a sentence does not end.
    static let abbreviations: Set<String> = [
        "e", "i", "e.g", "i.e", "etc", "vs", "cf", "al", "mr", "mrs", "ms", "dr", "st", "no", "fig", "approx", "p",
        "pp", "vol", "ch",
    ]

    public init(dictionary: SpellingDictionary) {
        self.dictionary = dictionary
    }

    /// A proofreader with the system's dictionary of `language` (see `SpellingDictionary`).
    public convenience init(language: String) throws(ProofreadingError) {
        self.init(dictionary: try SpellingDictionary(language: language))
    }

    /// Whether the dictionary knows `word` (remembered).
    public func isCorrect(_ word: String) -> Bool {
        if let answer = known.withLock({ $0[word] }) { return answer }
        let answer = dictionary.isCorrect(word)
        known.withLock { known in
            if known.count >= Self.knownLimit { known.removeAll(keepingCapacity: true) }
            known[word] = answer
        }
        return answer
    }

    /// What could replace `issue`'s text: the dictionary's suggestions for a misspelling, the one
    /// correction for the others.
    public func suggestions(for issue: ProofreadingIssue) -> [String] {
        if let replacement = issue.replacement { return [replacement] }
        return dictionary.suggestions(for: issue.text)
    }

    /// The issues in `text`, in order, their ranges in UTF-16 offsets into it.
    public func issues(in text: String) -> [ProofreadingIssue] {
        let units = Array(text.utf16)
        return issues(inUTF16: units)
    }

    /// The issues in `units` (UTF-16), in order.
    public func issues(inUTF16 units: [UInt16]) -> [ProofreadingIssue] {
        guard !units.isEmpty, units.count <= Int(Int32.max) else { return [] }
        return units.withUnsafeBufferPointer { buffer in
            guard let iterator = WordIterators.take(over: buffer) else { return [] }
            defer { WordIterators.give(back: iterator) }
            var scan = ProofreadingScan(units: buffer, proofreader: self)
            var start = Int(cua_break_first(iterator))
            while true {
                let end = Int(cua_break_next(iterator))
                guard end != Int(CUA_BREAK_DONE), end > start else { break }
                scan.segment(start ..< end)
                start = end
            }
            checked.add(scan.words, ordering: .relaxed)
            return scan.found
        }
    }
}
