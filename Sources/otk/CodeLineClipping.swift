import Foundation
import OpenTextKit

/// Code block lines that run on past the text's right edge when a document is drawn (a
/// Markdown presentation does not wrap code blocks, as an editor does not): a picture cannot
/// scroll, so what runs past the edge is lost, and `otk render` says so.
enum CodeLineClipping {
    /// How many lines of paragraphs that do not wrap are wider than `width` points, laid out
    /// alone (each paragraph as the document has it, its first 4,096 characters) with
    /// `defaultFont`; and how wide the widest of those measured is.
    static func clippedLines(
        in storage: TextContentStorage, width: Double, defaultFont: FontDescriptor
    ) -> (count: Int, widest: Double) {
        typealias Style = AttributeScopes.OpenTextKitAttributes.ParagraphStyleAttribute
        let text = storage.attributedString
        // Stretches of text whose paragraphs do not wrap (a code block: its lines, and the
        // line breaks between them).
        var stretches: [Range<AttributedString.Index>] = []
        for run in text.runs where run[Style.self]?.wrapsLines == false {
            if let last = stretches.last, last.upperBound == run.range.lowerBound {
                stretches[stretches.count - 1] = last.lowerBound ..< run.range.upperBound
            } else {
                stretches.append(run.range)
            }
        }
        // Their lines that might not fit: one fits surely when its characters, each at most
        // two ems of a 25-point font wide, fit.
        let surelyFits = Int(width / 50)
        var runOn = AttributedString()
        for stretch in stretches {
            var start = stretch.lowerBound
            while start < stretch.upperBound {
                let end = text.characters[start ..< stretch.upperBound].firstIndex(of: "\n") ?? stretch.upperBound
                let line = text.characters[start ..< end]
                if line.prefix(surelyFits + 1).count > surelyFits {
                    if !runOn.characters.isEmpty { runOn.append(AttributedString("\n")) }
                    // Its first 4,096 characters decide: no text that wide fits in 100,000 points.
                    let measured = line.index(start, offsetBy: 4_096, limitedBy: end) ?? end
                    runOn.append(text[start ..< measured])
                }
                start = end < stretch.upperBound ? text.characters.index(after: end) : end
            }
        }
        guard !runOn.characters.isEmpty else { return (0, 0) }
        // Laid out in the container the drawing uses: `width` for the text, and the padding.
        let padding = Double(TextContainer(size: .zero).lineFragmentPadding)
        let manager = TextLayoutManager(
            textContainer: TextContainer(size: CGSize(width: width + 2 * padding, height: 0)), defaultFont: defaultFont)
        let alone = TextContentStorage(attributedString: runOn)
        alone.addTextLayoutManager(manager)
        manager.ensureLayoutForEntireDocument()
        var count = 0, widest = 0.0
        manager.enumerateTextLayoutFragments(from: nil) { fragment in
            for line in fragment.textLineFragments {
                // A line that runs on is as wide as its caret stops reach (its bounds stop at the edge).
                let right =
                    Double(fragment.layoutFragmentFrame.minX) + Double(line.caretStops.map(\.x).max() ?? 0) - padding
                if right > width + 0.5 {
                    count += 1
                    widest = max(widest, right)
                }
            }
            return true
        }
        return (count, widest)
    }
}
