import Foundation
import OpenTextKit

/// Markdown written from rich text the user edited. Return typed inside a paragraph (or a
/// heading) inserts a line break that takes the paragraph's presentation intent, so the two
/// lines are still one block: written as they are, they would be one paragraph holding a line
/// feed (`&#10;`). The user made two paragraphs, and that is what is written.
enum EditedMarkdown {
    private typealias IntentKey = AttributeScopes.OpenTextKitAttributes.PresentationIntentAttribute

    /// `text` with every line of a paragraph or heading block after its first made a block of its
    /// own (the same kind, in the same parents, with an identity no other block has).
    static func separatingParagraphs(_ text: AttributedString) -> AttributedString {
        var pieces: [(utf8: Range<Int>, intent: PresentationIntent)] = []
        var largestIdentity = 0
        let characters = text.characters
        for (intent, range) in text.runs[IntentKey.self] {
            guard let intent else { continue }
            largestIdentity = max(largestIdentity, intent.components.map(\.identity).max() ?? 0)
            guard let innermost = intent.components.first, Self.isSplittable(innermost.kind) else { continue }
            var index = range.lowerBound
            var pieceStart: AttributedString.Index?
            while index < range.upperBound {
                let next = characters.index(after: index)
                if let start = pieceStart, Self.isLineBreak(characters[index]) || next == range.upperBound {
                    pieces.append((Self.utf8Offsets(start ..< next, in: text), intent))
                    pieceStart = nil
                }
                if Self.isLineBreak(characters[index]), next < range.upperBound, pieceStart == nil {
                    pieceStart = next
                }
                index = next
            }
        }
        guard !pieces.isEmpty else { return text }
        var result = text
        for piece in pieces {
            largestIdentity += 1
            var intent = piece.intent
            intent.components[0].identity = largestIdentity
            let lower = result.utf8.index(result.startIndex, offsetBy: piece.utf8.lowerBound)
            let upper = result.utf8.index(result.startIndex, offsetBy: piece.utf8.upperBound)
            result[lower ..< upper][IntentKey.self] = intent
        }
        return result
    }

    private static func isSplittable(_ kind: PresentationIntent.Kind) -> Bool {
        switch kind {
        case .paragraph, .header: true
        default: false
        }
    }

    private static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\u{2029}"
    }

    private static func utf8Offsets(_ range: Range<AttributedString.Index>, in text: AttributedString) -> Range<Int> {
        let lower = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        return lower ..< lower + text.utf8.distance(from: range.lowerBound, to: range.upperBound)
    }
}
