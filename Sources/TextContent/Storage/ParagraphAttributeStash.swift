import Foundation

/// Foundation on Linux (Swift 6.3) traps in `AttributedString.replaceSubrange` when a string
/// holds a paragraph-bound attribute and the edit leaves a grapheme cluster across its edge
/// (inserting U+0301 after "a", a regional indicator before a flag). So edits run on strings
/// whose paragraph-bound attributes are stashed in this character-level key, and each paragraph
/// gets back the attributes of its first character that has any.
enum StashedParagraphAttributesKey: AttributedStringKey {
    typealias Value = AttributeContainer
    static let name = "OpenTextKit.stashedParagraphAttributes"
    // New text never carries another paragraph's stash; edits set it explicitly.
    static let inheritedByAddedText = false
}

extension AttributedString {
    /// Whether any run carries a paragraph-bound attribute.
    var hasParagraphBoundAttributes: Bool { attributeSummary.paragraphBound }

    /// Whether any run carries attributes, and whether any carries paragraph-bound ones, in one
    /// pass over the runs.
    var attributeSummary: (any: Bool, paragraphBound: Bool) {
        var any = false
        for run in runs where run.attributes != AttributeContainer() {
            any = true
            if run.attributes.filter(runBoundaries: .paragraph) != AttributeContainer() { return (true, true) }
        }
        return (any, false)
    }

    /// Moves every paragraph-bound attribute into the stash key.
    mutating func stashParagraphAttributes() {
        let stashed = runs.compactMap { run -> (Range<AttributedString.Index>, AttributeContainer)? in
            let paragraph = run.attributes.filter(runBoundaries: .paragraph)
            guard paragraph != AttributeContainer() else { return nil }
            var attributes = run.attributes.filter(runBoundaries: nil)
            attributes[StashedParagraphAttributesKey.self] = paragraph
            return (run.range, attributes)
        }
        for (range, attributes) in stashed {
            self[range].setAttributes(attributes)
        }
    }

    /// Gives one paragraph the paragraph-bound attributes stashed on its first character that
    /// has any (text typed at a paragraph's start does not take its style away).
    mutating func restoreParagraphAttributes() {
        let stashed = runs.lazy.compactMap { (run: AttributedString.Runs.Run) in
            run.attributes[StashedParagraphAttributesKey.self]
        }.first
        guard let stashed else { return }
        self[StashedParagraphAttributesKey.self] = nil
        mergeAttributes(stashed)
        unifyParagraphStyle()
    }
}
