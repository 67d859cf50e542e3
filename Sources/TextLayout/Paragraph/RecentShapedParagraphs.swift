import TextContent
import TextTypography

/// Short paragraphs of plain text shaped recently, by their text: source code repeats whole
/// lines ("}", " *", "#endif", blank ones), and a repeated line is read and shaped once and
/// its immutable ``ShapedParagraph`` shared (SkParagraph keeps a paragraph cache for the same
/// reason). Bounded: it forgets everything when full. One thread at a time, like its scratch.
final class RecentShapedParagraphs {
    /// Longer paragraphs rarely repeat, and cost more to compare.
    static let maximumLength = 120
    static let capacity = 4_096

    /// The text as its key; hashed as bytes in one go rather than unit by unit.
    private struct Key: Hashable {
        let units: [UInt16]

        func hash(into hasher: inout Hasher) {
            units.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// The font and features of the paragraphs remembered: plain text takes the default font.
    private var font: FontRequest?
    private var features: [FontFeature] = []
    private var paragraphs: [Key: ShapedParagraph] = [:]

    /// The paragraph shaped from the same plain text in the same font, if one is remembered.
    func paragraph(for content: ParagraphContent) -> ShapedParagraph? {
        guard let run = Self.plainRun(of: content), run.font == font, run.features == features else { return nil }
        return paragraphs[Key(units: content.units)]
    }

    func remember(_ shaped: ShapedParagraph) {
        guard let run = Self.plainRun(of: shaped.content) else { return }
        if run.font != font || run.features != features || paragraphs.count >= Self.capacity {
            paragraphs.removeAll(keepingCapacity: true)
            font = run.font
            features = run.features
        }
        paragraphs[Key(units: shaped.content.units)] = shaped
    }

    /// The one run of a short paragraph of plain text; nil for any other.
    private static func plainRun(of content: ParagraphContent) -> ParagraphContent.AttributeRun? {
        guard content.isPlain, content.units.count <= maximumLength, content.runs.count == 1 else { return nil }
        return content.runs[0]
    }
}
