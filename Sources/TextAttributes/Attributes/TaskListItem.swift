import Foundation

/// A GitHub-flavoured task list item (`- [x] done`): Foundation has no intent for it, so the
/// engine keeps it in a paragraph-bound attribute on every paragraph of the item.
public struct TaskListItem: Hashable, Sendable, Codable {
    /// Whether the box is ticked.
    public var isChecked: Bool

    /// A task item, ticked or not.
    public init(isChecked: Bool) {
        self.isChecked = isChecked
    }

    private enum CodingKeys: String, CodingKey {
        case isChecked
    }

    /// Decodes `{"isChecked": true}`; a key this version does not know is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        isChecked = try container.decode(Bool.self, forKey: .isChecked)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(isChecked, forKey: .isChecked)
    }
}
