import Foundation
import TextProofreading

/// One paragraph to check, as the background sees it: its text cut where its language changes,
/// each piece with the proofreader of its language (nil: a language without a dictionary, left
/// alone). `key` names the text and its languages: what the results are remembered by.
struct ParagraphCheck: Sendable {
    struct Piece: Sendable {
        let proofreader: Proofreader?
        /// Where the piece starts in the paragraph, in UTF-16 units.
        let offset: Int
        let units: [UInt16]
    }

    let key: String
    let pieces: [Piece]

    /// The issues of every piece, in paragraph offsets. A repeated word or a sentence's start is
    /// looked for within a piece only (a language's rules stop at its edge).
    func issues() -> [ProofreadingIssue] {
        pieces.flatMap { piece -> [ProofreadingIssue] in
            guard let proofreader = piece.proofreader else { return [] }
            return proofreader.issues(inUTF16: piece.units).map { issue in
                ProofreadingIssue(
                    kind: issue.kind,
                    range: issue.range.lowerBound + piece.offset ..< issue.range.upperBound + piece.offset,
                    text: issue.text, replacement: issue.replacement)
            }
        }
    }
}
