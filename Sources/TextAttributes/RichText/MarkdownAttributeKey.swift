import Foundation

/// A key Markdown's extended attribute syntax, `^[text](name: value)`, can set: Foundation's
/// `MarkdownDecodableAttributedStringKey` whose values can be shared across threads. A key of
/// an app's scope is one when it conforms to both protocols (`SendableAttributedStringKey` is
/// one empty extension, as scope conversion asks).
///
/// ```swift
/// enum MentionAttribute: CodableAttributedStringKey, MarkdownDecodableAttributedStringKey,
///                         SendableAttributedStringKey {
///     typealias Value = String
///     static let name = "Notes.mention"
///     static let markdownName = "mention"      // ^[Amira](mention: "amira")
/// }
/// ```
public typealias MarkdownAttributeKey = MarkdownDecodableAttributedStringKey & SendableAttributedStringKey

extension AttributeContainer {
    /// The attributes of one use of Markdown's extended syntax `^[text](name: value, ...)`:
    /// `attributes` is what stands between the parentheses, the members of a JSON5 object
    /// (`inflect: true, mention: "amira"`, `"color": {"red": 1}`), and each name is the
    /// `markdownName` of a key of `scope` (a `MarkdownAttributeKey`), whose
    /// `decodeMarkdown(from:)` reads the value. Names the scope does not have are ignored, as
    /// Foundation ignores them. What `AttributedString(markdown:including:options:baseURL:)`
    /// does for each use when `allowsExtendedAttributes` is set.
    ///
    /// - Throws: `DecodingError` for text that is not JSON5 object members (nesting deeper
    ///   than 512 levels is such), a value its key cannot decode (a number out of range, a
    ///   string where an object belongs), or a name whose key is a
    ///   `MarkdownDecodableAttributedStringKey` but not a `SendableAttributedStringKey`.
    public init<Scope: AttributeScope>(markdownAttributes attributes: String, including scope: Scope.Type) throws {
        let keys = AttributeScopeKeys.of(scope)
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        let object = Data(("{" + attributes + "\n}").utf8)
        let configuration = MarkdownAttributeMembers.Keys(table: keys.markdown, notSendable: keys.markdownNotSendable)
        self = try decoder.decode(MarkdownAttributeMembers.self, from: object, configuration: configuration).container
    }
}

/// The members of an extended attribute's JSON5 object, decoded by the scope's keys.
private struct MarkdownAttributeMembers: DecodableWithConfiguration {
    struct Keys: Sendable {
        let table: [String: any MarkdownAttributeKey.Type]
        let notSendable: [String: String]
    }

    var container = AttributeContainer()

    init(from decoder: any Decoder, configuration: Keys) throws {
        let members = try decoder.container(keyedBy: AnyCodingKey.self)
        for name in members.allKeys {
            guard let key = configuration.table[name.stringValue] else {
                // A key of the scope that cannot be set: say so rather than drop its value.
                if let type = configuration.notSendable[name.stringValue] {
                    throw DecodingError.dataCorruptedError(
                        forKey: name, in: members,
                        debugDescription:
                            "\(type) is a MarkdownDecodableAttributedStringKey but not a SendableAttributedStringKey "
                            + "(add `extension \(type): SendableAttributedStringKey {}`)")
                }
                continue
            }
            try set(key, from: members.superDecoder(forKey: name))
        }
    }

    private mutating func set<Key: MarkdownAttributeKey>(_ key: Key.Type, from decoder: any Decoder) throws {
        container[Key.self] = try Key.decodeMarkdown(from: decoder)
    }
}
