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

        /// The leaf's attributes; only what is there is set.
        var attributes: AttributeContainer {
            var attributes = AttributeContainer()
            if let intent { attributes[Keys.PresentationIntentAttribute.self] = intent }
            if let task { attributes[Keys.TaskListItemAttribute.self] = task }
            if let position { attributes[Keys.MarkdownSourcePositionAttribute.self] = position }
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
}
