import Foundation
import TextContent

/// What the reader makes of a document before any `AttributedString`: the text, its runs and
/// its leaf blocks. A run holds only its own inline attributes (emphasis, code, link, image, a
/// position) and names its leaf; a leaf's attributes (intent, task box, position) are kept once
/// for all its runs, so that most runs have no attributes of their own to make: setting an
/// attribute costs far more than keeping a value.
struct MarkdownRuns {
    private typealias Keys = AttributeScopes.OpenTextKitAttributes

    /// A leaf block: one paragraph of the engine, or a code block's lines, or a table cell.
    struct Leaf {
        var intent: PresentationIntent?
        var task: TaskListItem?
        var position: AttributedString.MarkdownSourcePosition?
        /// The loose lists the leaf is in, by identity; nil for none.
        var looseLists: Set<Int>? = nil

        /// The leaf's attributes; only what is there is set.
        var attributes: AttributeContainer {
            var attributes = AttributeContainer()
            if let intent { attributes[Keys.PresentationIntentAttribute.self] = intent }
            if let task { attributes[Keys.TaskListItemAttribute.self] = task }
            if let position { attributes[Keys.MarkdownSourcePositionAttribute.self] = position }
            if let looseLists { attributes[Keys.MarkdownLooseListsAttribute.self] = looseLists }
            return attributes
        }
    }

    /// A run: UTF-8 length, its own attributes, and its leaf (an index into `leaves`; -1 for
    /// none).
    struct Run {
        var length: Int
        var attributes: AttributeContainer
        var leaf: Int
    }

    var text = ""
    var runs: [Run] = []
    var leaves: [Leaf] = []

    /// Each run's attributes whole (its leaf's and its own), as UTF-8 runs.
    func combined() -> [(length: Int, attributes: AttributeContainer)] {
        var leafAttributes: [AttributeContainer?] = Array(repeating: nil, count: leaves.count)
        return runs.map { run in
            guard run.leaf >= 0 else { return (run.length, run.attributes) }
            let attributes = leafAttributes[run.leaf] ?? leaves[run.leaf].attributes
            leafAttributes[run.leaf] = attributes
            // A run's own keys and its leaf's never overlap, save a position (the run's is finer).
            return (run.length, attributes.merging(run.attributes))
        }
    }

    /// The attributed string of the text and runs, made in chunks of runs: setting attributes
    /// costs with the size of the string, so many small strings appended are quicker.
    func attributedString() -> AttributedString {
        let runs = combined()
        var result = AttributedString()
        var utf8 = text.utf8.startIndex
        var index = 0
        while index < runs.count {
            let chunkEnd = min(index + 2_048, runs.count)
            var chunkLength = 0
            for run in runs[index ..< chunkEnd] { chunkLength += run.length }
            let end = text.utf8.index(utf8, offsetBy: chunkLength)
            var chunk = AttributedString(String(text[utf8 ..< end]))
            var start = chunk.startIndex
            while index < chunkEnd {
                // Neighbouring runs with equal attributes are set as one.
                let attributes = runs[index].attributes
                var length = runs[index].length
                index += 1
                while index < chunkEnd, runs[index].attributes == attributes {
                    length += runs[index].length
                    index += 1
                }
                let runEnd = chunk.utf8.index(start, offsetBy: length)
                if attributes != AttributeContainer() { chunk[start ..< runEnd].setAttributes(attributes) }
                start = runEnd
            }
            result.append(chunk)
            utf8 = end
        }
        return result
    }
}
