import Foundation
import TextProofreading

/// The on-device writing assistant: proofreading with Hunspell (``Proofreader``): each
/// misspelt word becomes the dictionary's suggestion nearest to it ("Teh" becomes "The", not
/// Hunspell's first, "Te"), a word said twice goes, a sentence's small first letter becomes a capital.
/// Words without a suggestion are left as they are.
/// Rewriting is not something it does: it proposes nothing for `.rewrite`.
public struct ProofreadingService: WritingToolsService {
    public let proofreader: Proofreader

    public init(proofreader: Proofreader) {
        self.proofreader = proofreader
    }

    /// The service with the system's dictionary of `language` (the error names the Debian
    /// package when there is none).
    public init(language: String) throws(ProofreadingError) {
        proofreader = try Proofreader(language: language)
    }

    /// Checked off the caller's actor (a document's worth of Hunspell is no work for a view's
    /// main thread).
    @concurrent
    public func suggestions(
        for request: WritingToolsRequest, in context: WritingToolsCoordinator.Context
    ) async throws -> [WritingToolsSuggestion] {
        guard request == .proofread else { return [] }
        let text = context.attributedString
        let units = Array(String(text.characters).utf16)
        // A context's range clamped to its text (a host may get it wrong: no trap).
        let lower = min(max(0, context.range.lowerBound), units.count)
        let range = lower ..< max(lower, min(units.count, context.range.upperBound))
        return proofreader.issues(inUTF16: Array(units[range])).compactMap { issue in
            guard let replacement = Self.nearest(proofreader.suggestions(for: issue), to: issue.text) else {
                return nil
            }
            let within = issue.range.lowerBound + range.lowerBound ..< issue.range.upperBound + range.lowerBound
            let start = text.utf16.index(text.startIndex, offsetBy: within.lowerBound)
            let end = text.utf16.index(text.startIndex, offsetBy: within.upperBound)
            // The replacement takes the attributes of the text it replaces.
            let attributes = text[start ..< end].runs.first?.attributes ?? AttributeContainer()
            return WritingToolsSuggestion(
                range: within, replacement: AttributedString(replacement, attributes: attributes),
                explanation: Self.explanation(of: issue))
        }
    }

    /// Of `suggestions`, the nearest to `word`: one that starts with the same letter (a slip of
    /// the fingers rarely changes the first), then the fewest letters changed, then one with the
    /// word's very letters (a swap: "Teh", "The"), then one as long, then the dictionary's order.
    static func nearest(_ suggestions: [String], to word: String) -> String? {
        let letters = Array(word.lowercased())
        let ranked = suggestions.enumerated().map { index, suggestion in
            let candidate = Array(suggestion.lowercased())
            return (
                suggestion: suggestion,
                key: [
                    candidate.first == letters.first ? 0 : 1, distance(letters, candidate),
                    candidate.sorted() == letters.sorted() ? 0 : 1, candidate.count == letters.count ? 0 : 1, index,
                ]
            )
        }
        return ranked.min { $0.key.lexicographicallyPrecedes($1.key) }?.suggestion
    }

    /// Letters changed, added, dropped or swapped with a neighbour to turn `a` into `b` (the
    /// optimal string alignment distance).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0 ... a.count { table[i][0] = i }
        for j in 0 ... b.count { table[0][j] = j }
        for i in 1 ... a.count {
            for j in 1 ... b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    static func explanation(of issue: ProofreadingIssue) -> String {
        switch issue.kind {
        case .spelling: "\u{201C}\(issue.text)\u{201D} is not in the dictionary"
        case .repeatedWord: "the word is said twice"
        case .capitalization: "a sentence starts with a capital letter"
        }
    }
}
