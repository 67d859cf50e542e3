import Foundation

/// The block structure a run of text belongs to, with Foundation's names and semantics
/// (Foundation on Linux has no `PresentationIntent`).
///
/// An intent is a chain of components, innermost first: the second paragraph of a list item is
/// `[paragraph (5), listItem(ordinal: 2) (4), unorderedList (3)]`. Each component has an
/// `identity`, unique within one parsed document, so that two paragraphs with equal kinds stay
/// distinguishable and all lines of one code block share their block.
///
/// ```swift
/// let list = PresentationIntent(.unorderedList, identity: 1)
/// let item = PresentationIntent(.listItem(ordinal: 1), identity: 2, parent: list)
/// let text = PresentationIntent(.paragraph, identity: 3, parent: item)
/// text.components.map(\.kind)   // [.paragraph, .listItem(ordinal: 1), .unorderedList]
/// ```
public struct PresentationIntent: Hashable, Sendable, Codable, CustomDebugStringConvertible {
    /// The components, innermost first.
    public var components: [IntentType]

    /// An intent of the given components, innermost first.
    public init(types: [IntentType]) {
        components = types
    }

    /// An intent whose innermost component is `kind` with `identity`, inside `parent`.
    public init(_ kind: Kind, identity: Int, parent: PresentationIntent? = nil) {
        // One array made, not two joined: a Markdown import makes one intent per block.
        var components: [IntentType] = []
        components.reserveCapacity(1 + (parent?.components.count ?? 0))
        components.append(IntentType(kind: kind, identity: identity))
        if let parent { components.append(contentsOf: parent.components) }
        self.components = components
    }

    /// How many lists and block quotes enclose the text: the depth at which it is indented.
    public var indentationLevel: Int {
        components.reduce(0) { level, component in
            switch component.kind {
            case .orderedList, .unorderedList, .blockQuote: level + 1
            default: level
            }
        }
    }

    /// Whether the intent has no components.
    public var isEmpty: Bool { components.isEmpty }

    public var debugDescription: String {
        components.map(\.debugDescription).joined(separator: ", ")
    }

    private enum CodingKeys: String, CodingKey {
        case components
    }

    /// Decodes `{"components": [...]}`; a key this version does not know is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        components = try container.decode([IntentType].self, forKey: .components)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(components, forKey: .components)
    }
}
