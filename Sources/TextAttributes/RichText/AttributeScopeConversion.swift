@_spi(Reflection) import Swift
import Foundation
import Synchronization

/// What converting an `AttributedString` to an attribute scope left out: every attribute the
/// target scope cannot hold, by key name, with the UTF-16 ranges it covered. Nothing is dropped
/// silently.
public struct AttributeScopeConversionReport: Hashable, Sendable, CustomStringConvertible {
    /// One attribute left out and where it was.
    public struct DroppedAttribute: Hashable, Sendable {
        /// The attribute's key name ("OpenTextKit.font", "NSLink", an app's own).
        public let key: String
        /// Where it was, UTF-16 offsets, sorted, adjacent runs merged.
        public let ranges: [Range<Int>]
    }

    /// The attributes left out, sorted by key name; empty when the scope holds everything.
    public let dropped: [DroppedAttribute]

    /// Whether everything was kept.
    public var isLossless: Bool { dropped.isEmpty }

    public var description: String {
        isLossless
            ? "nothing dropped"
            : "dropped "
                + dropped.map {
                    "\($0.key) at \($0.ranges.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", "))"
                }.joined(separator: "; ")
    }
}

extension AttributedString {
    /// The same text with only the attributes `scope` holds (nested scopes included, such as
    /// Foundation's inside the engine's), and a report of what it could not hold.
    ///
    /// ```swift
    /// let (plain, report) = text.converted(to: AttributeScopes.FoundationAttributes.self)
    /// // report.dropped: [OpenTextKit.font at 0..<5, ...]: Foundation's scope has no font
    /// ```
    public func converted<Scope: AttributeScope>(
        to scope: Scope.Type
    ) -> (result: AttributedString, report: AttributeScopeConversionReport) {
        let kept = AttributeScopeKeys.of(scope)
        var result = AttributedString(String(characters))
        var dropped: [String: [Range<Int>]] = [:]
        var offset = 0
        var resultIndex = result.startIndex
        for run in runs {
            let length = utf16.distance(from: run.range.lowerBound, to: run.range.upperBound)
            let next = result.utf16.index(resultIndex, offsetBy: length)
            let attributes = run.attributes
            var filtered = AttributeContainer()
            for key in kept.types { key.copy(from: attributes, into: &filtered) }
            if filtered != AttributeContainer() { result[resultIndex ..< next].setAttributes(filtered) }
            for name in attributes.attributeKeyNames where !kept.names.contains(name) {
                let range = offset ..< offset + length
                if let last = dropped[name]?.last, last.upperBound == range.lowerBound {
                    dropped[name]![dropped[name]!.count - 1] = last.lowerBound ..< range.upperBound
                } else {
                    dropped[name, default: []].append(range)
                }
            }
            offset += length
            resultIndex = next
        }
        let report = AttributeScopeConversionReport(
            dropped: dropped.keys.sorted().map { .init(key: $0, ranges: dropped[$0]!) })
        return (result, report)
    }

    /// `converted(to:)` for a scope named by key path (`\.foundation`, `\.openTextKit`).
    public func converted<Scope: AttributeScope>(
        to scope: KeyPath<AttributeScopes, Scope.Type>
    ) -> (result: AttributedString, report: AttributeScopeConversionReport) {
        converted(to: Scope.self)
    }
}

/// The keys a scope holds, found from its declaration (Foundation on Linux offers no public way
/// to list them): each stored property's type is a key, or a nested scope whose keys count too.
enum AttributeScopeKeys {
    struct Keys: Sendable {
        var names: Set<String> = []
        var types: [any SendableAttributedStringKey.Type] = []
        /// The keys Markdown's extended attribute syntax can set, by `markdownName`.
        var markdown: [String: any MarkdownAttributeKey.Type] = [:]
        /// Keys that are `MarkdownDecodableAttributedStringKey` but not
        /// `SendableAttributedStringKey`, by `markdownName`: their type names, for the error
        /// that says what they lack.
        var markdownNotSendable: [String: String] = [:]
    }

    /// Scopes read so far: a formatting definition asks for its scope's keys on every keystroke.
    private static let known = Mutex<[ObjectIdentifier: Keys]>([:])

    static func of(_ scope: any AttributeScope.Type) -> Keys {
        if let keys = known.withLock({ $0[ObjectIdentifier(scope)] }) { return keys }
        var keys = Keys()
        collect(scope, into: &keys, depth: 0)
        known.withLock { $0[ObjectIdentifier(scope)] = keys }
        return keys
    }

    private static func collect(_ scope: Any.Type, into keys: inout Keys, depth: Int) {
        // Scopes nest a few levels at most; a cycle would be a declaration error.
        guard depth < 16 else { return }
        var fields: [Any.Type] = []
        // Options 1 << 1: `.ignoreUnknown`, whose static is not concurrency-safe to name.
        _ = _forEachField(of: scope, options: _EachFieldOptions(rawValue: 1 << 1)) { _, _, type, _ in
            fields.append(type)
            return true
        }
        for type in fields {
            if let key = type as? any SendableAttributedStringKey.Type {
                if keys.names.insert(key.name).inserted { keys.types.append(key) }
                if let markdown = type as? any MarkdownAttributeKey.Type, keys.markdown[markdown.markdownName] == nil {
                    keys.markdown[markdown.markdownName] = markdown
                }
            } else if let markdown = type as? any MarkdownDecodableAttributedStringKey.Type {
                keys.markdownNotSendable[markdown.markdownName] = String(describing: markdown)
            } else if let nested = type as? any AttributeScope.Type {
                collect(nested, into: &keys, depth: depth + 1)
            }
        }
    }
}

/// An attribute key whose values can be shared across threads, as Foundation asks of a value
/// it copies. Scope conversion (`converted(to:)`) carries the keys of the target scope that are
/// this; the engine's keys and Foundation's are. An app's key that is not is reported as
/// dropped, never lost silently.
public protocol SendableAttributedStringKey: AttributedStringKey where Value: Sendable {}

extension SendableAttributedStringKey {
    /// Copies this key's value, if any, from one container to another.
    static func copy(from source: AttributeContainer, into target: inout AttributeContainer) {
        if let value = source[Self.self] { target[Self.self] = value }
    }
}

extension AttributeScopes.OpenTextKitAttributes.FontAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.ForegroundColorAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.BackgroundColorAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.UnderlineStyleAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.UnderlineColorAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.StrikethroughStyleAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.StrikethroughColorAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.KernAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.TrackingAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.BaselineOffsetAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.AttachmentAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.ParagraphStyleAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.AlignmentAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.LineHeightAttribute: SendableAttributedStringKey {}
extension AttributeScopes.FoundationAttributes.LinkAttribute: SendableAttributedStringKey {}
extension AttributeScopes.FoundationAttributes.LanguageIdentifierAttribute: SendableAttributedStringKey {}
extension AttributeScopes.FoundationAttributes.ImageURLAttribute: SendableAttributedStringKey {}
extension AttributeScopes.FoundationAttributes.AlternateDescriptionAttribute: SendableAttributedStringKey {}
extension AttributeScopes.FoundationAttributes.ReplacementIndexAttribute: SendableAttributedStringKey {}
extension AttributeScopes.FoundationAttributes.WritingDirectionAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.PresentationIntentAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.InlinePresentationIntentAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.TaskListItemAttribute: SendableAttributedStringKey {}
extension AttributeScopes.OpenTextKitAttributes.MarkdownSourcePositionAttribute: SendableAttributedStringKey {}
