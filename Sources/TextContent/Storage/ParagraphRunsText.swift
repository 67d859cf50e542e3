import Foundation

/// A paragraph's text in runs of attributes (UTF-8 lengths, in order; where they stop short of
/// the text, the rest has none; an edge inside a scalar goes before it), as an importer hands
/// over a paragraph whose characters do not all share one set, or whose set is deferred: its
/// `AttributedString` is made only when asked for. Building one costs about 10 µs a run on
/// Linux (the bold verse numbers of 10 MB of Markdown, 1,747 paragraphs of three runs, were
/// 50 ms of its import), and a document opened shows a few paragraphs.
struct ParagraphRunsText: Sendable {
    /// A run's attributes: made, or made when read.
    enum Attributes: Sendable {
        case made(AttributeContainer)
        case deferred(DeferredAttributes)

        var container: AttributeContainer {
            switch self {
            case .made(let attributes): attributes
            case .deferred(let deferred): deferred.attributes
            }
        }

        /// Whether the two are surely the same set (false says nothing): equal made sets, or
        /// one deferred set.
        func isSame(as other: Self) -> Bool {
            switch (self, other) {
            case (.made(let left), .made(let right)): left == right
            case (.deferred(let left), .deferred(let right)): left === right
            default: false
            }
        }

        /// Whether the set is surely empty (a deferred one is taken to hold something).
        var isEmpty: Bool {
            if case .made(let attributes) = self { return attributes == AttributeContainer() }
            return false
        }
    }

    let text: String
    let runs: [(length: Int, attributes: Attributes)]
    /// Whether the first run's block attributes (`alignment`, `lineHeight`, `writingDirection`)
    /// are folded into the paragraph's style when its attributes are made.
    let unifiesBlockAttributes: Bool

    /// The attributes of a paragraph of one run over all its text (nil for one of several).
    var uniformAttributes: AttributeContainer? {
        guard runs.count == 1, runs[0].length >= text.utf8.count else { return nil }
        var attributes = runs[0].attributes.container
        if unifiesBlockAttributes { attributes.unifyParagraphStyle() }
        return attributes
    }

    /// The text with its attributes: made afresh on each call.
    var attributedString: AttributedString {
        if let uniform = uniformAttributes { return AttributedString(text, attributes: uniform) }
        var paragraph = AttributedString()
        var text = text
        text.withUTF8 { bytes in
            var lower = 0
            for (length, attributes) in runs {
                var upper = min(bytes.count, lower + max(0, length))
                // A run that ends inside a scalar ends before it: the text is kept whole.
                while upper > lower, upper < bytes.count, bytes[upper] & 0xC0 == 0x80 { upper -= 1 }
                // Pieces made with their attributes and appended: setting attributes on a
                // range of a made string costs a search for its paragraph's bounds each time.
                let piece = String(decoding: UnsafeBufferPointer(rebasing: bytes[lower ..< upper]), as: UTF8.self)
                paragraph.append(AttributedString(piece, attributes: attributes.container))
                lower = upper
            }
            if lower < bytes.count {
                paragraph.append(
                    AttributedString(String(decoding: UnsafeBufferPointer(rebasing: bytes[lower...]), as: UTF8.self)))
            }
        }
        if unifiesBlockAttributes { paragraph.unifyParagraphStyle() }
        return paragraph
    }
}
