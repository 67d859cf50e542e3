import Foundation

extension AttributeContainer {
    /// The names of the attributes the container holds, sorted (`["font", "link"]`): what a
    /// report of attributes dropped or not stored names. Foundation offers no public way to list
    /// them, so its storage is reflected; an empty list (should Foundation's layout change) only
    /// makes such a report less specific, never decides anything.
    public var attributeKeyNames: [String] {
        guard let contents = Mirror(reflecting: self).descendant("storage", "contents") else { return [] }
        if let dictionary = contents as? [String: Any] { return dictionary.keys.sorted() }
        return Mirror(reflecting: contents).children.compactMap {
            Mirror(reflecting: $0.value).descendant("key") as? String
        }.sorted()
    }
}
