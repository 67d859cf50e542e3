import Foundation
import TestFixtures
import Testing
@testable import TextContent

/// Exact edits inside clusters of attributed, styled and linked paragraphs, checked against a
/// plain model. Foundation on Linux once trapped (BigString._breakState) in an in-place
/// replacement during a random edit run; in place is now taken only where both the old and the
/// new text certainly have cluster boundaries at the edges, as it was before edits were exact.
/// The trap was not reproduced from a seed, so this checks the rebuilding path's results.
@Suite struct ExactEditStressTests {
    @Test(arguments: [1, 2, 3, 4])
    func editsInsideClustersOfLongAttributedParagraphs(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let piece = "e\u{301}क्षि👨‍👩‍👧🇫🇷\u{1112}\u{1161}\u{11AB}ab مرحبا "
        var text = AttributedString()
        for index in 0 ..< 12 {
            var paragraph = AttributedString(String(repeating: piece, count: 25) + (index % 3 == 0 ? "\r\n" : "\n"))
            paragraph.foregroundColor = TextColor(red: 1, green: 0, blue: 0)
            if index % 2 == 0 { paragraph.paragraphStyle = ParagraphStyle(alignment: .center) }
            if index % 4 == 1 { paragraph.link = URL(string: "https://example.com/\(index)") }
            text.append(paragraph)
        }
        let storage = TextContentStorage(attributedString: text)
        var model = Array(String(text.characters).utf16)
        let inserts = ["", "\u{301}", "x", "\u{200D}", "👧", "\u{1161}", "्", "\n", "\r", "🇫"]
        for _ in 0 ..< 1_500 {
            var lower = Int.random(in: 0 ... model.count, using: &random)
            var upper = min(
                model.count, lower + Int.random(in: 0 ... (Bool.random(using: &random) ? 3 : 40), using: &random))
            if lower > 0, lower < model.count, UTF16.isTrailSurrogate(model[lower]) { lower -= 1 }
            if upper > 0, upper < model.count, UTF16.isTrailSurrogate(model[upper]) { upper -= 1 }
            upper = max(lower, upper)
            let inserted = inserts.randomElement(using: &random)!
            if Bool.random(using: &random) {
                try storage.replaceContents(in: storage.range(lower ..< upper), with: inserted)
            } else {
                var attributed = AttributedString(inserted)
                attributed.foregroundColor = TextColor(red: 0, green: 0, blue: 1)
                try storage.replaceContents(in: storage.range(lower ..< upper), with: attributed)
            }
            model.replaceSubrange(lower ..< upper, with: Array(inserted.utf16))
        }
        #expect(Array(storage.string.utf16) == model)
    }
}
